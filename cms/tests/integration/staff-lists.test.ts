// Staff lists searched and paged on the server (the Appointments and Deals screens): viewings by
// client e-mail, property, date or time, with the status filter; deals 20 a page with the total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDates } from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts, type SignedIn } from '../helpers/http';
import { testImage } from '../helpers/images';

let cms: TestCms;
let api: ReturnType<typeof client>;
let who: SignedIn;
const days = bookableDates(new Date()).slice(2);
const ids: Record<string, string> = {};

const all = async (query: string) => {
  const res = await api.get(`/api/appointments/all?${query}`, { token: who.token.admin });
  expect(res.status).toBe(200);
  return {
    ids: (res.body as any[]).map((a) => a._id).sort(),
    total: Number(res.headers.get('x-total-count')),
  };
};

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  who = await signInAccounts(cms.strapi, api, 'lists.example.com', {
    kwame: 'authenticated',
    efua: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  const property = async (location: string, propertyType: string) =>
    (
      await api.post(
        '/api/products',
        {
          location,
          nearestLandmark: 'Mall',
          price: 2500,
          currency: 'GHS',
          propertyType,
          leaseType: 'Rent',
          images: [testImage('l')],
        },
        { token: who.token.superadmin },
      )
    ).body._id;
  const osu = await property('Oxford Street, Osu', 'Apartment');
  const tema = await property('Community 25, Tema', 'House');
  const book = async (name: string, seeker: string, p: string, date: string, time: string) => {
    const res = await api.post(`/api/appointments/book/${p}`, { date, time }, { token: who.token[seeker] });
    expect(res.status).toBe(201);
    ids[name] = res.body._id;
  };
  await book('kwameOsu', 'kwame', osu, days[0]!, '09:00');
  await book('efuaOsu', 'efua', osu, days[1]!, '14:30');
  await book('kwameTema', 'kwame', tema, days[1]!, '10:00');
  await api.put(
    `/api/appointments/appointment/${ids.kwameTema}`,
    { status: 'Successful' },
    { token: who.token.admin },
  );
});
afterAll(async () => {
  await cms?.stop();
});

describe('searching viewings', () => {
  it("by the client's e-mail, any case", async () => {
    expect((await all('search=KWAME@lists')).ids).toEqual([ids.kwameOsu, ids.kwameTema].sort());
  });
  it("by the property's location or type", async () => {
    expect((await all('search=osu')).ids).toEqual([ids.kwameOsu, ids.efuaOsu].sort());
    expect((await all('search=house')).ids).toEqual([ids.kwameTema]);
  });
  it('by date and by time', async () => {
    expect((await all(`search=${days[1]}`)).ids).toEqual([ids.efuaOsu, ids.kwameTema].sort());
    expect((await all('search=14:')).ids).toEqual([ids.efuaOsu]);
  });
  it('with the status filter and paging, the total counting every match', async () => {
    expect((await all('search=kwame&status=Successful')).ids).toEqual([ids.kwameTema]);
    const first = await all('search=lists.example.com&pageSize=2&page=1');
    const second = await all('search=lists.example.com&pageSize=2&page=2');
    expect(first.total).toBe(3);
    expect(first.ids).toHaveLength(2);
    expect(second.ids).toHaveLength(1);
    expect((await all('search=nobody-here')).total).toBe(0);
    // A page past the last still says how many match (the count is read with the page).
    expect(await all('search=lists.example.com&pageSize=2&page=3')).toEqual({ ids: [], total: 3 });
    expect(await all('pageSize=2&page=99')).toMatchObject({ ids: [], total: 3 });
  });
  it('by an hour typed without its leading zero', async () => {
    expect((await all('search=9')).ids).toEqual([ids.kwameOsu]);
  });
});

describe("a search's count", () => {
  /** The SQL the cms sends while `action` runs. */
  async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const listen = (q: { sql: string }) => seen.push(q.sql);
    cms.strapi.db.connection.on('query', listen);
    try {
      await action();
    } finally {
      cms.strapi.db.connection.off('query', listen);
    }
    return seen;
  }
  const counts = (sqls: string[]) => sqls.filter((s) => /count\(\*\)/i.test(s)).length;

  it('is kept while nothing is written, and read again after any write, even one made outside Strapi', async () => {
    const search = 'search=lists.example.com&pageSize=2';
    expect((await all(`${search}&page=1`)).total).toBe(3);
    // Paging through the same search reads the page, not the count.
    let second: Awaited<ReturnType<typeof all>> | undefined;
    expect(counts(await statementsOf(async () => (second = await all(`${search}&page=2`))))).toBe(0);
    expect(second).toMatchObject({ total: 3 });
    expect(second!.ids).toHaveLength(1);
    // A write the cms never sees (another process, SQL by hand): the database's trigger raises the
    // version, so the next request counts again.
    const knex = cms.strapi.db.connection;
    await knex('appointments')
      .where({ document_id: ids.efuaOsu })
      .update({ client_email: 'efua@elsewhere.example.org' });
    try {
      let after: Awaited<ReturnType<typeof all>> | undefined;
      expect(counts(await statementsOf(async () => (after = await all(`${search}&page=1`))))).toBe(1);
      expect(after!.total).toBe(2);
    } finally {
      await knex('appointments')
        .where({ document_id: ids.efuaOsu })
        .update({ client_email: 'efua@lists.example.com' });
    }
    expect((await all(`${search}&page=1`)).total).toBe(3);
    // And a write through the API.
    expect((await all(`${search}&status=Successful`)).total).toBe(1);
    expect(
      (
        await api.put(
          `/api/appointments/appointment/${ids.efuaOsu}`,
          { status: 'Successful' },
          { token: who.token.admin },
        )
      ).status,
    ).toBe(200);
    expect((await all(`${search}&status=Successful`)).total).toBe(2);
  });
});

describe("a viewing's property in the list", () => {
  it('is the property as it is now: an edit shows at once, though answers are kept between requests', async () => {
    const list = async () =>
      (await api.get('/api/appointments/all?search=kwame@lists', { token: who.token.admin })).body as {
        _id: string;
        product: { _id: string; location: string };
      }[];
    const before = (await list()).find((a) => a._id === ids.kwameTema)!;
    expect(before.product.location).toBe('Community 25, Tema');
    expect((await list()).find((a) => a._id === ids.kwameTema)!.product.location).toBe('Community 25, Tema');
    const edit = await api.put(
      `/api/products/${before.product._id}`,
      { location: 'Community 26, Tema' },
      { token: who.token.superadmin },
    );
    expect(edit.status).toBe(200);
    expect((await list()).find((a) => a._id === ids.kwameTema)!.product.location).toBe('Community 26, Tema');
  });
});

describe('the deal list', () => {
  it('answers 20 a page, newest deal date first, with the total; search pages too', async () => {
    for (let i = 1; i <= 25; i++) {
      const day = String(i).padStart(2, '0');
      const res = await api.post(
        '/api/deals',
        {
          closerName: i % 5 === 0 ? 'Ama Closer' : 'Kofi Addo',
          dealDate: `2026-10-${day}`,
          commission: 'GH₵ 1,000',
          tenantName: `Tenant ${i}`,
          tenantContact: '+233244000111',
          tenancyStartDate: '2026-11-01',
          tenancyEndDate: '2027-10-31',
        },
        { token: who.token.superadmin },
      );
      expect(res.status).toBe(201);
    }
    const first = await api.get('/api/deals', { token: who.token.admin });
    expect(first.body).toHaveLength(20);
    expect(first.headers.get('x-total-count')).toBe('25');
    expect(first.body[0].dealDate).toBe('2026-10-25');
    const second = await api.get('/api/deals?page=2', { token: who.token.admin });
    expect(second.body.map((d: any) => d.dealDate)).toEqual([
      '2026-10-05',
      '2026-10-04',
      '2026-10-03',
      '2026-10-02',
      '2026-10-01',
    ]);
    const search = await api.get('/api/deals?search=ama%20closer&pageSize=2', { token: who.token.admin });
    expect(search.headers.get('x-total-count')).toBe('5');
    expect(search.body.map((d: any) => d.tenantName)).toEqual(['Tenant 25', 'Tenant 20']);
  });
});

describe('a listed deal', () => {
  it('is the deal as its create and the approval answer it, in the deal list and the queue, with who logged it and its property', async () => {
    const property = (
      await api.post(
        '/api/products',
        {
          location: 'Deal Lane, Osu',
          nearestLandmark: 'Mall',
          price: 2500,
          currency: 'GHS',
          propertyType: 'Villa',
          leaseType: 'Rent',
          images: [testImage('d')],
        },
        { token: who.token.superadmin },
      )
    ).body._id;
    const created = await api.post(
      '/api/deals',
      {
        closerName: 'Listed Closer',
        dealDate: '2026-09-09',
        commission: 'GH₵ 3,000',
        nameOfAgentInvolved: 'Yaw Agent',
        commissionToAgent: 'GH₵ 500',
        agentContact: '0244000222',
        tenantName: 'Listed Tenant',
        tenantContact: '+233244000333',
        tenancyStartDate: '2026-10-01',
        tenancyEndDate: '2027-09-30',
        comments: 'Keys handed over',
        product: property,
      },
      { token: who.token.admin },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      product: { _id: property, propertyType: 'Villa', location: 'Deal Lane, Osu' },
      loggedBy: { email: 'admin@lists.example.com' },
      approvalStatus: 'unapproved',
    });
    const listed = await api.get('/api/deals?search=listed%20tenant', { token: who.token.admin });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toEqual({ ...created.body, changesRequested: null });
    const queued = await api.get('/api/deals/unapproved?search=listed%20tenant', {
      token: who.token.superadmin,
    });
    expect(queued.status).toBe(200);
    expect(queued.body).toEqual([
      { ...created.body, changesRequested: null, pendingDeletion: false, deletionRequestedBy: null },
    ]);
    const approved = await api.put(
      `/api/deals/approve/${created.body._id}`,
      { action: 'approve' },
      { token: who.token.superadmin },
    );
    const again = await api.get('/api/deals?search=listed%20tenant', { token: who.token.admin });
    expect(again.body[0]).toEqual({ ...approved.body.deal, changesRequested: null });
  });
});

describe('role ids behind the account lists', () => {
  it('are read once, and read again after a role row changes (a role recreated in the panel)', async () => {
    const roles = cms.strapi.plugin('accounts').service('roles');
    const rows = cms.strapi.db.query('plugin::users-permissions.role');
    const admin = await roles.findRoleId('admin');
    await rows.update({ where: { id: admin }, data: { type: 'admin-retired' } });
    const fresh = await rows.create({
      data: { type: 'admin', name: 'Admin (new)', description: 'recreated' },
    });
    try {
      expect(await roles.findRoleId('admin')).toBe(fresh.id);
    } finally {
      await rows.delete({ where: { id: fresh.id } });
      await rows.update({ where: { id: admin }, data: { type: 'admin' } });
    }
    expect(await roles.findRoleId('admin')).toBe(admin);
    const staff = await api.get('/api/admins?search=lists.example.com', { token: who.token.superadmin });
    expect(staff.status).toBe(200);
    expect((staff.body as { email: string; role: string }[]).map((a) => [a.email, a.role]).sort()).toEqual([
      ['admin@lists.example.com', 'admin'],
      ['superadmin@lists.example.com', 'superadmin'],
    ]);
  });
});
