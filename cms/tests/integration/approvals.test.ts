import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { testImage } from '../helpers/images';

// The approvals plugin: its document-service middleware gives every write of a governed type its
// approval state from the writer's role (config/plugins.ts → approvals.config.contentTypes).

let cms: TestCms;
let api: ReturnType<typeof client>;
type Who = 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};
const emailOf: Partial<Record<Who, string>> = {};

const PROPERTY = 'api::property.property';
const DEAL = 'api::deal.deal';
const REFUSED = 'You do not have permission to approve this.';

const propertyData = {
  location: 'Plugin Lane, Accra',
  nearestLandmark: 'Kotoka',
  priceAmount: 1200,
  currency: 'USD',
  propertyType: 'Apartment',
  leaseType: 'Rent',
};
const dealData = {
  closerName: 'Ama Mensah',
  dealDate: '2026-11-20',
  commission: 'GH₵ 1,000',
  tenantName: 'Yaw Boateng',
  tenantContact: '+233244000222',
  tenancyStartDate: '2026-12-01',
  tenancyEndDate: '2027-11-30',
};
const types = [
  { name: 'property', uid: PROPERTY, data: propertyData, edit: { nearestLandmark: 'Airport' } },
  { name: 'deal', uid: DEAL, data: dealData, edit: { comments: 'Paid in full' } },
] as const;

/** Runs `fn` as code inside a request of a signed-in `role` (what the signed-in policy leaves in ctx.state). */
const as = (role: string | undefined, fn: () => Promise<any>): Promise<any> =>
  role === undefined ? fn() : cms.strapi.requestContext.run({ state: { role } }, fn);
const documents = (uid: string) => cms.strapi.documents(uid);
const stateOf = async (uid: string, documentId: string) =>
  (await cms.strapi.db.query(uid).findOne({ where: { documentId } })).approvalStatus;

async function refused(promise: Promise<unknown>) {
  const error: any = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error?.name).toBe('PolicyError');
  expect(error?.message).toBe(REFUSED);
}

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  const signed = await signInAccounts(cms.strapi, api, 'approvals.example.com', {
    admin: 'admin',
    superadmin: 'superadmin',
  });
  Object.assign(token, signed.token);
  Object.assign(emailOf, signed.email);
});
afterAll(async () => {
  await cms?.stop();
});

describe('the approval middleware', () => {
  for (const t of types) {
    describe(t.name, () => {
      it("approves a superadmin's create and queues an admin's", async () => {
        const bySuper = await as('superadmin', () => documents(t.uid).create({ data: { ...t.data } }));
        expect(bySuper.approvalStatus).toBe('approved');
        const byAdmin = await as('admin', () => documents(t.uid).create({ data: { ...t.data } }));
        expect(byAdmin.approvalStatus).toBe('unapproved');
      });

      it('refuses an admin who writes the approved state, on create and on update, and stores nothing', async () => {
        const before = await cms.strapi.db.query(t.uid).count();
        await refused(
          as('admin', () => documents(t.uid).create({ data: { ...t.data, approvalStatus: 'approved' } })),
        );
        expect(await cms.strapi.db.query(t.uid).count()).toBe(before);

        const queued = await as('admin', () => documents(t.uid).create({ data: { ...t.data } }));
        await refused(
          as('admin', () =>
            documents(t.uid).update({ documentId: queued.documentId, data: { approvalStatus: 'approved' } }),
          ),
        );
        expect(await stateOf(t.uid, queued.documentId)).toBe('unapproved');
      });

      it('lets a superadmin set either state, and lets an admin keep an item unapproved', async () => {
        const held = await as('superadmin', () =>
          documents(t.uid).create({ data: { ...t.data, approvalStatus: 'unapproved' } }),
        );
        expect(held.approvalStatus).toBe('unapproved');
        await as('superadmin', () =>
          documents(t.uid).update({ documentId: held.documentId, data: { approvalStatus: 'approved' } }),
        );
        expect(await stateOf(t.uid, held.documentId)).toBe('approved');
        await as('admin', () =>
          documents(t.uid).update({ documentId: held.documentId, data: { approvalStatus: 'unapproved' } }),
        );
        expect(await stateOf(t.uid, held.documentId)).toBe('unapproved');
      });

      it("sends an approved item back to the queue on an admin's edit, never on a superadmin's", async () => {
        const item = await as('superadmin', () => documents(t.uid).create({ data: { ...t.data } }));
        await as('superadmin', () =>
          documents(t.uid).update({ documentId: item.documentId, data: { ...t.edit } }),
        );
        expect(await stateOf(t.uid, item.documentId)).toBe('approved');
        await as('admin', () =>
          documents(t.uid).update({ documentId: item.documentId, data: { ...t.edit } }),
        );
        expect(await stateOf(t.uid, item.documentId)).toBe('unapproved');
        // A superadmin's edit of a waiting item does not approve it either: approving is its own act.
        await as('superadmin', () =>
          documents(t.uid).update({ documentId: item.documentId, data: { ...t.edit } }),
        );
        expect(await stateOf(t.uid, item.documentId)).toBe('unapproved');
      });

      it('leaves writes with no signed-in account behind them (seeder, start-up, panel) as they are', async () => {
        const seeded = await as(undefined, () =>
          documents(t.uid).create({ data: { ...t.data, approvalStatus: 'approved' } }),
        );
        expect(seeded.approvalStatus).toBe('approved');
        await as(undefined, () =>
          documents(t.uid).update({ documentId: seeded.documentId, data: { ...t.edit } }),
        );
        expect(await stateOf(t.uid, seeded.documentId)).toBe('approved');
        const plain = await as(undefined, () => documents(t.uid).create({ data: { ...t.data } }));
        expect(plain.approvalStatus).toBe('unapproved');
      });
    });
  }

  it("keeps a property approved when an admin only marks it available or not (its configured exception), but not a deal's comments", async () => {
    const property = await as('superadmin', () => documents(PROPERTY).create({ data: { ...propertyData } }));
    await as('admin', () =>
      documents(PROPERTY).update({ documentId: property.documentId, data: { available: false } }),
    );
    expect(await stateOf(PROPERTY, property.documentId)).toBe('approved');
    await as('admin', () =>
      documents(PROPERTY).update({
        documentId: property.documentId,
        data: { available: true, nearestLandmark: 'Mall' },
      }),
    );
    expect(await stateOf(PROPERTY, property.documentId)).toBe('unapproved');
  });

  it('does not touch content types it does not govern', async () => {
    const city = await as('admin', () => cms.strapi.documents('api::city.city').findFirst({}));
    expect(city).toBeTruthy();
    expect(cms.strapi.plugin('approvals').service('workflow').governs('api::city.city')).toBe(false);
    expect(Object.keys(cms.strapi.plugin('approvals').service('workflow').contentTypes()).sort()).toEqual([
      DEAL,
      PROPERTY,
    ]);
  });
});

describe('through the API', () => {
  it("an admin's body cannot approve its own property or deal", async () => {
    const base = {
      location: 'Self Approve Road, Accra',
      nearestLandmark: 'X',
      price: 10,
      propertyType: 'House',
      leaseType: 'Rent',
      images: [testImage('x')],
    };
    const property = await api.post(
      '/api/products',
      { ...base, approvalStatus: 'approved' },
      { token: token.admin },
    );
    expect(property.status).toBe(201);
    expect(property.body.approvalStatus).toBe('unapproved');
    const deal = await api.post(
      '/api/deals',
      { ...dealData, approvalStatus: 'approved' },
      { token: token.admin },
    );
    expect(deal.status).toBe(201);
    expect(deal.body.approvalStatus).toBe('unapproved');
    const edited = await api.put(
      `/api/deals/${deal.body._id}`,
      { approvalStatus: 'approved', comments: 'x' },
      { token: token.admin },
    );
    expect(edited.body.approvalStatus).toBe('unapproved');
  });

  it("a superadmin's edit of a deal keeps it approved, like a property (the consistent rule)", async () => {
    const deal = (await api.post('/api/deals', dealData, { token: token.superadmin })).body;
    expect(deal.approvalStatus).toBe('approved');
    const edited = await api.put(
      `/api/deals/${deal._id}`,
      { comments: 'Checked' },
      { token: token.superadmin },
    );
    expect(edited.body.approvalStatus).toBe('approved');
  });

  it('pages the property queue (X-Total-Count) and searches it by location or type, any case', async () => {
    const queue = await api.get('/api/products/unapproved?page=1&pageSize=2', { token: token.superadmin });
    expect(queue.status).toBe(200);
    expect(queue.body.length).toBeLessThanOrEqual(2);
    expect(Number(queue.headers.get('x-total-count'))).toBe(
      await cms.strapi.db.query(PROPERTY).count({ where: { approvalStatus: 'unapproved' } }),
    );

    const listing = { nearestLandmark: 'X', price: 10, leaseType: 'Rent', images: [testImage('x')] };
    const villa = (
      await api.post(
        '/api/products',
        { ...listing, location: 'Queuesearch Close, Tema', propertyType: 'Villa' },
        { token: token.admin },
      )
    ).body;
    const house = (
      await api.post(
        '/api/products',
        { ...listing, location: 'Queuesearch Avenue, Kumasi', propertyType: 'House' },
        { token: token.admin },
      )
    ).body;
    await api.post(
      '/api/products',
      { ...listing, location: 'Queuesearch Public Road', propertyType: 'Villa' },
      { token: token.superadmin },
    );
    const byLocation = await api.get('/api/products/unapproved?search=QUEUESEARCH', {
      token: token.superadmin,
    });
    expect(byLocation.body.map((p: any) => p._id)).toEqual([house._id, villa._id]);
    expect(byLocation.headers.get('x-total-count')).toBe('2');
    const byType = await api.get('/api/products/unapproved?search=villa&pageSize=50', {
      token: token.superadmin,
    });
    expect(byType.body.map((p: any) => p._id)).toContain(villa._id);
    expect(byType.body.map((p: any) => p._id)).not.toContain(house._id);
    const paged = await api.get('/api/products/unapproved?search=queuesearch&page=2&pageSize=1', {
      token: token.superadmin,
    });
    expect(paged.body.map((p: any) => p._id)).toEqual([villa._id]);
    expect(paged.headers.get('x-total-count')).toBe('2');
  });

  it('pages the deal queue 10 at a time (X-Total-Count) and searches it by tenant or closer', async () => {
    const mine = (
      await api.post('/api/deals', { ...dealData, tenantName: 'Queue Searchname' }, { token: token.admin })
    ).body;
    const byCloser = (
      await api.post(
        '/api/deals',
        { ...dealData, dealDate: '2026-11-21', closerName: 'Queue Searchcloser' },
        { token: token.admin },
      )
    ).body;
    const found = await api.get('/api/deals/unapproved?search=queue%20search', { token: token.superadmin });
    expect(found.body.map((d: any) => d._id)).toEqual([byCloser._id, mine._id]);
    expect(found.body[1]).toMatchObject({
      loggedBy: { email: emailOf.admin },
      approvalStatus: 'unapproved',
      changesRequested: null,
    });
    expect(found.headers.get('x-total-count')).toBe('2');
    const second = await api.get('/api/deals/unapproved?search=queue%20search&page=2&pageSize=1', {
      token: token.superadmin,
    });
    expect(second.body.map((d: any) => d._id)).toEqual([mine._id]);

    for (let i = 0; i < 11; i += 1)
      await api.post('/api/deals', { ...dealData, tenantName: `Paged Tenant ${i}` }, { token: token.admin });
    const waiting = await cms.strapi.db.query(DEAL).count({ where: { approvalStatus: 'unapproved' } });
    const first = await api.get('/api/deals/unapproved', { token: token.superadmin });
    expect(first.body).toHaveLength(10);
    expect(Number(first.headers.get('x-total-count'))).toBe(waiting);
    expect(
      (await api.get('/api/deals/unapproved?pageSize=500', { token: token.superadmin })).body.length,
    ).toBe(Math.min(50, waiting));
  });

  it('serves the queues at their old /api paths only, not under /api/approvals', async () => {
    expect((await api.get('/api/products/unapproved', { token: token.superadmin })).status).toBe(200);
    expect((await api.get('/api/approvals/products/unapproved', { token: token.superadmin })).status).toBe(
      404,
    );
    expect((await api.get('/api/approvals/deals/unapproved', { token: token.superadmin })).status).toBe(404);
  });

  it('answers 404 with the type’s message for a missing item', async () => {
    const p = await api.put(
      '/api/products/approve/nosuchproperty0000000000',
      { action: 'approve' },
      { token: token.superadmin },
    );
    expect(p.status).toBe(404);
    expect(p.body.error.message).toBe('Property not found');
    const d = await api.put(
      '/api/deals/approve/nosuchdeal00000000000000',
      { action: 'approve' },
      { token: token.superadmin },
    );
    expect(d.status).toBe(404);
    expect(d.body.error.message).toBe('Deal not found');
  });
});

describe('a database from before the plugin', () => {
  it('starts with grants of the old approval action names, drops them, and serves the queues', async () => {
    // Before the plugin the queues were api::property.product.* and api::deal.deal-api.* actions; a
    // panel user may have ticked them for a role. Users-permissions removes grants of actions that no
    // longer exist at start-up.
    const OLD = [
      'api::property.product.unapproved',
      'api::property.product.approve',
      'api::deal.deal-api.unapproved',
      'api::deal.deal-api.approve',
    ];
    const PERMISSION = 'plugin::users-permissions.permission';
    const role = await cms.strapi.db
      .query('plugin::users-permissions.role')
      .findOne({ where: { type: 'superadmin' } });
    for (const action of OLD)
      await cms.strapi.db.query(PERMISSION).create({ data: { action, role: role.id } });
    const database = cms.database;
    await cms.stop({ keepDatabase: true });
    cms = await startCms({ database });
    api = client(cms.url);
    expect(await cms.strapi.db.query(PERMISSION).count({ where: { action: { $in: OLD } } })).toBe(0);
    const superadmin = (
      await signInAccounts(cms.strapi, api, 'after-restart.example.com', { superadmin: 'superadmin' })
    ).token.superadmin;
    expect((await api.get('/api/products/unapproved', { token: superadmin })).status).toBe(200);
    expect((await api.get('/api/deals/unapproved', { token: superadmin })).status).toBe(200);
  });
});
