// The map's zoomed-out view (GET /api/products/map/clusters) gives what a plain reference gives: the
// listed points that match, each in the cell of the public grid its rounded point falls in, counted
// per cell, at the mean of their rounded points; or the points themselves when the area holds 500 or
// fewer. The reference is computed here in JavaScript (the domain's own rounding) from the rows as
// stored. Counts are kept by triggers (catalogue/map-cells.ts) and read from them when the filters are
// among those kept (city, lease, type, bedrooms); any other filter is counted from the properties: both are
// compared, before and after writes of every kind (the API, raw single-row and bulk writes, a delete).
// Points lie on the rounding edges too (5.6035, -0.1865), where SQL's rounding must agree with
// JavaScript's. Runs on SQLite and, in the PostgreSQL run, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cellIndex,
  clusterCellsOf,
  clusterPlace,
  formatMapArea,
  GHANA_BOUNDS,
  gridStep,
  inMapArea,
  MAP_CLUSTER_CELLS,
  parseMapArea,
  roundCoordinate,
  type MapArea,
  type MapClusters,
} from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { testImage } from '../helpers/images';
import { seeded, templatePropertyRow } from '../helpers/listing-rows';
import { gridStepSql } from '../../src/api/property/catalogue/map-cells';

let cms: TestCms;
let api: ReturnType<typeof client>;
let staffToken = '';
const knex = () => cms.strapi.db.connection;

interface Row {
  documentId: string;
  listed: boolean;
  latitude: number | null;
  longitude: number | null;
  city: string;
  lease: string;
  type: string;
  bedrooms: number;
  priceGhs: number;
  location: string;
}

/** Places on the rounding edges of the public grid and of the cells, on both sides of zero. */
const EDGES = [
  [5.6035, -0.1865],
  [5.6045, -0.1855],
  [5.5995, -0.0005],
  [5.6005, 0.0005],
  [5.6095, -0.0095],
  [5.6094999, -0.0094999],
  [6.6995, -1.6005],
  [9.9995, -0.9995],
  [5.55, -0.25],
  [5.605, -0.205],
] as const;

/** A property row as the database gives it back (numbers may come as text from PostgreSQL). */
interface StoredRow {
  document_id: string;
  approval_status: string;
  availability_hidden: boolean | number | null;
  latitude: number | string | null;
  longitude: number | string | null;
  city_slug: string | null;
  lease_type: string | null;
  property_type: string | null;
  number_of_bedrooms: number | string;
  price_ghs: number | string;
  location: string;
}

/** A kept count's row. */
interface KeptRow {
  lat_cell: number;
  lng_cell: number;
  city_slug: string;
  lease_type: string;
  property_type: string;
  bedrooms: number;
  n: number | string;
  lat_sum: number | string;
  lng_sum: number | string;
}

async function readRows(): Promise<Row[]> {
  const stored = await knex()('properties').select(
    'document_id',
    'approval_status',
    'availability_hidden',
    'latitude',
    'longitude',
    'city_slug',
    'lease_type',
    'property_type',
    'number_of_bedrooms',
    'price_ghs',
    'location',
  );
  return (stored as StoredRow[]).map((r) => ({
    documentId: r.document_id,
    listed: r.approval_status === 'approved' && !r.availability_hidden,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    city: r.city_slug ?? '',
    lease: r.lease_type ?? '',
    type: r.property_type ?? '',
    bedrooms: Number(r.number_of_bedrooms),
    priceGhs: Number(r.price_ghs),
    location: r.location,
  }));
}

type Filters = Partial<{
  bbox: string;
  city: string;
  leaseType: string;
  propertyType: string;
  bedrooms: number;
  minPrice: number;
  search: string;
}>;

const GHANA: MapArea = {
  west: GHANA_BOUNDS.minLongitude,
  south: GHANA_BOUNDS.minLatitude,
  east: GHANA_BOUNDS.maxLongitude,
  north: GHANA_BOUNDS.maxLatitude,
};

/** The reference: what the view should answer for these filters, from the rows. */
function reference(rows: Row[], f: Filters): MapClusters & { ids: string[] } {
  const area = f.bbox ? parseMapArea(f.bbox)! : GHANA;
  const cells = clusterCellsOf(area);
  const matchesIn = (within: MapArea | undefined) =>
    rows.filter(
      (r) =>
        r.listed &&
        r.latitude !== null &&
        r.longitude !== null &&
        (within === undefined || inMapArea(r, within)) &&
        (f.city === undefined || r.city === f.city) &&
        (f.leaseType === undefined || r.lease === f.leaseType) &&
        (f.propertyType === undefined || r.type === f.propertyType) &&
        (f.bedrooms === undefined || r.bedrooms === f.bedrooms) &&
        (f.minPrice === undefined || r.priceGhs >= f.minPrice) &&
        (f.search === undefined || r.location.toLowerCase().includes(f.search)),
    );
  const matches = matchesIn(cells.widened);
  const byCell = new Map<string, { lat: number; lng: number; n: number; latSum: number; lngSum: number }>();
  for (const r of matches) {
    const klat = gridStep(r.latitude!);
    const klng = gridStep(r.longitude!);
    const lat = cellIndex(klat, cells.cell);
    const lng = cellIndex(klng, cells.cell);
    const key = `${lat}:${lng}`;
    const c = byCell.get(key) ?? { lat, lng, n: 0, latSum: 0, lngSum: 0 };
    c.n += 1;
    c.latSum += klat;
    c.lngSum += klng;
    byCell.set(key, c);
  }
  const clusters = [...byCell.values()]
    .sort((a, b) => a.lat - b.lat || a.lng - b.lng)
    .map((c) => ({ ...clusterPlace(c.latSum, c.lngSum, c.n), count: c.n }));
  if (matches.length <= 500) {
    // Few: the points of the area asked for itself.
    const asked = matchesIn(f.bbox ? area : undefined);
    return {
      cell: cells.cell / 1000,
      bbox: formatMapArea(area),
      total: asked.length,
      clusters: [],
      ids: asked.map((r) => r.documentId).sort(),
    };
  }
  return {
    cell: cells.cell / 1000,
    bbox: formatMapArea(cells.widened),
    total: matches.length,
    clusters,
    ids: [],
  };
}

async function clustersOf(f: Filters): Promise<MapClusters> {
  const params = new URLSearchParams(Object.entries(f).map(([k, v]) => [k, String(v)]));
  const res = await api.get(`/api/products/map/clusters?${params.toString()}`);
  expect(res.status, params.toString()).toBe(200);
  return res.body as MapClusters;
}

/** The answer against the reference: the cells, or the points (the same properties, rounded). */
async function expectReference(f: Filters): Promise<MapClusters> {
  const rows = await readRows();
  const expected = reference(rows, f);
  const got = await clustersOf(f);
  const label = JSON.stringify(f);
  expect(got.cell, label).toBe(expected.cell);
  expect(got.bbox, label).toBe(expected.bbox);
  expect(got.total, label).toBe(expected.total);
  if (expected.clusters.length === 0 && expected.total <= 500) {
    expect(got.clusters, label).toEqual([]);
    expect(got.points!.map((p) => p._id).sort(), label).toEqual(expected.ids);
    const byId = new Map(rows.map((r) => [r.documentId, r]));
    for (const p of got.points!) {
      expect(p.latitude).toBe(roundCoordinate(byId.get(p._id)!.latitude!));
      expect(p.longitude).toBe(roundCoordinate(byId.get(p._id)!.longitude!));
    }
  } else {
    expect(got.points, label).toBeUndefined();
    expect(got.clusters, label).toEqual(expected.clusters);
  }
  return got;
}

/** The kept counts, cell size by cell size, against the reference's counts of every listed point. */
async function expectKeptCounts(): Promise<void> {
  const rows = (await readRows()).filter((r) => r.listed && r.latitude !== null && r.longitude !== null);
  for (const cell of MAP_CLUSTER_CELLS) {
    const want = new Map<string, [number, number, number]>();
    for (const r of rows) {
      const klat = gridStep(r.latitude!);
      const klng = gridStep(r.longitude!);
      const key = [cellIndex(klat, cell), cellIndex(klng, cell), r.city, r.lease, r.type, r.bedrooms].join(
        '|',
      );
      const [n, a, b] = want.get(key) ?? [0, 0, 0];
      want.set(key, [n + 1, a + klat, b + klng]);
    }
    const kept = await knex()('fie_map_cells').where({ cell }).where('n', '<>', 0);
    const got = new Map<string, [number, number, number]>(
      (kept as KeptRow[]).map((k) => [
        [k.lat_cell, k.lng_cell, k.city_slug, k.lease_type, k.property_type, k.bedrooms].join('|'),
        [Number(k.n), Number(k.lat_sum), Number(k.lng_sum)],
      ]),
    );
    expect(Object.fromEntries(got), `cells of ${cell}`).toEqual(Object.fromEntries(want));
  }
}

const CITY_SLUGS = ['accra', 'kumasi', 'tema'];
const TYPES = ['Apartment', 'House', 'Commercial'];

beforeAll(async () => {
  // Nothing kept between requests: every answer here is read after the writes before it.
  cms = await startCms({ env: { LISTING_CACHE_MS: '0' } });
  api = client(cms.url);
  const accounts = await signInAccounts(cms.strapi, api, 'clusters.example.com', {
    superadmin: 'superadmin',
  });
  staffToken = accounts.token.superadmin!;
  const { row: template } = await templatePropertyRow(cms, api, staffToken, 'c');
  const random = seeded(20261207);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const batch: Record<string, unknown>[] = [];
  // 1,500 around Accra's centre (many in a city's cells), a few hundred elsewhere, and the edges.
  for (let i = 0; i < 1900; i++) {
    const edge = i < EDGES.length * 3 ? EDGES[i % EDGES.length] : undefined;
    const centre =
      i < 1500
        ? [5.6, -0.19]
        : pick([
            [6.69, -1.62],
            [5.67, -0.01],
            [9.4, -0.85],
          ] as const);
    const pointed = edge !== undefined || random() < 0.9;
    batch.push({
      ...template,
      document_id: `mc${String(i).padStart(22, '0')}`,
      latitude: edge ? edge[0] : pointed ? centre[0] + (random() - 0.5) * 0.12 : null,
      longitude: edge ? edge[1] : pointed ? centre[1] + (random() - 0.5) * 0.12 : null,
      city_slug: pick(CITY_SLUGS),
      lease_type: pick(['Rent', 'Sale']),
      property_type: pick(TYPES),
      number_of_bedrooms: Math.floor(random() * 5),
      price_amount: 500 + Math.floor(random() * 40) * 250,
      price_ghs: 500 + Math.floor(random() * 40) * 250,
      location: pick(['East Legon', 'Osu', 'Labone', 'Adum']),
      approval_status: random() < 0.85 ? 'approved' : 'unapproved',
      availability_hidden: random() < 0.05 ? true : random() < 0.1 ? null : false,
    });
  }
  for (let i = 0; i < batch.length; i += 200) await knex()('properties').insert(batch.slice(i, i + 200));
}, 120_000);
afterAll(async () => {
  await cms?.stop();
});

describe("the map's clusters", () => {
  it("the database's grid step is the domain's, on the rounding edges and off them", async () => {
    const dialect = cms.strapi.db.dialect.client === 'postgres' ? 'postgres' : 'sqlite';
    const random = seeded(7);
    const values = [
      ...EDGES.flat(),
      ...EDGES.flat().map((v) => -v),
      0,
      0.0005,
      -0.0005,
      0.0015,
      -0.0025,
      11.1995,
      ...Array.from(
        { length: 200 },
        () => Math.round((random() - 0.5) * 20_000) / 2000 + (random() - 0.5) * 1e-9,
      ),
    ];
    for (const v of values) {
      const [row] =
        (
          await knex().raw(
            `select ${gridStepSql('v', dialect)} as k from (select cast(? as double precision) as v) s`,
            [v],
          )
        ).rows ??
        (await knex().raw(
          `select ${gridStepSql('v', dialect)} as k from (select cast(? as double precision) as v) s`,
          [v],
        ));
      expect(Number(row.k), String(v)).toBe(gridStep(v));
    }
  });

  it('the kept counts are every listed point counted, per cell, city, lease, type and bedrooms', async () => {
    await expectKeptCounts();
  });

  it('answer the reference: kept and counted live, zoomed out and in, or the points when few', async () => {
    const ghana = await expectReference({});
    expect(ghana.cell).toBe(1);
    const accra = await expectReference({ bbox: '-0.3,5.5,0,5.76' });
    expect(accra.cell).toBe(0.01);
    expect(accra.clusters.length).toBeGreaterThan(50);
    await expectReference({ bbox: '-0.3,5.5,0,5.76', city: 'accra' });
    await expectReference({
      bbox: '-0.3,5.5,0,5.76',
      city: 'kumasi',
      leaseType: 'Rent',
      propertyType: 'Commercial',
    });
    await expectReference({ leaseType: 'Sale' });
    await expectReference({ bbox: '-0.3,5.5,0,5.76', bedrooms: 2 });
    // Counted from the properties: filters the counts are not kept by.
    await expectReference({ bbox: '-1,5,1,6', minPrice: 3000 });
    await expectReference({ search: 'legon' });
    // Edges on the cells and the public grid; an area with a few, and one with none.
    await expectReference({ bbox: '-0.21,5.6,-0.18,5.61' });
    const few = await expectReference({ bbox: '-1.7,6.6,-1.5,6.8', city: 'tema' });
    expect(few.points!.length).toBeGreaterThan(0);
    expect(few.points!.length).toBeLessThan(100);
    await expectReference({ bbox: '1.0,10.0,1.1,10.1' });
  });

  it('follow every kind of write: the API, raw single rows, bulk updates and deletes', async () => {
    // Through the API: a new listing (unapproved, so not yet counted), then approved; moved; hidden.
    const made = await api.post(
      '/api/products',
      {
        location: 'Clustered Court',
        nearestLandmark: 'The mall',
        price: 2000,
        currency: 'GHS',
        propertyType: 'Apartment',
        leaseType: 'Rent',
        images: [testImage('d')],
        city: 'accra',
        latitude: 5.6035,
        longitude: -0.1865,
      },
      { token: staffToken },
    );
    expect(made.status).toBe(201);
    await expectKeptCounts();
    await knex()('properties').where({ document_id: made.body._id }).update({ approval_status: 'approved' });
    await expectKeptCounts();
    const moved = await api.put(
      `/api/products/${made.body._id}`,
      { latitude: 5.7, longitude: -0.1 },
      { token: staffToken },
    );
    expect(moved.status).toBe(200);
    await knex()('properties').where({ document_id: made.body._id }).update({ approval_status: 'approved' });
    await expectKeptCounts();
    // Raw bulk writes: a city's rows change lease; some are hidden; some lose their point; some go.
    await knex()('properties').where({ city_slug: 'tema' }).update({ lease_type: 'Sale' });
    await knex()('properties')
      .where('document_id', 'like', 'mc00000000000000000001%')
      .update({ availability_hidden: true });
    await knex()('properties')
      .where('document_id', 'like', 'mc00000000000000000002%')
      .update({ latitude: null, longitude: null });
    await knex()('properties').where('document_id', 'like', 'mc00000000000000000003%').delete();
    await expectKeptCounts();
    await expectReference({ bbox: '-0.3,5.5,0,5.76' });
    await expectReference({ bbox: '-0.3,5.5,0,5.76', leaseType: 'Sale' });
    await expectReference({});
    // Through the API, a delete.
    const gone = await api.call('DELETE', `/api/products/${made.body._id}`, { token: staffToken });
    expect(gone.status).toBeLessThan(300);
    await expectKeptCounts();
  });

  it('answer an area as large as the world, whose whole cells reach past the poles, as any other', async () => {
    // The widest area a visitor may send: counted in cells of a degree, edges past ±90 and ±180 included.
    const world = await expectReference({ bbox: '-180,-90,180,90' });
    expect(world.cell).toBe(1);
    await expectReference({ bbox: '-180,-90,180,90', minPrice: 3000 });
    await expectReference({ bbox: '179.9995,89.9995,180,90' });
  });

  it('refuse a map area that is not one, as the listing does', async () => {
    const res = await api.get('/api/products/map/clusters?bbox=1,2,3');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('The map area must be bbox=west,south,east,north');
    const inverted = await api.get('/api/products/map/clusters?bbox=0,6,-1,5');
    expect(inverted.status).toBe(400);
  });

  it('the exact point is never in them, whoever asks', async () => {
    const res = await api.get('/api/products/map/clusters?bbox=-0.21,5.6,-0.18,5.61', { token: staffToken });
    expect(res.status).toBe(200);
    for (const p of (res.body as MapClusters).points ?? []) {
      expect(p.latitude).toBe(roundCoordinate(p.latitude));
      expect(Object.keys(p)).not.toContain('digitalAddress');
    }
  });
});
