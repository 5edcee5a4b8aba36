import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@fie/mailcatcher';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, createAccount, permissionTests } from '../helpers/http';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let n = 0;
const freshEmail = (tag = 'x') => `${tag}${++n}.${Date.now()}@example.com`;
type Who = 'anonymous' | 'seeker' | 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};
const emailOf: Partial<Record<Who, string>> = {};

async function signedIn(roleType: 'authenticated' | 'admin' | 'superadmin', tag: string) {
  const email = freshEmail(tag);
  await createAccount(cms.strapi, email, 'GoodPass123', roleType);
  const res = await api.post('/api/login', { email, password: 'GoodPass123' });
  expect(res.status).toBe(200);
  return { email, token: res.body.token as string, id: res.body.id as string };
}

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
  for (const [who, type] of [
    ['seeker', 'authenticated'],
    ['admin', 'admin'],
    ['superadmin', 'superadmin'],
  ] as const) {
    const s = await signedIn(type, who);
    token[who] = s.token;
    emailOf[who] = s.email;
  }
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});
beforeEach(async () => {
  await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
});

// Every accounts route, for every kind of caller: the status each must get.
type Case = { route: string; call: (t?: string) => Promise<{ status: number }>; expect: Record<Who, number> };
const cases: Case[] = [
  {
    route: 'GET /api/profile',
    call: (t) => api.get('/api/profile', { token: t }),
    expect: { anonymous: 401, seeker: 200, admin: 200, superadmin: 200 },
  },
  {
    route: 'PUT /api/profile',
    call: (t) => api.put('/api/profile', { location: 'Accra' }, { token: t }),
    expect: { anonymous: 401, seeker: 200, admin: 200, superadmin: 200 },
  },
  {
    route: 'POST /api/change-password (wrong current)',
    call: (t) =>
      api.post(
        '/api/change-password',
        { currentPassword: 'Wrong12345', newPassword: 'Another123' },
        { token: t },
      ),
    expect: { anonymous: 401, seeker: 400, admin: 400, superadmin: 400 },
  },
  {
    route: 'GET /api/users',
    call: (t) => api.get('/api/users', { token: t }),
    expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
  },
  {
    route: 'GET /api/admins',
    call: (t) => api.get('/api/admins', { token: t }),
    expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 200 },
  },
  {
    route: 'POST /api/add-admin',
    call: (t) =>
      api.post(
        '/api/add-admin',
        { email: freshEmail('new'), password: 'NewStaff123', role: 'admin' },
        { token: t },
      ),
    expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 201 },
  },
  {
    route: 'PUT /api/revoke-admin/:id',
    call: async (t) => {
      const target = await signedIn('admin', 'target');
      return api.put(`/api/revoke-admin/${target.id}`, {}, { token: t });
    },
    expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 200 },
  },
  {
    route: 'GET /api/auth-config',
    call: (t) => api.get('/api/auth-config', { token: t }),
    expect: { anonymous: 200, seeker: 200, admin: 200, superadmin: 200 },
  },
  // Signing out is open to anyone; without a session it ends nothing (the callers' sessions are kept for the other rows).
  {
    route: 'POST /api/logout',
    call: () => api.post('/api/logout'),
    expect: { anonymous: 200, seeker: 200, admin: 200, superadmin: 200 },
  },
  {
    route: 'POST /api/login (wrong password)',
    call: (t) =>
      api.post('/api/login', { email: 'nobody@example.com', password: 'Wrong12345' }, { token: t }),
    expect: { anonymous: 401, seeker: 401, admin: 401, superadmin: 401 },
  },
  {
    route: 'POST /api/otp',
    call: (t) => api.post('/api/otp', { email: freshEmail('otp'), msg: 'register' }, { token: t }),
    expect: { anonymous: 200, seeker: 200, admin: 200, superadmin: 200 },
  },
  {
    route: 'POST /api/forgot-password (unverified)',
    call: (t) =>
      api.post('/api/forgot-password', { email: freshEmail('fp'), newPassword: 'Another123' }, { token: t }),
    expect: { anonymous: 403, seeker: 403, admin: 403, superadmin: 403 },
  },
];

describe('who may call which accounts route', () => {
  permissionTests(it, expect, cases, ['anonymous', 'seeker', 'admin', 'superadmin'] as const, (w) =>
    w === 'anonymous' ? undefined : token[w],
  );
});

describe('staff accounts', () => {
  it('lists seekers for staff and staff for the superadmin, with no secrets, searchable by e-mail', async () => {
    const users = await api.get('/api/users', { token: token.admin });
    expect(users.body.every((u: any) => u.role === 'user')).toBe(true);
    expect(users.body.some((u: any) => u.email === emailOf.seeker)).toBe(true);
    expect(Object.keys(users.body[0]).sort()).toEqual([
      '_id',
      'active',
      'bookingRestrictedUntil',
      'codeTextFailedAt',
      'createdAt',
      'email',
      'fullName',
      'phone',
      'role',
    ]);
    const admins = await api.get(`/api/admins?search=${encodeURIComponent(emailOf.admin!.toUpperCase())}`, {
      token: token.superadmin,
    });
    expect(admins.body.map((u: any) => u.email)).toEqual([emailOf.admin]);
    expect(JSON.stringify([users.body, admins.body])).not.toMatch(/password|\$2[aby]\$|token/i);
  });

  it('pages both lists on the server with the total of the search in X-Total-Count', async () => {
    const tag = `paged${Date.now()}`;
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const email = `${tag}.${i}@example.com`;
      const res = await api.post(
        '/api/add-admin',
        { email, password: 'PagedStaff1', role: i === 2 ? 'superadmin' : 'admin' },
        { token: token.superadmin },
      );
      expect(res.status).toBe(201);
      made.push(email);
    }
    const first = await api.get(`/api/admins?search=${tag.toUpperCase()}&page=1&pageSize=2`, {
      token: token.superadmin,
    });
    const second = await api.get(`/api/admins?search=${tag}&page=2&pageSize=2`, { token: token.superadmin });
    expect(first.headers.get('x-total-count')).toBe('3');
    expect(second.headers.get('x-total-count')).toBe('3');
    expect(first.body).toHaveLength(2);
    expect([...first.body, ...second.body].map((u: any) => u.email).sort()).toEqual(made);
    expect(second.body[0]).toMatchObject({ active: true });

    const seekers = [freshEmail(`${tag}s`), freshEmail(`${tag}s`)];
    for (const email of seekers) await createAccount(cms.strapi, email, 'GoodPass123', 'authenticated');
    const users = await api.get(`/api/users?search=${tag}S&pageSize=1&page=2`, { token: token.admin });
    expect(users.headers.get('x-total-count')).toBe('2');
    expect(users.body).toHaveLength(1);
    // Staff accounts never appear among the seekers, nor seekers among the staff.
    expect(
      (await api.get(`/api/users?search=${tag}`, { token: token.admin })).headers.get('x-total-count'),
    ).toBe('2');
  });

  it('add-admin creates a confirmed account of the chosen role that can sign in at once', async () => {
    const email = freshEmail('made');
    const res = await api.post(
      '/api/add-admin',
      { email, password: 'MadeByBoss1', role: 'superadmin' },
      { token: token.superadmin },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'User/Admin added successfully',
      user: { email, role: 'superadmin' },
    });
    const login = await api.post('/api/login', { email, password: 'MadeByBoss1', isAdminLogin: true });
    expect(login.body.role).toBe('superadmin');

    const again = await api.post(
      '/api/add-admin',
      { email, password: 'MadeByBoss1', role: 'admin' },
      { token: token.superadmin },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An account with this email already exists');
    const bad = await api.post(
      '/api/add-admin',
      { email: 'nope', password: 'short', role: 'admin' },
      { token: token.superadmin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
    const badRole = await api.post(
      '/api/add-admin',
      { email: freshEmail(), password: 'MadeByBoss1', role: 'owner' },
      { token: token.superadmin },
    );
    expect(badRole.status).toBe(400);
  });

  it('revoking an admin demotes them and their token is refused on staff routes at once', async () => {
    const target = await signedIn('admin', 'revoked');
    expect((await api.get('/api/users', { token: target.token })).status).toBe(200);
    const res = await api.put(`/api/revoke-admin/${target.id}`, {}, { token: token.superadmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Admin privileges revoked successfully',
      user: { role: 'user' },
    });
    expect((await api.get('/api/users', { token: target.token })).status).toBe(401);
    // Signing in again gives a seeker session that staff routes refuse.
    const back = await api.post('/api/login', { email: target.email, password: 'GoodPass123' });
    expect(back.body.role).toBe('user');
    expect((await api.get('/api/users', { token: back.body.token })).status).toBe(403);
    expect(
      (await api.post('/api/login', { email: target.email, password: 'GoodPass123', isAdminLogin: true }))
        .status,
    ).toBe(403);
  });

  it('a superadmin cannot revoke themself, a seeker or a missing account', async () => {
    const me = await api.get('/api/profile', { token: token.superadmin });
    const self = await api.put(`/api/revoke-admin/${me.body.id}`, {}, { token: token.superadmin });
    expect(self.status).toBe(400);
    expect(self.body.message).toMatch(/your own/);
    const seeker = await api.get('/api/profile', { token: token.seeker });
    expect(
      (await api.put(`/api/revoke-admin/${seeker.body.id}`, {}, { token: token.superadmin })).status,
    ).toBe(400);
    expect(
      (await api.put('/api/revoke-admin/doesnotexist00000000000', {}, { token: token.superadmin })).status,
    ).toBe(404);
  });

  it('two superadmins revoking each other at once leave exactly one superadmin', async () => {
    // Demote every other superadmin first, so these two are the only ones.
    const users = cms.strapi.db.query('plugin::users-permissions.user');
    const userRole = await cms.strapi.db
      .query('plugin::users-permissions.role')
      .findOne({ where: { type: 'authenticated' } });
    for (const u of await users.findMany({ where: { role: { type: 'superadmin' } } }))
      await users.update({ where: { id: u.id }, data: { role: userRole.id } });
    const a = await signedIn('superadmin', 'duea');
    const b = await signedIn('superadmin', 'dueb');
    const results = await Promise.all([
      api.put(`/api/revoke-admin/${b.id}`, {}, { token: a.token }),
      api.put(`/api/revoke-admin/${a.id}`, {}, { token: b.token }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    // The loser either found itself the last superadmin (409) or had already lost its session (401).
    expect([401, 409]).toContain(statuses[1]);
    expect(await users.count({ where: { role: { type: 'superadmin' } } })).toBe(1);
  });
});
