// Test doubles for the back-office islands: a window whose width the test sets, the cms's answers,
// and the set-up and tear-down every back-office screen test shares.
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { queryClient } from '../src/islands/shared/query-client';
import { AppToaster } from '../src/islands/shared/app-toaster';

/** Replaces window.matchMedia with one that answers min-width queries for a width the test changes. */
export function fakeScreen(width: number) {
  let current = width;
  const listeners = new Set<() => void>();
  const matchMedia = (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return {
      media: query,
      get matches() {
        return current >= min;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    };
  };
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  return {
    resize(width: number) {
      current = width;
      for (const listener of [...listeners]) listener();
    },
    restore() {
      delete (window as { matchMedia?: unknown }).matchMedia;
    },
  };
}

export const STATS = {
  properties: { total: 24, last30Days: 5, previous30Days: 4, changePercent: 25 },
  appointments: { total: 12, last30Days: 3, previous30Days: 0, changePercent: null },
  enquiries: { total: 1280, last30Days: 2, previous30Days: 4, changePercent: -50 },
  dealsClosed: { total: 6, last30Days: 0, previous30Days: 0, changePercent: null },
  pendingApprovals: { properties: 3, deals: 0, total: 3 },
  generatedAt: '2026-11-23T07:00:00.000Z',
};

/** A JSON answer of the stand-in cms. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * Every test of the file starts with nothing stored, on a 1280 px screen (react-hot-toast and the
 * layout ask matchMedia) with window.scrollTo stubbed, and ends with the rendered tree, toasts,
 * cached queries, the screen and every stub undone. `screen()` is the current test's screen, to resize.
 */
export function staffScreenTests(): { screen: () => ReturnType<typeof fakeScreen> } {
  let current: ReturnType<typeof fakeScreen>;
  beforeEach(() => {
    localStorage.clear();
    current = fakeScreen(1280);
    Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: vi.fn() });
  });
  afterEach(() => {
    cleanup();
    toast.remove();
    queryClient.clear();
    current.restore();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return { screen: () => current };
}

/** A back-office island as the staff pages mount it: with the query client and the toaster. */
export function renderStaff(island: ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AppToaster />
      {island}
    </QueryClientProvider>,
  );
}

/** One page of the activity log (GET /api/audit). */
/** GET /api/leads/summary as the cms answers it: the dashboards' leads card. */
export const LEADS = {
  days: 30,
  since: '2026-10-24T07:00:00.000Z',
  total: 7,
  byChannel: { whatsapp: 5, call: 2 },
  topListings: [
    { propertyId: 'k3x9q2ab7hd8s0', title: 'House in Osu', total: 4, whatsapp: 3, call: 1 },
    { propertyId: 'zz81mm0qq4', title: null, total: 3, whatsapp: 2, call: 1 },
  ],
};

export const AUDIT = [
  {
    _id: 'e1',
    user: { id: 'u1', email: 'kofi@fiehomes.local', role: 'admin' },
    action: 'created',
    resource: { type: 'property', id: 'p1', label: 'Oxford Street, Osu' },
    detail: null,
    createdAt: '2026-11-23T07:30:00.000Z',
  },
];

/** A fetch that answers GET /api/stats (or fails it), the audit, leads and needs-confirming reads, and accepts the session check and sign-out. */
export function fakeCms(options: { statsStatus?: number } = {}) {
  const fetch = vi.fn(async (path: string) => {
    if (path === '/api/stats')
      return options.statsStatus
        ? json(options.statsStatus, { message: 'The figures are resting.' })
        : json(200, STATS);
    if (path.startsWith('/api/audit?')) return json(200, AUDIT, { 'x-total-count': String(AUDIT.length) });
    if (path.startsWith('/api/leads/summary')) return json(200, LEADS);
    // The dashboards' "Needs confirming" card: nothing waits.
    if (path.startsWith('/api/products/needs-confirming'))
      return json(200, { items: [], page: 1, pageSize: 5, total: 0, totalPages: 0 });
    return json(200, {});
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
