// The public listing's fast path (bounded counts, keyset cursors, the
// partial indexes on PostgreSQL, matches found first when few, nothing read when there are none)
// gives what a plain reference gives. A few thousand varied rows are written straight to the table;
// the reference is computed here in JavaScript from those rows (filter, sort by key then id, slice),
// and every combination of a grid of filters and the three sorts is compared page by page: numbered
// pages within the bound, then the whole listing walked with Next (after=) and back with Previous
// (before=). The count's bound is lowered to 40 (LISTING_COUNT_BOUND) so that both sides of it are
// met, and the listing's other thresholds with it. Runs on SQLite and, in the PostgreSQL run, on PostgreSQL. The site's wording and links for a
// bounded listing are checked last, through a real site process. Some approved rows are hidden for want
// of a confirmation (availability_hidden): out of the public listing, in the staff list. Most rows have a
// map point at random exact places (some none): the map area (bbox) keeps those whose rounded, public
// point is inside it, and the map view's points (GET /api/products/map) are the reference's first 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CITIES,
  FURNISH_STATUSES,
  inMapArea,
  parseMapArea,
  parsePrice,
  PROPERTY_TYPES,
  roundCoordinate,
} from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { spawnSite, type Running } from '../helpers/processes';
import { testImage } from '../helpers/images';
import { seeded, templatePropertyRow } from '../helpers/listing-rows';
import { LISTING_STRATEGIES } from '../../src/api/property/catalogue/listing-plan';

const BOUND = 40;
const ROWS = 2400;
let cms: TestCms;
let api: ReturnType<typeof client>;
let staffToken = '';

interface Row {
  id: number;
  documentId: string;
  approved: boolean;
  propertyType: string;
  leaseType: string;
  city: string;
  location: string;
  landmark: string;
  bedrooms: number;
  furnish: string;
  priceAmount: number;
  currency: string;
  priceGhs: number;
  created: number;
  hidden: boolean;
  advance: number | null;
  /** When its price was last cut (ms), or null. */
  reduced: number | null;
  latitude: number | null;
  longitude: number | null;
}
let rows: Row[] = [];

const PLACES = [
  'East Legon',
  'Osu',
  'Airport Residential',
  'Cantonments',
  'Tema Community 25',
  'Spintex Road',
  'Ahodwo',
  'Labone',
  'Adum',
  'Nhyiaeso',
  'Dzorwulu',
  'Kasoa',
];
const LANDMARKS = [
  'A&C Mall',
  'Accra Mall',
  'Kumasi City Mall',
  'Osu Castle',
  'Junction Mall',
  'Palace Mall',
  'the lorry station',
];

type Filters = Partial<{
  search: string;
  city: string;
  propertyType: string;
  leaseType: string;
  furnishStatus: string;
  location: string;
  bedrooms: number;
  minPrice: number;
  maxPrice: number;
  maxAdvanceMonths: number;
  bbox: string;
}>;
type Sort = 'newest' | 'priceAsc' | 'priceDesc' | 'reduced';

/** The reference: the approved rows that match, in the listing's order (key, then id). */
function reference(f: Filters, sort: Sort): string[] {
  const has = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());
  const price = f.search ? parsePrice(f.search) : null;
  const matches = rows.filter(
    (r) =>
      r.approved &&
      !r.hidden &&
      (f.search === undefined ||
        has(r.location, f.search) ||
        has(r.landmark, f.search) ||
        has(r.propertyType, f.search) ||
        (price !== null &&
          r.priceAmount === price.amount &&
          (!price.currency || r.currency === price.currency))) &&
      (f.city === undefined || r.city === f.city) &&
      (f.propertyType === undefined || r.propertyType === f.propertyType) &&
      (f.leaseType === undefined || r.leaseType === f.leaseType) &&
      (f.furnishStatus === undefined || r.furnish === f.furnishStatus) &&
      (f.location === undefined || has(r.location, f.location)) &&
      (f.bedrooms === undefined || r.bedrooms === f.bedrooms) &&
      (f.minPrice === undefined || r.priceGhs >= f.minPrice) &&
      (f.maxPrice === undefined || r.priceGhs <= f.maxPrice) &&
      (f.maxAdvanceMonths === undefined ||
        (r.leaseType === 'Rent' && r.advance !== null && r.advance <= f.maxAdvanceMonths)) &&
      (f.bbox === undefined || inMapArea(r, parseMapArea(f.bbox)!)),
  );
  if (sort === 'reduced') {
    // The most recently reduced first, then those never reduced, newest first; ties by id.
    matches.sort((a, b) =>
      a.reduced !== null && b.reduced !== null
        ? b.reduced - a.reduced || b.id - a.id
        : a.reduced !== null
          ? -1
          : b.reduced !== null
            ? 1
            : b.created - a.created || b.id - a.id,
    );
    return matches.map((r) => r.documentId);
  }
  const key = (r: Row) => (sort === 'newest' ? r.created : r.priceGhs);
  const sign = sort === 'priceAsc' ? 1 : -1;
  matches.sort((a, b) => sign * (key(a) - key(b) || a.id - b.id));
  return matches.map((r) => r.documentId);
}

const query = (f: Filters, extra: Record<string, string | number>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) params.set(k, String(v));
  return `/api/products?${params}`;
};

/** The strategies that answered the listing's pages (X-Listing-Plan), to check every one is reached. */
const strategiesSeen = new Set<string>();

async function listing(path: string, token?: string) {
  const res = await api.get(path, { token });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  strategiesSeen.add(String(res.headers.get('x-listing-plan')));
  return {
    ids: (res.body as { _id: string }[]).map((p) => p._id),
    total: Number(res.headers.get('x-total-count')),
    relation: res.headers.get('x-total-count-relation'),
    hasNext: res.headers.get('x-has-next') === 'true',
    hasPrevious: res.headers.get('x-has-previous') === 'true',
  };
}

/** Central Accra, where most rows' points lie (see the rows below). */
const ACCRA_AREA = '-0.25,5.55,-0.15,5.65';
/** Where the rows' points lie: around Accra mostly, and Kumasi. */
const CENTRES = [
  [5.6, -0.2],
  [5.6, -0.2],
  [6.69, -1.62],
] as const;

const GRID: Filters[] = [
  {},
  { city: 'accra' },
  { city: 'kumasi', leaseType: 'Rent' },
  { propertyType: 'Apartment', minPrice: 5000, maxPrice: 15000 },
  { bedrooms: 3, furnishStatus: FURNISH_STATUSES[1] },
  { bedrooms: 3, furnishStatus: FURNISH_STATUSES[1], city: 'kumasi' },
  { search: 'legon' },
  { search: 'mall' }, // landmarks only
  { search: 'osu', city: 'accra', leaseType: 'Rent' },
  { search: 'apartment' }, // the type
  { search: '7500' }, // a price
  { location: 'spintex' },
  { leaseType: 'Sale', bedrooms: 0, propertyType: 'Land' },
  { city: 'tamale', propertyType: 'Villa', furnishStatus: FURNISH_STATUSES[2], bedrooms: 5 },
  { search: 'no such place' },
  { minPrice: 20000 },
  { minPrice: 2600, maxPrice: 8100, leaseType: 'Rent' }, // ends inside price bands (counted, not from the facets)
  { maxPrice: 3000, city: 'ho' }, // an end on a band's edge, a price equal to it included
  // Searches asked again with other filters: counted from the search's own facets on PostgreSQL.
  { search: 'legon', leaseType: 'Sale' },
  { search: 'legon', bedrooms: 2, maxPrice: 7500 },
  { search: 'mall', city: 'accra' },
  { location: 'spintex', furnishStatus: FURNISH_STATUSES[0] },
  // The advance: Rent listings that state one, alone and with other filters.
  { maxAdvanceMonths: 6 },
  { maxAdvanceMonths: 12, city: 'accra' },
  { maxAdvanceMonths: 0, leaseType: 'Rent' },
  { maxAdvanceMonths: 12, search: 'legon', minPrice: 3000 },
  { maxAdvanceMonths: 24, propertyType: 'Apartment', bedrooms: 2 },
  { maxAdvanceMonths: 24, leaseType: 'Sale' }, // none: a sale's advance does not count
  // The map area, on the grid and off it (its edges then move outward), alone and with every other filter.
  { bbox: ACCRA_AREA },
  { bbox: '-0.2347,5.5812,-0.1906,5.6255', city: 'accra' },
  { bbox: ACCRA_AREA, leaseType: 'Rent', minPrice: 3000, maxPrice: 9000 },
  { bbox: ACCRA_AREA, search: 'legon' },
  { bbox: ACCRA_AREA, location: 'osu' },
  { bbox: ACCRA_AREA, maxAdvanceMonths: 12, furnishStatus: FURNISH_STATUSES[1] },
  { bbox: '-1.7,6.62,-1.55,6.76', propertyType: 'Apartment', bedrooms: 2 },
  { bbox: '-3.3,4.5,1.3,11.2', leaseType: 'Sale' }, // all of Ghana: every listing with a point
  { bbox: '10.5,45,10.6,45.1' }, // far from Ghana: none
];
const SORTS: Sort[] = ['newest', 'priceAsc', 'priceDesc', 'reduced'];

beforeAll(async () => {
  // The listing's thresholds lowered like the bound, so that a few thousand rows reach each of its
  // paths on PostgreSQL: matches found first (up to 20), walks along a filter, and walks of at most
  // 100 entries that end before a page is found.
  cms = await startCms({
    env: {
      LISTING_COUNT_BOUND: String(BOUND),
      LISTING_FEW_MATCHES: '20',
      LISTING_WALK: '100',
      LISTING_SKIP_WALK: '300',
    },
  });
  api = client(cms.url);
  const accounts = await signInAccounts(cms.strapi, api, 'equivalence.example.com', {
    superadmin: 'superadmin',
  });
  staffToken = accounts.token.superadmin!;
  // One property made the ordinary way gives a complete row to vary.
  const { row: template } = await templatePropertyRow(cms, api, staffToken);
  const knex = cms.strapi.db.connection;
  // Dates as the database keeps them (a number on SQLite, a timestamp on PostgreSQL).
  const stamp = (ms: number) =>
    typeof template.created_at === 'number'
      ? ms
      : typeof template.created_at === 'string'
        ? new Date(ms).toISOString()
        : new Date(ms);
  const start = Date.UTC(2026, 0, 1);
  // Seeded, so a failure can be replayed; varied, so filter combinations match none, a few or many.
  const random = seeded(20261124);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const placeRandom = seeded(5600200);
  const batch: Record<string, unknown>[] = [];
  for (let i = 0; i < ROWS; i++) {
    const { id: _id, ...row } = template;
    const currency = random() < 0.1 ? 'USD' : 'GHS';
    const amount = Math.floor(random() * 60) * 250 + 500; // many rows share a price
    const place = pick(PLACES);
    // Several rows share a creation time, so the order's tie-break (the id) is exercised.
    const created = start + Math.floor(random() * 700) * 60_000;
    const lease = pick(['Rent', 'Sale']);
    // A Rent listing's advance, or none (older clients); a few sales keep a stale one.
    const advance = lease === 'Rent' || random() < 0.1 ? pick([null, 0, 3, 6, 6, 12, 12, 24]) : null;
    // A quarter were reduced, some at the same moment; reduction times lie after every creation.
    const reduced = random() < 0.25 ? start + 800 * 60_000 + Math.floor(random() * 200) * 60_000 : null;
    // A few hidden for want of a confirmation; some rows keep the null of rows written before the column.
    const hidden = random() < 0.06 ? true : random() < 0.1 ? null : false;
    // A point at a random exact place within about 10 km of a centre (exactly on a rounding edge almost
    // never), or none: from a stream of its own, so the other columns are as they were before points.
    const centre = CENTRES[Math.floor(placeRandom() * CENTRES.length)]!;
    const pointed = placeRandom() < 0.85;
    batch.push({
      ...row,
      latitude: pointed ? centre[0] + (placeRandom() - 0.5) * 0.2 : null,
      longitude: pointed ? centre[1] + (placeRandom() - 0.5) * 0.2 : null,
      document_id: `eq${String(i).padStart(22, '0')}`,
      property_type: pick(PROPERTY_TYPES),
      lease_type: lease,
      advance_months: advance,
      reduced_at: reduced === null ? null : stamp(reduced),
      availability_hidden: hidden,
      city_slug: pick(CITIES).slug,
      location: random() < 0.3 ? place.toUpperCase() : place,
      nearest_landmark: pick(LANDMARKS),
      number_of_bedrooms: Math.floor(random() * 6),
      furnish_status: pick(FURNISH_STATUSES),
      price_amount: amount,
      currency,
      price_ghs: currency === 'USD' ? amount * 12 : amount,
      approval_status: random() < 0.15 ? 'unapproved' : 'approved',
      amenities: JSON.stringify([]),
      created_at: stamp(created),
      updated_at: stamp(created),
    });
  }
  for (let i = 0; i < batch.length; i += 200) await knex('properties').insert(batch.slice(i, i + 200));
  const stored = await knex('properties').select(
    'id',
    'document_id',
    'approval_status',
    'property_type',
    'lease_type',
    'city_slug',
    'location',
    'nearest_landmark',
    'number_of_bedrooms',
    'furnish_status',
    'price_amount',
    'currency',
    'price_ghs',
    'created_at',
    'availability_hidden',
    'advance_months',
    'reduced_at',
    'latitude',
    'longitude',
  );
  rows = stored.map((r: any) => ({
    id: Number(r.id),
    documentId: r.document_id,
    approved: r.approval_status === 'approved',
    propertyType: r.property_type,
    leaseType: r.lease_type,
    city: r.city_slug,
    location: r.location,
    landmark: r.nearest_landmark,
    bedrooms: r.number_of_bedrooms,
    furnish: r.furnish_status,
    priceAmount: Number(r.price_amount),
    currency: r.currency,
    priceGhs: Number(r.price_ghs),
    created: typeof r.created_at === 'number' ? r.created_at : new Date(r.created_at).getTime(),
    hidden: Boolean(r.availability_hidden),
    advance: r.advance_months === null ? null : Number(r.advance_months),
    reduced:
      r.reduced_at === null
        ? null
        : typeof r.reduced_at === 'number'
          ? r.reduced_at
          : new Date(r.reduced_at).getTime(),
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
  }));
  expect(rows.filter((r) => r.approved && r.hidden).length).toBeGreaterThan(50);
  expect(rows).toHaveLength(ROWS + 1); // and the template
}, 120_000);
afterAll(async () => {
  await cms?.stop();
});

describe('the listing gives the reference answers', () => {
  it('the grid covers counts below, at and above the bound, and none', () => {
    const counts = GRID.map((f) => reference(f, 'newest').length);
    expect(counts.some((n) => n === 0)).toBe(true);
    expect(counts.some((n) => n > 0 && n <= BOUND)).toBe(true);
    expect(counts.some((n) => n > BOUND)).toBe(true);
    // And the map areas among them: many, a few, none.
    const areas = GRID.filter((f) => f.bbox !== undefined).map((f) => reference(f, 'newest').length);
    expect(areas.some((n) => n > BOUND)).toBe(true);
    expect(areas.some((n) => n > 0 && n <= BOUND)).toBe(true);
    expect(areas.some((n) => n === 0)).toBe(true);
  });

  for (const filters of GRID) {
    for (const sort of SORTS) {
      it(`${JSON.stringify(filters)} ${sort}: numbered pages, counts, and every page by Next and by Previous`, async () => {
        const expected = reference(filters, sort);
        const n = expected.length;
        // Numbered pages within the bound: the first three and the last.
        const numbered = Math.max(1, Math.ceil(Math.min(n, BOUND) / 8));
        for (const page of new Set([1, 2, 3, numbered].filter((p) => p <= numbered))) {
          const got = await listing(query(filters, { sort, page }));
          expect(got.ids).toEqual(expected.slice((page - 1) * 8, page * 8));
          expect(got.total).toBe(Math.min(n, BOUND));
          expect(got.relation).toBe(n > BOUND ? 'gte' : 'eq');
          expect(got.hasNext).toBe(n > page * 8);
          expect(got.hasPrevious).toBe(page > 1);
        }
        // The whole listing with Next, 50 at a time, past the bound.
        const walked: string[] = [];
        let page = await listing(query(filters, { sort, pageSize: 50 }));
        walked.push(...page.ids);
        for (let p = 2; page.hasNext; p++) {
          page = await listing(
            query(filters, { sort, pageSize: 50, page: p, after: walked[walked.length - 1]! }),
          );
          expect(page.hasPrevious).toBe(true);
          walked.push(...page.ids);
          expect(p).toBeLessThan(100);
        }
        expect(walked).toEqual(expected);
        // And back with Previous from the last page.
        if (n > 50) {
          const back: string[] = [...page.ids];
          let first = page.ids[0]!;
          for (let p = 0; ; p++) {
            page = await listing(query(filters, { sort, pageSize: 50, page: 2, before: first }));
            expect(page.hasNext).toBe(true);
            back.unshift(...page.ids);
            first = page.ids[0]!;
            if (!page.hasPrevious) break;
            expect(p).toBeLessThan(100);
          }
          expect(back).toEqual(expected);
        }
      });
    }
  }

  it("the map view's points are the reference's first 500 with a point, rounded, X-Has-More telling of the rest", async () => {
    const byId = new Map(rows.map((r) => [r.documentId, r]));
    const cases: [Filters, Sort][] = [
      [{}, 'newest'],
      [{ bbox: ACCRA_AREA }, 'newest'],
      [{ bbox: ACCRA_AREA }, 'priceAsc'],
      [{ bbox: '-0.2347,5.5812,-0.1906,5.6255', city: 'accra' }, 'priceDesc'],
      [{ bbox: ACCRA_AREA, search: 'legon', leaseType: 'Rent' }, 'reduced'],
      [{ city: 'kumasi', bedrooms: 2 }, 'newest'],
      [{ bbox: '10.5,45,10.6,45.1' }, 'newest'],
    ];
    let sawMore = false;
    for (const [filters, sort] of cases) {
      const path = query(filters, { sort }).replace('/api/products?', '/api/products/map?');
      const res = await api.get(path);
      expect(res.status, path).toBe(200);
      const expected = reference(filters, sort).filter((id) => byId.get(id)!.latitude !== null);
      const points = res.body as { _id: string; latitude: number; longitude: number; price: string }[];
      expect(points.slice(0, 3).map((p) => p.price)).toEqual(
        expected.slice(0, 3).map((id) => {
          const row = byId.get(id)!;
          return `${row.currency === 'USD' ? '$' : 'GH₵'}${row.priceAmount}`;
        }),
      );
      expect(
        points.map((p) => p._id),
        path,
      ).toEqual(expected.slice(0, 500));
      expect(res.headers.get('x-has-more'), path).toBe(String(expected.length > 500));
      sawMore ||= expected.length > 500;
      for (const p of points.slice(0, 50)) {
        const row = byId.get(p._id)!;
        expect(p.latitude).toBe(roundCoordinate(row.latitude!));
        expect(p.longitude).toBe(roundCoordinate(row.longitude!));
        expect(Object.keys(p).sort()).toEqual(
          [
            '_id',
            'latitude',
            'leaseType',
            'location',
            'longitude',
            'numberOfBedrooms',
            'price',
            'propertyType',
          ].sort(),
        );
      }
    }
    expect(sawMore).toBe(true);
    // Compressed for a caller that takes gzip (fetch does, and unpacks it), plain for one that does not: the same points.
    const path = `/api/products/map?bbox=${ACCRA_AREA}`;
    const zipped = await api.get(path);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const plain = await api.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toEqual(zipped.body);
  });

  it('a map area that is not four numbers in order is refused on the listing and the map view alike', async () => {
    for (const path of ['/api/products', '/api/products/map']) {
      for (const bad of ['1,2,3', '-0.1,5.6,-0.3,5.7', 'west,south,east,north', '-0.2,5.6,-0.1,95']) {
        const res = await api.get(`${path}?bbox=${encodeURIComponent(bad)}`);
        expect(res.status, `${path} ${bad}`).toBe(400);
        expect(res.body.error.message).toBe(
          'The map area must be bbox=west,south,east,north in degrees (for example -0.25,5.55,-0.15,5.65), west of east and south of north',
        );
      }
    }
  });

  it('a page number past the bound is refused with a clear message where the matches run past it, and empty where they end before it', async () => {
    const deep = await api.get('/api/products?page=6');
    expect(deep.status).toBe(400);
    expect(deep.body.error.message).toBe(`Pages past the first ${BOUND} matches are reached with Next`);
    // A filter with fewer matches than the bound: any far page is simply past its end.
    const few = GRID.find(
      (f) => reference(f, 'newest').length > 0 && reference(f, 'newest').length <= BOUND,
    )!;
    for (const page of [6, 9999, 1_000_000_000]) {
      const far = await listing(query(few, { page }));
      expect(far.ids).toEqual([]);
      expect(far.total).toBe(reference(few, 'newest').length);
      expect(far.relation).toBe('eq');
      expect(far.hasNext).toBe(false);
    }
  });

  it('a cursor that is not a listed property (gone, not approved, or hidden) is refused, telling nothing of where it sits', async () => {
    const unapproved = rows.find((r) => !r.approved)!;
    const hidden = rows.find((r) => r.approved && r.hidden)!;
    expect(unapproved).toBeDefined();
    for (const cursor of ['nosuchproperty', unapproved.documentId, hidden.documentId]) {
      for (const side of ['after', 'before']) {
        const res = await api.get(`/api/products?page=2&${side}=${cursor}`);
        expect(res.status, `${side}=${cursor}`).toBe(400);
        expect(res.body.error.message).toBe(
          'This page of the listing has changed since it was shown. Start again from the first page.',
        );
      }
    }
    // Staff listing every state may page from the unapproved one.
    expect(
      (
        await api.get(`/api/products?approval=all&page=2&after=${unapproved.documentId}`, {
          token: staffToken,
        })
      ).status,
    ).toBe(200);
    const expected = reference({}, 'newest');
    const both = await api.get(`/api/products?after=${expected[0]}&before=${expected[1]}`);
    expect(both.status).toBe(400);
    const hostile = await api.get("/api/products?after=x'%20or%201=1--");
    expect(hostile.status).toBe(400);
    expect(hostile.body.error.message).toBe('A page cursor must be a property id');
  });

  it('a listing known to have none shows a new match at once (the kept "none" is of an older version)', async () => {
    for (let i = 0; i < 3; i++) {
      const none = await listing('/api/products?search=nowhere%20lane&city=ho');
      expect(none.total).toBe(0);
    }
    const made = await api.post(
      '/api/products',
      {
        location: 'Nowhere Lane',
        nearestLandmark: 'Test',
        price: 900,
        currency: 'GHS',
        propertyType: 'House',
        leaseType: 'Sale',
        images: [testImage('n')],
        city: 'ho',
      },
      { token: staffToken },
    );
    expect(made.status).toBe(201);
    const one = await listing('/api/products?search=nowhere%20lane&city=ho');
    expect(one.ids).toEqual([made.body._id]);
    expect(one.total).toBe(1);
    await api.call('DELETE', `/api/products/${made.body._id}`, { token: staffToken });
    expect((await listing('/api/products?search=nowhere%20lane&city=ho')).total).toBe(0);
  });

  it('a hidden listing keeps its own page, and the staff list shows it; the advance filter refuses what is not 0 to 24 months', async () => {
    const hidden = rows.find((r) => r.approved && r.hidden)!;
    const own = await api.get(`/api/products/${hidden.documentId}`);
    expect(own.status).toBe(200);
    expect(own.body._id).toBe(hidden.documentId);
    const everyState = await api.get(`/api/products?approval=all&pageSize=50&after=${hidden.documentId}`, {
      token: staffToken,
    });
    expect(everyState.status).toBe(200);
    const before = await api.get(`/api/products?approval=all&pageSize=1&before=${everyState.body[0]._id}`, {
      token: staffToken,
    });
    expect(before.body.map((p: { _id: string }) => p._id)).toEqual([hidden.documentId]);
    for (const bad of ['25', '-1', '1.5', 'six']) {
      const res = await api.get(`/api/products?maxAdvanceMonths=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.message).toBe('Maximum advance in months must be a whole number from 0 to 24');
    }
  });

  it('the staff list (every approval state) still counts exactly, and deep pages by number', async () => {
    const all = await listing('/api/products?approval=all&pageSize=10&page=100', staffToken);
    expect(all.total).toBe(ROWS + 1);
    expect(all.relation).toBe('eq');
    expect(all.ids).toHaveLength(10);
  });

  it('every strategy of the listing was reached by the pages above (walks and matches first on PostgreSQL only)', () => {
    const expected =
      cms.strapi.db.dialect.client === 'postgres' ? [...LISTING_STRATEGIES] : ['cached', 'none', 'offset'];
    expect([...strategiesSeen].sort()).toEqual(expected.sort());
  });
});

describe('the site shows a bounded listing', () => {
  let site: Running;
  beforeAll(async () => {
    site = await spawnSite(cms.url, { PAGE_CACHE_SECONDS: '0' });
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
  });

  const html = async (path: string, status = 200) => {
    const res = await fetch(`${site.url}${path}`);
    expect(res.status, path).toBe(status);
    return res.text();
  };
  const cardsOf = (page: string) => [
    ...new Set([...page.matchAll(/href="\/property\/([a-z0-9]+)"/g)].map((m) => m[1]!)),
  ];
  const linkOf = (page: string, rel: 'next' | 'prev') => {
    const m = new RegExp(`<a[^>]*href="([^"]+)"[^>]*rel="${rel}"`).exec(page);
    return m ? m[1]!.replaceAll('&amp;', '&') : undefined;
  };

  it('"40+" in the wording, numbered pages within the bound, and Next (a plain link) past it and back', async () => {
    const expected = reference({ city: 'accra' }, 'newest');
    expect(expected.length).toBeGreaterThan(BOUND + 16);
    let page = await html('/properties?city=accra');
    expect(page).toContain(`${BOUND}+ properties match your search`);
    expect(page).toContain(`Showing 1–8 of ${BOUND}+`);
    expect(cardsOf(page)).toEqual(expected.slice(0, 8));
    // Numbers up to the bound's last page (5 of 8 each), none past it.
    expect(page).toContain('href="/properties?city=accra&amp;page=5"');
    expect(page).not.toContain('page=6"');
    for (let p = 2; p <= 7; p++) {
      const next = linkOf(page, 'next');
      expect(next).toMatch(new RegExp(`page=${p}&after=[a-z0-9]+$`));
      page = await html(next!);
      expect(cardsOf(page)).toEqual(expected.slice((p - 1) * 8, p * 8));
    }
    expect(page).toContain(`Showing 49–56 of ${BOUND}+`);
    expect(page).toMatch(/aria-current="page"><span class="sr-only">Page <\/span>7</);
    // Previous from page 7 gives page 6 again.
    const prev = linkOf(page, 'prev');
    expect(prev).toMatch(/page=6&before=[a-z0-9]+$/);
    expect(cardsOf(await html(prev!))).toEqual(expected.slice(40, 48));
    // Page 7 by number is not read: the cms's message, and a way back.
    const deep = await html('/properties?city=accra&page=7', 400);
    expect(deep).toContain(`Pages past the first ${BOUND} matches are reached with Next`);
    expect(deep).toContain('Go to the first page');
  });

  it('the advance filter and the most recently reduced first, from the form (plain GET) and back into it', async () => {
    const expected = reference({ maxAdvanceMonths: 6, leaseType: 'Rent' }, 'reduced');
    expect(expected.length).toBeGreaterThan(8);
    const page = await html('/properties?leaseType=Rent&maxAdvanceMonths=6&sort=reduced');
    expect(cardsOf(page)).toEqual(expected.slice(0, 8));
    expect(page).toMatch(/<option value="6" selected[^>]*>At most 6 months<\/option>/);
    expect(page).toMatch(/<option value="12"[^>]*>At most 12 months<\/option>/);
    expect(page).toMatch(/<option value="reduced" selected[^>]*>Recently reduced<\/option>/);
    // Next keeps both.
    const next = linkOf(page, 'next');
    expect(next).toContain('maxAdvanceMonths=6');
    expect(next).toContain('sort=reduced');
    expect(cardsOf(await html(next!))).toEqual(expected.slice(8, 16));
    // A value out of range: the listing's message, not a page of something else.
    expect(await html('/properties?maxAdvanceMonths=30', 400)).toContain(
      'Maximum advance in months must be a whole number from 0 to 24',
    );
  });

  it('the sitemap lists the newest listed properties, never a hidden one', async () => {
    const xml = await html('/sitemap.xml');
    // The English addresses (each property is listed again under /fr/ and /es/).
    const inMap = [...xml.matchAll(/:\d+\/property\/([a-z0-9]+)</g)].map((m) => m[1]!);
    for (const language of ['fr', 'es'])
      expect(
        [...xml.matchAll(new RegExp(`/${language}/property/([a-z0-9]+)<`, 'g'))].map((m) => m[1]!),
      ).toEqual(inMap);
    // One page of the bounded listing (the count stops at the bound): the newest 50 listed.
    const newest = reference({}, 'newest').slice(0, 50);
    expect(inMap).toEqual(newest);
    const cutoff = rows.find((r) => r.documentId === newest[newest.length - 1])!.created;
    const hiddenNewer = rows.filter((r) => r.approved && r.hidden && r.created > cutoff);
    expect(hiddenNewer.length).toBeGreaterThan(0);
    for (const r of hiddenNewer) expect(inMap).not.toContain(r.documentId);
  });

  it('an exact count keeps its number', async () => {
    const filters = GRID.find(
      (f) =>
        f.city && !f.search && reference(f, 'newest').length > 1 && reference(f, 'newest').length <= BOUND,
    )!;
    expect(filters).toBeDefined();
    const expected = reference(filters, 'newest');
    const params = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)]));
    const page = await html(`/properties?${params}`);
    expect(page).toContain(`${expected.length} propert`);
    expect(page).not.toContain(`${BOUND}+`);
  });
});
