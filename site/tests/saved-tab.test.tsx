// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@fie/domain';
import { favouritesQuery, SavedTab } from '../src/islands/account/saved-tab';
import toast from 'react-hot-toast';
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

const PROPERTY = {
  _id: 'prop0001abcdef',
  images: ['/uploads/a.jpg'],
  propertyType: 'Apartment',
  leaseType: 'Rent',
  propertyState: 'New',
  price: 'GH₵4500',
  priceAmount: 4500,
  currency: 'GHS',
  priceGhs: 4500,
  location: 'Oxford Street, Osu',
  city: { name: 'Accra', slug: 'accra' },
  nearestLandmark: 'Osu Castle',
  digitalAddress: null,
  numberOfBedrooms: 2,
  numberOfBathrooms: 1,
  numberOfWashrooms: 1,
  furnishStatus: 'Fully furnished',
  amenities: [],
  available: true,
  approvalStatus: 'approved',
  description: null,
  postedBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const LISTED = {
  propertyId: PROPERTY._id,
  savedAt: '2026-11-20T10:00:00.000Z',
  available: true,
  property: PROPERTY,
  label: 'Apartment in Oxford Street, Osu',
};
const GONE = {
  propertyId: 'gone0001abcdef',
  savedAt: '2026-11-21T10:00:00.000Z',
  available: false,
  property: null,
  label: 'House in Labone',
};

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function Harness() {
  return <SavedTab query={useQuery(favouritesQuery((message) => message))} />;
}
const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AppToaster />
      <Harness />
    </QueryClientProvider>,
  );

let phone: ReturnType<typeof fakeScreen>;
beforeEach(() => {
  phone = fakeScreen(390); // react-hot-toast asks matchMedia
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

describe('the Saved tab', () => {
  it('lists favourites newest first: a listed one as a card, one no longer listed muted, without photo or link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [GONE, LISTED])),
    );
    show();
    const cards = await screen.findAllByTestId('saved-property');
    expect(cards).toHaveLength(2);
    const [gone, listed] = cards as [HTMLElement, HTMLElement];

    expect(gone.textContent).toContain(MESSAGES.favouriteNoLongerAvailable);
    expect(gone.textContent).toContain('House in Labone');
    expect(within(gone).queryAllByRole('link')).toHaveLength(0);
    expect(gone.querySelector('img')).toBeNull();
    expect(within(gone).getByRole('button', { name: 'Remove House in Labone from favourites' })).toBeTruthy();

    const link = within(listed).getByRole('link', { name: 'Apartment in Oxford Street, Osu' });
    expect(link.getAttribute('href')).toBe(`/property/${PROPERTY._id}`);
    expect(listed.textContent).toContain('GH₵4,500');
    expect(listed.textContent).toContain('/ month');
    expect(listed.querySelector('img')?.getAttribute('src')).toBe('/uploads/a.jpg');
  });

  it('removes a favourite at once and puts it back with a message when the server refuses', async () => {
    let answer: (res: Response) => void = () => {};
    const fetch = vi.fn((_path: string, init: RequestInit = {}) =>
      init.method === 'DELETE'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(json(200, [GONE, LISTED])),
    );
    vi.stubGlobal('fetch', fetch);
    show();
    const name = 'Remove House in Labone from favourites';
    (await screen.findByRole('button', { name })).click();
    await waitFor(() => expect(screen.getAllByTestId('saved-property')).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith(
      `/api/favourites/${GONE.propertyId}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
    answer(json(503, { message: MESSAGES.serviceUnavailable }));
    await waitFor(() => expect(screen.getAllByTestId('saved-property')).toHaveLength(2));
    expect(screen.getAllByTestId('saved-property')[0]!.textContent).toContain('House in Labone');
    expect(await screen.findByText(MESSAGES.serviceUnavailable)).toBeTruthy();

    (await screen.findByRole('button', { name })).click();
    await waitFor(() => expect(screen.getAllByTestId('saved-property')).toHaveLength(1));
    answer(json(204));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByTestId('saved-property')).toHaveLength(1);
    expect(screen.queryByText('House in Labone')).toBeNull();
  });

  it('says when there is nothing saved, and hands over hearts kept in the browser first', async () => {
    localStorage.setItem('favourites', JSON.stringify(['abc1']));
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit = {}) => {
        calls.push(`${init.method ?? 'GET'} ${path}`);
        return init.method === 'PUT' ? json(404, { message: MESSAGES.propertyNotFound }) : json(200, []);
      }),
    );
    show();
    expect(await screen.findByText(MESSAGES.noSavedProperties)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Properties' }).getAttribute('href')).toBe('/properties');
    // (The saved searches below the favourites ask for their own list.)
    expect(calls.filter((c) => c.includes('/api/favourites'))).toEqual([
      'PUT /api/favourites/abc1',
      'GET /api/favourites',
    ]);
    expect(localStorage.getItem('favourites')).toBeNull();
  });
});
