import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, permissionTests, signInAccounts } from '../helpers/http';
import { testImage } from '../helpers/images';

let cms: TestCms;
let api: ReturnType<typeof client>;
type Who = 'anonymous' | 'seeker' | 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};

const rent = {
  location: 'Osu, Accra',
  nearestLandmark: 'Oxford Street',
  price: 2000,
  currency: 'GHS',
  propertyType: 'Apartment',
  leaseType: 'Rent',
  get images() {
    return [testImage('cover')];
  },
  city: 'accra',
};
// A function: the image server's address is known once startCms has started it.
const sale = () => ({ ...rent, leaseType: 'Sale', price: 900_000 });

async function create(body: Record<string, unknown>, who: Who = 'superadmin') {
  const res = await api.post('/api/products', body, { token: token[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The stored terms, straight from the table. */
async function stored(documentId: string) {
  const row = await cms.strapi.db
    .connection('properties')
    .where({ document_id: documentId })
    .first('advance_months', 'registration_fee', 'agency_fee_percent', 'lease_type', 'approval_status');
  return {
    advanceMonths: row.advance_months === null ? null : Number(row.advance_months),
    registrationFee: row.registration_fee === null ? null : Number(row.registration_fee),
    agencyFeePercent: row.agency_fee_percent === null ? null : Number(row.agency_fee_percent),
    leaseType: row.lease_type,
    approvalStatus: row.approval_status,
  };
}

/** The same property as the public listing answers it (the listing reads its rows in plain SQL). */
async function inListing(id: string) {
  const res = await api.get('/api/products?pageSize=50');
  expect(res.status).toBe(200);
  return (res.body as { _id: string; moveInCost?: unknown }[]).find((p) => p._id === id);
}

async function setRate(rate: number) {
  const documents = cms.strapi.documents('api::site-setting.site-setting');
  const settings = await documents.findFirst({ status: 'published' });
  await documents.update({ documentId: settings.documentId, data: { usdToGhsRate: rate } });
  await documents.publish({ documentId: settings.documentId });
}

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  const accounts = await signInAccounts(cms.strapi, api, 'move-in.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  Object.assign(token, accounts.token);
  // A rate with pesewas, so a USD rent's GH₵ value is not a whole number of cedis.
  await setRate(15.47);
});
afterAll(async () => {
  await cms?.stop();
});

describe('the move-in cost of a Rent listing', () => {
  it('GH₵ 2,000 a month, 12 months, 10 % and GH₵ 500: GH₵ 26,900, on every answer', async () => {
    const created = await create({ ...rent, advanceMonths: 12, agencyFeePercent: 10, registrationFee: 500 });
    const expected = {
      advanceMonths: 12,
      registrationFee: 500,
      agencyFeePercent: 10,
      moveInCost: { totalGhs: 26_900, advanceGhs: 24_000, agencyFeeGhs: 2_400, registrationFeeGhs: 500 },
    };
    expect(created).toMatchObject(expected);
    expect(await stored(created._id)).toMatchObject({
      advanceMonths: 12,
      registrationFee: 500,
      agencyFeePercent: 10,
    });
    expect((await api.get(`/api/products/${created._id}`)).body).toMatchObject(expected);
    expect(await inListing(created._id)).toMatchObject(expected);
    const staff = await api.get('/api/products?approval=all&pageSize=50', { token: token.admin });
    expect(staff.body.find((p: { _id: string }) => p._id === created._id)).toMatchObject(expected);
  });

  it('a USD rent uses its GH₵ value, to the pesewa, and follows the reference rate', async () => {
    // Numbers as text, as forms send them.
    const created = await create({
      ...rent,
      price: '$850',
      currency: 'USD',
      advanceMonths: '6',
      agencyFeePercent: '7.5',
    });
    // $850 at GH₵ 15.47 is GH₵ 13,149.50 a month.
    expect(created.priceGhs).toBe(13_149.5);
    expect(created).toMatchObject({
      advanceMonths: 6,
      agencyFeePercent: 7.5,
      registrationFee: null,
      moveInCost: { totalGhs: 84_814.28, advanceGhs: 78_897, agencyFeeGhs: 5_917.28, registrationFeeGhs: 0 },
    });

    await setRate(16);
    // GH₵ 13,600 a month: 81,600 in advance and 6,120 agency fee.
    expect((await api.get(`/api/products/${created._id}`)).body.moveInCost).toEqual({
      totalGhs: 87_720,
      advanceGhs: 81_600,
      agencyFeeGhs: 6_120,
      registrationFeeGhs: 0,
    });
    await setRate(15.47);
  });

  it('with no advance asked, the registration fee alone is due', async () => {
    const created = await create({ ...rent, price: 3500, advanceMonths: 0, registrationFee: 150 });
    expect(created.moveInCost).toEqual({
      totalGhs: 150,
      advanceGhs: 0,
      agencyFeeGhs: 0,
      registrationFeeGhs: 150,
    });
    expect((await inListing(created._id))?.moveInCost).toEqual(created.moveInCost);
  });

  it('accepts a Rent listing without an advance, as older clients send it: no move-in cost', async () => {
    const created = await create(rent);
    const none = { advanceMonths: null, registrationFee: null, agencyFeePercent: null, moveInCost: null };
    expect(created).toMatchObject(none);
    expect((await api.get(`/api/products/${created._id}`)).body).toMatchObject(none);
    expect(await inListing(created._id)).toMatchObject(none);
  });

  it('recomputes on an edit, and clears a term sent as null', async () => {
    const created = await create({ ...rent, advanceMonths: 12, agencyFeePercent: 10, registrationFee: 500 });
    const longer = await api.put(
      `/api/products/${created._id}`,
      { advanceMonths: 24 },
      { token: token.superadmin },
    );
    expect(longer.status).toBe(200);
    expect(longer.body.moveInCost).toEqual({
      totalGhs: 53_300,
      advanceGhs: 48_000,
      agencyFeeGhs: 4_800,
      registrationFeeGhs: 500,
    });
    const cleared = await api.put(
      `/api/products/${created._id}`,
      { registrationFee: null, agencyFeePercent: '' },
      { token: token.superadmin },
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ advanceMonths: 24, registrationFee: null, agencyFeePercent: null });
    expect(cleared.body.moveInCost.totalGhs).toBe(48_000);
    // A new price moves the total too.
    const cheaper = await api.put(
      `/api/products/${created._id}`,
      { price: 1800 },
      { token: token.superadmin },
    );
    expect(cheaper.body.moveInCost.totalGhs).toBe(43_200);
  });
});

describe('bad move-in terms are refused with a clear message, and nothing is written', () => {
  it.each([
    ['advanceMonths', 25, MESSAGES.advanceMonthsInvalid],
    ['advanceMonths', -1, MESSAGES.advanceMonthsInvalid],
    ['advanceMonths', 2.5, MESSAGES.advanceMonthsInvalid],
    ['advanceMonths', 'twelve', MESSAGES.advanceMonthsInvalid],
    ['advanceMonths', true, MESSAGES.advanceMonthsInvalid],
    ['agencyFeePercent', 21, MESSAGES.agencyFeePercentInvalid],
    ['agencyFeePercent', '10%', MESSAGES.agencyFeePercentInvalid],
    ['agencyFeePercent', { percent: 5 }, MESSAGES.agencyFeePercentInvalid],
    ['registrationFee', -5, MESSAGES.registrationFeeInvalid],
    ['registrationFee', [500], MESSAGES.registrationFeeInvalid],
    ['registrationFee', 5_000_000_000, MESSAGES.registrationFeeTooLarge],
  ])('create with %s = %j → 400', async (field, value, message) => {
    const before = await cms.strapi.db.query('api::property.property').count({});
    const res = await api.post('/api/products', { ...rent, [field]: value }, { token: token.superadmin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await cms.strapi.db.query('api::property.property').count({})).toBe(before);
  });

  it('an edit with one bad term changes nothing, not even its good ones', async () => {
    const created = await create({ ...rent, advanceMonths: 12, agencyFeePercent: 10 });
    const res = await api.put(
      `/api/products/${created._id}`,
      { advanceMonths: 6, agencyFeePercent: 50, nearestLandmark: 'Danquah Circle' },
      { token: token.superadmin },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.agencyFeePercentInvalid);
    expect(await stored(created._id)).toMatchObject({ advanceMonths: 12, agencyFeePercent: 10 });
    expect((await api.get(`/api/products/${created._id}`)).body.nearestLandmark).toBe('Oxford Street');
  });
});

describe('the terms belong to Rent listings', () => {
  it('refuses a Sale listing that states one (400), and takes one that states none', async () => {
    const before = await cms.strapi.db.query('api::property.property').count({});
    for (const term of [{ advanceMonths: 12 }, { agencyFeePercent: 5 }, { registrationFee: 100 }]) {
      const res = await api.post('/api/products', { ...sale(), ...term }, { token: token.superadmin });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.moveInTermsRentOnly);
    }
    expect(await cms.strapi.db.query('api::property.property').count({})).toBe(before);
    const created = await create({ ...sale(), advanceMonths: null });
    expect(created).toMatchObject({ leaseType: 'Sale', advanceMonths: null, moveInCost: null });
  });

  it('refuses a term sent to a stored Sale listing, whose lease the edit does not send', async () => {
    const created = await create(sale());
    const res = await api.put(
      `/api/products/${created._id}`,
      { advanceMonths: 6 },
      { token: token.superadmin },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.moveInTermsRentOnly);
    expect(await stored(created._id)).toMatchObject({ advanceMonths: null });
    // Made a Rent listing in the same edit, it may state them.
    const toRent = await api.put(
      `/api/products/${created._id}`,
      { leaseType: 'Rent', price: 2000, advanceMonths: 6 },
      { token: token.superadmin },
    );
    expect(toRent.status).toBe(200);
    expect(toRent.body.moveInCost.totalGhs).toBe(12_000);
  });

  it('a Rent listing made Sale drops its terms', async () => {
    const created = await create({ ...rent, advanceMonths: 12, agencyFeePercent: 10, registrationFee: 500 });
    const res = await api.put(
      `/api/products/${created._id}`,
      { leaseType: 'Sale' },
      { token: token.superadmin },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      advanceMonths: null,
      registrationFee: null,
      agencyFeePercent: null,
      moveInCost: null,
    });
    expect(await stored(created._id)).toMatchObject({
      leaseType: 'Sale',
      advanceMonths: null,
      registrationFee: null,
      agencyFeePercent: null,
    });
  });
});

describe('only staff write the terms', () => {
  const body = () => ({ ...rent, advanceMonths: 12, agencyFeePercent: 10, registrationFee: 500 });
  permissionTests(
    it,
    expect,
    [
      {
        route: 'POST /api/products with move-in terms',
        call: (t) => api.post('/api/products', body(), { token: t }),
        expect: { anonymous: 401, seeker: 403, admin: 201, superadmin: 201 },
      },
      {
        route: 'PUT /api/products/:id { advanceMonths }',
        call: async (t) =>
          api.put(`/api/products/${(await create(body()))._id}`, { advanceMonths: 6 }, { token: t }),
        expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
      },
    ],
    ['anonymous', 'seeker', 'admin', 'superadmin'] as const,
    (w) => token[w],
  );

  it('a refused writer changes nothing', async () => {
    const created = await create(body());
    for (const who of ['anonymous', 'seeker'] as const)
      await api.put(`/api/products/${created._id}`, { advanceMonths: 24 }, { token: token[who] });
    expect(await stored(created._id)).toMatchObject({ advanceMonths: 12 });
  });

  it("an admin's change of the terms sends an approved listing back for approval", async () => {
    const created = await create(body());
    expect(created.approvalStatus).toBe('approved');
    const res = await api.put(
      `/api/products/${created._id}`,
      { agencyFeePercent: 5 },
      { token: token.admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.approvalStatus).toBe('unapproved');
    expect(res.body.moveInCost.agencyFeeGhs).toBe(1_200);
  });
});
