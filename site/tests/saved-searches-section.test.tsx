// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { MESSAGES } from '@fie/domain';
import { newMatchesText, SavedSearchesSection } from '../src/islands/account/saved-searches-section';
import { AppToaster } from '../src/islands/shared/app-toaster';
import { fakeScreen } from './staff-support';
import { renderWith } from './words';
import { DASHBOARD } from '../src/i18n/account';
import { dashboardValues } from '../src/i18n/enumerations';

const render = renderWith({
  language: 'en',
  texts: DASHBOARD.en,
  messages: {},
  values: dashboardValues('en'),
});

const SEARCH = {
  id: 'ss0001abcdef',
  query: { city: 'accra', leaseType: 'Rent' },
  frequency: 'daily',
  active: true,
  label: 'Properties for rent in Accra',
  newMatches: 3,
  listingPath: '/properties?city=accra&leaseType=Rent',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastAlertAt: null,
};
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AppToaster />
      <SavedSearchesSection />
    </QueryClientProvider>,
  );

let phone: ReturnType<typeof fakeScreen>;
beforeEach(() => {
  phone = fakeScreen(390);
  localStorage.clear();
  localStorage.setItem('token', 't1');
  localStorage.setItem('user', JSON.stringify({ id: '7', email: 'ama@x.gh', role: 'user', fullName: 'Ama' }));
});
afterEach(() => {
  cleanup();
  toast.remove();
  phone.restore();
  vi.unstubAllGlobals();
});

describe('the saved searches on the dashboard', () => {
  it('says how many new matches there are, only when there are some', () => {
    expect(newMatchesText(3, '{count} new')).toBe('3 new');
    expect(newMatchesText(0, '{count} new')).toBeNull();
  });

  it('lists each search with its words, new matches, frequency, alerts and the way to its listing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [SEARCH])),
    );
    show();
    const row = await screen.findByTestId('saved-search');
    expect(within(row).getByRole('heading', { name: SEARCH.label })).toBeTruthy();
    expect(row.textContent).toContain('3 new');
    expect(row.textContent).toContain('Daily alerts by e-mail');
    expect(within(row).getByRole('link', { name: 'View listings' }).getAttribute('href')).toBe(
      SEARCH.listingPath,
    );
    expect((within(row).getByLabelText('E-mail me') as HTMLSelectElement).value).toBe('daily');
    expect(within(row).getByRole('switch', { name: 'Alerts' }).getAttribute('aria-checked')).toBe('true');
  });

  it('changes the frequency and switches alerts off with PUT, showing what the server answers', async () => {
    const fetch = vi.fn(async (_path: string, init: RequestInit = {}) => {
      if (init.method !== 'PUT') return json(200, [SEARCH]);
      return json(200, { ...SEARCH, ...(JSON.parse(String(init.body)) as object) });
    });
    vi.stubGlobal('fetch', fetch);
    show();
    const row = await screen.findByTestId('saved-search');
    fireEvent.change(within(row).getByLabelText('E-mail me'), { target: { value: 'weekly' } });
    expect(await screen.findByText(MESSAGES.savedSearchFrequencyChanged)).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      `/api/saved-searches/${SEARCH.id}`,
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ frequency: 'weekly' }) }),
    );
    expect(row.textContent).toContain('Weekly alerts by e-mail');

    fireEvent.click(within(row).getByRole('switch', { name: 'Alerts' }));
    expect(await screen.findByText(MESSAGES.savedSearchAlertsOff)).toBeTruthy();
    expect(fetch).toHaveBeenLastCalledWith(
      `/api/saved-searches/${SEARCH.id}`,
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ active: false }) }),
    );
    await waitFor(() =>
      expect(within(row).getByRole('switch', { name: 'Alerts' }).getAttribute('aria-checked')).toBe('false'),
    );
    expect(row.textContent).toContain('Alerts off');
  });

  it('deletes only after confirming, and says when the server refuses', async () => {
    let refuse = true;
    const fetch = vi.fn(async (_path: string, init: RequestInit = {}) => {
      if (init.method !== 'DELETE') return json(200, [SEARCH]);
      return refuse ? json(404, { message: MESSAGES.savedSearchNotFound }) : json(204);
    });
    vi.stubGlobal('fetch', fetch);
    show();
    const row = await screen.findByTestId('saved-search');
    fireEvent.click(within(row).getByRole('button', { name: `Delete saved search: ${SEARCH.label}` }));
    expect(fetch).toHaveBeenCalledTimes(1); // only the list: nothing deleted yet
    expect(document.activeElement?.textContent).toBe('Keep it');
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText(MESSAGES.savedSearchNotFound)).toBeTruthy();
    expect(screen.getByTestId('saved-search')).toBeTruthy();

    refuse = false;
    fireEvent.click(within(row).getByRole('button', { name: `Delete saved search: ${SEARCH.label}` }));
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText(MESSAGES.noSavedSearches)).toBeTruthy();
    expect(screen.getByText(MESSAGES.savedSearchRemoved)).toBeTruthy();
  });

  it('says when the list cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, { message: MESSAGES.serviceUnavailable })),
    );
    show();
    expect(await screen.findByText(MESSAGES.loadSavedSearchesFailed)).toBeTruthy();
  });
});
