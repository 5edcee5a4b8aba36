// What the back-office's Appointments and Enquiries screens rely on: viewings
// found by the property's current location, a moved viewing refused on a taken slot with a clear
// message, and enquiries found by a phone number typed the local way, with the filters and paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDates, MESSAGES } from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts, type SignedIn } from '../helpers/http';
import { DEAL, propertyAt } from '../helpers/fixtures';
import { testImage } from '../helpers/images';

let cms: TestCms;
let api: ReturnType<typeof client>;
let who: SignedIn;
const days = bookableDates(new Date()).slice(2);

const newProperty = async (location: string, propertyType = 'Apartment') => {
  const res = await api.post(
    '/api/products',
    {
      location,
      nearestLandmark: 'Mall',
      price: 2500,
      currency: 'GHS',
      propertyType,
      leaseType: 'Rent',
      images: [testImage('s')],
    },
    { token: who.token.superadmin },
  );
  expect(res.status).toBe(201);
  return res.body._id as string;
};
const viewingIds = async (search: string) => {
  const res = await api.get(`/api/appointments/all?search=${encodeURIComponent(search)}`, {
    token: who.token.admin,
  });
  expect(res.status).toBe(200);
  return (res.body as { _id: string }[]).map((a) => a._id);
};
const enquiryIds = async (query: string) => {
  const res = await api.get(`/api/enquiries/admin?${query}`, { token: who.token.admin });
  expect(res.status).toBe(200);
  return {
    ids: (res.body as { _id: string }[]).map((e) => e._id),
    total: Number(res.headers.get('x-total-count')),
  };
};

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  who = await signInAccounts(cms.strapi, api, 'search.example.com', {
    kwame: 'authenticated',
    efua: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
});
afterAll(async () => {
  await cms?.stop();
});

describe('staff searching viewings by property location', () => {
  it("finds a viewing by its property's location, also after the location is edited", async () => {
    const property = await newProperty('Ring Road East, Labone');
    const booked = await api.post(
      '/api/appointments/admin-book',
      { userId: who.id.kwame, userEmail: who.email.kwame, productId: property, date: days[0], time: '11:00' },
      { token: who.token.admin },
    );
    expect(booked.status).toBe(201);
    expect(await viewingIds('labone')).toEqual([booked.body._id]);

    const edited = await api.put(
      `/api/products/${property}`,
      { location: 'Spintex Road, Baatsona' },
      { token: who.token.superadmin },
    );
    expect(edited.status).toBe(200);
    expect(await viewingIds('baatsona')).toEqual([booked.body._id]);
    expect(await viewingIds('labone')).toEqual([]);
    // The label changes; the viewing itself is not "updated" by someone else's edit.
    const listed = (await api.get('/api/appointments/all?search=baatsona', { token: who.token.admin }))
      .body[0];
    expect(listed.updatedAt).toBe(booked.body.updatedAt);
  });

  it('answers each viewing exactly as the booking did (client, property, dates), found by e-mail, date or a time typed short', async () => {
    const property = await newProperty('Osu Badu Street, Dzorwulu');
    const booked = await api.post(
      '/api/appointments/admin-book',
      {
        userId: who.id.efua,
        userEmail: who.email.efua,
        productId: property,
        date: days[3],
        time: '14:30',
        comments: 'Gate code 1234',
      },
      { token: who.token.admin },
    );
    expect(booked.status).toBe(201);
    const listed = await api.get(`/api/appointments/all?search=dzorwulu`, { token: who.token.admin });
    expect(listed.body).toHaveLength(1);
    // The same answer, the property's poster included (the list reads it in SQL, the booking through Strapi).
    expect(listed.body).toEqual([booked.body]);
    expect(booked.body.product.postedBy).toEqual(expect.any(String));
    expect(await viewingIds(who.email.efua.toUpperCase())).toContain(booked.body._id);
    expect(await viewingIds(days[3])).toContain(booked.body._id);
    expect(await viewingIds('14:3')).toContain(booked.body._id);
    const early = await api.post(
      '/api/appointments/admin-book',
      { userId: who.id.kwame, productId: property, date: days[3], time: '09:00' },
      { token: who.token.admin },
    );
    expect(await viewingIds('9')).toContain(early.body._id);
    expect(await viewingIds('9')).not.toContain(booked.body._id);
  });

  it('lists newest first, so a viewing just scheduled is at the top', async () => {
    const property = await newProperty('Cantonments Road, Accra');
    const first = await api.post(
      '/api/appointments/admin-book',
      { userId: who.id.kwame, productId: property, date: days[1], time: '09:00' },
      { token: who.token.admin },
    );
    const second = await api.post(
      '/api/appointments/admin-book',
      { userId: who.id.efua, productId: property, date: days[1], time: '09:30' },
      { token: who.token.admin },
    );
    expect(await viewingIds('cantonments')).toEqual([second.body._id, first.body._id]);
  });

  it("finds a viewing by its client's e-mail, also after the account's e-mail changes", async () => {
    const property = await newProperty('Kanda Highway, Accra');
    const { strapi } = cms;
    const user = await strapi.db.query('plugin::users-permissions.user').create({
      data: {
        username: 'abena-search',
        email: 'Abena.Old@Search.example.com',
        provider: 'local',
        confirmed: true,
        blocked: false,
      },
    });
    const booked = await api.post(
      '/api/appointments/admin-book',
      { userId: user.documentId, productId: property, date: days[4], time: '13:00' },
      { token: who.token.admin },
    );
    expect(booked.status).toBe(201);
    expect(await viewingIds('abena.old@')).toEqual([booked.body._id]);

    await strapi.db
      .query('plugin::users-permissions.user')
      .update({ where: { id: user.id }, data: { email: 'Abena.New@Search.example.com' } });
    expect(await viewingIds('ABENA.NEW')).toEqual([booked.body._id]);
    expect(await viewingIds('abena.old')).toEqual([]);
    // The answer names the client by the account's current e-mail.
    const listed = (await api.get('/api/appointments/all?search=abena.new', { token: who.token.admin }))
      .body[0];
    expect(listed.user.email).toBe('Abena.New@Search.example.com');
  });
});

describe('moving a viewing (the Update Appointment dialog)', () => {
  it('refuses a slot another active viewing holds with 409 and a clear message; a free slot is accepted', async () => {
    const property = await newProperty('Osu Badu Street, Airport');
    const held = await api.post(
      '/api/appointments/admin-book',
      { userId: who.id.kwame, productId: property, date: days[2], time: '14:00' },
      { token: who.token.admin },
    );
    const moving = await api.post(
      '/api/appointments/admin-book',
      { userId: who.id.efua, productId: property, date: days[2], time: '15:00' },
      { token: who.token.admin },
    );
    expect([held.status, moving.status]).toEqual([201, 201]);

    // The free slots the dialog offers leave out both held times.
    const free = await api.get(`/api/products/${property}/slots?date=${days[2]}`);
    expect(free.body[0].slots).not.toContain('14:00');
    expect(free.body[0].slots).not.toContain('15:00');
    expect(free.body[0].slots).toContain('15:30');

    const clash = await api.put(
      `/api/appointments/appointment/${moving.body._id}`,
      { date: days[2], time: '14:00' },
      { token: who.token.admin },
    );
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(MESSAGES.slotTaken);
    const ok = await api.put(
      `/api/appointments/appointment/${moving.body._id}`,
      { date: days[2], time: '15:30', status: 'Rescheduled' },
      { token: who.token.admin },
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ time: '15:30', status: 'Rescheduled' });
    // Its old time is free again.
    expect((await api.get(`/api/products/${property}/slots?date=${days[2]}`)).body[0].slots).toContain(
      '15:00',
    );
  });
});

describe('staff searching enquiries', () => {
  let ama = '';
  let kojo = '';
  beforeAll(async () => {
    const create = async (body: Record<string, unknown>) => {
      const res = await api.post('/api/enquiries', body, { token: who.token.admin });
      expect(res.status).toBe(201);
      return res.body._id as string;
    };
    ama = await create({
      name: '  Ama Serwaa  ',
      phoneNumber: ['024 555 1234'],
      email: 'ama@clients.example.com',
      location: 'East Legon',
      propertyType: 'Studio',
      budget: 'GH₵ 3,000',
      furnishStatus: 'Semi furnished',
      comments: 'Walk-in',
    });
    kojo = await create({
      name: 'Kojo Mensah',
      phoneNumber: ['+233 20 777 9876'],
      location: 'Tema Community 25',
    });
    await api.put(
      `/api/enquiries/${kojo}`,
      { priority: 'High', status: 'Closed by others' },
      { token: who.token.admin },
    );
  });

  it("answers each enquiry exactly as its creation did, a seeker's with its owner and property", async () => {
    const property = await newProperty('Sakumono Estates, Tema');
    const sent = await api.post(
      '/api/enquiries',
      {
        name: 'Yaa Asantewaa',
        phoneNumber: ['0501112233'],
        email: 'yaa@seekers.example.com',
        product: property,
        comments: 'Is it furnished?',
      },
      { token: who.token.kwame },
    );
    expect(sent.status).toBe(201);
    const listed = await api.get('/api/enquiries/admin?search=asantewaa', { token: who.token.admin });
    expect(listed.body).toHaveLength(1);
    // The same answer, the property's poster included.
    expect(listed.body).toEqual([sent.body]);
    expect(sent.body.interestedProperty.postedBy).toEqual(expect.any(String));
    const staff = (await api.get('/api/enquiries/admin?search=serwaa', { token: who.token.admin })).body[0];
    expect(staff).toEqual(
      (await api.get('/api/enquiries/admin?search=555+1234', { token: who.token.admin })).body[0],
    );
    expect(staff.interestedProperty).toBeNull();
  });

  it('records a staff enquiry with the name trimmed, the number normalised and no owner', async () => {
    const { ids } = await enquiryIds('search=serwaa');
    expect(ids).toEqual([ama]);
    const found = (await api.get('/api/enquiries/admin?search=serwaa', { token: who.token.admin })).body[0];
    expect(found).toMatchObject({
      name: 'Ama Serwaa',
      phoneNumber: ['+233245551234'],
      source: 'staff',
      user: null,
      propertyType: 'Studio',
      furnishStatus: 'Semi furnished',
      status: 'Pending',
      priority: 'Moderate',
    });
  });

  it('finds a phone number typed the local way, with or without spaces, or in part', async () => {
    expect((await enquiryIds('search=0245551234')).ids).toEqual([ama]);
    expect((await enquiryIds(`search=${encodeURIComponent('024 555 1234')}`)).ids).toEqual([ama]);
    expect((await enquiryIds('search=0207779')).ids).toEqual([kojo]);
    expect((await enquiryIds(`search=${encodeURIComponent('+233207779876')}`)).ids).toEqual([kojo]);
  });

  it('finds by e-mail and location, and narrows by status and priority', async () => {
    expect((await enquiryIds('search=CLIENTS.example')).ids).toEqual([ama]);
    expect((await enquiryIds('search=community%2025')).ids).toEqual([kojo]);
    expect((await enquiryIds('priority=High&status=Closed%20by%20others')).ids).toEqual([kojo]);
    expect((await enquiryIds('search=tema&priority=Low')).total).toBe(0);
  });

  it('pages newest first: page k of size 1 is the k-th of the whole list, and the total counts them all', async () => {
    const all = await enquiryIds('pageSize=100');
    expect(all.ids.indexOf(kojo)).toBeGreaterThanOrEqual(0);
    expect(all.ids.indexOf(kojo)).toBeLessThan(all.ids.indexOf(ama));
    for (const [i, id] of all.ids.entries()) {
      const page = await enquiryIds(`pageSize=1&page=${i + 1}`);
      expect(page).toEqual({ ids: [id], total: all.ids.length });
    }
    expect((await enquiryIds(`pageSize=1&page=${all.ids.length + 1}`)).ids).toEqual([]);
  });

  it('refuses a seeker and an unknown filter', async () => {
    expect((await api.get('/api/enquiries/admin', { token: who.token.kwame })).status).toBe(403);
    expect((await api.get('/api/enquiries/admin?status=Sold', { token: who.token.admin })).status).toBe(400);
  });
});

describe('hostile searches on every staff list', () => {
  // `%`, `_` and `\` are LIKE's wildcards and escape: a search takes them literally, so each finds
  // only the row that really contains it (unescaped, `%` and `_` would match every row).
  const odd = `Odd 100%_off \\ Lane`;
  const lists = () => [
    { path: '/api/users', token: who.token.superadmin, wild: false },
    { path: '/api/admins', token: who.token.superadmin, wild: false },
    { path: '/api/appointments/all', token: who.token.admin, wild: true },
    { path: '/api/enquiries/admin', token: who.token.admin, wild: true },
    { path: '/api/deals', token: who.token.admin, wild: true },
    { path: '/api/products/unapproved', token: who.token.superadmin, wild: true },
    { path: '/api/deals/unapproved', token: who.token.superadmin, wild: true },
  ];
  const search = async (path: string, token: string, text: string) => {
    const res = await api.get(`${path}?search=${encodeURIComponent(text)}`, { token });
    expect(res.status, `${path} ?search=${text.slice(0, 20)}`).toBe(200);
    return res.body as unknown[];
  };

  beforeAll(async () => {
    // One row holding the odd text on each list that searches free text: a viewing of a property
    // there, an enquiry, a deal and a property waiting for approval (both an admin's).
    const property = await api.post('/api/products', propertyAt(odd), { token: who.token.admin });
    expect(property.status).toBe(201);
    const approved = await newProperty(`${odd} West`);
    const booked = await api.post(
      '/api/appointments/admin-book',
      { userId: who.id.efua, productId: approved, date: days[5], time: '10:00' },
      { token: who.token.admin },
    );
    expect(booked.status).toBe(201);
    expect(
      (
        await api.post(
          '/api/enquiries',
          { name: odd, phoneNumber: ['0244000999'], location: 'Osu' },
          { token: who.token.admin },
        )
      ).status,
    ).toBe(201);
    expect(
      (await api.post('/api/deals', { ...DEAL, tenantName: odd }, { token: who.token.admin })).status,
    ).toBe(201);
  });

  it('takes %, _ and \\ literally: only the row containing them is found, never every row', async () => {
    for (const { path, token, wild } of lists()) {
      for (const text of ['%', '_', '\\', '100%_off \\']) {
        const found = await search(path, token, text);
        // Accounts' e-mails hold none of these characters; every other list has exactly one row with them.
        if (!wild) expect(found, `${path} ${text}`).toEqual([]);
        else expect(found.length, `${path} ${text}`).toBeGreaterThanOrEqual(1);
        if (wild) expect(JSON.stringify(found), `${path} ${text}`).toContain('100%_off');
      }
      if (wild) expect((await search(path, token, '%_%')).length, `${path} %_%`).toBe(0);
    }
  });

  it('answers a 5,000-character search, a repeated search parameter and quotes with 200, not a 500', async () => {
    for (const { path, token } of lists()) {
      expect(await search(path, token, 'x'.repeat(5_000))).toEqual([]);
      expect(await search(path, token, `' or 1=1 --`)).toEqual([]);
      const repeated = await api.get(`${path}?search=a&search=b`, { token });
      expect(repeated.status, `${path} repeated`).toBe(200);
    }
  });

  it('uses only the first 100 characters of a longer search', async () => {
    // The odd enquiry's name followed by junk past the 100th character still finds it.
    const padded = `${odd}${' '.repeat(100 - odd.length)}junk that is never searched`;
    const found = await search('/api/enquiries/admin', who.token.admin, padded);
    expect(found).toHaveLength(1);
  });
});
