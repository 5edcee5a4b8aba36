// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setSession, type Role } from '../src/lib/session/store';
import { queryClient } from '../src/islands/shared/query-client';
import AdminDashboardScreen from '../src/islands/back-office/admin-dashboard-screen';
import SuperAdminDashboardScreen from '../src/islands/back-office/super-admin-dashboard-screen';
import NotReadyScreen from '../src/islands/back-office/not-ready-screen';
import { SIDEBAR_STORAGE_KEY } from '../src/islands/back-office/sidebar-state';
import { fakeCms, fakeScreen } from './staff-support';

const ACCOUNTS = {
  admin: { id: '2', email: 'admin@fiehomes.local', role: 'admin', fullName: 'Kofi Addo' },
  superadmin: { id: '1', email: 'superadmin@fiehomes.local', role: 'superadmin', fullName: 'Efua Boateng' },
} as const;
const shell = { brand: 'Fie Homes', logoUrl: null };

let screenSize: ReturnType<typeof fakeScreen>;
const replace = vi.fn();
const scrollTo = vi.fn();

function signIn(role: Exclude<Role, 'user'>) {
  setSession('token', ACCOUNTS[role]);
}

beforeEach(() => {
  localStorage.clear();
  replace.mockReset();
  scrollTo.mockReset();
  screenSize = fakeScreen(1280);
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    pathname: '/admin-dashboard',
    search: '',
    hash: '',
    replace,
  } as Location);
  Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: scrollTo });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  screenSize.restore();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const sidebar = () => within(screen.getByRole('complementary', { name: 'Sidebar' }));
const menuLabels = () =>
  within(sidebar().getByRole('navigation', { name: 'Back office' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the back-office layout', () => {
  it("shows an admin the admin's menu, role badge, title, account and Logout", async () => {
    fakeCms();
    signIn('admin');
    render(<AdminDashboardScreen page="admin-dashboard" {...shell} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(menuLabels()).toEqual([
      'Overview',
      'Users',
      'Properties',
      'Appointments',
      'Enquiries',
      'Messages',
      'Deals',
      'Reports',
      'Settings',
    ]);
    expect(sidebar().getByText('Administrator')).toBeTruthy();
    expect(sidebar().getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(sidebar().getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe('/admin-dashboard');
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByText('Kofi Addo')).toBeTruthy();
    expect(banner.getByText('admin@fiehomes.local')).toBeTruthy();
    expect(banner.getByText('KA')).toBeTruthy();
    expect(banner.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('gives the superadmin the queues with the counts of what waits', async () => {
    const fetch = fakeCms();
    signIn('superadmin');
    render(<NotReadyScreen page="unapproved-deals" {...shell} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Pending Deals' })).toBeTruthy();
    expect(sidebar().getByText('Super Admin')).toBeTruthy();
    expect(menuLabels()).toContain('Administrators');
    expect(sidebar().getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe(
      '/super-admin-dashboard',
    );
    await waitFor(() =>
      expect(sidebar().getByRole('link', { name: 'Unapproved Properties (3 waiting)' })).toBeTruthy(),
    );
    expect(
      sidebar().getByRole('link', { name: 'Unapproved Deals (0 waiting)' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(fetch.mock.calls.filter(([path]) => path === '/api/stats')).toHaveLength(1);
    expect(screen.getByText('This back-office screen is not available yet.')).toBeTruthy();
  });

  it('collapses to icons, keeps the names for screen readers and remembers it', async () => {
    fakeCms();
    signIn('admin');
    const first = render(<NotReadyScreen page="users" {...shell} />);
    const toggle = sidebar().getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).className).toContain('w-64');
    fireEvent.click(toggle);
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).className).toContain('w-[72px]');
    expect(sidebar().getByRole('link', { name: 'Users' }).getAttribute('title')).toBe('Users');
    expect(sidebar().getByRole('button', { name: 'Expand sidebar' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('collapsed');
    first.unmount();
    render(<NotReadyScreen page="users" {...shell} />);
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).className).toContain('w-[72px]');
  });

  it('opens the menu as a drawer on phones: focus inside, Escape closes and focus returns', async () => {
    fakeCms();
    screenSize.resize(390);
    signIn('superadmin');
    render(<NotReadyScreen page="users" {...shell} />);
    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    open.focus();
    fireEvent.click(open);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toContain('Administrators');
    // The page behind is inert while the drawer is open.
    expect(screen.getByRole('main', { hidden: true }).closest('[inert]')).not.toBeNull();

    // Tab from the last control comes back to the first.
    const links = within(drawer).getAllByRole('link');
    links[links.length - 1]!.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(within(drawer).getByRole('button', { name: 'Close menu' }));

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(open.getAttribute('aria-expanded')).toBe('false');

    // A tap on the backdrop closes it too; a tap inside does not.
    fireEvent.click(open);
    fireEvent.click(within(screen.getByRole('dialog')).getByText('Super Admin'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('dialog').previousElementSibling!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the drawer when the screen grows wide enough to dock the sidebar', () => {
    fakeCms();
    screenSize.resize(390);
    signIn('admin');
    render(<NotReadyScreen page="users" {...shell} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => screenSize.resize(800));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends an admin away from a superadmin page to /dashboard', () => {
    fakeCms();
    signIn('admin');
    render(<SuperAdminDashboardScreen page="super-admin-dashboard" {...shell} />);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(replace).toHaveBeenCalledWith('/dashboard');
  });
});

describe('the dashboards', () => {
  const figureOf = (name: string) => within(screen.getByRole('article', { name }));

  it('greet the admin by first name and show the real figures with their trends', async () => {
    fakeCms();
    signIn('admin');
    render(<AdminDashboardScreen page="admin-dashboard" {...shell} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome back, Kofi!' })).toBeTruthy();
    await waitFor(() => expect(figureOf('Properties').getByText('24')).toBeTruthy());
    expect(figureOf('Properties').getByText('+25%')).toBeTruthy();
    expect(figureOf('Appointments').getByText('+3')).toBeTruthy();
    expect(figureOf('Enquiries').getByText('1,280').closest('data')?.getAttribute('value')).toBe('1280');
    expect(figureOf('Enquiries').getByText('−50%')).toBeTruthy();
    expect(figureOf('Deals Closed').getByText('No change')).toBeTruthy();
    const actions = within(screen.getByRole('region', { name: 'Quick actions' }));
    expect(actions.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/admin/properties',
      '/admin/appointments',
      '/admin/deals',
    ]);
  });

  it('greet an account without a full name as "Administrator"', () => {
    fakeCms();
    setSession('token', { id: '3', email: 'kwame@fiehomes.local', role: 'admin', fullName: null });
    render(<AdminDashboardScreen page="admin-dashboard" {...shell} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome back, Administrator!' })).toBeTruthy();
  });

  it('give the superadmin the management cards, what waits for approval and the activity log', async () => {
    fakeCms();
    signIn('superadmin');
    render(<SuperAdminDashboardScreen page="super-admin-dashboard" {...shell} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome back, Efua!' })).toBeTruthy();
    const management = within(screen.getByRole('region', { name: 'Management' }));
    expect(management.getByRole('link', { name: /^User Management/ }).getAttribute('href')).toBe(
      '/admin/users',
    );
    expect(management.getByRole('link', { name: /^Admin Management/ }).getAttribute('href')).toBe(
      '/admin/admins',
    );
    expect(management.getByRole('link', { name: /^System Settings/ }).getAttribute('href')).toBe(
      '/admin/settings',
    );
    expect(management.getAllByRole('link')).toHaveLength(3);
    await waitFor(() => expect(screen.getByText('3 properties waiting for your decision.')).toBeTruthy());
    expect(screen.getByText('No deals waiting.')).toBeTruthy();
    const log = within(screen.getByRole('region', { name: 'Activity log' }));
    await waitFor(() => expect(log.getAllByText('Created property').length).toBeGreaterThan(0));
    expect(log.getAllByText('Oxford Street, Osu').length).toBeGreaterThan(0);
    expect(log.getByText('Showing 1-1 of 1 action')).toBeTruthy();
  });

  it("show the server's message when the figures cannot be loaded", async () => {
    fakeCms({ statsStatus: 503 });
    signIn('admin');
    render(<AdminDashboardScreen page="admin-dashboard" {...shell} />);
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The figures are resting.');
  });
});
