// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../src/lib/session/store';
import { queryClient } from '../src/islands/shared/query-client';
import AdminDashboardScreen from '../src/islands/back-office/admin-dashboard-screen';
import SuperAdminDashboardScreen from '../src/islands/back-office/super-admin-dashboard-screen';
import { LEADS_FAILED } from '../src/islands/back-office/leads-card';
import { fakeCms, fakeScreen, json, LEADS } from './staff-support';

const shell = { brand: 'Fie Homes', logoUrl: null };
let screenSize: ReturnType<typeof fakeScreen>;

beforeEach(() => {
  localStorage.clear();
  screenSize = fakeScreen(1280);
  Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: vi.fn() });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  screenSize.restore();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const card = () => within(screen.getByRole('region', { name: 'Leads, last 30 days' }));

describe("the dashboards' leads card", () => {
  it.each([
    ['admin', AdminDashboardScreen, 'admin-dashboard'],
    ['superadmin', SuperAdminDashboardScreen, 'super-admin-dashboard'],
  ] as const)(
    'shows the %s the counts by channel and the listings with the most leads',
    async (role, Screen, page) => {
      const fetch = fakeCms();
      setSession('token', { id: '1', email: `${role}@fiehomes.local`, role, fullName: 'Efua Boateng' });
      render(<Screen page={page} {...shell} />);
      await waitFor(() => expect(card().getAllByRole('listitem')).toHaveLength(2), { timeout: 15_000 });
      expect(fetch.mock.calls.some(([path]) => path === '/api/leads/summary?days=30')).toBe(true);
      const figures = card()
        .getAllByRole('definition')
        .map((d) => d.textContent);
      expect(figures).toEqual(['7', '5', '2']);
      const [first, second] = card().getAllByRole('listitem');
      const link = within(first!).getByRole('link', { name: 'House in Osu' });
      expect(link.getAttribute('href')).toBe(`/property/${LEADS.topListings[0]!.propertyId}`);
      expect(first!.textContent).toContain('k3x9q2ab');
      expect(first!.textContent).toContain('4 leads · 3 WhatsApp · 1 call');
      // A deleted listing keeps its counts but has no page to link to.
      expect(within(second!).queryByRole('link')).toBeNull();
      expect(second!.textContent).toContain('Listing deleted');
    },
    20_000,
  );

  it('says so when there were no leads, and shows the failure when the summary cannot be read', async () => {
    fakeCms();
    setSession('token', { id: '2', email: 'admin@fiehomes.local', role: 'admin', fullName: 'Kofi Addo' });
    const quiet = { ...LEADS, total: 0, byChannel: { whatsapp: 0, call: 0 }, topListings: [] };
    const base = globalThis.fetch as unknown as (path: string) => Promise<Response>;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => (path.startsWith('/api/leads/summary') ? json(200, quiet) : base(path))),
    );
    const first = render(<AdminDashboardScreen page="admin-dashboard" {...shell} />);
    await waitFor(() => expect(card().getByText('No leads in the last 30 days.')).toBeTruthy(), {
      timeout: 15_000,
    });
    first.unmount();
    queryClient.clear();

    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path.startsWith('/api/leads/summary') ? json(500, { message: 'Resting.' }) : base(path),
      ),
    );
    render(<AdminDashboardScreen page="admin-dashboard" {...shell} />);
    // The server's message when it sent one; the card's own words when it sent none (a non-JSON 502).
    await waitFor(() => expect(within(card().getByRole('alert')).getByText('Resting.')).toBeTruthy(), {
      timeout: 15_000,
    });
  }, 20_000);

  it("says its own words when the summary's answer carries no message", async () => {
    fakeCms();
    setSession('token', { id: '2', email: 'admin@fiehomes.local', role: 'admin', fullName: 'Kofi Addo' });
    const base = globalThis.fetch as unknown as (path: string) => Promise<Response>;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path.startsWith('/api/leads/summary') ? new Response('Bad gateway', { status: 502 }) : base(path),
      ),
    );
    render(<AdminDashboardScreen page="admin-dashboard" {...shell} />);
    await waitFor(() => expect(within(card().getByRole('alert')).getByText(LEADS_FAILED)).toBeTruthy(), {
      timeout: 15_000,
    });
  }, 20_000);
});
