// A listing's map point: staff set it (both coordinates or neither, inside Ghana), the public reads it
// rounded to about 100 m wherever a listing is answered, and staff, or a seeker with an active viewing
// of that property, read it exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bookableDates, MESSAGES, publicListingQuerySchema, roundCoordinate } from '@fie/domain';
import { CMS_DIR, startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';

const require = createRequire(import.meta.url);
// The modules the running cms loaded (the spatial index is made ready at its start), not copies from src/.
const { mapSql } = require(
  path.join(CMS_DIR, 'dist', 'src', 'api', 'property', 'catalogue', 'map-sql.js'),
) as typeof import('../../src/api/property/catalogue/map-sql');
const { SQLITE_POINT_TABLE } = require(
  path.join(CMS_DIR, 'dist', 'src', 'api', 'property', 'catalogue', 'point-index.js'),
) as typeof import('../../src/api/property/catalogue/point-index');
const postgres = Boolean(process.env.DATABASE_URL?.startsWith('postgres'));

let cms: TestCms;
let api: ReturnType<typeof client>;
let token: Record<string, string | undefined> = {};
let n = 0;

const EXACT = { latitude: 5.635549, longitude: -0.161249 };
// A Ghana Post GPS address names a square of about 5 m: as private as the exact point.
const GPS = 'GA-058-2217';
const ROUNDED = { latitude: 5.636, longitude: -0.161 };
const now = () => (cms.strapi.plugin('platform').service('clock') as { now(): Date }).now();

/** A listing at a place of its own (so a search finds it alone), made by `who`. */
async function listing(
  body: Record<string, unknown> = { ...EXACT, digitalAddress: GPS },
  who = 'superadmin',
) {
  const made = await api.post('/api/products', propertyAt(`Map Close ${++n}, East Legon`, body), {
    token: token[who],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { _id: string; location: string; latitude: number | null; longitude: number | null };
}
const point = (p: { latitude?: unknown; longitude?: unknown }) => ({
  latitude: p.latitude,
  longitude: p.longitude,
});
const detail = async (id: string, who?: string) => {
  const res = await api.get(`/api/products/${id}`, { token: who ? token[who] : undefined });
  expect(res.status).toBe(200);
  return res.body;
};
const card = async (location: string) => {
  const res = await api.get(`/api/products?search=${encodeURIComponent(location)}`);
  expect(res.status).toBe(200);
  return (res.body as { location: string; latitude: number; longitude: number }[]).find(
    (c) => c.location === location,
  );
};
const stored = (id: string) =>
  cms.strapi.db.connection('properties').where({ document_id: id }).first('latitude', 'longitude');

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  token = (
    await signInAccounts(cms.strapi, api, 'map-points.example.com', {
      seeker: 'authenticated',
      other: 'authenticated',
      admin: 'admin',
      superadmin: 'superadmin',
    })
  ).token;
}, 180_000);
afterAll(async () => {
  await cms?.stop();
});

describe('the public reads the point rounded', () => {
  it('on the property and on its card; staff read it exact', async () => {
    const p = await listing();
    // The staff member who set it reads back what was set.
    expect(point(p)).toEqual(EXACT);
    expect(point(await stored(p._id))).toEqual(EXACT);
    expect(point(await detail(p._id))).toEqual(ROUNDED);
    expect(point(await detail(p._id, 'seeker'))).toEqual(ROUNDED);
    expect(point((await card(p.location))!)).toEqual(ROUNDED);
    expect(point(await detail(p._id, 'admin'))).toEqual(EXACT);
    expect(point(await detail(p._id, 'superadmin'))).toEqual(EXACT);
    const staffList = await api.get(`/api/products?approval=all&search=${encodeURIComponent(p.location)}`, {
      token: token.admin,
    });
    expect(staffList.status).toBe(200);
    expect(point(staffList.body.find((c: { _id: string }) => c._id === p._id))).toEqual(EXACT);
    // The GPS address likewise: staff read it, the public answers do not carry it.
    expect((p as { digitalAddress?: string }).digitalAddress).toBe(GPS);
    expect((await detail(p._id, 'admin')).digitalAddress).toBe(GPS);
    expect(staffList.body.find((c: { _id: string }) => c._id === p._id).digitalAddress).toBe(GPS);
    expect(await detail(p._id)).not.toHaveProperty('digitalAddress');
    expect(await detail(p._id, 'seeker')).not.toHaveProperty('digitalAddress');
    expect(await card(p.location)).not.toHaveProperty('digitalAddress');
    const map = await api.get(`/api/products/map?search=${encodeURIComponent(p.location)}`);
    expect(JSON.stringify(map.body)).not.toContain(GPS);
    const listingText = await (await fetch(`${cms.url}/api/products?pageSize=50`)).text();
    expect(listingText).not.toContain(GPS);
  });

  it('a listing without a point answers both null', async () => {
    const p = await listing({});
    expect(point(p)).toEqual({ latitude: null, longitude: null });
    expect(point(await detail(p._id))).toEqual({ latitude: null, longitude: null });
    expect(point(await detail(p._id, 'admin'))).toEqual({ latitude: null, longitude: null });
  });

  it('an admin’s listing waiting for approval shows the exact point in the queue', async () => {
    const p = await listing(EXACT, 'admin');
    const queue = await api.get('/api/products/unapproved?pageSize=50', { token: token.superadmin });
    expect(queue.status).toBe(200);
    const items = (Array.isArray(queue.body) ? queue.body : queue.body.data) as {
      _id: string;
      latitude?: number;
      longitude?: number;
    }[];
    expect(point(items.find((i) => i._id === p._id)!)).toEqual(EXACT);
  });
});

describe('a seeker with an active viewing reads it exact', () => {
  it('while the viewing is active, and rounded again once it is cancelled; another seeker never', async () => {
    const p = await listing();
    const date = bookableDates(now())[1]!;
    const booked = await api.post(
      `/api/appointments/book/${p._id}`,
      { date, time: '11:00', comments: '' },
      { token: token.seeker },
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(point(await detail(p._id, 'seeker'))).toEqual(EXACT);
    expect((await detail(p._id, 'seeker')).digitalAddress).toBe(GPS);
    // Their viewing says where to go: the exact point and the GPS address.
    const mine = await api.get('/api/appointments', { token: token.seeker });
    const viewing = mine.body.find((a: { _id: string }) => a._id === booked.body._id);
    expect(viewing.product).toMatchObject({ ...EXACT, digitalAddress: GPS });
    expect(booked.body.product).toMatchObject({ ...EXACT, digitalAddress: GPS });
    // That answer is the seeker's alone: no shared cache may keep it for the next visitor.
    const own = await api.get(`/api/products/${p._id}`, { token: token.seeker });
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(point(await detail(p._id, 'other'))).toEqual(ROUNDED);
    expect(await detail(p._id, 'other')).not.toHaveProperty('digitalAddress');
    expect(point(await detail(p._id))).toEqual(ROUNDED);
    // The public card stays rounded for the seeker too: cards are the same for everyone.
    expect(point((await card(p.location))!)).toEqual(ROUNDED);

    const cancelled = await api.post(`/api/appointments/${booked.body._id}/cancel`, undefined, {
      token: token.seeker,
    });
    expect(cancelled.status).toBe(200);
    expect(point(await detail(p._id, 'seeker'))).toEqual(ROUNDED);
    expect(await detail(p._id, 'seeker')).not.toHaveProperty('digitalAddress');
    // A cancelled viewing no longer says where the home is.
    expect(cancelled.body.product).not.toHaveProperty('digitalAddress');
    expect(point(cancelled.body.product)).toEqual(ROUNDED);
  });
});

describe('bad points answer 400 and write nothing', () => {
  it('on create: one coordinate alone, or a point outside Ghana', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ latitude: 5.6 }, MESSAGES.coordinatesBoth],
      [{ longitude: -0.2 }, MESSAGES.coordinatesBoth],
      [{ latitude: 5.6, longitude: null }, MESSAGES.coordinatesBoth],
      // London, Lagos, and Accra's pair swapped.
      [{ latitude: 51.5, longitude: -0.12 }, MESSAGES.latitudeInvalid],
      [{ latitude: 6.45, longitude: 3.39 }, MESSAGES.longitudeInvalid],
      [{ latitude: -0.19, longitude: 5.6 }, MESSAGES.latitudeInvalid],
      [{ latitude: 'here', longitude: -0.2 }, MESSAGES.latitudeInvalid],
    ];
    for (const [body, message] of cases) {
      const location = `Nowhere Lane ${++n}`;
      const res = await api.post('/api/products', propertyAt(location, body), { token: token.superadmin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message, JSON.stringify(body)).toBe(message);
      expect(await cms.strapi.db.connection('properties').where({ location }).first('id')).toBeUndefined();
    }
  });

  it('on update: half a point is refused and the stored one kept; both null clear it', async () => {
    const p = await listing();
    for (const body of [{ latitude: 9.4 }, { longitude: null }, { latitude: 12.1, longitude: -0.8 }]) {
      const res = await api.put(`/api/products/${p._id}`, body, { token: token.superadmin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(point(await stored(p._id))).toEqual(EXACT);
    }
    const moved = await api.put(
      `/api/products/${p._id}`,
      { latitude: 9.4075, longitude: -0.8533 },
      { token: token.superadmin },
    );
    expect(moved.status).toBe(200);
    expect(point(moved.body)).toEqual({ latitude: 9.4075, longitude: -0.8533 });
    expect(point(await detail(p._id))).toEqual({ latitude: 9.408, longitude: -0.853 });
    const cleared = await api.put(
      `/api/products/${p._id}`,
      { latitude: null, longitude: null },
      { token: token.superadmin },
    );
    expect(cleared.status).toBe(200);
    expect(point(await stored(p._id))).toEqual({ latitude: null, longitude: null });
  });

  it('only staff set a point: a seeker is refused', async () => {
    const res = await api.post('/api/products', propertyAt(`Seeker Row ${++n}`, EXACT), {
      token: token.seeker,
    });
    expect(res.status).toBe(403);
  });
});

describe('the map area matches the public rounding', () => {
  // Points on the half-grid (exactly between two rounded values) and a hair either side, in all four
  // quadrants. Ghana has only the northern two, so the stored points are written directly: the
  // filter is the same SQL whatever the place.
  const HALF = [5.6125, 0.1865, 7.0005, 0.0005];
  const points: { id: string; latitude: number; longitude: number }[] = [];
  beforeAll(async () => {
    const values: [number, number][] = [];
    for (const [lat, lon] of [
      [HALF[0]!, HALF[1]!],
      [HALF[2]!, HALF[3]!],
      [HALF[0]! + 1e-9, HALF[1]! - 1e-9],
    ] as [number, number][])
      for (const [sLat, sLon] of [
        [1, 1],
        [1, -1],
        [-1, 1],
        [-1, -1],
      ])
        values.push([sLat * lat, sLon * lon]);
    for (const [latitude, longitude] of values) {
      const made = await listing({ latitude: 5.6, longitude: -0.18 });
      await cms.strapi.db
        .connection('properties')
        .where({ document_id: made._id })
        .update({ latitude, longitude });
      points.push({ id: made._id, latitude, longitude });
    }
  });

  const area = (lat: number, lon: number) => [lon, lat, lon, lat].map((v) => String(v)).join(',');
  const ids = async (path: string) => {
    const res = await api.get(path);
    expect(res.status, path).toBe(200);
    return new Set((res.body as { _id: string }[]).map((p) => p._id));
  };

  it('a point is in an area exactly when its rounded point is (the listing and its map)', async () => {
    for (const p of points) {
      const shown = await detail(p.id);
      const lat = roundCoordinate(p.latitude);
      const lon = roundCoordinate(p.longitude);
      // Halves away from zero, the same on each side of the equator and of the meridian.
      expect(Math.abs(lat)).toBe(roundCoordinate(Math.abs(p.latitude)));
      expect(Math.abs(lon)).toBe(roundCoordinate(Math.abs(p.longitude)));
      expect(point(shown)).toEqual({ latitude: lat, longitude: lon });
      const step = 0.001;
      for (const [dLat, dLon] of [
        [0, 0],
        [step, 0],
        [-step, 0],
        [0, step],
        [0, -step],
      ] as const) {
        const at = area(roundCoordinate(lat + dLat), roundCoordinate(lon + dLon));
        const inside = dLat === 0 && dLon === 0;
        for (const path of [`/api/products?bbox=${at}&pageSize=50`, `/api/products/map?bbox=${at}`])
          expect((await ids(path)).has(p.id), `${p.latitude},${p.longitude} in ${path}`).toBe(inside);
      }
    }
  });
});

describe('the spatial index of the points (a map zoomed in to streets)', () => {
  const mapOf = (bbox: string) => mapSql(publicListingQuerySchema.parse({ bbox }), 500).sql;

  it('a street’s area is read through it; a city’s by the listing’s order, which stops after a page', () => {
    const prefilter = postgres ? '<@ box(' : SQLITE_POINT_TABLE;
    expect(mapOf('-0.19,5.6,-0.18,5.608')).toContain(prefilter);
    expect(mapOf('-0.25,5.58,-0.17,5.62')).toContain(prefilter);
    expect(mapOf('-0.3,5.5,0,5.76')).not.toContain(prefilter);
  });

  it('exists, and on SQLite holds every point the table holds, through inserts, updates and deletes', async () => {
    const knex = cms.strapi.db.connection;
    if (postgres) {
      const [index] = (
        await knex.raw(
          "select i.indisvalid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'properties_listed_point_gist'",
        )
      ).rows as { indisvalid: boolean }[];
      expect(index?.indisvalid).toBe(true);
      return;
    }
    const made = await listing({ latitude: 5.61, longitude: -0.2 });
    const indexed = async () =>
      (await knex.raw(
        `select p.id from properties p join ${SQLITE_POINT_TABLE} t on t.id = p.id where p.document_id = ? and t.min_lat <= p.latitude and t.max_lat >= p.latitude and t.min_lng <= p.longitude and t.max_lng >= p.longitude`,
        [made._id],
      )) as unknown[];
    const all = async () => {
      const [row] = (await knex.raw(
        `select (select count(*) from properties where latitude is not null and longitude is not null) as table_points, (select count(*) from ${SQLITE_POINT_TABLE}) as index_points`,
      )) as { table_points: number; index_points: number }[];
      return row;
    };
    expect((await indexed()).length).toBeGreaterThan(0);
    await knex('properties').where({ document_id: made._id }).update({ latitude: 9.4, longitude: -0.85 });
    expect((await indexed()).length).toBeGreaterThan(0);
    const res = await api.get('/api/products/map?bbox=-0.851,9.399,-0.849,9.401');
    expect((res.body as { _id: string }[]).map((p) => p._id)).toContain(made._id);
    await knex('properties').where({ document_id: made._id }).update({ latitude: null, longitude: null });
    expect(await indexed()).toHaveLength(0);
    await knex('properties').where({ document_id: made._id }).del();
    const counts = await all();
    expect(counts?.index_points).toBe(counts?.table_points);
  });
});
