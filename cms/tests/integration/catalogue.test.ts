import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, permissionTests, signInAccounts } from '../helpers/http';
import { testImage } from '../helpers/images';

let cms: TestCms;
let api: ReturnType<typeof client>;
type Who = 'anonymous' | 'seeker' | 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};
const accountId: Partial<Record<Who, string>> = {};
let rate = 0;

const base = {
  location: 'East Legon, Accra',
  nearestLandmark: 'A&C Mall',
  price: 1500,
  currency: 'USD',
  propertyType: 'Apartment',
  leaseType: 'Rent',
  // A getter: the image server's address is known once startCms has started it.
  get images() {
    return [testImage('cover')];
  },
  city: 'accra',
};

async function create(who: Who, body: Record<string, unknown> = {}) {
  const res = await api.post('/api/products', { ...base, ...body }, { token: token[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  const accounts = await signInAccounts(cms.strapi, api, 'catalogue.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  Object.assign(token, accounts.token);
  Object.assign(accountId, accounts.id);
  const settings = await cms.strapi
    .documents('api::site-setting.site-setting')
    .findFirst({ status: 'published' });
  rate = Number(settings.usdToGhsRate);
});
afterAll(async () => {
  await cms?.stop();
});

describe('who may do what with the catalogue', () => {
  const cases: {
    route: string;
    call: (t?: string) => Promise<{ status: number }>;
    expect: Record<Who, number>;
  }[] = [
    {
      route: 'GET /api/products',
      call: (t) => api.get('/api/products', { token: t }),
      expect: { anonymous: 200, seeker: 200, admin: 200, superadmin: 200 },
    },
    {
      route: 'GET /api/city-counts',
      call: (t) => api.get('/api/city-counts', { token: t }),
      expect: { anonymous: 200, seeker: 200, admin: 200, superadmin: 200 },
    },
    {
      route: 'GET /api/products?approval=all',
      call: (t) => api.get('/api/products?approval=all', { token: t }),
      expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
    },
    {
      route: 'POST /api/products',
      call: (t) => api.post('/api/products', base, { token: t }),
      expect: { anonymous: 401, seeker: 403, admin: 201, superadmin: 201 },
    },
    {
      route: 'PUT /api/products/:id',
      call: async (t) =>
        api.put(
          `/api/products/${(await create('superadmin'))._id}`,
          { nearestLandmark: 'Accra Mall' },
          { token: t },
        ),
      expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
    },
    {
      // An approved listing (a superadmin's): the admin's delete waits for a superadmin (202).
      route: 'DELETE /api/products/:id',
      call: async (t) =>
        api.call('DELETE', `/api/products/${(await create('superadmin'))._id}`, { token: t }),
      expect: { anonymous: 401, seeker: 403, admin: 202, superadmin: 200 },
    },
    {
      route: 'GET /api/products/unapproved',
      call: (t) => api.get('/api/products/unapproved', { token: t }),
      expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 200 },
    },
    {
      route: 'PUT /api/products/approve/:id',
      call: async (t) =>
        api.put(`/api/products/approve/${(await create('admin'))._id}`, { action: 'approve' }, { token: t }),
      expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 200 },
    },
    {
      route: 'GET /api/products/:id of an unapproved property',
      call: async (t) => api.get(`/api/products/${(await create('admin'))._id}`, { token: t }),
      expect: { anonymous: 404, seeker: 404, admin: 200, superadmin: 200 },
    },
  ];
  permissionTests(
    it,
    expect,
    cases,
    ['anonymous', 'seeker', 'admin', 'superadmin'] as const,
    (w) => token[w],
  );
});

describe('approval', () => {
  it("an admin's property waits in the queue until a superadmin approves it; reject keeps it hidden", async () => {
    const p = await create('admin', { location: 'Queue Street, Accra' });
    expect(p.approvalStatus).toBe('unapproved');
    const publicList = async () =>
      (await api.get('/api/products?pageSize=50&search=Queue%20Street')).body.map((x: any) => x._id);
    expect(await publicList()).not.toContain(p._id);
    const queue = await api.get('/api/products/unapproved', { token: token.superadmin });
    expect(queue.body.map((x: any) => x._id)).toContain(p._id);

    const rejected = await api.put(
      `/api/products/approve/${p._id}`,
      { action: 'unapprove' },
      { token: token.superadmin },
    );
    expect(rejected.body).toMatchObject({
      message: 'Property kept as unapproved',
      product: { approvalStatus: 'unapproved' },
    });
    expect(await publicList()).not.toContain(p._id);

    const approved = await api.put(
      `/api/products/approve/${p._id}`,
      { action: 'approve' },
      { token: token.superadmin },
    );
    expect(approved.body).toMatchObject({
      message: 'Property approved successfully!',
      product: { _id: p._id, approvalStatus: 'approved' },
    });
    expect(await publicList()).toContain(p._id);
    expect(
      (await api.get('/api/products/unapproved', { token: token.superadmin })).body.map((x: any) => x._id),
    ).not.toContain(p._id);

    const bad = await api.put(
      `/api/products/approve/${p._id}`,
      { action: 'publish' },
      { token: token.superadmin },
    );
    expect(bad.status).toBe(400);
    expect(
      (
        await api.put(
          '/api/products/approve/nosuchproperty0000000000',
          { action: 'approve' },
          { token: token.superadmin },
        )
      ).status,
    ).toBe(404);
  });

  it("a superadmin's property is public at once", async () => {
    const p = await create('superadmin');
    expect(p.approvalStatus).toBe('approved');
    expect((await api.get(`/api/products/${p._id}`)).status).toBe(200);
  });

  it("an admin's edit of an approved listing sends it back for approval, except marking it unavailable", async () => {
    const p = await create('superadmin');
    const availability = await api.put(
      `/api/products/${p._id}`,
      { available: false },
      { token: token.admin },
    );
    expect(availability.body).toMatchObject({ available: false, approvalStatus: 'approved' });
    const edited = await api.put(`/api/products/${p._id}`, { price: 1 }, { token: token.admin });
    expect(edited.body.approvalStatus).toBe('unapproved');
    const bySuper = await api.put(
      `/api/products/${(await create('superadmin'))._id}`,
      { price: 2 },
      { token: token.superadmin },
    );
    expect(bySuper.body.approvalStatus).toBe('approved');
  });
});

describe('validation with the back-office messages', () => {
  it.each([
    [{ location: '' }, 'Location is required'],
    [{ nearestLandmark: undefined }, 'Nearest landmark is required'],
    [{ price: undefined }, 'Price is required'],
    [{ price: 'a lot' }, 'Price must be a number'],
    [{ price: '$1,000,000,000' }, 'Price must be less than 1,000,000,000'],
    [{ propertyType: undefined }, 'Property type is required'],
    [{ leaseType: undefined }, 'Lease type is required'],
    [{ images: [] }, 'At least one image is required'],
    [{ images: undefined }, 'At least one image is required'],
    [{ numberOfBedrooms: -1 }, undefined],
    [{ numberOfBathrooms: 1.5 }, undefined],
    [{ furnishStatus: 'Luxurious' }, undefined],
    [{ amenities: ['Helipad'] }, undefined],
    [{ city: 'lagos' }, 'Unknown city: lagos'],
    [{ images: ['javascript:alert(1)'] }, undefined],
  ])('refuses %o with 400', async (override, message) => {
    const res = await api.post('/api/products', { ...base, ...override }, { token: token.superadmin });
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    else expect(typeof res.body.message).toBe('string');
  });

  it('reads a symbol-prefixed price and keeps image order (first is the cover), each image as our own media', async () => {
    const p = await create('superadmin', {
      price: 'GH₵12,500',
      currency: undefined,
      images: [testImage('front'), testImage('back.png'), `${testImage('front')}?v=2`],
    });
    expect(p).toMatchObject({ priceAmount: 12500, currency: 'GHS', price: 'GH₵12500', priceGhs: 12500 });
    expect(p.images).toHaveLength(3);
    for (const url of p.images) expect(url).toMatch(/^\/uploads\/.+\.(jpg|png)$/);
    expect(p.images[1]).toMatch(/\.png$/);
    expect(new Set(p.images).size).toBe(3);
    // The same address again is the same media: imported once.
    const again = await create('superadmin', { images: [testImage('front')] });
    expect(again.images).toEqual([p.images[0]]);
    // An upload's own URL is kept as it is.
    const third = await create('superadmin', { images: [p.images[1], p.images[0]] });
    expect(third.images).toEqual([p.images[1], p.images[0]]);
    // A path on this site that is no upload of ours is refused.
    const res = await api.post(
      '/api/products',
      { ...base, images: ['/uploads/not-yet-known.webp'] },
      { token: token.superadmin },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Image not found among the uploads: /uploads/not-yet-known.webp');
  });
});

describe('public listing', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    // A small, known catalogue in Kumasi to filter and sort.
    const specs = {
      cheapGhs: {
        city: 'kumasi',
        location: 'Ahodwo, Kumasi',
        price: 2000,
        currency: 'GHS',
        propertyType: 'House',
        leaseType: 'Rent',
        numberOfBedrooms: 2,
        furnishStatus: 'Not furnished',
      },
      midUsd: {
        city: 'kumasi',
        location: 'Nhyiaeso, Kumasi',
        price: 300,
        currency: 'USD',
        propertyType: 'Apartment',
        leaseType: 'Rent',
        numberOfBedrooms: 3,
        furnishStatus: 'Fully furnished',
      },
      dearGhs: {
        city: 'kumasi',
        location: 'Danyame, Kumasi',
        price: 9000,
        currency: 'GHS',
        propertyType: 'Villa',
        leaseType: 'Sale',
        numberOfBedrooms: 4,
        furnishStatus: 'Semi furnished',
      },
    };
    for (const [key, spec] of Object.entries(specs)) ids[key] = (await create('superadmin', spec))._id;
    await create('admin', { city: 'kumasi', location: 'Hidden, Kumasi' });
  });
  const list = async (query: string) => {
    const res = await api.get(`/api/products?city=kumasi&${query}`);
    expect(res.status).toBe(200);
    return {
      ids: res.body.map((p: any) => p._id),
      total: Number(res.headers.get('x-total-count')),
      body: res.body,
    };
  };

  it('filters by city, type, lease, furnishing, location, bedrooms and search (case-insensitive)', async () => {
    expect((await list('')).total).toBe(3);
    expect((await list('propertyType=Villa')).ids).toEqual([ids.dearGhs]);
    expect((await list('leaseType=Sale')).ids).toEqual([ids.dearGhs]);
    expect((await list('furnishStatus=Fully%20furnished')).ids).toEqual([ids.midUsd]);
    expect((await list('location=nhyia')).ids).toEqual([ids.midUsd]);
    expect((await list('bedrooms=2')).ids).toEqual([ids.cheapGhs]);
    expect((await list('search=AHODWO')).ids).toEqual([ids.cheapGhs]);
    expect((await list('search=villa')).ids).toEqual([ids.dearGhs]);
    // % and _ are text, not wildcards.
    expect((await list('search=ah%25wo')).total).toBe(0);
    expect((await list('location=nh_ia')).total).toBe(0);
  });

  it('compares prices in GH₵ (USD at the reference rate), inclusive, and sorts by them', async () => {
    const usdInGhs = 300 * rate;
    expect((await list('sort=priceAsc')).body.map((p: any) => p.priceGhs)).toEqual([
      ...[2000, usdInGhs, 9000].sort((a, b) => a - b),
    ]);
    expect((await list('sort=priceDesc')).body.map((p: any) => p.priceGhs)).toEqual([
      ...[2000, usdInGhs, 9000].sort((a, b) => b - a),
    ]);
    expect((await list(`minPrice=2000&maxPrice=${Math.ceil(usdInGhs)}`)).ids.sort()).toEqual(
      [ids.cheapGhs, ids.midUsd].sort(),
    );
    expect((await list('minPrice=9000&maxPrice=9000')).ids).toEqual([ids.dearGhs]);
    expect((await list('sort=newest')).ids).toEqual([ids.dearGhs, ids.midUsd, ids.cheapGhs]);
    // A search is sorted and paged the same way (on PostgreSQL its few matches are found first).
    const byPriceDesc = (await list('sort=priceDesc')).ids;
    expect(byPriceDesc).toHaveLength(3);
    expect((await list('search=kumasi&sort=priceDesc')).ids).toEqual(byPriceDesc);
    const paged = await list('search=KUMASI&sort=priceDesc&pageSize=2&page=2');
    expect(paged.ids).toEqual(byPriceDesc.slice(2));
    expect(paged.total).toBe(3);
  });

  it('pages with X-Total-Count, default 8, at most 50', async () => {
    const page = await list('pageSize=2&page=2&sort=priceAsc');
    expect(page.total).toBe(3);
    expect(page.ids).toHaveLength(1);
    expect((await api.get('/api/products?pageSize=51')).status).toBe(400);
    const all = await api.get('/api/products');
    expect(all.body.length).toBeLessThanOrEqual(8);
  });

  it('keeps X-Total-Count exact when properties change outside the document service', async () => {
    // Another page of the same filters: a new listing, but the same count, known from before.
    expect((await list('pageSize=1&page=1')).total).toBe(3);
    const properties = () => cms.strapi.db.connection('properties').where({ document_id: ids.midUsd });
    await properties().update({ approval_status: 'unapproved' });
    try {
      expect((await list('pageSize=1&page=2')).total).toBe(2);
    } finally {
      await properties().update({ approval_status: 'approved' });
    }
    expect((await list('pageSize=1&page=3')).total).toBe(3);
  });

  it("keeps each property's answer exact when its row, city or images change outside the document service", async () => {
    // Read once (the answers are kept), then change the tables a listed property is read from, the
    // way a bulk load or another process would; each new page of the same filters must show it.
    const first = (await list('pageSize=3&page=1&sort=priceAsc')).body.find(
      (p: any) => p._id === ids.cheapGhs,
    );
    expect(first).toMatchObject({ priceAmount: 2000, city: { name: 'Kumasi' } });
    const db = cms.strapi.db.connection;
    const row = await db('properties').where({ document_id: ids.cheapGhs }).first('id');
    const link = await db('files_related_mph')
      .where({ related_id: row.id, related_type: 'api::property.property', field: 'images' })
      .first('file_id');
    const file = await db('files').where({ id: link.file_id }).first('url');
    const find = async (query: string) => (await list(query)).body.find((p: any) => p._id === ids.cheapGhs);
    try {
      await db('properties').where({ id: row.id }).update({ price_amount: 2100, price_ghs: 2100 });
      expect(await find('pageSize=3&page=1&sort=newest')).toMatchObject({
        priceAmount: 2100,
        price: 'GH₵2100',
      });
      await db('cities').where({ slug: 'kumasi' }).update({ name: 'Kumasi City' });
      expect((await find('pageSize=4&page=1&sort=newest')).city).toEqual({
        name: 'Kumasi City',
        slug: 'kumasi',
      });
      await db('files')
        .where({ id: link.file_id })
        .update({ url: testImage('renamed') });
      expect((await find('pageSize=5&page=1&sort=newest')).images).toEqual([testImage('renamed')]);
    } finally {
      await db('properties').where({ id: row.id }).update({ price_amount: 2000, price_ghs: 2000 });
      await db('cities').where({ slug: 'kumasi' }).update({ name: 'Kumasi' });
      await db('files').where({ id: link.file_id }).update({ url: file.url });
    }
    expect(await find('pageSize=6&page=1&sort=newest')).toMatchObject({
      priceAmount: 2000,
      city: { name: 'Kumasi' },
      images: [file.url],
    });
  });

  // PostgreSQL only (registered only in the PostgreSQL run): SQLite has one writer at a time and no row locks.
  if (process.env.DATABASE_URL?.startsWith('postgres'))
    it('lets two transactions writing different properties in crossing order both commit (no deadlock on the version row)', async () => {
      const db = cms.strapi.db.connection;
      const [a, b] = await Promise.all(
        [ids.cheapGhs, ids.dearGhs].map(
          async (id) => (await db('properties').where({ document_id: id }).first('id')).id,
        ),
      );
      const touch = async (trx: typeof db, id: number) =>
        trx('properties').where({ id }).update({ updated_at: new Date() });
      const waitingOnALock = async () =>
        Number(
          (
            await db.raw(
              `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0].n,
        );
      const first = await db.transaction();
      const second = await db.transaction();
      try {
        await touch(first, a);
        const secondsWrite = touch(second, b); // queues behind the first transaction
        secondsWrite.catch(() => undefined); // its failure is reported where it is awaited below
        await expect.poll(waitingOnALock, { timeout: 5000 }).toBe(1);
        await touch(first, b); // would wait for b, held by the second, if the second had taken it
        await first.commit();
        await secondsWrite;
        await touch(second, a);
        await second.commit();
      } finally {
        if (!first.isCompleted()) await first.rollback().catch(() => undefined);
        if (!second.isCompleted()) await second.rollback().catch(() => undefined);
      }
    });

  it('counts approved properties per city for the cities grid', async () => {
    const res = await api.get('/api/city-counts');
    expect(res.body).toHaveLength(8);
    expect(res.body.find((c: any) => c.slug === 'kumasi').count).toBe(3);
    expect(res.body.find((c: any) => c.slug === 'ho').count).toBe(0);
    expect(res.body[0]).toMatchObject({
      name: 'Accra',
      slug: 'accra',
      region: 'Greater Accra',
      featured: true,
    });
  });

  it('keeps the city counts and site figures exact when properties change outside the document service', async () => {
    const kumasi = async () =>
      (await api.get('/api/city-counts')).body.find((c: any) => c.slug === 'kumasi').count;
    const listed = async () => (await api.get('/api/site-figures')).body.propertiesListed;
    const before = await listed();
    expect(await kumasi()).toBe(3);
    const properties = () => cms.strapi.db.connection('properties').where({ document_id: ids.dearGhs });
    await properties().update({ approval_status: 'unapproved' });
    try {
      expect(await kumasi()).toBe(2);
      expect(await listed()).toBe(before - 1);
    } finally {
      await properties().update({ approval_status: 'approved' });
    }
    expect(await kumasi()).toBe(3);
    expect(await listed()).toBe(before);
  });

  it('leaves a listing hidden for want of a confirmation out of the listing, its searches and counts; its page and the staff list keep it', async () => {
    const kumasi = async () =>
      (await api.get('/api/city-counts')).body.find((c: any) => c.slug === 'kumasi').count;
    const listed = async () => (await api.get('/api/site-figures')).body.propertiesListed;
    const before = await listed();
    const row = () => cms.strapi.db.connection('properties').where({ document_id: ids.dearGhs });
    await row().update({ availability_hidden: true });
    try {
      // Queries not asked before: the response cache (a few seconds) keeps what a moment ago answered.
      const page = await list('pageSize=11');
      expect(page.ids).not.toContain(ids.dearGhs);
      expect(page.total).toBe(2);
      expect((await list('search=villa&pageSize=11')).total).toBe(0);
      expect((await list('search=danyame')).ids).toEqual([]);
      expect(await kumasi()).toBe(2);
      expect(await listed()).toBe(before - 1);
      const own = await api.get(`/api/products/${ids.dearGhs}`);
      expect(own.status).toBe(200);
      expect(own.body._id).toBe(ids.dearGhs);
      const staff = await api.get('/api/products?approval=all&city=kumasi&pageSize=50', {
        token: token.admin,
      });
      expect(staff.body.map((p: any) => p._id)).toContain(ids.dearGhs);
    } finally {
      await row().update({ availability_hidden: false });
    }
    expect((await list('search=villa&pageSize=12')).ids).toEqual([ids.dearGhs]);
    expect(await kumasi()).toBe(3);
    expect(await listed()).toBe(before);
  });
});

describe('the staff list (GET /api/products?approval=all, All Properties)', () => {
  const staffList = async (query: string, who: Who = 'admin') => {
    const res = await api.get(`/api/products?approval=all&${query}`, { token: token[who] });
    expect(res.status).toBe(200);
    return {
      body: res.body as any[],
      ids: (res.body as any[]).map((p) => p._id),
      total: Number(res.headers.get('x-total-count')),
    };
  };

  it('lists every state newest first, each with its approval state, poster and review note, so a new property is at the top', async () => {
    const approved = await create('superadmin', { location: 'Staff Row 1, Accra' });
    const waiting = await create('admin', { location: 'Staff Row 2, Accra' });
    const { body } = await staffList('pageSize=2');
    expect(body.map((p) => p._id)).toEqual([waiting._id, approved._id]);
    expect(body[0]).toMatchObject({
      approvalStatus: 'unapproved',
      postedBy: accountId.admin,
      changesRequested: null,
    });
    expect(body[1]).toMatchObject({
      approvalStatus: 'approved',
      postedBy: accountId.superadmin,
      changesRequested: null,
    });
    // The public listing (no token, no approval) never shows the waiting one.
    expect(
      (await api.get('/api/products?search=Staff%20Row&pageSize=50')).body.map((p: any) => p._id),
    ).toEqual([approved._id]);
  });

  it('searches location, type and price text: a number or a price with its symbol finds the properties at that price', async () => {
    const usd = await create('admin', {
      location: 'Price Close, Tema',
      price: 73519,
      currency: 'USD',
      propertyType: 'Townhouse',
    });
    const ghs = await create('superadmin', {
      location: 'Price Close, Tema',
      price: 'GH₵73,519',
      currency: 'GHS',
      propertyType: 'Land',
    });
    await create('superadmin', { location: 'Elsewhere, Tema', price: 73520 });
    expect((await staffList('search=73519')).ids.sort()).toEqual([usd._id, ghs._id].sort());
    expect((await staffList('search=%2473%2C519')).ids).toEqual([usd._id]); // $73,519
    expect((await staffList(`search=${encodeURIComponent('GH₵ 73519')}`)).ids).toEqual([ghs._id]);
    expect((await staffList('search=price%20close')).total).toBe(2);
    expect((await staffList('search=townhouse&pageSize=50')).ids).toContain(usd._id);
    // The public listing's search reads prices the same way, and still only approved properties.
    expect((await api.get('/api/products?search=73519')).body.map((p: any) => p._id)).toEqual([ghs._id]);
  });
});

describe('deleting a property', () => {
  it('keeps its viewings readable, showing the property as removed', async () => {
    const p = await create('superadmin', { location: 'Removed Lane, Accra' });
    const appointment = await cms.strapi.documents('plugin::viewings.appointment').create({
      data: {
        property: p._id,
        propertyLabel: 'Apartment in Removed Lane, Accra',
        date: '2030-02-04',
        time: '10:00',
      },
    });
    expect(
      (await api.call('DELETE', `/api/products/${p._id}`, { token: token.superadmin })).body.message,
    ).toBe('Property deleted successfully');
    expect((await api.get(`/api/products/${p._id}`, { token: token.admin })).status).toBe(404);
    const kept = await cms.strapi
      .documents('plugin::viewings.appointment')
      .findOne({ documentId: appointment.documentId, populate: ['property'] });
    expect(kept).toMatchObject({ propertyLabel: 'Apartment in Removed Lane, Accra', property: null });
    expect((await api.call('DELETE', `/api/products/${p._id}`, { token: token.admin })).status).toBe(404);
  });
});
