// @vitest-environment jsdom
// The back-office Appointments screen against a stand-in cms: the list, its quick
// outcomes, the server-side pickers of "Schedule Appointment for User" and the free slots.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../src/lib/session/store';
import { AppointmentsManager } from '../src/islands/back-office/appointments/appointments-manager';
import { offeredTimes } from '../src/islands/back-office/appointments/update-appointment-dialog';
import { json, renderStaff, staffScreenTests } from './staff-support';

const APPOINTMENT = {
  _id: 'appt0001xyz',
  user: { _id: 'user12345678abc', email: 'kwame@example.com', fullName: 'Kwame Mensah' },
  product: { _id: 'prop1', location: 'Oxford Street, Osu', propertyType: 'Apartment' },
  propertyLabel: 'Apartment in Oxford Street, Osu',
  date: '2026-12-01',
  time: '10:30',
  status: 'Ongoing',
  comments: null,
  startsAt: '2026-12-01T10:30:00.000Z',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T08:00:00.000Z',
};
const SEEKER = {
  _id: 'seeker000001',
  email: 'ama@example.com',
  fullName: 'Ama Owusu',
  role: 'user',
  createdAt: null,
};
const PROPERTY = {
  _id: 'prop2',
  images: [],
  propertyType: 'House',
  leaseType: 'Rent',
  propertyState: 'New',
  price: 'GH₵ 2,500',
  priceAmount: 2500,
  currency: 'GHS',
  priceGhs: 2500,
  location: 'Community 25, Tema',
  city: null,
  nearestLandmark: 'Mall',
  digitalAddress: null,
  numberOfBedrooms: 3,
  numberOfBathrooms: 2,
  numberOfWashrooms: 1,
  furnishStatus: 'Not furnished',
  amenities: [],
  available: true,
  approvalStatus: 'approved',
  description: null,
  postedBy: null,
  createdAt: null,
};

/** A cms answering the screen's calls; `list` is what GET /api/appointments/all answers. */
function fakeCms({ list = [APPOINTMENT] as unknown[] } = {}) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (path.startsWith('/api/appointments/all?'))
      return json(200, list, { 'x-total-count': String(list.length) });
    if (path.startsWith('/api/appointments/appointment/') && method === 'PUT')
      return json(200, { ...APPOINTMENT, ...JSON.parse(String(init!.body)) });
    if (path.startsWith('/api/users?')) return json(200, [SEEKER], { 'x-total-count': '1' });
    if (path.startsWith('/api/products?')) return json(200, [PROPERTY], { 'x-total-count': '1' });
    if (path === '/api/products/prop2/slots')
      return json(200, [
        { date: '2026-12-02', slots: ['09:00', '11:30'] },
        { date: '2026-12-03', slots: [] },
      ]);
    if (path === '/api/appointments/admin-book') return json(201, { ...APPOINTMENT, _id: 'appt0002' });
    return json(200, {});
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const calls = (fetch: ReturnType<typeof fakeCms>, prefix: string) =>
  fetch.mock.calls.filter(([path]) => String(path).startsWith(prefix));

staffScreenTests();
beforeEach(() =>
  setSession('token', { id: '2', email: 'admin@fiehomes.local', role: 'admin', fullName: 'Kofi Addo' }),
);

const renderScreen = () => renderStaff(<AppointmentsManager />);

describe('the appointments list', () => {
  it('shows client, property, schedule and status, and marks a viewing Successful from its row', async () => {
    const fetch = fakeCms();
    renderScreen();
    const row = within(await screen.findByTestId('appointment-row'));
    expect(row.getByText('kwame@example.com')).toBeTruthy();
    expect(row.getByText('ID: user1234')).toBeTruthy();
    expect(row.getByText('Apartment')).toBeTruthy();
    expect(row.getByText('Oxford Street, Osu')).toBeTruthy();
    expect(row.getByText('Tue 1 Dec 2026')).toBeTruthy();
    expect(row.getByText('Updated: 21 Nov 2026')).toBeTruthy();
    expect(calls(fetch, '/api/appointments/all?')[0]![0]).toBe('/api/appointments/all?page=1&pageSize=10');

    fireEvent.click(row.getByRole('button', { name: /as Successful$/ }));
    await waitFor(() =>
      expect(screen.getAllByText('Appointment marked as Successful').length).toBeGreaterThan(0),
    );
    const put = calls(fetch, '/api/appointments/appointment/appt0001xyz')[0]!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ status: 'Successful' });
  });

  it('sends the search and the status filter to the server, and says when nothing matches', async () => {
    const fetch = fakeCms({ list: [] });
    renderScreen();
    expect(await screen.findByText('No appointments yet')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by status' }), {
      target: { value: 'Rescheduled' },
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search appointments' }), {
      target: { value: 'osu' },
    });
    await waitFor(() =>
      expect(calls(fetch, '/api/appointments/all?').map(([p]) => p)).toContain(
        '/api/appointments/all?search=osu&status=Rescheduled&page=1&pageSize=10',
      ),
    );
    expect(await screen.findByText('No appointments found')).toBeTruthy();
  });

  it('has a card for each viewing under md, where the table is hidden', async () => {
    fakeCms();
    renderScreen();
    const card = await screen.findByTestId('appointment-card');
    expect(card.closest('ul')!.className).toContain('md:hidden');
    expect(screen.getByRole('table').className).toMatch(/(^| )hidden .*md:table/);
    expect(within(card).getByText('kwame@example.com')).toBeTruthy();
    expect(within(card).getByRole('button', { name: /as Unsuccessful$/ })).toBeTruthy();
  });
});

describe('Schedule Appointment for User', () => {
  it('asks for each missing choice with its message', async () => {
    fakeCms();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule Appointment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Schedule Appointment for User' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Schedule Appointment' }));
    for (const message of [
      'Please select a user',
      'Please select a property',
      'Please select a date',
      'Please select a time',
    ])
      expect(dialog.getByText(message)).toBeTruthy();
  });

  it('searches users and properties on the server, offers only free slots, and books with the expected payload', async () => {
    const fetch = fakeCms();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule Appointment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Schedule Appointment for User' }));

    const user = dialog.getByRole('combobox', { name: 'User' });
    fireEvent.change(user, { target: { value: 'ama' } });
    await waitFor(() =>
      expect(calls(fetch, '/api/users?').map(([p]) => p)).toContain('/api/users?search=ama&pageSize=10'),
    );
    // Never the whole list: every users call carries a search and a page size of 10.
    expect(calls(fetch, '/api/users').every(([p]) => String(p).includes('pageSize=10'))).toBe(true);
    fireEvent.keyDown(user, { key: 'ArrowDown' });
    fireEvent.click(await dialog.findByRole('option', { name: /ama@example.com/ }));
    expect((user as HTMLInputElement).value).toBe('ama@example.com');

    const property = dialog.getByRole('combobox', { name: 'Property' });
    fireEvent.change(property, { target: { value: 'tema' } });
    const option = await dialog.findByRole('option', { name: /Community 25, Tema/ });
    expect(option.textContent).toContain('House · 3 beds · 2 baths');
    fireEvent.click(option);

    const date = dialog.getByRole('combobox', { name: 'Date' }) as HTMLSelectElement;
    await waitFor(() => expect(date.disabled).toBe(false));
    const full = within(date).getByRole('option', {
      name: /Thu 3 Dec 2026 \(fully booked\)/,
    }) as HTMLOptionElement;
    expect(full.disabled).toBe(true);
    fireEvent.change(date, { target: { value: '2026-12-02' } });
    const time = dialog.getByRole('combobox', { name: 'Time' }) as HTMLSelectElement;
    expect(Array.from(time.options).map((o) => o.value)).toEqual(['', '09:00', '11:30']);
    fireEvent.change(time, { target: { value: '11:30' } });
    fireEvent.change(dialog.getByLabelText(/Comments/), { target: { value: 'Walk-in client' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Schedule Appointment' }));

    await waitFor(() => expect(calls(fetch, '/api/appointments/admin-book')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, '/api/appointments/admin-book')[0]![1]!.body))).toEqual({
      userEmail: 'ama@example.com',
      userId: 'seeker000001',
      productId: 'prop2',
      date: '2026-12-02',
      time: '11:30',
      comments: 'Walk-in client',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByText('Appointment scheduled successfully').length).toBeGreaterThan(0);
  });

  it('says "Failed to load users and properties" when the server cannot answer a picker', async () => {
    const fetch = fakeCms();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule Appointment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Schedule Appointment for User' }));
    fetch.mockImplementation(async (path: string) =>
      String(path).startsWith('/api/users') ? json(500, {}) : json(200, []),
    );
    fireEvent.change(dialog.getByRole('combobox', { name: 'User' }), { target: { value: 'ama' } });
    expect(
      await dialog.findByText('Failed to load users and properties', {}, { timeout: 4000 }),
    ).toBeTruthy();
  });
});

describe('Update Appointment', () => {
  it('offers the free times of a day plus the viewing’s own time on its own day', () => {
    expect(offeredTimes({ date: '2026-12-01', time: '10:30' }, '2026-12-01', ['09:00', '11:00'])).toEqual([
      '09:00',
      '10:30',
      '11:00',
    ]);
    expect(offeredTimes({ date: '2026-12-01', time: '10:30' }, '2026-12-02', ['09:00'])).toEqual(['09:00']);
  });

  it('shows the client and property, and sends only what changed', async () => {
    const fetch = fakeCms();
    fetch.mockImplementation(async (path: string, init?: RequestInit) => {
      if (String(path).startsWith('/api/appointments/all'))
        return json(200, [APPOINTMENT], { 'x-total-count': '1' });
      if (path === '/api/products/prop1/slots')
        return json(200, [
          { date: '2026-12-01', slots: ['09:00'] },
          { date: '2026-12-02', slots: ['14:00'] },
        ]);
      if (init?.method === 'PUT') return json(200, { ...APPOINTMENT, ...JSON.parse(String(init.body)) });
      return json(200, {});
    });
    renderScreen();
    fireEvent.click((await screen.findAllByRole('button', { name: /^Edit appointment/ }))[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Appointment' }));
    expect(dialog.getByText('kwame@example.com')).toBeTruthy();
    expect(dialog.getByText('Oxford Street, Osu')).toBeTruthy();
    const date = dialog.getByRole('combobox', { name: 'Date' });
    await waitFor(() => expect(within(date).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(date, { target: { value: '2026-12-02' } });
    const time = dialog.getByRole('combobox', { name: 'Time' }) as HTMLSelectElement;
    expect(Array.from(time.options).map((o) => o.value)).toEqual(['', '14:00']);
    fireEvent.click(dialog.getByRole('button', { name: 'Update Appointment' }));
    expect(await dialog.findByText('Please select a time')).toBeTruthy();
    fireEvent.change(time, { target: { value: '14:00' } });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Status' }), { target: { value: 'Rescheduled' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Update Appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      date: '2026-12-02',
      time: '14:00',
      status: 'Rescheduled',
    });
    expect(screen.getAllByText('Appointment updated successfully').length).toBeGreaterThan(0);
  });
});
