import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@fie/mailcatcher';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, codeIn } from '../helpers/http';
import { request } from 'node:http';
import { trustedProxies } from '../../src/shared/trusted-proxies';
import { PANEL_LOGIN_FAILURES_PER_IP } from '../../src/plugins/accounts/server/src/middlewares/panel-login-limit.middleware';

// Visitors reach the cms through the site's /api proxy, which sends the address it saw in
// X-Forwarded-For and the public scheme in X-Forwarded-Proto. The cms believes those headers from
// the peers in TRUSTED_PROXIES only (default: this machine, where the site runs), and takes every
// other peer as the client itself, whatever it sends.
const PER_IP = 30;
let n = 0;
const wrongSignIn = (api: ReturnType<typeof client>, forwardedFor: string) =>
  api.post(
    '/api/login',
    { email: `nobody${++n}@example.com`, password: 'WrongPass123' },
    { headers: { 'x-forwarded-for': forwardedFor } },
  );

async function failFromAddress(api: ReturnType<typeof client>, forwardedFor: (i: number) => string) {
  for (let i = 0; i < PER_IP; i++) expect((await wrongSignIn(api, forwardedFor(i))).status).toBe(401);
}

describe('behind the site (the default TRUSTED_PROXIES, https SITE_URL)', () => {
  let cms: TestCms;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    mail = await startMailCatcher({ port: 0 });
    cms = await startCms({ env: { SITE_URL: 'https://homes.example', SMTP_PORT: String(mail.port) } });
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
    const subscribe = (from: string, i: number) =>
      api.post(
        '/api/newsletter',
        { email: `reader${i}.${from}@example.com` },
        { headers: { 'x-forwarded-for': from } },
      );
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

describe('reached directly by a peer not in TRUSTED_PROXIES', () => {
  let cms: TestCms;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    // The shipped compose file set IS_PROXIED=true, which believed any peer: it no longer does.
    // The site's stand-in here is 127.0.0.2; the test's own requests come from 127.0.0.1.
    cms = await startCms({
      env: {
        IS_PROXIED: 'true',
        TRUSTED_PROXIES: '127.0.0.2, 10.0.0.0/8',
        SITE_URL: 'http://127.0.0.1:4321',
      },
    });
    api = client(cms.url);
    const role = await cms.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-super-admin' } });
    await cms.strapi.service('admin::user').create({
      email: 'panel@example.com',
      firstname: 'Panel',
      lastname: 'Admin',
      password: 'PanelPass123',
      isActive: true,
      registrationToken: null,
      roles: [role.id],
    });
  });
  afterAll(async () => {
    await cms?.stop();
  });

  /** POST from a chosen local address (node:http: fetch cannot pick one). */
  const postFrom = (localAddress: string, path: string, body: unknown, forwardedFor: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        `${cms.url}${path}`,
        {
          method: 'POST',
          localAddress,
          agent: false,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });

  it('a client-sent X-Forwarded-For is ignored: a new forged address per try does not escape the sign-in limit', async () => {
    await failFromAddress(api, (i) => `192.0.2.${i + 1}`);
    expect((await wrongSignIn(api, '192.0.2.200')).status).toBe(429);
    expect((await wrongSignIn(api, '')).status).toBe(429);
  });

  it("the panel's sign-in limit holds too: forged addresses give no new guesses at a panel password", async () => {
    // One guess per e-mail (Strapi's own limit counts e-mail and address together; ours, the address).
    const panelLogin = (i: number) =>
      fetch(`${cms.url}/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({ email: `panel${i}@example.com`, password: `Guess${i}Pass` }),
      });
    const statuses: number[] = [];
    for (let i = 1; i <= PANEL_LOGIN_FAILURES_PER_IP + 1; i++) statuses.push((await panelLogin(i)).status);
    expect(statuses.slice(0, PANEL_LOGIN_FAILURES_PER_IP).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a peer in TRUSTED_PROXIES is believed: from 127.0.0.2 each forwarded visitor has its own count', async () => {
    // 127.0.0.1 is locked out by the tests above; visitors behind the trusted peer are not.
    const body = () => ({ email: `via-site${++n}@example.com`, password: 'WrongPass123' });
    expect(await postFrom('127.0.0.2', '/api/login', body(), '203.0.113.77')).toBe(401);
    for (let i = 0; i < PER_IP; i++) await postFrom('127.0.0.2', '/api/login', body(), '203.0.113.78');
    expect(await postFrom('127.0.0.2', '/api/login', body(), '203.0.113.78')).toBe(429);
    expect(await postFrom('127.0.0.2', '/api/login', body(), '203.0.113.79')).toBe(401);
  });
});

describe('TRUSTED_PROXIES=none', () => {
  let cms: TestCms;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    cms = await startCms({ env: { TRUSTED_PROXIES: 'none', SITE_URL: 'http://127.0.0.1:4321' } });
    api = client(cms.url);
  });
  afterAll(async () => {
    await cms?.stop();
  });

  it('believes no peer, this machine included', async () => {
    await failFromAddress(api, (i) => `192.0.2.${i + 1}`);
    expect((await wrongSignIn(api, '192.0.2.201')).status).toBe(429);
  });
});

describe('the TRUSTED_PROXIES matcher', () => {
  it('matches addresses and ranges of both families, and IPv4 peers seen through a dual-stack socket', () => {
    const t = trustedProxies('127.0.0.1, 10.0.0.0/8, fd00::/8, ::1');
    for (const a of ['127.0.0.1', '::ffff:127.0.0.1', '10.1.2.3', '::ffff:10.200.0.1', 'fd12::1', '::1'])
      expect(t.trusts(a), a).toBe(true);
    for (const a of ['127.0.0.2', '11.0.0.1', 'fe80::1', '::2', '', undefined, 'not-an-address'])
      expect(t.trusts(a), String(a)).toBe(false);
  });

  it('defaults to this machine, and none is nobody', () => {
    expect(trustedProxies(undefined).trusts('::1')).toBe(true);
    expect(trustedProxies('').trusts('127.0.0.1')).toBe(true);
    expect(trustedProxies('').trusts('192.168.1.1')).toBe(false);
    expect(trustedProxies('none').trusts('127.0.0.1')).toBe(false);
  });

  it('refuses an entry that is not an address or range, naming it', () => {
    expect(() => trustedProxies('127.0.0.1,site')).toThrow(/TRUSTED_PROXIES entry 'site'/);
    expect(() => trustedProxies('10.0.0.0/40')).toThrow(/'10.0.0.0\/40'/);
  });
});
