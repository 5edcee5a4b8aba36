// The staff audit trail: every staff action on properties, deals, viewings,
// enquiries and administrators is kept by the cms; only the superadmin reads it; nobody edits it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDates } from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, permissionTests, signInAccounts } from '../helpers/http';
import { DEAL, propertyAt } from '../helpers/fixtures';

let cms: TestCms;
let api: ReturnType<typeof client>;
type Who = 'anonymous' | 'seeker' | 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};
const emailOf: Partial<Record<Who, string>> = {};
const idOf: Partial<Record<Who, string>> = {};
const day = bookableDates(new Date()).slice(2)[0]!;
let n = 0;

const property = (location: string) => propertyAt(location);
const deal = DEAL;

/** Every entry, newest first. */
async function log(): Promise<any[]> {
  const res = await api.get('/api/audit?pageSize=100', { token: token.superadmin });
  expect(res.status).toBe(200);
  return res.body;
}
/** The entries added by `act`, oldest first. */
async function entriesOf(act: () => Promise<unknown>): Promise<any[]> {
  const before = new Set((await log()).map((e) => e._id));
  await act();
  return (await log()).filter((e) => !before.has(e._id)).reverse();
}
const brief = (e: any) => ({
  who: e.user.email,
  role: e.user.role,
  action: e.action,
  type: e.resource.type,
  label: e.resource.label,
  detail: e.detail,
});

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  const signed = await signInAccounts(cms.strapi, api, 'audit.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  Object.assign(token, signed.token);
  Object.assign(emailOf, signed.email);
  Object.assign(idOf, signed.id);
});
afterAll(async () => {
  await cms?.stop();
});

describe('who may read the activity log', () => {
  permissionTests(
    it,
    expect,
    [
      {
        route: 'GET /api/audit',
        call: (t) => api.get('/api/audit', { token: t }),
        expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 200 },
      },
    ],
    ['anonymous', 'seeker', 'admin', 'superadmin'] as const,
    (who) => token[who],
  );

  it('has no route that writes, edits or deletes an entry, for anyone', async () => {
    const [entry] = await entriesOf(() =>
      api.post('/api/products', property(`Audit Road ${++n}`), { token: token.admin }),
    );
    for (const [method, path] of [
      ['POST', '/api/audit'],
      ['PUT', `/api/audit/${entry._id}`],
      ['DELETE', `/api/audit/${entry._id}`],
      ['GET', '/api/audit-entries'],
      ['POST', '/api/audit-entries'],
      ['PUT', `/api/audit-entries/${entry._id}`],
      ['DELETE', `/api/audit-entries/${entry._id}`],
    ] as const) {
      const res = await api.call(method, path, {
        token: token.superadmin,
        ...(method === 'GET' ? {} : { body: { action: 'deleted' } }),
      });
      expect([404, 405], `${method} ${path}`).toContain(res.status);
    }
    expect((await log()).find((e) => e._id === entry._id)).toEqual(entry);
  });
});

describe('what the log keeps', () => {
  it('a property created, its price edited, kept unapproved, approved and deleted, by whom', async () => {
    const location = `Audit Road ${++n}, Osu`;
    let id = '';
    const entries = await entriesOf(async () => {
      id = (await api.post('/api/products', property(location), { token: token.admin })).body._id;
      expect((await api.put(`/api/products/${id}`, { price: 2600 }, { token: token.admin })).status).toBe(
        200,
      );
      expect(
        (await api.put(`/api/products/approve/${id}`, { action: 'unapprove' }, { token: token.superadmin }))
          .status,
      ).toBe(200);
      expect(
        (await api.put(`/api/products/approve/${id}`, { action: 'approve' }, { token: token.superadmin }))
          .status,
      ).toBe(200);
      expect((await api.call('DELETE', `/api/products/${id}`, { token: token.superadmin })).status).toBe(200);
    });
    expect(entries.map(brief)).toEqual([
      {
        who: emailOf.admin,
        role: 'admin',
        action: 'created',
        type: 'property',
        label: location,
        detail: null,
      },
      // A change of price is recorded with the amounts, before the edit it belongs to.
      {
        who: emailOf.admin,
        role: 'admin',
        action: 'price-changed',
        type: 'property',
        label: location,
        detail: 'GH₵2,500 → GH₵2,600',
      },
      {
        who: emailOf.admin,
        role: 'admin',
        action: 'edited',
        type: 'property',
        label: location,
        detail: null,
      },
      {
        who: emailOf.superadmin,
        role: 'superadmin',
        action: 'kept-unapproved',
        type: 'property',
        label: location,
        detail: null,
      },
      {
        who: emailOf.superadmin,
        role: 'superadmin',
        action: 'approved',
        type: 'property',
        label: location,
        detail: null,
      },
      {
        who: emailOf.superadmin,
        role: 'superadmin',
        action: 'deleted',
        type: 'property',
        label: location,
        detail: null,
      },
    ]);
    expect(new Set(entries.map((e) => e.resource.id))).toEqual(new Set([id]));
    expect(entries[0].user.id).toBe(idOf.admin);
  });

  it('a deal created, edited, approved, asked to be deleted, and deleted on approval', async () => {
    let id = '';
    const entries = await entriesOf(async () => {
      id = (await api.post('/api/deals', deal, { token: token.admin })).body._id;
      expect(
        (await api.put(`/api/deals/${id}`, { commission: 'GH₵ 2,500' }, { token: token.admin })).status,
      ).toBe(200);
      expect(
        (await api.put(`/api/deals/approve/${id}`, { action: 'approve' }, { token: token.superadmin }))
          .status,
      ).toBe(200);
      expect((await api.call('DELETE', `/api/deals/${id}`, { token: token.admin })).status).toBe(202);
      expect(
        (await api.put(`/api/deals/approve/${id}`, { action: 'approve' }, { token: token.superadmin }))
          .status,
      ).toBe(200);
    });
    expect(
      entries.map((e) => [e.action, e.resource.type, e.resource.label, e.resource.id, e.user.role]),
    ).toEqual([
      ['created', 'deal', 'Esi Quaye', id, 'admin'],
      ['edited', 'deal', 'Esi Quaye', id, 'admin'],
      ['approved', 'deal', 'Esi Quaye', id, 'superadmin'],
      ['deletion-requested', 'deal', 'Esi Quaye', id, 'admin'],
      ['deleted', 'deal', 'Esi Quaye', id, 'superadmin'],
    ]);
  });

  it('a viewing scheduled for a client and its status changed, but not a seeker booking their own', async () => {
    const p = (
      await api.post('/api/products', property(`Audit Road ${++n}, Labone`), { token: token.superadmin })
    ).body._id;
    const own = await entriesOf(async () => {
      expect(
        (await api.post(`/api/appointments/book/${p}`, { date: day, time: '09:00' }, { token: token.seeker }))
          .status,
      ).toBe(201);
    });
    expect(own).toEqual([]);
    const other = await signInAccounts(cms.strapi, api, 'audit-client.example.com', {
      client: 'authenticated',
    });
    let viewing = '';
    const entries = await entriesOf(async () => {
      const booked = await api.post(
        '/api/appointments/admin-book',
        { userId: other.id.client, productId: p, date: day, time: '10:00', comments: 'Walk-in' },
        { token: token.admin },
      );
      expect(booked.status).toBe(201);
      viewing = booked.body._id;
      expect(
        (
          await api.put(
            `/api/appointments/appointment/${viewing}`,
            { status: 'Successful' },
            { token: token.admin },
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await api.put(
            `/api/appointments/appointment/${viewing}`,
            { comments: 'Liked the garden' },
            { token: token.superadmin },
          )
        ).status,
      ).toBe(200);
    });
    expect(entries.map((e) => [e.user.email, e.action, e.resource.type, e.resource.id, e.detail])).toEqual([
      [emailOf.admin, 'scheduled', 'appointment', viewing, null],
      [emailOf.admin, 'status-changed', 'appointment', viewing, 'Ongoing → Successful'],
      [emailOf.superadmin, 'edited', 'appointment', viewing, null],
    ]);
    expect(entries[0].resource.label).toContain(`Audit Road ${n}, Labone`);
  });

  it('an enquiry created and updated by staff, but not one a seeker sends', async () => {
    const enquiry = {
      name: 'Kwesi Appiah',
      phoneNumber: ['0241234567'],
      email: 'kwesi@example.com',
      message: 'Is it still available?',
    };
    expect(await entriesOf(() => api.post('/api/enquiries', enquiry, { token: token.seeker }))).toEqual([]);
    let id = '';
    const entries = await entriesOf(async () => {
      id = (await api.post('/api/enquiries', { ...enquiry, name: 'Abena Owusu' }, { token: token.admin }))
        .body._id;
      expect(
        (await api.put(`/api/enquiries/${id}`, { priority: 'High' }, { token: token.superadmin })).status,
      ).toBe(200);
    });
    expect(
      entries.map((e) => [e.user.email, e.action, e.resource.type, e.resource.label, e.resource.id]),
    ).toEqual([
      [emailOf.admin, 'created', 'enquiry', 'Abena Owusu', id],
      [emailOf.superadmin, 'updated', 'enquiry', 'Abena Owusu', id],
    ]);
  });

  it('an administrator added and revoked', async () => {
    const email = `staff.${++n}@audit.example.com`;
    let id = '';
    const entries = await entriesOf(async () => {
      const added = await api.post(
        '/api/add-admin',
        { email, password: 'NewStaff123', role: 'admin' },
        { token: token.superadmin },
      );
      expect(added.status).toBe(201);
      id = added.body.user._id;
      expect((await api.put(`/api/revoke-admin/${id}`, {}, { token: token.superadmin })).status).toBe(200);
    });
    expect(
      entries.map((e) => [
        e.user.email,
        e.action,
        e.resource.type,
        e.resource.label,
        e.resource.id,
        e.detail,
      ]),
    ).toEqual([
      [emailOf.superadmin, 'admin-added', 'admin', email, id, 'Administrator'],
      [emailOf.superadmin, 'admin-revoked', 'admin', email, id, 'was Administrator'],
    ]);
  });
});

describe('reading the log', () => {
  it('is paged on the server, newest first, with the total', async () => {
    for (let i = 0; i < 3; i++)
      await api.post('/api/products', property(`Paging Road ${++n}`), { token: token.admin });
    const first = await api.get('/api/audit?page=1&pageSize=2', { token: token.superadmin });
    const second = await api.get('/api/audit?page=2&pageSize=2', { token: token.superadmin });
    const total = Number(first.headers.get('x-total-count'));
    expect(total).toBe((await log()).length);
    expect(first.body).toHaveLength(2);
    expect(second.body).toHaveLength(2);
    expect(first.body[0].resource.label).toBe(`Paging Road ${n}`);
    expect(first.body[1].resource.label).toBe(`Paging Road ${n - 1}`);
    expect(second.body[0].resource.label).toBe(`Paging Road ${n - 2}`);
    const times = [...first.body, ...second.body].map((e: any) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
