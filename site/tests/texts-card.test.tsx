// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../src/lib/session/store';
import { queryClient } from '../src/islands/shared/query-client';
import AdminDashboardScreen from '../src/islands/back-office/admin-dashboard-screen';
import SuperAdminDashboardScreen from '../src/islands/back-office/super-admin-dashboard-screen';
import { fakeCms, json, staffScreenTests, STATS } from './staff-support';

const shell = { brand: 'Fie Homes', logoUrl: null };
staffScreenTests();

/** The dashboards' figures with today's texts as given. */
function statsWithTexts(texts: unknown) {
  fakeCms();
  const base = globalThis.fetch as unknown as (path: string) => Promise<Response>;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => (path === '/api/stats' ? json(200, { ...STATS, texts }) : base(path))),
  );
}
const card = () => within(screen.getByRole('region', { name: 'Texts today' }));

describe("the dashboards' texts card", () => {
  it.each([
    ['admin', AdminDashboardScreen, 'admin-dashboard'],
    ['superadmin', SuperAdminDashboardScreen, 'super-admin-dashboard'],
  ] as const)(
    "shows the %s today's texts by kind against the budget",
    async (role, Screen, page) => {
      statsWithTexts({
        enabled: true,
        byKind: { code: 1234, viewing: 310, stop: 2 },
        total: 1546,
        failed: 17,
        budget: 2000,
      });
      setSession('token', { id: '1', email: `${role}@fiehomes.local`, role, fullName: 'Efua Boateng' });
      render(<Screen page={page} {...shell} />);
      await waitFor(() => expect(screen.getByRole('region', { name: 'Texts today' })).toBeTruthy(), {
        timeout: 15_000,
      });
      expect(card().getByText(/of 2,000 texts/)).toBeTruthy();
      const figures = card()
        .getAllByRole('term')
        .map((t) => `${t.textContent}: ${t.nextElementSibling?.textContent}`);
      expect(figures).toEqual([
        'Codes: 1,234',
        'Viewings: 310',
        'Alerts: 0',
        'Messages: 0',
        'STOP replies: 2',
        'Undelivered: 17',
      ]);
      const bar = card().getByRole('progressbar', { name: "Share of today's text budget used" });
      expect(bar.getAttribute('aria-valuenow')).toBe('77');
      expect(card().queryByText(/Budget reached/)).toBeNull();
    },
    20_000,
  );

  it('says when the budget is reached, and is not shown where the cms sends no texts', async () => {
    setSession('token', { id: '2', email: 'admin@fiehomes.local', role: 'admin', fullName: 'Kofi Addo' });
    statsWithTexts({ enabled: true, byKind: { code: 90, viewing: 10 }, total: 100, failed: 0, budget: 100 });
    const first = render(<AdminDashboardScreen page="admin-dashboard" {...shell} />);
    await waitFor(() => expect(card().getByText(/Budget reached/)).toBeTruthy(), { timeout: 15_000 });
    first.unmount();
    queryClient.clear();

    statsWithTexts({ enabled: false, byKind: {}, total: 0, failed: 0, budget: 2000 });
    render(<AdminDashboardScreen page="admin-dashboard" {...shell} />);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Leads, last 30 days' })).toBeTruthy(), {
      timeout: 15_000,
    });
    await waitFor(() => expect(screen.getAllByText('1,280').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Texts today' })).toBeNull();
  }, 20_000);
});
