// Copied photos: staff upload real photographs (tests/fixtures/photos, the demo pictures) through the
// upload API, attach them to listings, and the approval queue and the staff view of a listing name the
// other listings showing the same photo or a re-encoded, resized or cropped copy of it. The public
// answers never carry it, a listing's own photos never count, and different pictures of similar
// rooms are not taken for copies. Images stored before the hashes existed are hashed by the backfill.
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { DUPLICATE_PHOTO_DISTANCE } from '../../src/api/property/photos/photo-hash';

const require = createRequire(import.meta.url);
const sharp = require('sharp');

let cms: TestCms;
let api: ReturnType<typeof client>;
type Who = 'seeker' | 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};

const PHOTOS = path.resolve(__dirname, '..', 'fixtures', 'photos');
const DEMO = path.resolve(__dirname, '..', '..', 'demo', 'images');
const photo = (name: string) => readFileSync(path.join(PHOTOS, name));
const demo = (name: string) => readFileSync(path.join(DEMO, name));

type Duplicate = { propertyId: string; distance: number; image: string; otherImage: string };

/** Uploads one image through POST /api/upload as `who`; answers its URL. */
async function upload(who: Who, name: string, data: Buffer, type: string): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${cms.url}/api/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token[who]}` },
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body[0].url as string;
}

let n = 0;
/** A listing with `images` (URLs), created by `who` (an admin's waits in the queue). */
async function listing(who: Who, images: string[]): Promise<string> {
  const res = await api.post(
    '/api/products',
    {
      location: `Copycat Crescent ${++n}, Accra`,
      nearestLandmark: 'Accra Mall',
      price: 2500,
      currency: 'GHS',
      propertyType: 'Apartment',
      leaseType: 'Rent',
      images,
    },
    { token: token[who] },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as string;
}

/** The queue's items by id (all of this file's waiting listings fit one page). */
async function queue(): Promise<Map<string, { duplicatePhotos: Duplicate[] }>> {
  const res = await api.get('/api/products/unapproved?pageSize=50', { token: token.superadmin });
  expect(res.status).toBe(200);
  return new Map((res.body.items ?? res.body).map((i: { _id: string }) => [i._id, i]));
}
const staffView = async (id: string, who: Who = 'admin') => {
  const res = await api.get(`/api/products/${id}`, { token: token[who] });
  expect(res.status).toBe(200);
  return res.body as { duplicatePhotos?: Duplicate[] };
};
const others = (list: Duplicate[] | undefined) => (list ?? []).map((d) => d.propertyId).sort();

// The uploads' URLs, and the listings.
const url: Record<string, string> = {};
const id: Record<string, string> = {};

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  const signed = await signInAccounts(cms.strapi, api, 'copies.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  Object.assign(token, signed.token);

  const coffee = photo('coffee.jpg');
  const { width, height } = await sharp(coffee).metadata();
  // The copier's version: 3 % cut off the left and 2 % off the top, made smaller, saved as WEBP.
  const coffeeCopy = await sharp(coffee)
    .extract({
      left: Math.round(width * 0.03),
      top: Math.round(height * 0.02),
      width: Math.round(width * 0.97),
      height: Math.round(height * 0.98),
    })
    .resize(420)
    .webp({ quality: 70 })
    .toBuffer();
  const chelseaPng = await sharp(photo('chelsea.jpg')).png().toBuffer();
  url.coffee = await upload('admin', 'coffee.jpg', coffee, 'image/jpeg');
  url.living = await upload('admin', 'living room.webp', demo('interior-1.webp'), 'image/webp');
  url.coffeeCopy = await upload('superadmin', 'my coffee.webp', coffeeCopy, 'image/webp');
  url.bedroom = await upload('admin', 'bedroom.webp', demo('interior-2.webp'), 'image/webp');
  url.chelsea = await upload('admin', 'cat.png', chelseaPng, 'image/png');
  url.chelseaAgain = await upload(
    'admin',
    'cat again.jpg',
    await sharp(chelseaPng).jpeg({ quality: 50 }).toBuffer(),
    'image/jpeg',
  );
  url.camera = await upload('admin', 'camera.jpg', photo('camera.jpg'), 'image/jpeg');
  url.rocket = await upload('superadmin', 'rocket.jpg', photo('rocket.jpg'), 'image/jpeg');
  url.rocketSmall = await upload(
    'admin',
    'rocket small.jpg',
    await sharp(photo('rocket.jpg')).resize(300).jpeg({ quality: 60 }).toBuffer(),
    'image/jpeg',
  );

  // Waiting in the queue (an admin's).
  id.original = await listing('admin', [url.coffee!, url.living!]);
  id.copy = await listing('admin', [url.bedroom!, url.coffeeCopy!]);
  id.ownPair = await listing('admin', [url.chelsea!, url.chelseaAgain!]);
  id.camera = await listing('admin', [url.camera!]);
  url.alone = await upload('admin', 'villa.webp', demo('villa-1.webp'), 'image/webp');
  id.alone = await listing('admin', [url.alone]);
  id.sameFile = await listing('admin', [url.camera!]);
  // Listed at once (a superadmin's), one with a smaller copy of the other's photo.
  id.listed = await listing('superadmin', [url.rocket!]);
  id.listedCopy = await listing('superadmin', [url.rocketSmall!]);
});
afterAll(async () => {
  await cms?.stop();
});

describe('copied photos in the approval queue', () => {
  it("flags a listing whose photo is a cropped, resized, re-encoded copy of another listing's", async () => {
    const items = await queue();
    const [onOriginal] = items.get(id.original!)!.duplicatePhotos;
    expect(items.get(id.original!)!.duplicatePhotos).toHaveLength(1);
    expect(onOriginal).toMatchObject({ propertyId: id.copy, image: url.coffee, otherImage: url.coffeeCopy });
    expect(onOriginal!.distance).toBeGreaterThan(0);
    expect(onOriginal!.distance).toBeLessThanOrEqual(DUPLICATE_PHOTO_DISTANCE);
    // Both ways, with the same distance.
    expect(items.get(id.copy!)!.duplicatePhotos).toEqual([
      {
        propertyId: id.original,
        distance: onOriginal!.distance,
        image: url.coffeeCopy,
        otherImage: url.coffee,
      },
    ]);
  });

  it('does not take different pictures of similar rooms for copies', async () => {
    // The living room (on the first listing) and the bedroom (on the copy's) are not paired: the
    // only pair between the two listings is the coffee photo.
    const items = await queue();
    expect(items.get(id.copy!)!.duplicatePhotos.map((d) => d.image)).toEqual([url.coffeeCopy]);
    const pairs = await cms.strapi.db.connection('photo_hash_matches').select('file_id', 'other_file_id');
    const fileOf = async (u: string) =>
      (await cms.strapi.db.connection('files').where({ url: u }).first('id')).id;
    const living = await fileOf(url.living!);
    const bedroom = await fileOf(url.bedroom!);
    expect(
      pairs.some(
        (p: { file_id: number; other_file_id: number }) =>
          p.file_id === living && p.other_file_id === bedroom,
      ),
    ).toBe(false);
  });

  it("never counts a listing's own photos, however alike", async () => {
    const items = await queue();
    expect(items.get(id.ownPair!)!.duplicatePhotos).toEqual([]);
    // The two cat photos are a pair all the same: on two listings they would be flagged.
    const again = await listing('admin', [url.chelseaAgain!]);
    expect(others((await queue()).get(again)!.duplicatePhotos)).toEqual([id.ownPair]);
  });

  it('flags the same image attached to two listings, at distance 0', async () => {
    const items = await queue();
    expect(items.get(id.camera!)!.duplicatePhotos).toEqual([
      { propertyId: id.sameFile, distance: 0, image: url.camera, otherImage: url.camera },
    ]);
    expect(others(items.get(id.sameFile!)!.duplicatePhotos)).toEqual([id.camera]);
  });
});

describe('copied photos on the staff view of a listing', () => {
  it.each(['admin', 'superadmin'] as const)('%s sees them', async (who) => {
    expect(others((await staffView(id.original!, who)).duplicatePhotos)).toEqual([id.copy]);
    expect(others((await staffView(id.listedCopy!, who)).duplicatePhotos)).toEqual([id.listed]);
    expect((await staffView(id.alone!, who)).duplicatePhotos).toEqual([]);
  });

  it('the public answers never carry them, signed in or not', async () => {
    for (const who of [undefined, 'seeker'] as const) {
      const res = await api.get(`/api/products/${id.listedCopy}`, { token: who && token[who] });
      expect(res.status).toBe(200);
      expect(res.body._id).toBe(id.listedCopy);
      expect(res.body).not.toHaveProperty('duplicatePhotos');
      const list = await api.get('/api/products?search=Copycat', { token: who && token[who] });
      expect(list.status).toBe(200);
      expect(list.body.length).toBeGreaterThan(0);
      for (const item of list.body) expect(item).not.toHaveProperty('duplicatePhotos');
    }
    // And a seeker cannot read the queue.
    expect((await api.get('/api/products/unapproved', { token: token.seeker })).status).toBe(403);
  });
});

describe('images stored before the hashes', () => {
  it('are hashed by the backfill, and their copies found again', async () => {
    const knex = cms.strapi.db.connection;
    const photos = cms.strapi.service('api::property.photo-hashes') as {
      backfill(o?: { limit?: number }): Promise<number>;
      stopBackfill(): Promise<void>;
    };
    // The start's own backfill out of the way, so that this one is the only one.
    await photos.stopBackfill();
    const rocket = (await knex('files').where({ url: url.rocket }).first('id')).id;
    // Read (and so kept by the cms) first: what follows must not be answered from what was kept.
    expect(others((await staffView(id.listedCopy!)).duplicatePhotos)).toEqual([id.listed]);
    // As if the rocket photo had been stored before hashing existed.
    await knex('photo_hash_matches').where({ file_id: rocket }).orWhere({ other_file_id: rocket }).delete();
    await knex('photo_hashes').where({ file_id: rocket }).delete();
    expect((await staffView(id.listedCopy!)).duplicatePhotos).toEqual([]);

    expect(await photos.backfill()).toBe(1);
    const [{ n: kept }] = await knex('photo_hashes').where({ file_id: rocket }).count({ n: '*' });
    expect(Number(kept)).toBe(2); // the whole photo's hash and its centre's
    expect(others((await staffView(id.listedCopy!)).duplicatePhotos)).toEqual([id.listed]);
    expect(others((await staffView(id.listed!)).duplicatePhotos)).toEqual([id.listedCopy]);
    // Done once: nothing is left to hash.
    expect(await photos.backfill()).toBe(0);
  });

  it('skips an image it cannot read, and goes on', async () => {
    const knex = cms.strapi.db.connection;
    const photos = cms.strapi.service('api::property.photo-hashes') as {
      backfill(o?: { limit?: number }): Promise<number>;
    };
    const [camera, villa] = await Promise.all(
      [url.camera!, url.alone!].map(async (u) => (await knex('files').where({ url: u }).first('id')).id),
    );
    await knex('photo_hashes').whereIn('file_id', [camera, villa]).delete();
    // The camera photo's file is gone from the uploads folder; the villa's is still there.
    rmSync(path.join(cms.strapi.dirs.static.public, url.camera!));
    expect(await photos.backfill()).toBe(1);
    expect((await knex('photo_hashes').where({ file_id: villa })).length).toBe(2);
    expect((await knex('photo_hashes').where({ file_id: camera })).length).toBe(0);
  });
});

describe('a stock photo on 5,000 listings', () => {
  it('the queue and the staff view name the 10 closest, the earliest first, and count the rest', async () => {
    const knex = cms.strapi.db.connection;
    url.stock = await upload('admin', 'stock.webp', demo('house-2.webp'), 'image/webp');
    // A cropped copy: a plain resize hashes the same as the original, a crop does not.
    const house = demo('house-2.webp');
    const size = await sharp(house).metadata();
    url.stockSmall = await upload(
      'admin',
      'stock cropped.webp',
      await sharp(house)
        .extract({
          left: Math.round(size.width * 0.03),
          top: Math.round(size.height * 0.02),
          width: Math.round(size.width * 0.97),
          height: Math.round(size.height * 0.98),
        })
        .resize(420)
        .webp({ quality: 70 })
        .toBuffer(),
      'image/webp',
    );
    const first = await listing('superadmin', [url.stock]);
    const edited = await listing('superadmin', [url.stockSmall]);
    // 5,000 more listings showing the same stored image, made in the database (through the API it would
    // take minutes): copies of the first one's row, each linked to the image.
    const row = await knex('properties').where({ document_id: first }).first();
    const columns = Object.keys(row).filter((c) => c !== 'id' && c !== 'document_id');
    const quoted = columns.map((c) => `"${c}"`).join(', ');
    await knex.raw(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 5000)
       insert into properties (document_id, ${quoted})
       select 'stock' || i, ${quoted} from properties, n where properties.id = ?`,
      [row.id],
    );
    const file = (await knex('files').where({ url: url.stock }).first('id')).id;
    await knex.raw(
      `insert into files_related_mph (file_id, related_id, related_type, field, "order")
       select ?, id, 'api::property.property', 'images', 1 from properties where document_id like 'stock%'`,
      [file],
    );
    const waiting = await listing('admin', [url.stock]);

    const item = (await queue()).get(waiting) as unknown as {
      duplicatePhotos: Duplicate[];
      duplicatePhotosTotal: number;
      duplicatePhotosTotalRelation: string;
    };
    expect(item.duplicatePhotos).toHaveLength(10);
    // The first listing to show it leads; then the copies as they were made; the edited copy
    // (further away) is not among the closest.
    expect(item.duplicatePhotos[0]).toEqual({
      propertyId: first,
      distance: 0,
      image: url.stock,
      otherImage: url.stock,
    });
    for (const d of item.duplicatePhotos) expect(d.distance).toBe(0);
    expect(item.duplicatePhotos.map((d) => d.propertyId)).not.toContain(edited);
    expect(item.duplicatePhotosTotal).toBe(100);
    expect(item.duplicatePhotosTotalRelation).toBe('gte');

    const staff = (await staffView(first)) as unknown as typeof item;
    expect(staff.duplicatePhotos).toHaveLength(10);
    expect(staff.duplicatePhotos.map((d) => d.propertyId)).not.toContain(first);
    expect(staff.duplicatePhotosTotalRelation).toBe('gte');
    // The edited copy's own answer: its closest are the listings of the image it copies.
    const fromEdited = (await staffView(edited)) as unknown as typeof item;
    expect(fromEdited.duplicatePhotos[0]).toMatchObject({ propertyId: first, otherImage: url.stock });
    expect(fromEdited.duplicatePhotos[0]!.distance).toBeGreaterThan(0);
    expect(fromEdited.duplicatePhotosTotal).toBe(100);

    // A listing with a copy or two still gets the exact count.
    const few = (await staffView(id.listedCopy!)) as unknown as typeof item;
    expect(few.duplicatePhotosTotal).toBe(1);
    expect(few.duplicatePhotosTotalRelation).toBe('eq');
    expect((await staffView(id.alone!)) as unknown as typeof item).toMatchObject({
      duplicatePhotos: [],
      duplicatePhotosTotal: 0,
      duplicatePhotosTotalRelation: 'eq',
    });
  });
});
