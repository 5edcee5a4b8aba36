import { describe, expect, it } from 'vitest';
import { listingQuerySchema } from '@fie/domain';
import {
  countFromFacets,
  facetKeeper,
  priceSkip,
  PRICE_EDGES,
  timeBudget,
  type Facets,
  type FacetGroup,
} from '../../src/api/property/catalogue/listing-facets';

// Bands as the database numbers them (width_bucket, 1-based edges): 2i is a price equal to edge i,
// 2i + 1 a price between edges i and i + 1.
const at = (edge: number) => 2 * (PRICE_EDGES.indexOf(edge as (typeof PRICE_EDGES)[number]) + 1);
const after = (edge: number) => at(edge) + 1;
const group = (band: number | null, n: number, over: Partial<FacetGroup> = {}): FacetGroup => ({
  city: 'accra',
  type: 'House',
  lease: 'Rent',
  bedrooms: 2,
  furnish: 'Not furnished',
  band,
  n,
  ...over,
});
const facets = (groups: FacetGroup[]): Facets => ({ version: '1', groups });
const q = (input: Record<string, unknown>) => listingQuerySchema.parse(input);

describe('counting the listing from its facets', () => {
  const f = facets([
    group(at(3000), 5), // exactly 3,000
    group(after(3000), 7), // between 3,000 and 5,000
    group(after(5000), 11, { city: 'kumasi' }), // between 5,000 and 7,500, another city
    group(null, 2, { lease: 'Sale' }), // no price
  ]);

  it('adds the groups whose filters match, every band when there is no price range', () => {
    expect(countFromFacets(f, q({}), 10_000)).toBe(25);
    expect(countFromFacets(f, q({ city: 'accra' }), 10_000)).toBe(14);
    expect(countFromFacets(f, q({ city: 'accra', leaseType: 'Sale' }), 10_000)).toBe(2);
    expect(countFromFacets(f, q({ propertyType: 'Villa' }), 10_000)).toBe(0);
  });

  it('counts a range whose ends are band edges exactly, a price on an end included', () => {
    expect(countFromFacets(f, q({ maxPrice: 3000 }), 10_000)).toBe(5);
    expect(countFromFacets(f, q({ minPrice: 3000 }), 10_000)).toBe(23);
    expect(countFromFacets(f, q({ minPrice: 3000, maxPrice: 5000 }), 10_000)).toBe(12);
    expect(countFromFacets(f, q({ minPrice: 5000 }), 10_000)).toBe(11);
  });

  it('cannot tell when a range ends inside a band that has matches, nor for a text search', () => {
    expect(countFromFacets(f, q({ minPrice: 4000 }), 10_000)).toBeUndefined();
    expect(countFromFacets(f, q({ maxPrice: 6000, city: 'accra' }), 10_000)).toBe(12); // kumasi's band is not the visitor's
    expect(countFromFacets(f, q({ search: 'osu' }), 10_000)).toBeUndefined();
    expect(countFromFacets(f, q({ location: 'osu' }), 10_000)).toBeUndefined();
  });

  it("a search's own facets count that search only", () => {
    const osu: Facets = {
      ...facets([group(at(3000), 4), group(after(3000), 6, { lease: 'Sale' })]),
      searched: { search: 'osu', location: null },
    };
    expect(countFromFacets(osu, q({ search: 'osu' }), 10_000)).toBe(10);
    expect(countFromFacets(osu, q({ search: 'osu', leaseType: 'Sale' }), 10_000)).toBe(6);
    expect(countFromFacets(osu, q({ search: 'tema' }), 10_000)).toBeUndefined();
    expect(countFromFacets(osu, q({}), 10_000)).toBeUndefined();
    expect(countFromFacets(osu, q({ search: 'osu', location: 'accra' }), 10_000)).toBeUndefined();
  });

  it('stops at the bound: bound + 1 means more, even when an end is inside a band', () => {
    const many = facets([group(after(3000), 9_000), group(after(5000), 2_000), group(after(7500), 50)]);
    expect(countFromFacets(many, q({}), 10_000)).toBe(10_001);
    expect(countFromFacets(many, q({ minPrice: 3000, maxPrice: 7500 }), 10_000)).toBe(10_001);
    expect(countFromFacets(many, q({ minPrice: 3000, maxPrice: 8000 }), 10_000)).toBe(10_001);
    expect(countFromFacets(many, q({ minPrice: 5000, maxPrice: 8000 }), 10_000)).toBeUndefined();
  });
});

describe('counting any text search from facets that carry places', () => {
  // Places as the database gives them: lower(location), lower(nearest_landmark).
  const placed: Facets = {
    version: '1',
    placed: true,
    groups: [
      group(at(3000), 5, { place: 'osu, accra', landmark: 'osu castle' }),
      group(after(3000), 7, { place: 'east legon, accra', landmark: 'a&c mall' }),
      group(after(5000), 11, { city: 'kumasi', type: 'Apartment', place: 'ahodwo, kumasi', landmark: null }),
      group(null, 2, { lease: 'Sale', place: 'kasoa', landmark: 'the lorry station' }),
    ],
  };

  it('tests the words in the location, the landmark or the type, in any case, as the database does', () => {
    expect(countFromFacets(placed, q({ search: 'osu' }), 10_000)).toBe(5);
    expect(countFromFacets(placed, q({ search: 'OSU' }), 10_000)).toBe(5);
    expect(countFromFacets(placed, q({ search: 'mall' }), 10_000)).toBe(7); // a landmark only
    expect(countFromFacets(placed, q({ search: 'apartment' }), 10_000)).toBe(11); // the type
    expect(countFromFacets(placed, q({ search: 'accra' }), 10_000)).toBe(12);
    expect(countFromFacets(placed, q({ search: 'accra', maxPrice: 3000 }), 10_000)).toBe(5);
    expect(countFromFacets(placed, q({ search: 'no such place' }), 10_000)).toBe(0);
    expect(countFromFacets(placed, q({ location: 'legon' }), 10_000)).toBe(7);
    expect(countFromFacets(placed, q({ location: 'castle' }), 10_000)).toBe(0); // location is not the landmark
    expect(countFromFacets(placed, q({ search: 'kasoa', leaseType: 'Sale' }), 10_000)).toBe(2);
  });

  it('leaves a search that reads as a price to be counted (the facets keep no amounts)', () => {
    expect(countFromFacets(placed, q({ search: '3000' }), 10_000)).toBeUndefined();
    expect(countFromFacets(placed, q({ search: 'GH₵ 850' }), 10_000)).toBeUndefined();
  });
});

describe("where a page sorted by price starts, from the facets' bands", () => {
  // Accra: 5 at exactly 3,000, 7 between 3,000 and 5,000, 20 between 5,000 and 7,500, 4 without a price;
  // Kumasi: 100 between 3,000 and 5,000.
  const f = facets([
    group(at(3000), 5),
    group(after(3000), 7),
    group(after(5000), 20),
    group(null, 4),
    group(after(3000), 100, { city: 'kumasi' }),
  ]);
  const sorted = (sort: string, input: Record<string, unknown> = {}) => q({ city: 'accra', sort, ...input });

  it('starts the first page at the first band with matches, going up or down', () => {
    expect(priceSkip(f, sorted('priceAsc'), 0, ['city_slug'])).toMatchObject({
      from: { op: '>=', value: 3000 },
      offset: 0,
      complete: true,
    });
    // Going down, the properties without a price come first: page 1 starts among them.
    expect(priceSkip(f, sorted('priceDesc'), 0, ['city_slug'])).toBeUndefined();
  });

  it('skips whole bands before the offset and keeps the rest of it', () => {
    // Up: 5 at 3,000 and 7 above it are before offset 16; the page starts 4 into (5,000, 7,500).
    expect(priceSkip(f, sorted('priceAsc'), 16, ['city_slug'])).toMatchObject({
      from: { op: '>', value: 5000 },
      offset: 4,
    });
    // Down: 4 without a price, then 20 in (5,000, 7,500): offset 24 starts the band below 5,000.
    expect(priceSkip(f, sorted('priceDesc'), 24, ['city_slug'])).toMatchObject({
      from: { op: '<', value: 5000 },
      offset: 0,
    });
    expect(priceSkip(f, sorted('priceDesc'), 8, ['city_slug'])).toMatchObject({
      from: { op: '<', value: 7500 },
      offset: 4,
    });
  });

  it("bounds the walk by the entries of the walk's index in the bands that hold the page", () => {
    // Led by nothing: Kumasi's 100 lie in the band too, so the walk may pass them.
    const led = priceSkip(f, sorted('priceAsc', { page: 1 }), 5, []);
    expect(led).toMatchObject({ from: { op: '>', value: 3000 }, offset: 0, most: 107 + 20, complete: true });
    // The page and one more need 9: 7 of the 107 entries in the first band, 2 of 20 in the next.
    expect(led!.walk).toBe(107 + 2);
    // Near the end, the page is the last: not complete, and the walk may read to the end of the bands.
    expect(priceSkip(f, sorted('priceDesc'), 32, ['city_slug'])).toMatchObject({
      from: { op: '<=', value: 3000 },
      offset: 1,
      most: 5,
      complete: false,
    });
    // Going up, a page that reaches the properties without a price (last) is not started from a band.
    expect(priceSkip(f, sorted('priceAsc'), 24, ['city_slug'])).toBeUndefined();
  });

  it('cannot tell for the newest first, a range across a band, a page among the unpriced, or past the matches', () => {
    expect(priceSkip(f, sorted('newest'), 0, [])).toBeUndefined();
    expect(priceSkip(f, sorted('priceAsc', { minPrice: 4000 }), 0, [])).toBeUndefined();
    expect(priceSkip(f, sorted('priceAsc'), 32, ['city_slug'])).toBeUndefined(); // the 4 without a price, last going up
    expect(priceSkip(f, sorted('priceAsc'), 40, ['city_slug'])).toBeUndefined();
    expect(priceSkip(f, sorted('priceAsc', { search: 'osu' }), 0, [])).toBeUndefined(); // facets without places
    expect(
      priceSkip(
        { ...f, searched: { search: 'osu', location: null } },
        sorted('priceAsc', { search: 'osu' }),
        0,
        [],
      ),
    ).toBeUndefined();
  });
});

// What a visitor can make the cms read: a search's facets are read in the background when asked for,
// so the reads are one at a time, not again within 30 s, and within a budget of database time.
describe('reading facets when visitors ask', () => {
  it('reads once however many ask at once, and not again within 30 s', async () => {
    let reads = 0;
    let finish: (f: Facets) => void = () => {};
    const keeper = facetKeeper(() => {
      reads += 1;
      return new Promise<Facets>((resolve) => (finish = resolve));
    });
    for (let i = 0; i < 50; i++) keeper.refresh();
    expect(reads).toBe(1);
    finish(facets([group(null, 1)]));
    await new Promise((r) => setTimeout(r, 0));
    expect(keeper.current()?.groups).toHaveLength(1);
    for (let i = 0; i < 50; i++) keeper.refresh();
    expect(reads).toBe(1);
  });

  it('does not read while another search is being read or the budget is spent', () => {
    let reads = 0;
    let allowed = false;
    const keeper = facetKeeper(
      async () => {
        reads += 1;
        return undefined;
      },
      () => allowed,
    );
    keeper.refresh();
    expect(reads).toBe(0);
    allowed = true;
    keeper.refresh();
    expect(reads).toBe(1);
  });

  it('a time budget refuses once a window holds its limit, and frees what ages out', () => {
    let now = 0;
    const budget = timeBudget(6_000, 60_000, () => now);
    expect(budget.left()).toBe(true);
    budget.spend(2_000);
    now = 10_000;
    budget.spend(3_999);
    expect(budget.left()).toBe(true);
    budget.spend(1);
    expect(budget.left()).toBe(false);
    now = 60_000; // the first read ages out
    expect(budget.left()).toBe(true);
  });
});
