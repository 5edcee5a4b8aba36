// Deactivate / Reactivate a seeker, replacing the old system's dead delete icon:
// a deactivated account cannot sign in, its sessions end at once and its future viewings are
// cancelled with an e-mail to the owner; reactivated, it signs in again. Superadmin only (the
// Users screen's actions column is the superadmin's alone), seekers only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDates } from '@fie/domain';
import { startMailCatcher } from '@fie/mailcatcher';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, createAccount, permissionTests, signInAccounts, type SignedIn } from '../helpers/http';
import { testImage } from '../helpers/images';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let who: SignedIn;
let n = 0;
const day = bookableDates(new Date()).slice(2)[0]!;

async function newSeeker() {
  const email = `seeker.${++n}@deactivate.example.com`;
  const user = await createAccount(cms.strapi, email, 'GoodPass123', 'authenticated');
  const login = await api.post('/api/login', { email, password: 'GoodPass123' });
  expect(login.status).toBe(200);
  return {
    email,
    id: user.documentId as string,
    token: login.body.token as string,
    refresh: login.refreshCookie!,
  };
}
async function newProperty() {
  const res = await api.post(
    '/api/products',
    {
      location: `Quiet Lane ${++n}, Airport`,
      nearestLandmark: 'Airport',
      price: 3000,
      currency: 'GHS',
      propertyType: 'House',
      leaseType: 'Rent',
      images: [testImage('q')],
    },
    { token: who.token.superadmin },
  );
  return res.body._id as string;
}
const deactivate = (id: string, token = who.token.superadmin) =>
  api.put(`/api/users/${id}/deactivate`, {}, { token });
const reactivate = (id: string, token = who.token.superadmin) =>
  api.put(`/api/users/${id}/reactivate`, {}, { token });

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
  who = await signInAccounts(cms.strapi, api, 'deactivate.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});

describe('who may deactivate and reactivate', () => {
  type Who = 'anonymous' | 'seeker' | 'admin' | 'superadmin';
  const tokenOf = (w: Who) => (w === 'anonymous' ? undefined : who.token[w]);
  permissionTests<Who>(
    it,
    expect,
    [
      {
        route: 'PUT /api/users/:id/deactivate',
        call: async (t) => api.put(`/api/users/${(await newSeeker()).id}/deactivate`, {}, { token: t }),
        expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 200 },
      },
      {
        route: 'PUT /api/users/:id/reactivate',
        call: async (t) => api.put(`/api/users/${(await newSeeker()).id}/reactivate`, {}, { token: t }),
        expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 200 },
      },
    ],
    ['anonymous', 'seeker', 'admin', 'superadmin'],
    tokenOf,
  );
});

describe('a deactivated seeker', () => {
  it('cannot sign in, loses every session at once, and their future viewing is cancelled with an e-mail', async () => {
    const s = await newSeeker();
    const property = await newProperty();
    const booked = await api.post(
      `/api/appointments/book/${property}`,
      { date: day, time: '11:00' },
      { token: s.token },
    );
    expect(booked.status).toBe(201);

    const res = await deactivate(s.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'User deactivated successfully',
      user: { _id: s.id, email: s.email, active: false },
    });

    expect((await api.post('/api/login', { email: s.email, password: 'GoodPass123' })).status).toBe(403);
    expect((await api.get('/api/profile', { token: s.token })).status).toBe(401);
    expect((await api.post('/api/refresh', {}, { cookie: s.refresh })).status).toBe(401);

    const letter = await mail.waitFor({ to: s.email, subject: /Viewing cancelled/ });
    expect(letter.text).toContain('is cancelled');
    // With the calendar invite that removes the viewing (the booking's event, one SEQUENCE on).
    const invite = letter.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content;
    expect(invite).toContain('METHOD:CANCEL');
    expect(invite).toContain('STATUS:CANCELLED');
    expect(invite).toContain('SEQUENCE:1');
    const all = (await api.get('/api/appointments/all?pageSize=100', { token: who.token.admin }))
      .body as any[];
    expect(all.find((a) => a._id === booked.body._id).status).toBe('Cancelled');
    // The slot is free again for someone else.
    expect(
      (
        await api.post(
          `/api/appointments/book/${property}`,
          { date: day, time: '11:00' },
          { token: who.token.seeker },
        )
      ).status,
    ).toBe(201);

    const listed = (
      (await api.get(`/api/users?search=${encodeURIComponent(s.email)}`, { token: who.token.admin }))
        .body as any[]
    )[0];
    expect(listed).toMatchObject({ _id: s.id, active: false });
    const [entry] = (await api.get('/api/audit?pageSize=1', { token: who.token.superadmin })).body;
    expect(entry).toMatchObject({
      action: 'user-deactivated',
      resource: { type: 'user', id: s.id, label: s.email },
      user: { email: who.email.superadmin },
      detail: '1 future viewing cancelled',
    });
  });

  it('signs in again once reactivated', async () => {
    const s = await newSeeker();
    await deactivate(s.id);
    const res = await reactivate(s.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'User reactivated successfully',
      user: { _id: s.id, active: true },
    });
    expect((await api.post('/api/login', { email: s.email, password: 'GoodPass123' })).status).toBe(200);
    const [entry] = (await api.get('/api/audit?pageSize=1', { token: who.token.superadmin })).body;
    expect(entry).toMatchObject({ action: 'user-reactivated', resource: { type: 'user', id: s.id } });
  });

  it('is refused for staff accounts and unknown ids, with a clear message', async () => {
    const staff = await deactivate(who.id.superadmin!);
    expect(staff.status).toBe(400);
    expect(staff.body.error.message).toBe(
      'Staff accounts are not deactivated here: revoke their admin privileges first.',
    );
    expect((await deactivate('nosuchaccount0000000000')).status).toBe(404);
    expect(
      (await api.post('/api/login', { email: who.email.superadmin, password: 'GoodPass123' })).status,
    ).toBe(200);
  });
});

describe('Add New User', () => {
  it('creates a seeker (superadmin only), kept in the audit trail as a user added', async () => {
    const email = `new.${++n}@deactivate.example.com`;
    expect(
      (
        await api.post(
          '/api/add-admin',
          { email, password: 'NewUser1234', role: 'user' },
          { token: who.token.admin },
        )
      ).status,
    ).toBe(403);
    const res = await api.post(
      '/api/add-admin',
      { email, password: 'NewUser1234', role: 'user' },
      { token: who.token.superadmin },
    );
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, role: 'user', active: true });
    const [entry] = (await api.get('/api/audit?pageSize=1', { token: who.token.superadmin })).body;
    expect(entry).toMatchObject({
      action: 'user-added',
      resource: { type: 'user', id: res.body.user._id, label: email },
      detail: null,
    });
  });
});
