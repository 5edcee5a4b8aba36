// The browser session, framework-free: it ships on every page inside the account menu's script,
// so it imports nothing but the site's address rules (the domain package would pull zod into the
// home page's budget).
// The token and the user record are kept in localStorage under `token` and `user`.

import { DEFAULT_LANGUAGE, localePath, splitLanguage, type Language } from '../../i18n/routes';

export type Role = 'user' | 'admin' | 'superadmin';
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  fullName: string;
}
export interface Session {
  token: string;
  user: SessionUser;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'user';
const ROLES: readonly Role[] = ['user', 'admin', 'superadmin'];
export const TOKEN_CHECK_TIMEOUT_MS = 3000;

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser's privacy settings
  }
}

/** The part of an e-mail before the @, the display name when the server knows none. */
export function emailName(email: string): string {
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}

/** Reads a stored user record, or null when it is missing or not one we wrote. */
export function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (!value || typeof value !== 'object') return null;
    const { id, email, role, fullName } = value;
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof email !== 'string') return null;
    if (!ROLES.includes(role as Role)) return null;
    const name = typeof fullName === 'string' && fullName.trim() ? fullName.trim() : emailName(email);
    return { id: String(id), email, role: role as Role, fullName: name };
  } catch {
    return null;
  }
}

// useSyncExternalStore needs the same object back while nothing changed.
let cacheKey: string | null = null;
let cached: Session | null = null;

export function getSession(): Session | null {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY) ?? null;
  const rawUser = store?.getItem(USER_KEY) ?? null;
  const key = `${token}\u0000${rawUser}`;
  if (key === cacheKey) return cached;
  cacheKey = key;
  const user = parseUser(rawUser);
  cached = token && user ? { token, user } : null;
  return cached;
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) notify();
}

/** Calls `cb` whenever the session changes, in this tab or another one. Returns the unsubscribe. */
export function subscribeSession(cb: Listener): () => void {
  listeners.add(cb);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(cb);
    if (listeners.size === 0 && typeof window !== 'undefined')
      window.removeEventListener('storage', onStorage);
  };
}

export function setSession(
  token: string,
  user: { id: string | number; email: string; role: Role; fullName?: string | null },
): void {
  const record: SessionUser = {
    id: String(user.id),
    email: user.email,
    role: user.role,
    fullName: user.fullName?.trim() || emailName(user.email),
  };
  const store = storage();
  store?.setItem(TOKEN_KEY, token);
  store?.setItem(USER_KEY, JSON.stringify(record));
  notify();
}

/** Updates the stored user record (after a profile edit) without touching the token. */
export function updateSessionUser(changes: Partial<Pick<SessionUser, 'fullName' | 'email'>>): void {
  const session = getSession();
  if (!session) return;
  setSession(session.token, { ...session.user, ...changes });
}

/** Forgets the session in this browser only. */
export function clearSession(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
  notify();
}

function withToken(init: RequestInit, token: string | undefined): RequestInit {
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (typeof init.body === 'string' && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  return { credentials: 'same-origin', ...init, headers };
}

// Bodiless POSTs go out as JSON with an empty object, so every call to the cms has the same shape.
// (They were first added because Astro's origin check refused them; the cause was Astro seeing every
// request as http://localhost, which astro.config.mjs's allowedDomains now fixes for all requests.)
const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

let renewing: Promise<string | null> | null = null;

/** A new access token from the refresh cookie, or null. Concurrent callers share one request. */
export function renewToken(): Promise<string | null> {
  renewing ??= (async () => {
    try {
      const res = await fetch('/api/refresh', {
        method: 'POST',
        credentials: 'same-origin',
        headers: JSON_HEADERS,
        body: '{}',
      });
      if (!res.ok) return null;
      const body = (await res.json()) as { token?: unknown };
      if (typeof body.token !== 'string' || !body.token) return null;
      const session = getSession();
      if (!session) return null; // signed out meanwhile
      setSession(body.token, session.user);
      return body.token;
    } catch {
      return null;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

/**
 * Same-origin fetch with the session's bearer token. On a 401 it renews the token once with the
 * refresh cookie and retries; when renewal fails the session is cleared here and the 401 returned.
 * A body must be replayable (a string, not a stream) because of the retry.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const session = getSession();
  const res = await fetch(path, withToken(init, session?.token));
  if (res.status !== 401 || !session) return res;
  const token = await renewToken();
  if (!token) {
    if (getSession()?.token === session.token) clearSession();
    return res;
  }
  return fetch(path, withToken(init, token));
}

const SIGN_OUT_TIMEOUT_MS = 5_000;

/**
 * Ends the session on the server (errors only logged) and always clears it here. The server gets
 * 5 seconds: a slow or stuck answer must not leave the person unable to sign out.
 */
export async function signOut(): Promise<void> {
  const session = getSession();
  try {
    const headers: HeadersInit = session
      ? { ...JSON_HEADERS, Authorization: `Bearer ${session.token}` }
      : JSON_HEADERS;
    await fetch('/api/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: '{}',
      signal: AbortSignal.timeout(SIGN_OUT_TIMEOUT_MS),
    });
  } catch (error) {
    console.error('sign-out request failed', error);
  } finally {
    clearSession();
  }
}

let verification: Promise<void> | null = null;

/**
 * The start-up token check: GET /api/profile with a 3-second time-out.
 * A refused session signs out; a time-out or network error only warns. Runs once per page load.
 */
export function verifySession(timeoutMs: number = TOKEN_CHECK_TIMEOUT_MS): Promise<void> {
  verification ??= (async () => {
    const session = getSession();
    if (!session) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await apiFetch('/api/profile', { signal: controller.signal });
      if (res.status === 401 || res.status === 403) {
        clearSession();
        return;
      }
      if (!res.ok) return;
      const profile = (await res.json()) as { fullName?: unknown; role?: unknown; email?: unknown };
      const current = getSession();
      if (!current) return;
      const role = ROLES.includes(profile.role as Role) ? (profile.role as Role) : current.user.role;
      const fullName =
        typeof profile.fullName === 'string' && profile.fullName.trim()
          ? profile.fullName.trim()
          : current.user.fullName;
      const email = typeof profile.email === 'string' ? profile.email : current.user.email;
      if (role !== current.user.role || fullName !== current.user.fullName || email !== current.user.email) {
        setSession(current.token, { ...current.user, role, fullName, email });
      }
    } catch (error) {
      // A developer's log line, not shown to anyone.
      console.warn(controller.signal.aborted ? 'session check: timed out' : 'session check: skipped', error);
    } finally {
      clearTimeout(timer);
    }
  })();
  return verification;
}

export function dashboardPath(role: Role): string {
  if (role === 'superadmin') return '/super-admin-dashboard';
  if (role === 'admin') return '/admin-dashboard';
  return '/dashboard';
}

export function dashboardLabel(role: Role): string {
  if (role === 'superadmin') return 'SuperAdmin Dashboard';
  if (role === 'admin') return 'Admin Dashboard';
  return 'Dashboard';
}

/**
 * A path of this site to return to, or null: only "/…" (not "//host" or "/\host"), resolved
 * against this origin so nothing can smuggle another host in.
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused here
  if (/[\u0000-\u001f\\]/.test(next)) return null;
  try {
    const base = 'http://same.origin';
    const url = new URL(next, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * The sign-in page, asked to come back to `returnTo` (a same-origin path) afterwards, in that page's
 * language: from /fr/… it is /fr/login.
 */
export function loginUrl(returnTo: string): string {
  const path = safeReturnPath(returnTo);
  const login = localePath(path ? splitLanguage(path).language : DEFAULT_LANGUAGE, '/login');
  return path && path !== login ? `${login}?next=${encodeURIComponent(path)}` : login;
}

/** The language of the page the browser is on, from its address. */
export function pageLanguage(): Language {
  return splitLanguage(window.location.pathname).language;
}

/**
 * A site path moved to `language` (the account's, after signing in): `/fr/property/x` in English is
 * `/property/x`. The back-office stays where it is.
 */
export function inLanguage(path: string, language: Language): string {
  return localePath(language, splitLanguage(path).path);
}

/** Where to go after signing in: the page that asked, else the role's dashboard. */
export function afterSignIn(role: Role, next: string | null | undefined): string {
  return safeReturnPath(next) ?? dashboardPath(role);
}

/** First letters of up to two words of the full name, else the e-mail's first letter. */
export function initials(fullName: string | null | undefined, email: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = (word: string) => (Array.from(word)[0] ?? '').toUpperCase();
  if (words.length > 0) return words.slice(0, 2).map(first).join('');
  return first((email ?? '').trim());
}
