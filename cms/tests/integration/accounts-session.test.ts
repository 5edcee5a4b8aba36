import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@fie/mailcatcher';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, createAccount } from '../helpers/http';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let n = 0;
const freshEmail = () => `person${++n}.${Date.now()}@example.com`;

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});
beforeEach(async () => {
  // Each test starts with no sign-in throttling left by another (they all come from 127.0.0.1).
  await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
});

async function account(roleType: 'authenticated' | 'admin' | 'superadmin' = 'authenticated') {
  const email = freshEmail();
  await createAccount(cms.strapi, email, 'GoodPass123', roleType);
  return email;
}

describe('sign-in', () => {
  it('answers the session and the user fields, with fullName defaulting to the e-mail name', async () => {
    const email = await account();
    const res = await api.post('/api/login', {
      email: email.toUpperCase(),
      password: 'GoodPass123',
      isAdminLogin: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      id: expect.any(String),
      email,
      role: 'user',
      fullName: email.split('@')[0],
      // The account's language (English for one that never chose): the site opens in it.
      language: 'en',
    });
    expect(res.refreshCookie).toBeTruthy();
  });

  it('gives one message for an unknown e-mail and a wrong password', async () => {
    const email = await account();
    const wrong = await api.post('/api/login', { email, password: 'WrongPass123' });
    const unknown = await api.post('/api/login', { email: freshEmail(), password: 'WrongPass123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body.message).toBe('Invalid email or password');
  });

  it('takes similar time for an unknown e-mail and a wrong password', async () => {
    const email = await account();
    const time = async (body: object) => {
      const t0 = performance.now();
      await api.post('/api/login', body);
      return performance.now() - t0;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await time({ email, password: 'WrongPass123' }));
      unknown.push(await time({ email: freshEmail(), password: 'WrongPass123' }));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    // Both pay for a bcrypt comparison; without the dummy hash the unknown case is ~10x faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);
  });

  it('tells a seeker using the admin toggle that this is not an admin account, and lets staff in', async () => {
    const seeker = await account();
    const res = await api.post('/api/login', { email: seeker, password: 'GoodPass123', isAdminLogin: true });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/not an admin account/);
    const admin = await account('admin');
    const staff = await api.post('/api/login', { email: admin, password: 'GoodPass123', isAdminLogin: true });
    expect(staff.status).toBe(200);
    expect(staff.body.role).toBe('admin');
  });

  it('throttles failed sign-ins per address with 429 and a retry time', async () => {
    const email = await account();
    for (let i = 0; i < 5; i++)
      expect((await api.post('/api/login', { email, password: 'WrongPass123' })).status).toBe(401);
    const blocked = await api.post('/api/login', { email, password: 'GoodPass123' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
    // Another address from the same IP is not blocked by this one.
    expect((await api.post('/api/login', { email: await account(), password: 'GoodPass123' })).status).toBe(
      200,
    );
  });

  it('throttles failed sign-ins per IP across addresses', async () => {
    for (let i = 0; i < 30; i++)
      await api.post('/api/login', { email: freshEmail(), password: 'WrongPass123' });
    const blocked = await api.post('/api/login', { email: await account(), password: 'GoodPass123' });
    expect(blocked.status).toBe(429);
  });

  it('refuses a blocked account', async () => {
    const email = await account();
    await cms.strapi.db
      .query('plugin::users-permissions.user')
      .update({ where: { email }, data: { blocked: true } });
    const res = await api.post('/api/login', { email, password: 'GoodPass123' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/blocked/);
  });
});

describe('sessions', () => {
  it('profile answers 200 with the user, or 401 without a valid token', async () => {
    const email = await account();
    const { body } = await api.post('/api/login', { email, password: 'GoodPass123' });
    const ok = await api.get('/api/profile', { token: body.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: body.id, email, role: 'user', phone: null, location: null });
    expect(JSON.stringify(ok.body)).not.toMatch(/password|\$2[aby]\$/);
    expect((await api.get('/api/profile')).status).toBe(401);
    expect((await api.get('/api/profile', { token: 'not-a-token' })).status).toBe(401);
    expect((await api.get('/api/profile', { token: `${body.token}x` })).status).toBe(401);
  });

  it('refuses a token whose session has expired, and one whose session belongs to another account', async () => {
    const email = await account();
    const login = await api.post('/api/login', { email, password: 'GoodPass123' });
    const me = await api.get('/api/profile', { token: login.body.token });
    expect(me.status).toBe(200);
    // The profile is read in one query now: its booleans and dates as the query engine answers them.
    expect(me.body).toMatchObject({ emailNotifications: true, systemAlerts: true });
    expect(me.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const sessions = cms.strapi.db.query('admin::session');
    const user = await cms.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email } });
    const [session] = await sessions.findMany({
      where: { userId: String(user.id), origin: 'users-permissions' },
    });
    // Handed to another account, the session no longer vouches for this token.
    await sessions.update({ where: { id: session.id }, data: { userId: '999999999' } });
    expect((await api.get('/api/profile', { token: login.body.token })).status).toBe(401);
    await sessions.update({ where: { id: session.id }, data: { userId: String(user.id) } });
    expect((await api.get('/api/profile', { token: login.body.token })).status).toBe(200);
    await sessions.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await api.get('/api/profile', { token: login.body.token })).status).toBe(401);
  });

  it('renews the access token from the refresh cookie', async () => {
    const email = await account();
    const login = await api.post('/api/login', { email, password: 'GoodPass123' });
    const renewed = await api.post('/api/refresh', undefined, { cookie: login.refreshCookie });
    expect(renewed.status).toBe(200);
    expect((await api.get('/api/profile', { token: renewed.body.token })).status).toBe(200);
    expect((await api.post('/api/refresh')).status).toBe(401);
  });

  it('sign-out revokes the session: its token and refresh cookie stop working at once', async () => {
    const email = await account();
    const login = await api.post('/api/login', { email, password: 'GoodPass123' });
    const other = await api.post('/api/login', { email, password: 'GoodPass123' });
    const out = await api.post('/api/logout', undefined, {
      token: login.body.token,
      cookie: login.refreshCookie,
    });
    expect(out.status).toBe(200);
    expect(out.refreshCookie).toBe('');
    expect((await api.get('/api/profile', { token: login.body.token })).status).toBe(401);
    expect((await api.post('/api/refresh', undefined, { cookie: login.refreshCookie })).status).toBe(401);
    // Only that session ended.
    expect((await api.get('/api/profile', { token: other.body.token })).status).toBe(200);
    // Signing out with nothing is harmless.
    expect((await api.post('/api/logout')).status).toBe(200);
  });
});

describe('profile and password', () => {
  it('edits full name, Ghana phone and location, and refuses a foreign phone number', async () => {
    const email = await account();
    const { body } = await api.post('/api/login', { email, password: 'GoodPass123' });
    const res = await api.put(
      '/api/profile',
      { fullName: 'Akua Mensah', phone: '024 123 4567', location: 'Osu, Accra' },
      { token: body.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fullName: 'Akua Mensah',
      phone: '+233241234567',
      location: 'Osu, Accra',
    });
    const bad = await api.put('/api/profile', { phone: '+44 20 7946 0958' }, { token: body.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Ghana/);
    expect((await api.put('/api/profile', { fullName: 'X' })).status).toBe(401);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const email = await account();
    const here = await api.post('/api/login', { email, password: 'GoodPass123' });
    const there = await api.post('/api/login', { email, password: 'GoodPass123' });
    const wrong = await api.post(
      '/api/change-password',
      { currentPassword: 'Nope12345', newPassword: 'NewPass456' },
      { token: here.body.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/current password is incorrect/);
    const ok = await api.post(
      '/api/change-password',
      { currentPassword: 'GoodPass123', newPassword: 'NewPass456' },
      { token: here.body.token },
    );
    expect(ok.status).toBe(200);
    expect((await api.get('/api/profile', { token: here.body.token })).status).toBe(200);
    expect((await api.get('/api/profile', { token: there.body.token })).status).toBe(401);
    expect((await api.post('/api/login', { email, password: 'NewPass456' })).status).toBe(200);
    await mail.waitFor({ to: email, subject: /password was changed/ });
  });
});

describe('bad input', () => {
  it.each([
    ['malformed JSON', { raw: '{"email": "a@b.co", ' }],
    ['a JSON array', { raw: '[1,2,3]' }],
    ['wrong types', { body: { email: 42, password: ['x'] } }],
    ['missing fields', { body: {} }],
  ])('answers %s with 400 and a message, never a 500', async (_name, options) => {
    for (const path of ['/api/login', '/api/signup', '/api/otp', '/api/otp/verify', '/api/forgot-password']) {
      const res = await api.call('POST', path, options as any);
      expect(res.status, `${path}`).toBe(400);
      expect(typeof res.body.message, `${path}`).toBe('string');
    }
  });

  it('refuses a huge body with 413', async () => {
    const res = await api.post('/api/signup', {
      email: 'a@b.co',
      password: 'Passw0rd',
      padding: 'x'.repeat(400_000),
    });
    expect(res.status).toBe(413);
  });
});
