import { describe, expect, it } from 'vitest';
import {
  hasAreaFilter,
  pageWords,
  savedSearchFilters,
  savedSearchLabel,
} from '../src/lib/saved-searches/listing-filters';
import { SAVED_SEARCH_WORDS } from '@fie/domain';

describe('the filters "Save this search" takes from the listing’s address', () => {
  it('keeps the filters of /properties and leaves paging, sorting, blanks and the area out', () => {
    const filters = savedSearchFilters(
      '/properties',
      '?leaseType=Rent&city=accra&sort=priceAsc&page=2&after=p123&location=Osu&search=&maxPrice=5000',
    );
    expect(filters).toEqual({ leaseType: 'Rent', city: 'accra', maxPrice: '5000' });
  });

  it('takes the city from the path of a city page, over any city in the query', () => {
    expect(savedSearchFilters('/properties/accra', '?propertyType=House')).toEqual({
      propertyType: 'House',
      city: 'accra',
    });
    expect(savedSearchFilters('/locations/kumasi/', '?city=accra')).toEqual({ city: 'kumasi' });
    // A French or Spanish city page is the same city.
    expect(savedSearchFilters('/fr/properties/accra', '?leaseType=Rent')).toEqual({
      leaseType: 'Rent',
      city: 'accra',
    });
    expect(savedSearchFilters('/es/locations/tamale', '')).toEqual({ city: 'tamale' });
    expect(savedSearchFilters('/properties', '')).toEqual({});
  });

  it('says what will be saved in the words the dashboard and the e-mails use', () => {
    expect(
      savedSearchLabel(savedSearchFilters('/properties/accra', '?leaseType=Rent&bedrooms=2&maxPrice=5000')),
    ).toBe('2-bedroom Properties for rent in Accra, up to GH₵5,000');
    expect(
      savedSearchLabel(
        savedSearchFilters('/properties', '?propertyType=House&leaseType=Sale&minPrice=100000'),
      ),
    ).toBe('Houses for sale, from GH₵100,000');
    expect(savedSearchLabel({})).toBe('Properties');
  });

  it('notices an area filter, which saved searches do not keep', () => {
    expect(hasAreaFilter('?location=East+Legon')).toBe(true);
    expect(hasAreaFilter('?location=+&city=accra')).toBe(false);
  });

  it('says the search in the page’s language with the words the page handed over', () => {
    const words = pageWords(JSON.stringify(SAVED_SEARCH_WORDS.fr));
    expect(savedSearchLabel(savedSearchFilters('/fr/properties/accra', '?leaseType=Sale'), words)).toBe(
      'Biens à vendre à Accra',
    );
    // Missing or broken words: English rather than a broken panel.
    expect(pageWords(undefined)).toBeUndefined();
    expect(pageWords('{not json')).toBeUndefined();
    expect(savedSearchLabel({ leaseType: 'Sale' }, pageWords('[]'))).toBe('Properties for sale');
  });
});
