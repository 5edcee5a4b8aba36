import { describe, expect, it } from 'vitest';
import {
  listingQuerySchema,
  listingQueryToSearchParams,
  MESSAGES,
  parseListingQuery,
  publicListingQuerySchema,
  searchLetters,
} from '../../src/index.js';
import { messageAt, parsed } from '../helpers.js';

describe('listingQuerySchema', () => {
  it('gives defaults for an empty query', () => {
    expect(parsed(listingQuerySchema, {})).toEqual({ sort: 'newest', page: 1, pageSize: 8 });
  });

  it('treats blank parameters as absent', () => {
    expect(
      parsed(listingQuerySchema, {
        search: '',
        propertyType: '',
        leaseType: ' ',
        bedrooms: '',
        page: '',
        sort: '',
      }),
    ).toEqual({ sort: 'newest', page: 1, pageSize: 8 });
  });

  it('parses every filter from URL text', () => {
    const params = new URLSearchParams(
      'search=villa&city=Cape%20Coast&propertyType=Villa&leaseType=Sale&furnishStatus=Fully%20furnished&location=Osu&bedrooms=4&minPrice=100&maxPrice=5000&sort=priceDesc&page=3&pageSize=20',
    );
    const result = parseListingQuery(params);
    expect(result.success && result.data).toEqual({
      search: 'villa',
      city: 'cape-coast',
      propertyType: 'Villa',
      leaseType: 'Sale',
      furnishStatus: 'Fully furnished',
      location: 'Osu',
      bedrooms: 4,
      minPrice: 100,
      maxPrice: 5000,
      sort: 'priceDesc',
      page: 3,
      pageSize: 20,
    });
  });

  it('takes the first of repeated parameters from a framework query object', () => {
    const result = parseListingQuery({ leaseType: ['Rent', 'Sale'], page: '2' });
    expect(result.success && result.data).toMatchObject({ leaseType: 'Rent', page: 2 });
  });

  it('names the allowed values for an unknown enum', () => {
    expect(messageAt(listingQuerySchema, { propertyType: 'Castle' }, 'propertyType')).toBe(
      'Property type must be one of: Apartment, House, Townhouse, Villa, Land, Commercial',
    );
    expect(messageAt(listingQuerySchema, { sort: 'oldest' }, 'sort')).toBe(
      'Sort must be one of: newest, priceAsc, priceDesc, reduced',
    );
  });

  it('refuses bad numbers and page sizes above 50', () => {
    expect(messageAt(listingQuerySchema, { page: '0' }, 'page')).toBe(
      'Page must be a whole number of 1 or more',
    );
    expect(messageAt(listingQuerySchema, { pageSize: '51' }, 'pageSize')).toBe(
      'Page size must be a whole number from 1 to 50',
    );
    expect(messageAt(listingQuerySchema, { bedrooms: '-1' }, 'bedrooms')).toBe(
      'Bedrooms must be a whole number of 0 or more',
    );
    expect(messageAt(listingQuerySchema, { minPrice: 'cheap' }, 'minPrice')).toBe(
      'Minimum price must be a whole number of 0 or more',
    );
    expect(messageAt(listingQuerySchema, { maxPrice: '2.5' }, 'maxPrice')).toBe(
      'Maximum price must be a whole number of 0 or more',
    );
  });

  it('takes the most recently reduced sort and a maximum advance of 0 to 24 whole months', () => {
    expect(parsed(listingQuerySchema, { sort: 'reduced', maxAdvanceMonths: '6' })).toEqual({
      sort: 'reduced',
      maxAdvanceMonths: 6,
      page: 1,
      pageSize: 8,
    });
    expect(parsed(listingQuerySchema, { maxAdvanceMonths: '0' }).maxAdvanceMonths).toBe(0);
    expect(parsed(listingQuerySchema, { maxAdvanceMonths: '24' }).maxAdvanceMonths).toBe(24);
    expect(parsed(listingQuerySchema, { maxAdvanceMonths: '' }).maxAdvanceMonths).toBeUndefined();
    for (const bad of ['25', '-1', '6.5', 'six'])
      expect(messageAt(listingQuerySchema, { maxAdvanceMonths: bad }, 'maxAdvanceMonths')).toBe(
        'Maximum advance in months must be a whole number from 0 to 24',
      );
    expect(listingQueryToSearchParams({ maxAdvanceMonths: 12, sort: 'reduced' }).toString()).toBe(
      'maxAdvanceMonths=12&sort=reduced',
    );
  });

  it('refuses a minimum price above the maximum', () => {
    expect(messageAt(listingQuerySchema, { minPrice: '900', maxPrice: '100' }, 'minPrice')).toBe(
      MESSAGES.minPriceAboveMax,
    );
    expect(messageAt(listingQuerySchema, { minPrice: '100', maxPrice: '100' }, 'minPrice')).toBeUndefined();
  });
});

describe('listingQueryToSearchParams', () => {
  it('writes set values and leaves out blanks and defaults', () => {
    const params = listingQueryToSearchParams({
      leaseType: 'Rent',
      page: 1,
      sort: 'newest',
      search: '',
      bedrooms: 0,
      pageSize: 8,
    });
    expect(params.toString()).toBe('leaseType=Rent&bedrooms=0');
  });

  it('round-trips through the schema', () => {
    const query = parsed(listingQuerySchema, {
      propertyType: 'House',
      page: '2',
      sort: 'priceAsc',
      minPrice: '10',
    });
    expect(parsed(listingQuerySchema, Object.fromEntries(listingQueryToSearchParams(query)))).toEqual(query);
  });

  it('takes a page cursor (a property id) after or before, not both, and refuses anything else', () => {
    expect(parsed(listingQuerySchema, { after: 'abc123', page: '3' })).toMatchObject({
      after: 'abc123',
      page: 3,
    });
    expect(parsed(listingQuerySchema, { before: 'abc123' })).toMatchObject({ before: 'abc123' });
    expect(parsed(listingQuerySchema, { after: '' }).after).toBeUndefined();
    expect(messageAt(listingQuerySchema, { after: "x' or 1=1" }, 'after')).toBe(
      'A page cursor must be a property id',
    );
    expect(messageAt(listingQuerySchema, { after: 'a', before: 'b' }, 'before')).toBe(
      'Give a page cursor after or before, not both',
    );
    expect(messageAt(listingQuerySchema, { page: '2000000000' }, 'page')).toBe(
      'Page must be at most 1,000,000,000',
    );
    expect(messageAt(listingQuerySchema, { page: '0' }, 'page')).toBe(
      'Page must be a whole number of 1 or more',
    );
  });
});

describe('the public listing query', () => {
  it('counts letters and digits in any script, not spaces or punctuation', () => {
    expect(searchLetters('East Legon')).toBe(9);
    expect(searchLetters(' a-b. ')).toBe(2);
    expect(searchLetters('Ɔsu 2')).toBe(4);
    expect(searchLetters('%_\\')).toBe(0);
  });

  it('needs at least 3 of them in a search or a location; staff queries (listingQuerySchema) take any', () => {
    for (const search of ['ab', 'a b', '..', 'x!', 'é1']) {
      const r = publicListingQuerySchema.safeParse({ search });
      expect(r.success, search).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MESSAGES.searchTooShort);
      expect(listingQuerySchema.safeParse({ search }).success).toBe(true);
    }
    expect(publicListingQuerySchema.safeParse({ location: 'os' }).error?.issues[0]?.message).toBe(
      MESSAGES.locationTooShort,
    );
    for (const search of ['osu', 'O.S.U', 'é12', '7500', ' a b c '])
      expect(publicListingQuerySchema.safeParse({ search }).success, search).toBe(true);
    // No search at all is the whole listing.
    expect(publicListingQuerySchema.safeParse({}).success).toBe(true);
    expect(publicListingQuerySchema.safeParse({ search: '   ' }).success).toBe(true);
  });
});
