// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@fie/domain';
import { LISTING } from '../src/i18n/listing';

type Script = typeof import('../src/lib/saved-searches/save-search');

const seeker = { id: '7', email: 'ama@fiehomes.local', role: 'user' as const, fullName: 'Ama Mensah' };
const signIn = () => {
  localStorage.setItem('token', 't1');
  localStorage.setItem('user', JSON.stringify(seeker));
};
const reply = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The listing's heading as SaveSearch.astro renders it (the parts the script reads). */
const head = (next: string) => `
  <div id="listing-head">
    <h1>Properties</h1>
    <a href="/login?next=${encodeURIComponent(next)}" data-save-search-toggle class="toggle">Save this search</a>
    <form id="save-search-panel" data-save-search-panel data-failed="${LISTING.en.saveSearchFailed}" hidden>
      <strong data-save-search-label></strong>
      <p data-save-search-area hidden>The area filter is not kept in saved searches.</p>
      <div data-save-search-fields>
        <input type="radio" name="frequency" value="instant">
        <input type="radio" name="frequency" value="daily" checked>
        <input type="radio" name="frequency" value="weekly">
        <button type="submit">Save search</button>
        <button type="button" data-save-search-cancel>Cancel</button>
      </div>
      <div data-save-search-status role="status"></div>
      <div data-save-search-error role="alert"></div>
      <template data-save-search-done><p>${LISTING.en.searchSaved} <a href="/dashboard#saved">Manage saved searches</a></p></template>
    </form>
  </div>`;

const $ = <T extends HTMLElement = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const toggle = () => $<HTMLButtonElement>('[data-save-search-toggle]');
const panel = () => $<HTMLFormElement>('[data-save-search-panel]');
const submit = () => panel().dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

let script: Script;
beforeEach(async () => {
  localStorage.clear();
  history.replaceState(null, '', '/properties?leaseType=Rent&city=accra');
  document.body.innerHTML = `<div data-listing>${head('/properties?leaseType=Rent&city=accra#save-search')}</div>`;
  vi.resetModules();
  script = await import('../src/lib/saved-searches/save-search');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Save this search on the listing', () => {
  it('turns the server’s sign-in link into a button that opens the panel', () => {
    signIn();
    script.mountSaveSearch();
    expect(toggle().tagName).toBe('BUTTON');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-controls')).toBe('save-search-panel');
    toggle().click();
    expect(panel().hidden).toBe(false);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect($('[data-save-search-label]').textContent).toBe('Properties for rent in Accra');
    expect(document.activeElement).toBe($('input[value="daily"]'));
    $('[data-save-search-cancel]').click();
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(toggle());
  });

  it('sends a visitor who is signed out to sign in, coming back here with the panel asked for', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...location, assign, pathname: location.pathname, search: location.search });
    script.mountSaveSearch();
    toggle().click();
    expect(assign).toHaveBeenCalledWith(
      `/login?next=${encodeURIComponent('/properties?leaseType=Rent&city=accra#save-search')}`,
    );
    expect(panel().hidden).toBe(true);
  });

  it('saves the filters the address holds when saving, with the frequency chosen, and says so', async () => {
    signIn();
    const fetch = vi.fn(async () => reply(201, { id: 's1', label: 'Houses for rent in Accra' }));
    vi.stubGlobal('fetch', fetch);
    script.mountSaveSearch();
    toggle().click();
    // The listing changed its filters in place after the panel opened: the address is what counts.
    history.replaceState(
      null,
      '',
      '/properties/accra?leaseType=Rent&propertyType=House&sort=priceAsc&page=2',
    );
    $<HTMLInputElement>('input[value="weekly"]').checked = true;
    submit();
    await settle();
    await settle();
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/saved-searches');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t1');
    expect(JSON.parse(String(init.body))).toEqual({
      query: { leaseType: 'Rent', propertyType: 'House', city: 'accra' },
      frequency: 'weekly',
    });
    expect($('[role="status"]').textContent).toContain(LISTING.en.searchSaved);
    expect($<HTMLAnchorElement>('[role="status"] a').getAttribute('href')).toBe('/dashboard#saved');
    expect($('[data-save-search-label]').textContent).toBe('Houses for rent in Accra');
    expect($('[data-save-search-fields]').hidden).toBe(true);
  });

  it('shows the server’s reason when it refuses, with the way to the search already saved', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(409, { error: { message: MESSAGES.savedSearchDuplicate } })),
    );
    script.mountSaveSearch();
    toggle().click();
    submit();
    await settle();
    await settle();
    const alert = $('[role="alert"]');
    expect(alert.textContent).toContain(MESSAGES.savedSearchDuplicate);
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/dashboard#saved');
    expect($('[data-save-search-fields]').hidden).toBe(false);
  });

  it('says saving failed when the server cannot be reached', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    script.mountSaveSearch();
    toggle().click();
    submit();
    await settle();
    await settle();
    expect($('[role="alert"]').textContent).toBe(LISTING.en.saveSearchFailed);
  });

  it('works again after the listing swaps its heading in place', async () => {
    signIn();
    script.mountSaveSearch();
    history.replaceState(null, '', '/properties?location=East+Legon&bedrooms=3');
    $('#listing-head').outerHTML = head('/properties?location=East+Legon&bedrooms=3#save-search');
    await settle(); // the MutationObserver's turn
    expect(toggle().tagName).toBe('BUTTON');
    toggle().click();
    expect(panel().hidden).toBe(false);
    expect($('[data-save-search-label]').textContent).toBe('3-bedroom Properties');
    expect($('[data-save-search-area]').hidden).toBe(false);
  });

  it('opens by itself on return from signing in, and drops the hash from the address', () => {
    signIn();
    history.replaceState(null, '', '/properties?leaseType=Sale#save-search');
    script.mountSaveSearch();
    expect(panel().hidden).toBe(false);
    expect(location.hash).toBe('');
    expect(location.search).toBe('?leaseType=Sale');
  });
});
