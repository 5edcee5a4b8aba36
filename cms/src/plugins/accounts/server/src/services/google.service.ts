import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { siteUrl } from '../../../../../shared/site-url';
import { getService } from '../get-service';
import { getUsersPermissionsService } from '../../../../../shared/core-services';

export const googleConfigured = () =>
  Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET);

/** Where Google sends the browser back: served by the cms, reached through the site's /api proxy. */
export const googleReturnUrl = () => `${siteUrl()}/api/auth/google/return`;

/** Google's OAuth endpoints; the GOOGLE_*_URL settings exist for tests, which stand a local server in for Google. */
const endpoint = (name: 'AUTHORIZE' | 'TOKEN' | 'TOKENINFO', fallback: string) =>
  process.env[`GOOGLE_${name}_URL`]?.trim() || fallback;
const authorizeEndpoint = () => endpoint('AUTHORIZE', 'https://accounts.google.com/o/oauth2/v2/auth');
const tokenEndpoint = () => endpoint('TOKEN', 'https://oauth2.googleapis.com/token');
const tokeninfoEndpoint = () => endpoint('TOKENINFO', 'https://oauth2.googleapis.com/tokeninfo');

/** The cookie that binds a Google sign-in to the browser that started it (login CSRF). */
export const STATE_COOKIE = 'fie_google_state';
const STATE_SECONDS = 10 * 60;

/** A sign-in that Google, or the browser that comes back, did not complete: its reason for the sign-in page. */
export class GoogleSignInError extends Error {}

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body) throw new GoogleSignInError(`Google ${what} answered ${res.status}`);
  return body;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  configured: googleConfigured,

  /**
   * Google sign-in is on while GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are set: users-permissions'
   * provider setting is written from them at every start (its account creation is what a first
   * sign-in uses), and its Google profile check is ours (`profile`), which also checks that the token
   * was issued to our client. Google's console must allow the redirect URI `googleReturnUrl()`.
   */
  async ensureProvider(): Promise<void> {
    const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
    const grant = ((await store.get({ key: 'grant' })) as Record<string, object> | null) ?? {};
    const current = grant.google ?? {};
    const next = googleConfigured()
      ? {
          ...current,
          enabled: true,
          key: process.env.GOOGLE_CLIENT_ID,
          secret: process.env.GOOGLE_CLIENT_SECRET,
          callback: googleReturnUrl(),
          scope: ['email'],
        }
      : { ...current, enabled: false, key: '', secret: '' };
    await store.set({ key: 'grant', value: { ...grant, google: next } });
    const registry = getUsersPermissionsService(strapi, 'providers-registry');
    registry.add('google', {
      ...registry.get('google'),
      authCallback: ({ accessToken }: { accessToken: string }) =>
        getService(strapi, 'google').profile(accessToken),
    });
  },

  /** A new state value, and where to send the browser to sign in with it. */
  start(): { state: string; location: string; cookie: { maxAge: number; path: string } } {
    const state = randomBytes(32).toString('base64url');
    const params = new URLSearchParams({
      client_id: process.env.GOOGLE_CLIENT_ID ?? '',
      redirect_uri: googleReturnUrl(),
      response_type: 'code',
      scope: 'openid email',
      state,
      prompt: 'select_account',
    });
    return {
      state,
      location: `${authorizeEndpoint()}?${params}`,
      cookie: { maxAge: STATE_SECONDS * 1000, path: '/api/auth/google' },
    };
  },

  /** Whether the state Google sent back is the one this browser's cookie holds. */
  stateMatches(returned: unknown, kept: string | undefined): boolean {
    if (typeof returned !== 'string' || !kept) return false;
    const a = Buffer.from(returned);
    const b = Buffer.from(kept);
    return a.length === b.length && timingSafeEqual(a, b);
  },

  /** The access token Google gives for the code it sent back. */
  async exchange(code: string): Promise<string> {
    const res = await fetch(tokenEndpoint(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        code,
        client_id: process.env.GOOGLE_CLIENT_ID ?? '',
        client_secret: process.env.GOOGLE_CLIENT_SECRET ?? '',
        redirect_uri: googleReturnUrl(),
        grant_type: 'authorization_code',
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = await json(res, 'token exchange');
    if (typeof body.access_token !== 'string' || body.access_token === '')
      throw new GoogleSignInError('Google gave no access token');
    return body.access_token;
  },

  /**
   * The verified e-mail behind an access token, from Google's token information. The token must have
   * been issued to our own client: a token another app obtained for the same person (or for its own
   * user) does not sign anyone in here.
   */
  async profile(accessToken: string): Promise<{ username: string; email: string }> {
    const res = await fetch(`${tokeninfoEndpoint()}?${new URLSearchParams({ access_token: accessToken })}`, {
      signal: AbortSignal.timeout(10_000),
    });
    const info = await json(res, 'token information');
    const client = process.env.GOOGLE_CLIENT_ID;
    if (!client || info.aud !== client || (info.azp !== undefined && info.azp !== client))
      throw new GoogleSignInError('the Google token was not issued to this site');
    const verified = info.email_verified ?? info.verified_email;
    if (verified !== true && verified !== 'true')
      throw new GoogleSignInError('Google has not verified this e-mail address');
    if (typeof info.email !== 'string' || !info.email.includes('@'))
      throw new GoogleSignInError('Google gave no e-mail address');
    const email = info.email.toLowerCase();
    return { username: email.split('@')[0]!, email };
  },
});
