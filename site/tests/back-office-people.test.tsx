// @vitest-environment jsdom
// The back-office Users, Administrators and Settings screens against a fake cms:
// what each role sees, what each action sends, and that success shows only after the server answered.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  AVAILABILITY_DEFAULTS,
  MESSAGES,
  NO_SHOW_DEFAULTS,
  SMS_DAILY_BUDGET_DEFAULT,
  THREAD_RETENTION_MONTHS_DEFAULT,
  WORKING_HOURS_DEFAULTS,
} from '@fie/domain';
import { getSession, setSession } from '../src/lib/session/store';
import UsersScreen from '../src/islands/back-office/screens/users';
import AdminsScreen from '../src/islands/back-office/screens/admins';
import SettingsScreen, { settingsTabs } from '../src/islands/back-office/screens/settings';
import {
  accountLabel,
  accountState,
  activeChange,
  codeTextFailure,
  displayId,
  emptyTitle,
  joinedOn,
  revokeText,
  SUPER_ADMIN_WARNING,
} from '../src/islands/back-office/people/people-view';
import { notificationChoices } from '../src/islands/back-office/settings/profile-tabs';
import { json, STATS, staffScreenTests } from './staff-support';
import { carryStaffPageWords } from './page-words';

// Rendered as on a back-office page, which carries the English words of the parts it shares.
carryStaffPageWords();

const ACCOUNTS = {
  admin: {
    id: 'adm1000000000000000000001',
    email: 'admin@fiehomes.local',
    role: 'admin',
    fullName: 'Kofi Addo',
  },
  superadmin: {
    id: 'sup1000000000000000000001',
    email: 'superadmin@fiehomes.local',
    role: 'superadmin',
    fullName: 'Efua Boateng',
  },
} as const;
type Who = keyof typeof ACCOUNTS;
const shell = { brand: 'Fie Homes', logoUrl: null };

const SEEKERS = [
  {
    _id: 'abcdefgh12345678',
    email: 'ama@example.com',
    fullName: 'Ama Mensah',
    role: 'user',
    createdAt: '2026-11-20T10:00:00.000Z',
    active: true,
  },
  {
    _id: 'zyxwvuts87654321',
    email: 'yaw@example.com',
    fullName: null,
    role: 'user',
    createdAt: '2026-11-21T10:00:00.000Z',
    active: false,
  },
];
const STAFF = [
  {
    _id: ACCOUNTS.superadmin.id,
    email: ACCOUNTS.superadmin.email,
    fullName: 'Efua Boateng',
    role: 'superadmin',
    createdAt: '2026-01-01T00:00:00.000Z',
    active: true,
  },
  {
    _id: 'kofi000000000000000000001',
    email: 'kofi@fiehomes.local',
    fullName: 'Kofi Addo',
    role: 'admin',
    createdAt: '2026-02-01T00:00:00.000Z',
    active: true,
  },
];

type Handler = (init: RequestInit & { path: string }) => Response | undefined;

/** A cms that answers the screens' calls; `handlers` answer first (by "METHOD /path" prefix). */
function fakeCms(who: Who, handlers: Record<string, Handler> = {}) {
  let profile = {
    _id: ACCOUNTS[who].id,
    id: ACCOUNTS[who].id,
    email: ACCOUNTS[who].email,
    fullName: ACCOUNTS[who].fullName,
    role: who,
    phone: null,
    location: null,
    emailNotifications: true,
    systemAlerts: false,
  };
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    for (const [route, handler] of Object.entries(handlers)) {
      if (`${method} ${path}`.startsWith(route)) {
        const answer = handler({ ...init, path });
        if (answer) return answer;
      }
    }
    if (path === '/api/stats') return json(200, STATS);
    if (path === '/api/profile' && method === 'GET') return json(200, profile);
    if (path === '/api/profile' && method === 'PUT') {
      profile = { ...profile, ...JSON.parse(String(init.body)) };
      return json(200, profile);
    }
    if (path.startsWith('/api/users?')) return json(200, SEEKERS, { 'x-total-count': '23' });
    if (path.startsWith('/api/admins?')) return json(200, STAFF, { 'x-total-count': String(STAFF.length) });
    if (path.startsWith('/api/audit')) return json(200, [], { 'x-total-count': '0' });
    return json(200, {});
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    calls: (method: string, prefix: string) =>
      fetch.mock.calls
        .filter(([path, init]) => (init?.method ?? 'GET') === method && String(path).startsWith(prefix))
        .map(([path, init]) => ({
          path: String(path),
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
        })),
  };
}

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

const signIn = (who: Who) => setSession('token', ACCOUNTS[who]);
const table = () => screen.getByRole('table');

describe('what the screens say about an account', () => {
  it('shows the first 8 characters of an id, Active or Deactivated, and the date joined', () => {
    expect(displayId(SEEKERS[0]!)).toBe('abcdefgh');
    expect(accountState({ active: true }).label).toBe('Active');
    expect(accountState({}).label).toBe('Active');
    expect(accountState({ active: false }).label).toBe('Deactivated');
    expect(joinedOn('2026-11-20T10:00:00.000Z')).toBe('20 Nov 2026');
    expect(joinedOn(null)).toBe('—');
  });

  it('names a seeker known by number alone by the number, and says when their last code text failed', () => {
    expect(accountLabel({ email: 'a@x.com', phone: '+233244123456' })).toBe('a@x.com');
    expect(accountLabel({ email: '', phone: '+233244123456' })).toBe('024 412 3456');
    expect(accountLabel({ email: '', phone: null })).toBe('—');
    expect(activeChange({ email: '', phone: '+233244123456', active: true }).message).toMatch(
      /^Deactivate 024 412 3456\?/,
    );
    expect(codeTextFailure({ codeTextFailedAt: '2026-12-07T16:20:00.000Z' })).toMatch(
      /^Code text undelivered 7 Dec \d\d:20$/,
    );
    expect(codeTextFailure({ codeTextFailedAt: null })).toBeNull();
    expect(codeTextFailure({})).toBeNull();
  });

  it('asks to deactivate an active account and to reactivate a deactivated one', () => {
    expect(activeChange({ email: 'a@x.com', active: true })).toMatchObject({
      activate: false,
      title: 'Deactivate user',
      confirmLabel: 'Deactivate',
    });
    expect(activeChange({ email: 'a@x.com', active: true }).message).toMatch(
      /a@x\.com.*cannot sign in until reactivated/,
    );
    expect(activeChange({ email: 'a@x.com', active: false })).toMatchObject({
      activate: true,
      title: 'Reactivate user',
      confirmLabel: 'Reactivate',
    });
    expect(revokeText({ email: 'k@x.com', role: 'superadmin' }).message).toMatch(
      /super admin privileges of k@x\.com\? Revoking removes admin panel access/,
    );
    expect(revokeText({ email: 'k@x.com', role: 'admin' }).failed).toBe(MESSAGES.revokeAdminFailed);
    expect(emptyTitle('users', false)).toBe('No users yet');
    expect(emptyTitle('administrators', true)).toBe('No administrators found');
  });

  it('gives the System Settings tab to the superadmin only, and keeps both notices on unless turned off', () => {
    expect(settingsTabs('admin').map((t) => t.label)).toEqual([
      'Account Settings',
      'Security',
      'Notifications',
    ]);
    expect(settingsTabs('superadmin').map((t) => t.label)).toEqual([
      'Account Settings',
      'Security',
      'Notifications',
      'System Settings',
    ]);
    expect(notificationChoices({})).toEqual({ emailNotifications: true, systemAlerts: true });
    expect(notificationChoices({ emailNotifications: false, systemAlerts: true })).toEqual({
      emailNotifications: false,
      systemAlerts: true,
    });
  });
});

describe('Users', () => {
  it('lists seekers for an admin without Add New User or actions, and searches on the server', async () => {
    const cms = fakeCms('admin');
    signIn('admin');
    render(<UsersScreen page="users" {...shell} />);
    const row = await screen.findByRole('row', { name: /ama@example\.com/ });
    expect(within(row).getByText('abcdefgh')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: /yaw@example\.com/ })).getByText('Deactivated'),
    ).toBeTruthy();
    expect(within(table()).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add New User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(screen.getByText('Showing 1-10 of 23 users')).toBeTruthy();
    expect(cms.calls('GET', '/api/users?')[0]!.path).toBe('/api/users?page=1&pageSize=10');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users by email' }), {
      target: { value: 'AMA@' },
    });
    await waitFor(() =>
      expect(cms.calls('GET', '/api/users?').map((c) => c.path)).toContain(
        '/api/users?search=AMA%40&page=1&pageSize=10',
      ),
    );
  });

  it('adds a seeker for the superadmin, with the field messages first', async () => {
    const cms = fakeCms('superadmin', {
      'POST /api/add-admin': () =>
        json(201, {
          message: MESSAGES.userAdded,
          user: { ...SEEKERS[0], _id: 'new00000000000', email: 'new@example.com' },
        }),
    });
    signIn('superadmin');
    render(<UsersScreen page="users" {...shell} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    expect(within(dialog).queryByText(SUPER_ADMIN_WARNING)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not-an-address' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.passwordTooShort)).toBeTruthy();
    expect(cms.calls('POST', '/api/add-admin')).toHaveLength(0);

    const before = cms.calls('GET', '/api/users?').length;
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Welcome2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cms.calls('POST', '/api/add-admin')[0]!.body).toEqual({
      email: 'new@example.com',
      password: 'Welcome2026',
      role: 'user',
    });
    expect(screen.getAllByText(MESSAGES.userAdded).length).toBeGreaterThan(0);
    await waitFor(() => expect(cms.calls('GET', '/api/users?').length).toBeGreaterThan(before));
  });

  it('keeps what was typed and shows the server refusal in the add dialog', async () => {
    fakeCms('superadmin', {
      'POST /api/add-admin': () => json(409, { message: 'An account with this email already exists' }),
    });
    signIn('superadmin');
    render(<UsersScreen page="users" {...shell} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ama@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Welcome2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('An account with this email already exists')).toBeTruthy();
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('ama@example.com');
  });

  it('deactivates and reactivates after a confirmation, then reloads the list', async () => {
    const cms = fakeCms('superadmin', {
      'PUT /api/users/abcdefgh12345678/deactivate': () =>
        json(200, { message: 'User deactivated successfully', user: { ...SEEKERS[0], active: false } }),
      'PUT /api/users/zyxwvuts87654321/reactivate': () =>
        json(200, { message: 'User reactivated successfully', user: { ...SEEKERS[1], active: true } }),
    });
    signIn('superadmin');
    render(<UsersScreen page="users" {...shell} />);
    expect(await screen.findByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    // The table (md and up) and the cards (phones) carry the same actions.
    expect(screen.getAllByRole('button', { name: 'Deactivate ama@example.com' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Deactivate ama@example.com' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    expect(cms.calls('PUT', '/api/users/')).toHaveLength(0);
    const before = cms.calls('GET', '/api/users?').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByText('User deactivated successfully').length).toBeGreaterThan(0);
    await waitFor(() => expect(cms.calls('GET', '/api/users?').length).toBeGreaterThan(before));

    fireEvent.click(screen.getAllByRole('button', { name: 'Reactivate yaw@example.com' })[1]!);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reactivate user' })).getByRole('button', {
        name: 'Reactivate',
      }),
    );
    await waitFor(() =>
      expect(cms.calls('PUT', '/api/users/').map((c) => c.path)).toEqual([
        '/api/users/abcdefgh12345678/deactivate',
        '/api/users/zyxwvuts87654321/reactivate',
      ]),
    );
  });

  it('shows the fallback when the list cannot load', async () => {
    fakeCms('admin', { 'GET /api/users?': () => json(500, {}) });
    signIn('admin');
    render(<UsersScreen page="users" {...shell} />);
    // The query retries once before it gives up.
    expect(await screen.findByText(MESSAGES.loadUsersFailed, undefined, { timeout: 5000 })).toBeTruthy();
  });
});

describe('Administrators', () => {
  it('adds a Super Admin with the warning and the chosen role', async () => {
    const cms = fakeCms('superadmin', {
      'POST /api/add-admin': () =>
        json(201, {
          message: MESSAGES.userAdded,
          user: { ...STAFF[1], _id: 'n1', email: 'boss@example.com', role: 'superadmin' },
        }),
    });
    signIn('superadmin');
    render(<AdminsScreen page="admins" {...shell} />);
    const row = await screen.findByRole('row', { name: /kofi@fiehomes\.local/ });
    expect(within(row).getByText('Administrator')).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: /superadmin@fiehomes\.local/ })).getByText('(You)'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add New Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Admin' });
    expect(within(dialog).getByText(SUPER_ADMIN_WARNING)).toBeTruthy();
    expect((within(dialog).getByLabelText('Admin') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Super Admin'));
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'boss@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'BossPass2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Admin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cms.calls('POST', '/api/add-admin')[0]!.body).toEqual({
      email: 'boss@example.com',
      password: 'BossPass2026',
      role: 'superadmin',
    });
    expect(screen.getAllByText(MESSAGES.userAdded).length).toBeGreaterThan(0);
  });

  it("shows the server's refusal in the revoke dialog and revokes after a confirmation", async () => {
    const cms = fakeCms('superadmin', {
      [`PUT /api/revoke-admin/${ACCOUNTS.superadmin.id}`]: () =>
        json(400, { message: 'You cannot revoke your own admin privileges.' }),
      'PUT /api/revoke-admin/kofi': () =>
        json(200, { message: MESSAGES.adminRevoked, user: { ...STAFF[1], role: 'user' } }),
    });
    signIn('superadmin');
    render(<AdminsScreen page="admins" {...shell} />);
    fireEvent.click(
      (await screen.findAllByRole('button', { name: `Revoke ${ACCOUNTS.superadmin.email}` }))[0]!,
    );
    let dialog = await screen.findByRole('dialog', { name: 'Revoke admin privileges' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You cannot revoke your own admin privileges.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const before = cms.calls('GET', '/api/admins?').length;
    fireEvent.click(screen.getAllByRole('button', { name: 'Revoke kofi@fiehomes.local' })[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Revoke admin privileges' });
    expect(dialog.textContent).toContain('Revoking removes admin panel access');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByText(MESSAGES.adminRevoked).length).toBeGreaterThan(0);
    await waitFor(() => expect(cms.calls('GET', '/api/admins?').length).toBeGreaterThan(before));
  });
});

describe('Settings', () => {
  it('saves the full name to the server and says so only after the server saved', async () => {
    let answer: (r: Response) => void = () => {};
    const cms = fakeCms('admin');
    const put = vi.fn();
    signIn('admin');
    render(<SettingsScreen page="settings" {...shell} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Account Settings',
      'Security',
      'Notifications',
    ]);
    const name = (await screen.findByLabelText('Full name')) as HTMLInputElement;
    expect(name.value).toBe('Kofi Addo');
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);

    // Hold the server's answer to see that nothing claims success before it.
    const original = cms.fetch.getMockImplementation()!;
    cms.fetch.mockImplementation(async (path: string, init: RequestInit = {}) => {
      if (path === '/api/profile' && init.method === 'PUT') {
        put(JSON.parse(String(init.body)));
        return new Promise<Response>((resolve) => (answer = resolve));
      }
      return original(path, init);
    });
    fireEvent.change(name, { target: { value: 'Kofi Addo Mensah' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith({ fullName: 'Kofi Addo Mensah' }));
    expect(screen.queryByText(MESSAGES.settingsSaved)).toBeNull();
    answer(
      json(200, {
        _id: ACCOUNTS.admin.id,
        email: ACCOUNTS.admin.email,
        fullName: 'Kofi Addo Mensah',
        role: 'admin',
        phone: null,
        location: null,
      }),
    );
    expect((await screen.findAllByText(MESSAGES.settingsSaved)).length).toBeGreaterThan(0);
    expect(getSession()?.user.fullName).toBe('Kofi Addo Mensah');
  });

  it("shows the server's refusal and keeps the typed name", async () => {
    fakeCms('admin', {
      'PUT /api/profile': () => json(400, { message: 'Full name must be at most 100 characters' }),
    });
    signIn('admin');
    render(<SettingsScreen page="settings" {...shell} />);
    const name = (await screen.findByLabelText('Full name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'A new name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Full name must be at most 100 characters')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.settingsSaved)).toBeNull();
    expect(name.value).toBe('A new name');
  });

  it('stores both notification choices on the account', async () => {
    const cms = fakeCms('admin');
    signIn('admin');
    render(<SettingsScreen page="settings" {...shell} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    const panel = screen.getByRole('tabpanel', { name: 'Notifications' });
    const email = (await within(panel).findByLabelText(/E-mail notifications/)) as HTMLInputElement;
    const alerts = within(panel).getByLabelText(/System alerts/) as HTMLInputElement;
    expect([email.checked, alerts.checked]).toEqual([true, false]);
    fireEvent.click(email);
    fireEvent.click(alerts);
    fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(cms.calls('PUT', '/api/profile')[0]?.body).toEqual({
        emailNotifications: false,
        systemAlerts: true,
      }),
    );
    expect((await screen.findAllByText(MESSAGES.settingsSaved)).length).toBeGreaterThan(0);
  });

  it('lets the superadmin switch maintenance mode and set the system e-mail', async () => {
    const cms = fakeCms('superadmin', {
      'GET /api/system-settings': () =>
        json(200, {
          systemEmail: null,
          maintenanceMode: false,
          ...NO_SHOW_DEFAULTS,
          ...AVAILABILITY_DEFAULTS,
        }),
      'PUT /api/system-settings': (init) =>
        json(200, {
          message: MESSAGES.settingsSaved,
          settings: { systemEmail: null, maintenanceMode: false, ...JSON.parse(String(init.body)) },
        }),
    });
    signIn('superadmin');
    render(<SettingsScreen page="settings" {...shell} />);
    fireEvent.click(screen.getByRole('tab', { name: 'System Settings' }));
    const panel = screen.getByRole('tabpanel', { name: 'System Settings' });
    const address = (await within(panel).findByLabelText('System email')) as HTMLInputElement;
    fireEvent.change(address, { target: { value: 'not an address' } });
    fireEvent.click(within(panel).getByLabelText(/Maintenance mode/));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(cms.calls('PUT', '/api/system-settings')).toHaveLength(0);
    const budget = within(panel).getByLabelText('Texts a day') as HTMLInputElement;
    expect(budget.value).toBe(String(SMS_DAILY_BUDGET_DEFAULT));
    fireEvent.change(budget, { target: { value: '2.5' } });
    fireEvent.change(address, { target: { value: 'notices@fiehomes.local' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(panel).findByText('The daily text budget must be a whole number from 0 to 1,000,000.'),
    ).toBeTruthy();
    expect(cms.calls('PUT', '/api/system-settings')).toHaveLength(0);
    fireEvent.change(budget, { target: { value: '500' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(cms.calls('PUT', '/api/system-settings')[0]?.body).toEqual({
        systemEmail: 'notices@fiehomes.local',
        maintenanceMode: true,
        ...NO_SHOW_DEFAULTS,
        ...AVAILABILITY_DEFAULTS,
        smsDailyBudget: 500,
        threadRetentionMonths: THREAD_RETENTION_MONTHS_DEFAULT,
        workingHoursStart: WORKING_HOURS_DEFAULTS.start,
        workingHoursEnd: WORKING_HOURS_DEFAULTS.end,
        workingDays: WORKING_HOURS_DEFAULTS.days,
      }),
    );
    expect((await screen.findAllByText(MESSAGES.settingsSaved)).length).toBeGreaterThan(0);
  });
});
