// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initials as domainInitials } from '@fie/domain';

type Store = typeof import('../src/lib/session/store');
let store: Store;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const seeker = { id: 'abc123', email: 'ama@fiehomes.local', role: 'user' as const, fullName: 'Ama Mensah' };

beforeEach(async () => {
  localStorage.clear();
  vi.resetModules();
  store = await import('../src/lib/session/store');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the stored session', () => {
  it('is read from localStorage token and user, and the same object is returned while nothing changes', () => {
    expect(store.getSession()).toBeNull();
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', JSON.stringify(seeker));
    const first = store.getSession();
    expect(first).toEqual({ token: 't1', user: seeker });
    expect(store.getSession()).toBe(first);
  });

  it('ignores a user record it did not write and fills a missing full name from the e-mail', () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', '{"id":1,"email":"x@y.z","role":"hacker"}');
    expect(store.getSession()).toBeNull();
    localStorage.setItem('user', '{"id":1,"email":"kofi@y.z","role":"admin"}');
    expect(store.getSession()?.user).toEqual({ id: '1', email: 'kofi@y.z', role: 'admin', fullName: 'kofi' });
  });

  it('tells subscribers about changes here and in other tabs', () => {
    const seen = vi.fn();
    const stop = store.subscribeSession(seen);
    store.setSession('t2', seeker);
    expect(seen).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(seen).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'fie:recently-viewed' }));
    expect(seen).toHaveBeenCalledTimes(2);
    stop();
    store.clearSession();
    expect(seen).toHaveBeenCalledTimes(2);
  });
});

describe('apiFetch', () => {
  it('sends the bearer token when signed in and nothing when signed out', async () => {
    const fetch = vi.fn(async (_path: string, _init?: RequestInit) => json(200, {}));
    vi.stubGlobal('fetch', fetch);
    await store.apiFetch('/api/products');
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('Authorization')).toBeNull();
    store.setSession('t1', seeker);
    await store.apiFetch('/api/appointments');
    expect(new Headers(fetch.mock.calls[1]![1]!.headers).get('Authorization')).toBe('Bearer t1');
  });

  it('renews an expired token once with the refresh cookie, stores it and retries', async () => {
    store.setSession('old', seeker);
    const fetch = vi.fn(async (path: string, init: RequestInit) => {
      if (path === '/api/refresh') return json(200, { token: 'new' });
      return new Headers(init.headers).get('Authorization') === 'Bearer new'
        ? json(200, { ok: true })
        : json(401, { message: 'expired' });
    });
    vi.stubGlobal('fetch', fetch);
    const [a, b] = await Promise.all([store.apiFetch('/api/profile'), store.apiFetch('/api/enquiries')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(fetch.mock.calls.filter(([p]) => p === '/api/refresh')).toHaveLength(1);
    const refresh = fetch.mock.calls.find(([p]) => p === '/api/refresh')![1];
    expect(refresh).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{}' });
    // A POST without a content type is refused by Astro's origin check when the origins differ.
    expect(new Headers(refresh.headers).get('Content-Type')).toBe('application/json');
    expect(store.getSession()?.token).toBe('new');
  });

  it('signs out locally when the session cannot be renewed', async () => {
    store.setSession('old', seeker);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { message: 'Your session has ended.' })),
    );
    const res = await store.apiFetch('/api/profile');
    expect(res.status).toBe(401);
    expect(store.getSession()).toBeNull();
  });
});

describe('signOut', () => {
  it('calls POST /api/logout and clears local data even when the call fails', async () => {
    store.setSession('t1', seeker);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetch);
    await store.signOut();
    expect(fetch).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    expect(error).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('the start-up token check', () => {
  it('signs out when the server refuses the session', async () => {
    store.setSession('t1', seeker);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => (path === '/api/refresh' ? json(401, {}) : json(401, {}))),
    );
    await store.verifySession();
    expect(store.getSession()).toBeNull();
  });

  it('only warns on a time-out and keeps the session', async () => {
    store.setSession('t1', seeker);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_path: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    await store.verifySession(20);
    expect(warn).toHaveBeenCalledWith('session check: timed out', expect.anything());
    expect(store.getSession()?.token).toBe('t1');
  });

  it('takes the full name and role the server knows', async () => {
    store.setSession('t1', { ...seeker, fullName: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, { ...seeker, fullName: 'Ama Serwaa Mensah', _id: 'abc123', phone: null, location: null }),
      ),
    );
    await store.verifySession();
    expect(store.getSession()?.user.fullName).toBe('Ama Serwaa Mensah');
  });
});

describe('returning after sign-in', () => {
  it.each([
    ['/property/abc123', '/property/abc123'],
    ['/property/abc?book=1#top', '/property/abc?book=1#top'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['dashboard', null],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/a\tb', null],
    ['', null],
    [null, null],
  ])('accepts only same-origin paths: %j → %j', (input, expected) => {
    expect(store.safeReturnPath(input)).toBe(expected);
  });

  it('builds the login link and picks the destination by role', () => {
    expect(store.loginUrl('/property/abc?x=1')).toBe('/login?next=%2Fproperty%2Fabc%3Fx%3D1');
    expect(store.loginUrl('//evil.example')).toBe('/login');
    // From a French or Spanish page, the sign-in page in that language.
    expect(store.loginUrl('/fr/property/abc')).toBe('/fr/login?next=%2Ffr%2Fproperty%2Fabc');
    expect(store.loginUrl('/es/')).toBe('/es/login?next=%2Fes%2F');
    expect(store.loginUrl('/fr/login')).toBe('/fr/login');
    expect(store.afterSignIn('superadmin', null)).toBe('/super-admin-dashboard');
    expect(store.afterSignIn('admin', null)).toBe('/admin-dashboard');
    expect(store.afterSignIn('user', null)).toBe('/dashboard');
    expect(store.afterSignIn('user', '/property/abc')).toBe('/property/abc');
    expect(store.afterSignIn('admin', 'https://evil.example')).toBe('/admin-dashboard');
  });
});

describe('initials', () => {
  it.each([
    ['Ama Serwaa Mensah', 'a@b.c', 'AS'],
    ['kwame', 'a@b.c', 'K'],
    ['  ', 'yaw@b.c', 'Y'],
    [null, 'efua@b.c', 'E'],
    ['Ọlá Ade', null, 'ỌA'],
  ])('%j / %j → %j, as the domain package computes it', (name, email, expected) => {
    expect(store.initials(name, email)).toBe(expected);
    expect(store.initials(name, email)).toBe(domainInitials(name, email));
  });
});
