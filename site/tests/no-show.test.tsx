// @vitest-environment jsdom
// The no-show rule on the site: the terms' placeholder, the staff's "Client did not attend", the Users
// screen's restriction and its lifting, the settings' numbers, and the seeker's booking form and dashboard.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES, NO_SHOW_DEFAULTS } from '@fie/domain';
import { setSession } from '../src/lib/session/store';
import { withNoShowRule, mentionsNoShowRule } from '../src/lib/no-show-rule';
import { canRecordNoShow } from '../src/islands/back-office/appointments/appointment-view';
import { AppointmentsManager } from '../src/islands/back-office/appointments/appointments-manager';
import UsersScreen from '../src/islands/back-office/screens/users';
import SettingsScreen from '../src/islands/back-office/screens/settings';
import { bookingPause } from '../src/islands/back-office/people/people-view';
import { BookingRestrictionCard } from '../src/islands/account/booking-restriction-card';
import BookingForm from '../src/islands/property/booking-form';
import { VIEWING } from '../src/i18n/property-islands';
import { queryClient } from '../src/islands/shared/query-client';
import { json, renderStaff, staffScreenTests } from './staff-support';
import { carryStaffPageWords } from './page-words';

// Rendered as on a back-office page, which carries the English words of the parts it shares.
carryStaffPageWords();

const shell = { brand: 'Fie Homes', logoUrl: null };

/** The property page's booking form, in English, for the listing `propertyId`. */
const renderBookingForm = (propertyId: string) =>
  render(
    <BookingForm
      propertyId={propertyId}
      title="House in Osu"
      onDone={() => {}}
      language="en"
      texts={VIEWING.en}
      messages={{}}
    />,
  );
const PAUSED = {
  restricted: true,
  restrictedUntil: '2026-12-14T00:00:00.000Z',
  bookableFrom: '2026-12-14',
  message:
    'Booking is paused because you missed 2 viewings within 90 days. You can book viewings again from Monday 14 December 2026.',
  rule: NO_SHOW_DEFAULTS,
};
const APPOINTMENT = {
  _id: 'appt0001xyz',
  user: { _id: 'user12345678abc', email: 'kwame@example.com', fullName: 'Kwame Mensah' },
  product: { _id: 'prop1', location: 'Oxford Street, Osu', propertyType: 'Apartment' },
  propertyLabel: 'Apartment in Oxford Street, Osu',
  date: '2026-11-20',
  time: '10:30',
  status: 'Ongoing',
  comments: null,
  startsAt: '2026-11-20T10:30:00.000Z',
  clientNoShow: false,
  createdAt: '2026-11-10T08:00:00.000Z',
  updatedAt: '2026-11-10T08:00:00.000Z',
};
const SEEKERS = [
  {
    _id: 'abcdefgh12345678',
    email: 'ama@example.com',
    fullName: 'Ama Mensah',
    role: 'user',
    createdAt: '2026-11-20T10:00:00.000Z',
    active: true,
    bookingRestrictedUntil: '2026-12-14T00:00:00.000Z',
  },
  {
    _id: 'zyxwvuts87654321',
    email: 'yaw@example.com',
    fullName: null,
    role: 'user',
    createdAt: '2026-11-21T10:00:00.000Z',
    active: true,
    bookingRestrictedUntil: null,
  },
];

/** A cms answering by "METHOD /path" prefix; what is not named answers {}. */
function fakeCms(routes: Record<string, (init: RequestInit) => Response>) {
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${path}`;
    const route = Object.keys(routes).find((r) => key.startsWith(r));
    return route ? routes[route]!(init) : json(200, {});
  });
  vi.stubGlobal('fetch', fetch);
  return (method: string, prefix: string) =>
    fetch.mock.calls
      .filter(([path, init]) => (init?.method ?? 'GET') === method && String(path).startsWith(prefix))
      .map(([path, init]) => ({
        path: String(path),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      }));
}

describe('the rule in the terms', () => {
  it('puts the settings’ numbers where the text names {{noShowRule}}', () => {
    const text = '- Repeated no-shows restrict booking: {{noShowRule}}.';
    expect(mentionsNoShowRule(text)).toBe(true);
    expect(withNoShowRule(text, { noShowLimit: 3, noShowWindowDays: 60, noShowPauseDays: 14 })).toBe(
      '- Repeated no-shows restrict booking: 3 missed viewings within 60 days pause booking for 14 days.',
    );
    expect(withNoShowRule(text, undefined)).toContain(
      '2 missed viewings within 90 days pause booking for 30 days',
    );
    expect(mentionsNoShowRule('No rule here.')).toBe(false);
  });
});

describe('staff screens', () => {
  staffScreenTests();
  beforeEach(() => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/admin/users',
      search: '',
      hash: '',
      replace: vi.fn(),
    } as Location);
  });

  it('offers "Client did not attend" from the viewing start on, not for cancelled or already recorded ones', () => {
    const start = new Date(APPOINTMENT.startsAt);
    const before = new Date(start.getTime() - 1);
    expect(canRecordNoShow(APPOINTMENT as never, before)).toBe(false);
    expect(canRecordNoShow(APPOINTMENT as never, start)).toBe(true);
    expect(canRecordNoShow({ ...APPOINTMENT, status: 'Cancelled' } as never, start)).toBe(false);
    expect(canRecordNoShow({ ...APPOINTMENT, clientNoShow: true } as never, start)).toBe(false);
  });

  it('records that the client did not attend from the row, and shows it', async () => {
    let current = { ...APPOINTMENT };
    const calls = fakeCms({
      'GET /api/appointments/all': () => json(200, [current], { 'x-total-count': '1' }),
      'PUT /api/appointments/appointment/': (init) => {
        current = { ...current, ...JSON.parse(String(init.body)) };
        return json(200, current);
      },
    });
    setSession('token', { id: 'adm1', email: 'admin@fiehomes.local', role: 'admin', fullName: 'Kofi' });
    renderStaff(<AppointmentsManager />);
    const row = await screen.findByTestId('appointment-row');
    fireEvent.click(within(row).getByRole('button', { name: /did not attend/ }));
    await waitFor(() =>
      expect(calls('PUT', '/api/appointments/appointment/')[0]?.body).toEqual({
        status: 'Unsuccessful',
        clientNoShow: true,
      }),
    );
    expect((await screen.findAllByText(MESSAGES.clientNoShowRecorded)).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(within(screen.getByTestId('appointment-row')).getByText('Client did not attend')).toBeTruthy(),
    );
  });

  it('shows a paused seeker on the Users screen and lets an admin lift it after a confirmation', async () => {
    const calls = fakeCms({
      'GET /api/users?': () => json(200, SEEKERS, { 'x-total-count': '2' }),
      'DELETE /api/users/abcdefgh12345678/booking-restriction': () =>
        json(200, {
          message: MESSAGES.bookingRestrictionLifted,
          user: { ...SEEKERS[0], bookingRestrictedUntil: null },
        }),
    });
    setSession('token', { id: 'adm1', email: 'admin@fiehomes.local', role: 'admin', fullName: 'Kofi' });
    render(<UsersScreen page="users" {...shell} />);
    const row = await screen.findByRole('row', { name: /ama@example\.com/ });
    expect(within(row).getByText('Booking paused: can book from Monday 14 December 2026')).toBeTruthy();
    expect(bookingPause(SEEKERS[1]!)).toBeNull();
    expect(
      within(screen.getByRole('row', { name: /yaw@example\.com/ })).queryByRole('button', { name: /Lift/ }),
    ).toBeNull();
    // No deactivation for an admin: that stays the superadmin's.
    expect(screen.queryByRole('button', { name: /Deactivate/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Lift booking restriction of ama@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift booking restriction' });
    expect(calls('DELETE', '/api/users/')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lift restriction' }));
    await waitFor(() =>
      expect(calls('DELETE', '/api/users/').map((c) => c.path)).toEqual([
        '/api/users/abcdefgh12345678/booking-restriction',
      ]),
    );
    expect((await screen.findAllByText(MESSAGES.bookingRestrictionLifted)).length).toBeGreaterThan(0);
  });

  it('lets the superadmin set the numbers, within their bounds', async () => {
    const calls = fakeCms({
      'GET /api/profile': () =>
        json(200, {
          _id: 's1',
          id: 's1',
          email: 's@f.l',
          role: 'superadmin',
          fullName: null,
          phone: null,
          location: null,
        }),
      'GET /api/system-settings': () =>
        json(200, { systemEmail: null, maintenanceMode: false, ...NO_SHOW_DEFAULTS }),
      'PUT /api/system-settings': (init) =>
        json(200, {
          message: MESSAGES.settingsSaved,
          settings: { systemEmail: null, maintenanceMode: false, ...JSON.parse(String(init.body)) },
        }),
    });
    setSession('token', { id: 's1', email: 's@f.l', role: 'superadmin', fullName: null });
    render(<SettingsScreen page="settings" {...shell} />);
    fireEvent.click(screen.getByRole('tab', { name: 'System Settings' }));
    const panel = screen.getByRole('tabpanel', { name: 'System Settings' });
    const limit = (await within(panel).findByLabelText('Missed viewings before a pause')) as HTMLInputElement;
    await waitFor(() => expect(limit.value).toBe('2'));
    expect(within(panel).getByTestId('no-show-rule').textContent).toContain(
      '2 missed viewings within 90 days pause booking for 30 days',
    );
    fireEvent.change(limit, { target: { value: '0' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText(/whole number from 1 to 10/)).toBeTruthy();
    expect(calls('PUT', '/api/system-settings')).toHaveLength(0);
    fireEvent.change(limit, { target: { value: '3' } });
    fireEvent.change(within(panel).getByLabelText('Booking paused for (days)'), { target: { value: '14' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls('PUT', '/api/system-settings')[0]?.body).toMatchObject({
        noShowLimit: 3,
        noShowWindowDays: 90,
        noShowPauseDays: 14,
      }),
    );
  });
});

describe("the seeker's screens", () => {
  beforeEach(() => {
    queryClient.clear();
    setSession('token', { id: 'u1', email: 'ama@example.com', role: 'user', fullName: 'Ama' });
  });
  afterEach(cleanup);
  const withQueries = (node: React.ReactNode) =>
    render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

  it('the booking form says why and from when before any slot is offered', async () => {
    const calls = fakeCms({
      'GET /api/appointments/booking-restriction': () => json(200, PAUSED),
      'GET /api/products/p1/slots': () => json(200, [{ date: '2026-12-01', slots: ['10:00'] }]),
    });
    renderBookingForm('p1');
    const notice = await screen.findByTestId('booking-restriction');
    expect(notice.textContent).toContain(PAUSED.message);
    expect(notice.textContent).toContain('Monday 14 December 2026');
    expect(screen.queryByRole('button', { name: 'Confirm viewing' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(calls('GET', '/api/appointments/booking-restriction')).toHaveLength(1);
  });

  it('the booking form offers the slots when booking is open', async () => {
    fakeCms({
      'GET /api/appointments/booking-restriction': () =>
        json(200, {
          restricted: false,
          restrictedUntil: null,
          bookableFrom: null,
          message: null,
          rule: NO_SHOW_DEFAULTS,
        }),
      'GET /api/products/p2/slots': () => json(200, [{ date: '2026-12-01', slots: ['10:00'] }]),
    });
    renderBookingForm('p2');
    expect(await screen.findByRole('button', { name: 'Confirm viewing' })).toBeTruthy();
    expect(screen.queryByTestId('booking-restriction')).toBeNull();
  });

  it('the dashboard says the booking is paused and until when, and nothing otherwise', async () => {
    fakeCms({ 'GET /api/appointments/booking-restriction': () => json(200, PAUSED) });
    withQueries(<BookingRestrictionCard />);
    expect((await screen.findByRole('heading')).textContent).toBe('Viewing bookings paused');
    expect(screen.getByRole('status').textContent).toContain(
      'You can book viewings again from Monday 14 December 2026.',
    );
    cleanup();
    fakeCms({
      'GET /api/appointments/booking-restriction': () =>
        json(200, { ...PAUSED, restricted: false, restrictedUntil: null, bookableFrom: null, message: null }),
    });
    const { container } = withQueries(<BookingRestrictionCard />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });

  it('staff accounts are not asked', async () => {
    setSession('token', { id: 'adm1', email: 'admin@fiehomes.local', role: 'admin', fullName: 'Kofi' });
    const calls = fakeCms({});
    withQueries(<BookingRestrictionCard />);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls('GET', '/api/appointments/booking-restriction')).toHaveLength(0);
  });
});
