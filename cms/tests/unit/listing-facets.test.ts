import { describe, expect, it } from 'vitest';
import { listingQuerySchema } from '@fie/domain';
import { countFromFacets, facetKeeper, PRICE_EDGES, timeBudget, type Facets, type FacetGroup } from '../../src/api/property/catalogue/listing-facets';

// Bands as the database numbers them (width_bucket, 1-based edges): 2i is a price equal to edge i,
// 2i + 1 a price between edges i and i + 1.
const at = (edge: number) => 2 * (PRICE_EDGES.indexOf(edge as (typeof PRICE_EDGES)[number]) + 1);
const after = (edge: number) => at(edge) + 1;
const group = (band: number | null, n: number, over: Partial<FacetGroup> = {}): FacetGroup => ({ city: 'accra', type: 'House', lease: 'Rent', bedrooms: 2, furnish: 'Not furnished', band, n, ...over });
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
    const osu: Facets = { ...facets([group(at(3000), 4), group(after(3000), 6, { lease: 'Sale' })]), searched: { search: 'osu', location: null } };
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
    const keeper = facetKeeper(async () => {
      reads += 1;
      return undefined;
    }, () => allowed);
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
