import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startCms, type TestCms } from '../helpers/strapi';

// Google sign-in with Google itself stood in for by a local server (its token and token-information
// endpoints, which the cms calls; the browser's visit to Google's consent page is skipped: the test
// comes back the way Google sends a browser back, with a code and the state).
const CLIENT_ID = 'test-client-id.apps.googleusercontent.com';
const SITE = 'http://127.0.0.1:4321';
let cms: TestCms;
let google: Server;
let googleUrl = '';
/** What the stand-in's token information says about each access token; each code gives the token of its name. */
const tokens = new Map<string, Record<string, unknown>>();
const exchanged: Array<Record<string, string>> = [];

beforeAll(async () => {
  google = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://google');
    const reply = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        exchanged.push(form);
        if (form.client_secret !== 'test-secret' || !tokens.has(`token-for-${form.code}`))
          return reply(400, { error: 'invalid_grant' });
        reply(200, { access_token: `token-for-${form.code}`, token_type: 'Bearer', expires_in: 3599 });
      });
      return;
    }
    if (url.pathname === '/tokeninfo') {
      const info = tokens.get(url.searchParams.get('access_token') ?? '');
      return info ? reply(200, info) : reply(400, { error: 'invalid_token' });
    }
    reply(404, {});
  });
  await new Promise<void>((r) => google.listen(0, '127.0.0.1', r));
  googleUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  cms = await startCms({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_AUTHORIZE_URL: `${googleUrl}/auth`,
      GOOGLE_TOKEN_URL: `${googleUrl}/token`,
      GOOGLE_TOKENINFO_URL: `${googleUrl}/tokeninfo`,
      SITE_URL: SITE,
    },
  });
});
afterAll(async () => {
  await cms?.stop();
  await new Promise((r) => (google ? google.close(r) : r(null)));
});

const get = (path: string, cookie?: string) =>
  fetch(`${cms.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
const accountOf = (email: string) =>
  cms.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email } });

/** A browser's start of a Google sign-in: its state cookie and the state sent to Google. */
async function start() {
  const res = await get('/api/auth/google');
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get('location')!);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('fie_google_state='))!;
  return { to, setCookie, cookie: setCookie.split(';')[0]!, state: to.searchParams.get('state')! };
}

/** Google vouches for `email` behind the code `code`, issued to `audience`. */
function vouch(code: string, email: string, audience = CLIENT_ID, extra: Record<string, unknown> = {}) {
  tokens.set(`token-for-${code}`, {
    aud: audience,
    azp: audience,
    email,
    email_verified: 'true',
    expires_in: '3599',
    ...extra,
  });
}

async function signIn(code: string) {
  const { cookie, state } = await start();
  const res = await get(`/api/auth/google/return?code=${code}&state=${state}`, cookie);
  expect(res.status).toBe(302);
  return {
    back: new URL(res.headers.get('location')!),
    cleared: res.headers.getSetCookie().find((c) => c.startsWith('fie_google_state=')),
  };
}

describe('Google sign-in, configured', () => {
  it('tells the site to show the button', async () => {
    expect(await (await get('/api/auth-config')).json()).toEqual({ google: true });
  });

  it('the button sends the browser to Google with our client, our return address and a state kept in a short-lived cookie', async () => {
    const { to, setCookie, state } = await start();
    expect(`${to.origin}${to.pathname}`).toBe(`${googleUrl}/auth`);
    expect(to.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(to.searchParams.get('redirect_uri')).toBe(`${SITE}/api/auth/google/return`);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie).toContain(`fie_google_state=${state}`);
    expect(setCookie).toMatch(/path=\/api\/auth\/google/i);
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);
    // Short-lived: ten minutes to come back from Google.
    const expires = Date.parse(/expires=([^;]+)/i.exec(setCookie)![1]!);
    expect(expires).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000);
    expect((await start()).state).not.toBe(state);
  });

  it('the browser that started it comes back signed in, with a confirmed seeker account; the state is used up', async () => {
    vouch('good-1', 'Ama.Google@Example.com');
    const { back, cleared } = await signIn('good-1');
    expect(`${back.origin}${back.pathname}`).toBe(`${SITE}/`);
    expect(back.searchParams.get('email')).toBe('ama.google@example.com');
    expect(back.searchParams.get('token')).toEqual(expect.any(String));
    expect(cleared).toMatch(/fie_google_state=;/);
    const account = await cms.strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { email: 'ama.google@example.com' }, populate: ['role'] });
    expect(account).toMatchObject({ confirmed: true, provider: 'google' });
    expect(account.role.type).toBe('authenticated');
    // The code went to Google's token endpoint with our client and return address.
    expect(exchanged.at(-1)).toMatchObject({
      code: 'good-1',
      client_id: CLIENT_ID,
      redirect_uri: `${SITE}/api/auth/google/return`,
      grant_type: 'authorization_code',
    });
  });

  it('a return link made by someone else (their code and state, no state cookie here) signs no one in: login CSRF', async () => {
    vouch('attacker-1', 'attacker@example.com');
    const attacker = await start(); // in the attacker's own browser
    const victim = await get(`/api/auth/google/return?code=attacker-1&state=${attacker.state}`);
    expect(victim.status).toBe(302);
    const back = new URL(victim.headers.get('location')!);
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toMatch(/could not be checked in this browser/);
    expect(back.searchParams.get('token')).toBeNull();
    // The victim's own browser had started a sign-in of its own: another state, still refused.
    const own = await start();
    const crossed = await get(`/api/auth/google/return?code=attacker-1&state=${attacker.state}`, own.cookie);
    expect(new URL(crossed.headers.get('location')!).pathname).toBe('/login');
    expect(await accountOf('attacker@example.com')).toBeNull();
  });

  it('a token Google issued to another app is refused, and makes no account', async () => {
    vouch('other-app-1', 'elsewhere@example.com', 'another-app.apps.googleusercontent.com');
    const { back } = await signIn('other-app-1');
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toBe('Google sign-in failed. Please try again.');
    expect(await accountOf('elsewhere@example.com')).toBeNull();
  });

  it('an e-mail Google has not verified is refused', async () => {
    vouch('unverified-1', 'unverified@example.com', CLIENT_ID, { email_verified: 'false' });
    const { back } = await signIn('unverified-1');
    expect(back.pathname).toBe('/login');
    expect(await accountOf('unverified@example.com')).toBeNull();
  });

  it('an access token in the return address, the old hand-off, is not accepted', async () => {
    vouch('direct-1', 'direct@example.com');
    const res = await get('/api/auth/google/return?access_token=token-for-direct-1');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/did not complete/);
    expect(await accountOf('direct@example.com')).toBeNull();
  });

  it('a sign-in the person cancelled at Google goes back to the sign-in page with a reason', async () => {
    const { cookie, state } = await start();
    const res = await get(`/api/auth/google/return?error=access_denied&state=${state}`, cookie);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe(
      'Google sign-in was cancelled. Please try again.',
    );
  });

  it('the stock OAuth routes of users-permissions stay closed', async () => {
    expect((await get('/api/auth/google/callback?access_token=x')).status).toBe(404);
    expect((await get('/api/connect/google')).status).toBe(404);
  });
});

describe('Google sign-in during maintenance', () => {
  const maintenance = (on: boolean) =>
    cms.strapi.service('api::system-setting.system').update({ maintenanceMode: on });
  afterAll(async () => {
    await maintenance(false);
  });

  it('refuses a first sign-in (a sign-up) with the maintenance message and creates no account', async () => {
    await maintenance(true);
    vouch('new-1', 'new.google@example.com');
    const { back } = await signIn('new-1');
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toMatch(/undergoing maintenance/);
    expect(await accountOf('new.google@example.com')).toBeNull();
  });

  it('lets an account that exists sign in, and a first sign-in create one once maintenance is off', async () => {
    await maintenance(false);
    vouch('kept-1', 'kept.google@example.com');
    const first = await signIn('kept-1');
    expect(first.back.pathname).toBe('/');
    expect(first.back.searchParams.get('email')).toBe('kept.google@example.com');
    expect(await accountOf('kept.google@example.com')).not.toBeNull();

    await maintenance(true);
    vouch('kept-2', 'kept.google@example.com');
    const again = await signIn('kept-2');
    expect(again.back.pathname).toBe('/');
    expect(again.back.searchParams.get('token')).toEqual(expect.any(String));
  });
});
