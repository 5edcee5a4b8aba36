import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@fie/mailcatcher';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, codeIn } from '../helpers/http';

// Visitors reach the cms through the site's /api proxy, which sends the address it saw in
// X-Forwarded-For and the public scheme in X-Forwarded-Proto. The cms trusts that one hop when
// IS_PROXIED=true, and nothing a client sends when it is not.
const PER_IP = 30;
let n = 0;
const wrongSignIn = (api: ReturnType<typeof client>, forwardedFor: string) =>
  api.post('/api/login', { email: `nobody${++n}@example.com`, password: 'WrongPass123' }, { headers: { 'x-forwarded-for': forwardedFor } });

async function failFromAddress(api: ReturnType<typeof client>, forwardedFor: (i: number) => string) {
  for (let i = 0; i < PER_IP; i++) expect((await wrongSignIn(api, forwardedFor(i))).status).toBe(401);
}

describe('behind the site (IS_PROXIED=true, https SITE_URL)', () => {
  let cms: TestCms;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    mail = await startMailCatcher({ port: 0 });
    cms = await startCms({ env: { IS_PROXIED: 'true', SITE_URL: 'https://homes.example', SMTP_PORT: String(mail.port) } });
    api = client(cms.url);
  });
  afterAll(async () => {
    await cms?.stop();
    await mail?.close();
  });

  it('two visitors keep separate sign-in counts: one locked out does not lock out the other', async () => {
    await failFromAddress(api, () => '203.0.113.10');
    const locked = await wrongSignIn(api, '203.0.113.10');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/too many failed sign-in attempts/i);
    expect((await wrongSignIn(api, '203.0.113.20')).status).toBe(401);
  });

  it('only the last X-Forwarded-For entry (the one the site added) counts', async () => {
    // 203.0.113.10 is locked out by the test above: a forged first entry does not get it out...
    expect((await wrongSignIn(api, '198.51.100.99, 203.0.113.10')).status).toBe(429);
    // ...and naming a locked-out address first does not lock out the real one.
    expect((await wrongSignIn(api, '203.0.113.10, 198.51.100.7')).status).toBe(401);
  });

  it('newsletter sign-ups are limited per visitor, not for the whole site', async () => {
    const subscribe = (from: string, i: number) => api.post('/api/newsletter', { email: `reader${i}.${from}@example.com` }, { headers: { 'x-forwarded-for': from } });
    for (let i = 0; i < 10; i++) expect((await subscribe('203.0.113.40', i)).status).toBe(200);
    expect((await subscribe('203.0.113.40', 10)).status).toBe(429);
    expect((await subscribe('203.0.113.41', 0)).status).toBe(200);
  });

  it('verifying a code and signing in over https answer 200 with a Secure refresh cookie', async () => {
    const email = `secure${Date.now()}@example.com`;
    const viaSite = { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.30' } };
    expect((await api.post('/api/signup', { email, password: 'Passw0rdOk' }, viaSite)).status).toBe(201);
    const code = codeIn((await mail.waitFor({ to: email, subject: /verification code/ })).text);

    const verified = await api.post('/api/otp/verify', { email, userOtp: code }, viaSite);
    expect(verified.status).toBe(200);
    expect(verified.refreshCookie).toBeTruthy();
    expect(verified.headers.getSetCookie().find((c) => c.startsWith('fie_refresh='))).toMatch(/;\s*secure/i);

    const signedIn = await api.post('/api/login', { email, password: 'Passw0rdOk' }, viaSite);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
    expect(signedIn.headers.getSetCookie().find((c) => c.startsWith('fie_refresh='))).toMatch(/;\s*secure/i);
  });

  it('a hop that does not say https still gets an answer, with the Secure cookie the https site needs (not a 500)', async () => {
    const email = `plainhop${Date.now()}@example.com`;
    const plainHop = { headers: { 'x-forwarded-for': '203.0.113.31' } };
    expect((await api.post('/api/signup', { email, password: 'Passw0rdOk' }, plainHop)).status).toBe(201);
    const code = codeIn((await mail.waitFor({ to: email, subject: /verification code/ })).text);
    const verified = await api.post('/api/otp/verify', { email, userOtp: code }, plainHop);
    expect(verified.status).toBe(200);
    expect(verified.headers.getSetCookie().find((c) => c.startsWith('fie_refresh='))).toMatch(/;\s*secure/i);
  });
});

describe('reached directly (IS_PROXIED unset)', () => {
  let cms: TestCms;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    // The helper's settings stay in process.env between starts: the proxied ones are undone here.
    cms = await startCms({ env: { IS_PROXIED: '', SITE_URL: 'http://127.0.0.1:4321' } });
    api = client(cms.url);
  });
  afterAll(async () => {
    await cms?.stop();
  });

  it('a client-sent X-Forwarded-For is ignored: a new forged address per try does not escape the limit', async () => {
    await failFromAddress(api, (i) => `192.0.2.${i + 1}`);
    expect((await wrongSignIn(api, '192.0.2.200')).status).toBe(429);
    expect((await wrongSignIn(api, '')).status).toBe(429);
  });
});
