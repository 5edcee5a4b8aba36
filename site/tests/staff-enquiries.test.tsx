// @vitest-environment jsdom
// The back-office "Customer Enquiries" screen against a stand-in cms: the list, the server-side
// search and filters, and the Create and Update Enquiry dialogs with their validation rules.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../src/lib/session/store';
import { EnquiriesManager } from '../src/islands/back-office/enquiries/enquiries-manager';
import { json, renderStaff, staffScreenTests } from './staff-support';

const ENQUIRY = {
  _id: 'enq1',
  name: 'Ama Serwaa',
  phoneNumber: ['+233245551234'],
  email: 'ama@example.com',
  whatsAppNumber: null,
  location: 'East Legon',
  propertyType: 'Studio',
  budget: 'GH₵ 3,000',
  furnishStatus: 'Semi furnished',
  priority: 'Moderate',
  status: 'Pending',
  comments: 'Walk-in',
  interestedProperty: null,
  user: null,
  enquiryDate: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
};

function fakeCms(create: (body: Record<string, unknown>) => Response = () => json(201, ENQUIRY)) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (path.startsWith('/api/enquiries/admin?')) return json(200, [ENQUIRY], { 'x-total-count': '1' });
    if (path === '/api/enquiries' && method === 'POST') return create(JSON.parse(String(init!.body)));
    if (path === '/api/enquiries/enq1' && method === 'PUT')
      return json(200, { ...ENQUIRY, ...JSON.parse(String(init!.body)) });
    return json(200, {});
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bodyOf = (fetch: ReturnType<typeof fakeCms>, method: string) =>
  JSON.parse(String(fetch.mock.calls.find(([, init]) => init?.method === method)![1]!.body));

staffScreenTests();
beforeEach(() =>
  setSession('token', { id: '2', email: 'admin@fiehomes.local', role: 'admin', fullName: 'Kofi Addo' }),
);

const renderScreen = () => renderStaff(<EnquiriesManager />);

describe('the enquiries list', () => {
  it('shows client, contact, details and status with priority; search and filters go to the server', async () => {
    const fetch = fakeCms();
    renderScreen();
    const row = within(await screen.findByTestId('enquiry-row'));
    expect(row.getByText('Ama Serwaa')).toBeTruthy();
    expect(row.getByText('20 Nov 2026')).toBeTruthy();
    expect(row.getByText('024 555 1234')).toBeTruthy();
    expect(row.getByText('East Legon')).toBeTruthy();
    expect(row.getByText('Budget: GH₵ 3,000')).toBeTruthy();
    expect(row.getByText('Seeking: Studio, Semi furnished')).toBeTruthy();
    expect(row.getByText('Pending')).toBeTruthy();
    expect(row.getByText('Moderate priority')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by status' }), {
      target: { value: 'Closed by others' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by priority' }), {
      target: { value: 'High' },
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search enquiries' }), {
      target: { value: '024 555' },
    });
    await waitFor(() =>
      expect(fetch.mock.calls.map(([p]) => p)).toContain(
        '/api/enquiries/admin?search=024+555&status=Closed+by+others&priority=High&page=1&pageSize=10',
      ),
    );
  });
});

describe('Create Enquiry', () => {
  it('requires a name and one Ghana phone number, each with its message', async () => {
    const fetch = fakeCms();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Enquiry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Enquiry' }));
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Enquiry' }));
    expect(dialog.getByText('Name is required')).toBeTruthy();
    expect(dialog.getByText('At least one phone number is required')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Phone number'), { target: { value: '12345' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Enquiry' }));
    expect(dialog.getByText('Enter a Ghana phone number, like 024 412 3456')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    // A corrected field loses its message at once.
    fireEvent.change(dialog.getByLabelText('Phone number'), { target: { value: '0241234567' } });
    expect(dialog.queryByText('Enter a Ghana phone number, like 024 412 3456')).toBeNull();
    expect(dialog.getByText('Name is required')).toBeTruthy();
  });

  it('offers the property-type and furnish-status choices and sends one phone number as a list', async () => {
    const fetch = fakeCms();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Enquiry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Enquiry' }));
    const type = dialog.getByRole('combobox', { name: 'Property type' }) as HTMLSelectElement;
    expect(Array.from(type.options).map((o) => o.text)).toEqual([
      'None',
      'Apartment',
      'House',
      'Villa',
      'Studio',
      'Townhouse',
      'Condo',
      'Office',
      'Shop',
    ]);
    const furnish = dialog.getByRole('combobox', { name: 'Furnish status' }) as HTMLSelectElement;
    expect(furnish.value).toBe('Not specified');
    expect(Array.from(furnish.options).map((o) => o.text)).toEqual([
      'Not specified',
      'Fully furnished',
      'Semi furnished',
      'Not furnished',
    ]);

    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: '  Kojo Mensah ' } });
    fireEvent.change(dialog.getByLabelText('Phone number'), { target: { value: '020 777 9876' } });
    fireEvent.change(dialog.getByLabelText('Location (optional)'), { target: { value: 'Tema' } });
    fireEvent.change(type, { target: { value: 'Townhouse' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Enquiry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(fetch, 'POST')).toMatchObject({
      name: '  Kojo Mensah ',
      phoneNumber: ['020 777 9876'],
      location: 'Tema',
      propertyType: 'Townhouse',
      furnishStatus: 'Not specified',
    });
    expect(screen.getAllByText('Enquiry created successfully').length).toBeGreaterThan(0);
  });

  it('shows the server’s message in the dialog and keeps what was typed', async () => {
    fakeCms(() => json(503, { message: 'Fie Homes is undergoing maintenance.' }));
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Enquiry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Enquiry' }));
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Kojo' } });
    fireEvent.change(dialog.getByLabelText('Phone number'), { target: { value: '0207779876' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Enquiry' }));
    expect(await dialog.findByText('Fie Homes is undergoing maintenance.')).toBeTruthy();
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Kojo');
  });
});

describe('Update Enquiry', () => {
  it('shows client, contact and e-mail read-only, and sends priority, status and comments', async () => {
    const fetch = fakeCms();
    renderScreen();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit enquiry from Ama Serwaa' }))[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Enquiry' }));
    expect(dialog.getByText('Ama Serwaa')).toBeTruthy();
    expect(dialog.getByText('024 555 1234')).toBeTruthy();
    expect(dialog.getByText('ama@example.com')).toBeTruthy();
    expect(dialog.queryByRole('textbox', { name: /name|e-mail/i })).toBeNull();
    fireEvent.change(dialog.getByRole('combobox', { name: 'Priority' }), { target: { value: 'High' } });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'Appointment booked' },
    });
    fireEvent.change(dialog.getByLabelText('Comments'), { target: { value: 'Viewing on Monday' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Update Enquiry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(fetch, 'PUT')).toEqual({
      priority: 'High',
      status: 'Appointment booked',
      comments: 'Viewing on Monday',
    });
    expect(screen.getAllByText('Enquiry updated successfully').length).toBeGreaterThan(0);
  });
});
