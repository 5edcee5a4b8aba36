import { describe, expect, it } from 'vitest';
import {
  alertWindow,
  describeSavedSearch,
  MESSAGES,
  savedSearchCreateSchema,
  savedSearchListingPath,
  savedSearchQueryFromParams,
  savedSearchUpdateSchema,
} from '../../src/index.js';

describe('saved-search query', () => {
  it("takes the listing's filters with the listing's rules", () => {
    const parsed = savedSearchCreateSchema.parse({
      query: { city: 'Cape Coast', bedrooms: '2', maxPrice: '5000', search: ' osu ' },
      frequency: 'daily',
    });
    expect(parsed.query).toEqual({ city: 'cape-coast', bedrooms: 2, maxPrice: 5000, search: 'osu' });
  });

  it('refuses anything else, and prices the wrong way round', () => {
    expect(
      savedSearchCreateSchema.safeParse({ query: { sort: 'priceAsc' }, frequency: 'daily' }).success,
    ).toBe(false);
    const flipped = savedSearchCreateSchema.safeParse({
      query: { minPrice: 9, maxPrice: 1 },
      frequency: 'weekly',
    });
    expect(flipped.success).toBe(false);
    expect(flipped.error!.issues[0]!.message).toBe(MESSAGES.minPriceAboveMax);
    expect(savedSearchCreateSchema.safeParse({ query: {}, frequency: 'hourly' }).success).toBe(false);
    expect(savedSearchUpdateSchema.safeParse({}).success).toBe(false);
    expect(savedSearchUpdateSchema.parse({ active: false })).toEqual({ active: false });
  });

  it('says what it looks for in words, and links to the listing with those filters', () => {
    const q = {
      city: 'accra',
      propertyType: 'House',
      leaseType: 'Rent',
      bedrooms: 3,
      minPrice: 1000,
      maxPrice: 4000,
    } as const;
    expect(describeSavedSearch(q)).toBe('3-bedroom Houses for rent in Accra, GH₵1,000 to GH₵4,000');
    expect(describeSavedSearch({})).toBe('Properties');
    expect(describeSavedSearch({ furnishStatus: 'Semi furnished', search: 'Osu' })).toBe(
      'Properties (semi furnished) matching “Osu”',
    );
    // The listing's parameter order, whatever order the query is in.
    expect(savedSearchListingPath({ maxPrice: 4000, leaseType: 'Rent', city: 'accra' })).toBe(
      '/properties?city=accra&leaseType=Rent&maxPrice=4000',
    );
    expect(savedSearchListingPath({})).toBe('/properties');
  });

  it('keeps only the filters of a listing URL', () => {
    const params = new URLSearchParams('city=accra&sort=priceAsc&page=3&bedrooms=2&location=Osu&search=');
    expect(savedSearchQueryFromParams(params)).toEqual({ city: 'accra', bedrooms: '2' });
  });
});

describe('alert windows (08:00 Africa/Accra, which is GMT all year)', () => {
  it('daily: the latest 08:00 at or before now', () => {
    expect(alertWindow('daily', new Date('2026-12-02T08:00:00Z'))).toBe('2026-12-02');
    expect(alertWindow('daily', new Date('2026-12-02T07:59:59Z'))).toBe('2026-12-01');
    expect(alertWindow('daily', new Date('2026-12-31T23:59:00Z'))).toBe('2026-12-31');
    expect(alertWindow('daily', new Date('2027-01-01T00:00:00Z'))).toBe('2026-12-31');
  });

  it('weekly: the latest Monday 08:00 at or before now', () => {
    expect(alertWindow('weekly', new Date('2026-12-07T08:00:00Z'))).toBe('2026-12-07'); // Monday
    expect(alertWindow('weekly', new Date('2026-12-07T07:00:00Z'))).toBe('2026-11-30'); // Monday, before 08:00
    expect(alertWindow('weekly', new Date('2026-12-06T20:00:00Z'))).toBe('2026-11-30'); // Sunday
    expect(alertWindow('weekly', new Date('2026-12-09T12:00:00Z'))).toBe('2026-12-07'); // Wednesday
  });
});
