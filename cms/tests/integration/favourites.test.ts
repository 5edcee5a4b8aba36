// A signed-in account's favourites: saved once, listed newest first with each listed property's answer,
// kept as "no longer available" when the property leaves the listing, capped per account; another
// account never sees or changes them, and signed out there is nothing to read or write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVOURITES_MAX, MESSAGES } from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { testImage } from '../helpers/images';
import { listedAndPending } from '../helpers/fixtures';

let cms: TestCms;
let api: ReturnType<typeof client>;
let token: Record<string, string | undefined> = {};
const listed: string[] = [];
let unapproved = '';

const property = (n: number) => ({
  location: `Favourite Street ${n}, Osu`,
  nearestLandmark: 'Osu Castle',
  price: 2000 + n,
  currency: 'GHS',
  propertyType: 'Apartment',
  leaseType: 'Rent',
  images: [testImage(`f${n}`)],
  city: 'accra',
});

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  token = (
    await signInAccounts(cms.strapi, api, 'favourites.example.com', {
      ama: 'authenticated',
      yaw: 'authenticated',
      admin: 'admin',
      superadmin: 'superadmin',
    })
  ).token;
  const made = await listedAndPending(api, token, property);
  listed.push(...made.listed);
  unapproved = made.unapproved;
}, 180_000);
afterAll(async () => {
  await cms?.stop();
});

const favourites = async (who: string) => {
  const res = await api.get('/api/favourites', { token: token[who] });
  expect(res.status).toBe(200);
  return res.body as {
    propertyId: string;
    available: boolean;
    property: { _id: string } | null;
    label: string;
  }[];
};

describe('favourites', () => {
  it('signed out, nothing can be read, saved or removed (401)', async () => {
    expect((await api.get('/api/favourites')).status).toBe(401);
    expect((await api.put(`/api/favourites/${listed[0]}`)).status).toBe(401);
    expect((await api.call('DELETE', `/api/favourites/${listed[0]}`)).status).toBe(401);
  });

  it('saves a listed property once (201, then 200), and lists favourites newest first with their answers', async () => {
    const first = await api.put(`/api/favourites/${listed[0]}`, undefined, { token: token.ama });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      propertyId: listed[0],
      available: true,
      property: { _id: listed[0] },
    });
    const again = await api.put(`/api/favourites/${listed[0]}`, undefined, { token: token.ama });
    expect(again.status).toBe(200);
    expect((await api.put(`/api/favourites/${listed[1]}`, undefined, { token: token.ama })).status).toBe(201);
    const mine = await favourites('ama');
    expect(mine.map((f) => f.propertyId)).toEqual([listed[1], listed[0]]);
    expect(mine[0]!.property!._id).toBe(listed[1]);
    expect(mine[0]!.label).toBe('Apartment in Favourite Street 2, Osu');
  });

  it('refuses unknown, malformed and unlisted properties with 404', async () => {
    for (const id of ['nosuchproperty', "x'%20or%201=1", unapproved]) {
      const res = await api.put(`/api/favourites/${id}`, undefined, { token: token.ama });
      expect(res.status, id).toBe(404);
    }
    expect(
      (await api.put('/api/favourites/nosuchproperty', undefined, { token: token.ama })).body.error.message,
    ).toBe(MESSAGES.propertyNotFound);
  });

  it("another account sees only its own, and its removals do not touch anyone else's", async () => {
    expect(await favourites('yaw')).toEqual([]);
    expect((await api.put(`/api/favourites/${listed[2]}`, undefined, { token: token.yaw })).status).toBe(201);
    expect((await api.call('DELETE', `/api/favourites/${listed[0]}`, { token: token.yaw })).status).toBe(204);
    expect((await favourites('ama')).map((f) => f.propertyId)).toEqual([listed[1], listed[0]]);
    expect((await favourites('yaw')).map((f) => f.propertyId)).toEqual([listed[2]]);
  });

  it('removes a favourite (204), and removing it again is harmless', async () => {
    expect((await api.call('DELETE', `/api/favourites/${listed[1]}`, { token: token.ama })).status).toBe(204);
    expect((await api.call('DELETE', `/api/favourites/${listed[1]}`, { token: token.ama })).status).toBe(204);
    expect((await favourites('ama')).map((f) => f.propertyId)).toEqual([listed[0]]);
  });

  it('keeps a favourite whose property left the listing, as no longer available with what it was', async () => {
    await cms.strapi.db
      .connection('properties')
      .where({ document_id: listed[0] })
      .update({ approval_status: 'unapproved' });
    const [gone] = await favourites('ama');
    expect(gone).toMatchObject({
      propertyId: listed[0],
      available: false,
      property: null,
      label: 'Apartment in Favourite Street 1, Osu',
    });
    await cms.strapi.db
      .connection('properties')
      .where({ document_id: listed[0] })
      .update({ approval_status: 'approved' });
    expect((await favourites('ama'))[0]!.available).toBe(true);
  });

  it(`refuses a favourite past ${FAVOURITES_MAX} with a message, and saves again once one is removed`, async () => {
    const user = await cms.strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { email: 'yaw@favourites.example.com' } });
    const now = new Date();
    const rows = Array.from({ length: FAVOURITES_MAX - 1 }, (_, i) => ({
      document_id: `fav${String(i).padStart(21, '0')}`,
      user_id: user.id,
      property_document_id: `gone${i}`,
      property_label: 'House in Nowhere',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await cms.strapi.db.connection('favourites').insert(rows.slice(i, i + 100));
    const full = await api.put(`/api/favourites/${listed[0]}`, undefined, { token: token.yaw });
    expect(full.status).toBe(400);
    expect(full.body.error.message).toBe(MESSAGES.favouritesFull);
    expect((await api.call('DELETE', '/api/favourites/gone0', { token: token.yaw })).status).toBe(204);
    expect((await api.put(`/api/favourites/${listed[0]}`, undefined, { token: token.yaw })).status).toBe(201);
    const mine = await favourites('yaw');
    expect(mine).toHaveLength(FAVOURITES_MAX);
    expect(mine.filter((f) => !f.available)).toHaveLength(FAVOURITES_MAX - 2);
  });
});
