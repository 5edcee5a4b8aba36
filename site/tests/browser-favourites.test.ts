// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAVOURITES_MAX, MESSAGES } from '@fie/domain';

type List = typeof import('../src/lib/favourites/browser-favourites');
let list: List;

const seeker = { id: '7', email: 'ama@fiehomes.local', role: 'user' as const, fullName: 'Ama Mensah' };
const signIn = () => {
  localStorage.setItem('token', 't1');
  localStorage.setItem('user', JSON.stringify(seeker));
};
const stored = () => JSON.parse(localStorage.getItem('favourites') ?? 'null') as unknown;
const reply = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fake cms: answers PUT /api/favourites/:id by the id's status in `statuses` (201 by default). */
function fakeServer(statuses: Record<string, number> = {}) {
  const calls: { method: string; path: string; auth: string | null }[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    calls.push({
      method: init.method ?? 'GET',
      path,
      auth: new Headers(init.headers).get('Authorization'),
    });
    const id = decodeURIComponent(path.split('/').pop()!);
    const status = statuses[id] ?? 201;
    return status === 400 ? reply(400, { message: MESSAGES.favouritesFull }) : reply(status, {});
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

beforeEach(async () => {
  localStorage.clear();
  vi.resetModules();
  list = await import('../src/lib/favourites/browser-favourites');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('favourites kept in the browser', () => {
  it('keeps each property once, oldest first, and removes one', () => {
    expect(list.browserFavourites()).toEqual([]);
    expect(list.addBrowserFavourite('abc1')).toBe(true);
    expect(list.addBrowserFavourite('abc2')).toBe(true);
    expect(list.addBrowserFavourite('abc1')).toBe(true);
    expect(list.browserFavourites()).toEqual(['abc1', 'abc2']);
    expect(stored()).toEqual(['abc1', 'abc2']);
    list.removeBrowserFavourite('abc1');
    expect(list.browserFavourites()).toEqual(['abc2']);
    list.removeBrowserFavourite('abc2');
    expect(localStorage.getItem('favourites')).toBeNull();
  });

  it(`holds at most ${FAVOURITES_MAX}, the account's own cap, and refuses one more`, () => {
    expect(list.BROWSER_FAVOURITES_MAX).toBe(FAVOURITES_MAX);
    localStorage.setItem(
      'favourites',
      JSON.stringify(Array.from({ length: FAVOURITES_MAX }, (_, i) => `p${i}`)),
    );
    expect(list.addBrowserFavourite('one0more')).toBe(false);
    expect(list.browserFavourites()).toHaveLength(FAVOURITES_MAX);
    expect(list.browserFavourites()).not.toContain('one0more');
    // Already there: saving it again is not "one more".
    expect(list.addBrowserFavourite('p3')).toBe(true);
  });

  it('reads a damaged or tampered list as what is usable in it, deduplicated and capped', () => {
    localStorage.setItem('favourites', '{not json');
    expect(list.browserFavourites()).toEqual([]);
    localStorage.setItem('favourites', JSON.stringify({ ids: ['abc'] }));
    expect(list.browserFavourites()).toEqual([]);
    localStorage.setItem(
      'favourites',
      JSON.stringify(['abc', 42, null, 'abc', '../admin', 'x'.repeat(65), 'def']),
    );
    expect(list.browserFavourites()).toEqual(['abc', 'def']);
    const many = Array.from({ length: FAVOURITES_MAX + 20 }, (_, i) => `p${i}`);
    localStorage.setItem('favourites', JSON.stringify(many));
    const read = list.browserFavourites();
    expect(read).toHaveLength(FAVOURITES_MAX);
    expect(read.at(-1)).toBe(`p${FAVOURITES_MAX + 19}`); // the newest kept
  });
});

describe('merging the browser list into the account', () => {
  it('PUTs each stored property with the session token, oldest first, then clears the browser list', async () => {
    list.addBrowserFavourite('abc1');
    list.addBrowserFavourite('abc2');
    list.addBrowserFavourite('abc3');
    signIn();
    const calls = fakeServer({ abc2: 200 });
    const result = await list.mergeBrowserFavourites();
    expect(calls).toEqual(
      ['abc1', 'abc2', 'abc3'].map((id) => ({
        method: 'PUT',
        path: `/api/favourites/${id}`,
        auth: 'Bearer t1',
      })),
    );
    expect(result).toEqual({ saved: 3, gone: 0, full: false, left: 0 });
    expect(list.browserFavourites()).toEqual([]);
    expect(localStorage.getItem('favourites')).toBeNull();
  });

  it('drops properties no longer listed (404) and carries on with the rest', async () => {
    list.addBrowserFavourite('gone1');
    list.addBrowserFavourite('abc2');
    signIn();
    const calls = fakeServer({ gone1: 404 });
    const result = await list.mergeBrowserFavourites();
    expect(calls.map((c) => c.path)).toEqual(['/api/favourites/gone1', '/api/favourites/abc2']);
    expect(result).toMatchObject({ saved: 1, gone: 1, full: false, left: 0 });
    expect(list.browserFavourites()).toEqual([]);
  });

  it('keeps what is left when the server fails, for the next page to merge', async () => {
    list.addBrowserFavourite('abc1');
    list.addBrowserFavourite('abc2');
    list.addBrowserFavourite('abc3');
    signIn();
    const calls = fakeServer({ abc2: 503 });
    const result = await list.mergeBrowserFavourites();
    expect(calls).toHaveLength(2);
    expect(result).toMatchObject({ saved: 1, left: 2 });
    expect(list.browserFavourites()).toEqual(['abc2', 'abc3']);
  });

  it('keeps everything when offline', async () => {
    list.addBrowserFavourite('abc1');
    signIn();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(await list.mergeBrowserFavourites()).toMatchObject({ saved: 0, left: 1 });
    expect(list.browserFavourites()).toEqual(['abc1']);
  });

  it('stops at a full account and says so, instead of trying again on every page', async () => {
    list.addBrowserFavourite('abc1');
    list.addBrowserFavourite('abc2');
    list.addBrowserFavourite('abc3');
    signIn();
    const calls = fakeServer({ abc2: 400 });
    expect(await list.mergeBrowserFavourites()).toMatchObject({ saved: 1, full: true, left: 0 });
    expect(calls).toHaveLength(2);
    expect(list.browserFavourites()).toEqual([]);
  });

  it('does nothing signed out, and one run serves callers that ask at once', async () => {
    list.addBrowserFavourite('abc1');
    const calls = fakeServer();
    expect(await list.mergeBrowserFavourites()).toMatchObject({ saved: 0, left: 1 });
    expect(calls).toHaveLength(0);
    expect(list.browserFavourites()).toEqual(['abc1']);
    signIn();
    const [a, b] = await Promise.all([list.mergeBrowserFavourites(), list.mergeBrowserFavourites()]);
    expect(a).toBe(b);
    expect(calls).toHaveLength(1);
  });

  it('after a sign-in, waits for the merge only so long, and not at all with nothing to merge', async () => {
    signIn();
    const calls = fakeServer();
    expect(await list.mergeAfterSignIn()).toBeNull();
    expect(calls).toHaveLength(0);
    list.addBrowserFavourite('abc1');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    expect(await list.mergeAfterSignIn(20)).toBeNull();
  });
});
