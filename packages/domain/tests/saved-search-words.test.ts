import { describe, expect, it } from 'vitest';
import {
  describeSavedSearch,
  describeSavedSearchParams,
  SAVED_SEARCH_FILTER_KEYS,
  savedSearchQueryFromParams,
  type SavedSearchWords,
} from '../src/saved-search-words.js';
import { SAVED_SEARCH_WORDS } from '../src/saved-search-words-all.js';
import { catalogueProblems } from '../src/i18n.js';
import { listingFilterFields } from '../src/schemas/listing-query.js';

describe('saved-search words (the zod-free part the listing script uses)', () => {
  it('keeps exactly the filters of the listing schema, in its order', () => {
    expect([...SAVED_SEARCH_FILTER_KEYS]).toEqual(Object.keys(listingFilterFields));
  });

  it('takes the filters from a listing URL and leaves paging, sorting, location and blanks out', () => {
    const params = new URLSearchParams(
      'leaseType=Rent&city=accra&sort=priceAsc&page=3&after=abc&location=Osu&bedrooms=2&search=+&maxPrice=5000',
    );
    expect(savedSearchQueryFromParams(params)).toEqual({
      leaseType: 'Rent',
      city: 'accra',
      bedrooms: '2',
      maxPrice: '5000',
    });
  });

  it('says a URL’s filters in the same words as the parsed query', () => {
    const words = describeSavedSearchParams({
      leaseType: 'Rent',
      city: 'accra',
      bedrooms: '2',
      maxPrice: '5000',
    });
    expect(words).toBe('2-bedroom Properties for rent in Accra, up to GH₵5,000');
    expect(words).toBe(
      describeSavedSearch({ leaseType: 'Rent', city: 'accra', bedrooms: 2, maxPrice: 5000 }),
    );
    expect(describeSavedSearchParams({})).toBe('Properties');
    expect(describeSavedSearchParams({ propertyType: 'House', minPrice: '1000', maxPrice: '2000' })).toBe(
      'Houses, GH₵1,000 to GH₵2,000',
    );
    expect(describeSavedSearchParams({ leaseType: 'Rent', maxAdvanceMonths: '6' })).toBe(
      "Properties for rent, at most 6 months' advance",
    );
    expect(describeSavedSearch({ maxAdvanceMonths: 1 })).toBe("Properties, at most 1 month's advance");
  });
});

describe('saved-search words in French and Spanish', () => {
  const flat = (words: SavedSearchWords): Record<string, string> =>
    Object.fromEntries(
      Object.entries(words).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [[key, value]]
          : Object.entries(value as Record<string, string>).map(([k, v]) => [`${key}.${k}`, v]),
      ),
    );

  it('has every word in every language, with the same placeholders as English', () => {
    expect(
      catalogueProblems({
        en: flat(SAVED_SEARCH_WORDS.en),
        fr: flat(SAVED_SEARCH_WORDS.fr),
        es: flat(SAVED_SEARCH_WORDS.es),
      }),
    ).toEqual([]);
  });

  it('describes a search in the reader’s language, numbers grouped as it groups them', () => {
    const q = { leaseType: 'Rent', city: 'accra', bedrooms: 2, propertyType: 'House', maxPrice: 5000 };
    expect(describeSavedSearch(q, SAVED_SEARCH_WORDS.fr)).toBe(
      'Maisons de 2 chambres à louer à Accra, jusqu’à GH₵5\u202f000',
    );
    expect(describeSavedSearch(q, SAVED_SEARCH_WORDS.es)).toBe(
      'Casas de 2 dormitorios en alquiler en Accra, hasta GH₵5000',
    );
    expect(describeSavedSearch({ bedrooms: 1, maxAdvanceMonths: 1 }, SAVED_SEARCH_WORDS.es)).toBe(
      'Propiedades de 1 dormitorio, con 1 mes de adelanto como máximo',
    );
    expect(
      describeSavedSearchParams({ furnishStatus: 'Fully furnished', search: 'Osu' }, SAVED_SEARCH_WORDS.fr),
    ).toBe('Biens (meublé) contenant « Osu »');
  });
});
