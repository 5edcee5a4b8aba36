import { describe, expect, it } from 'vitest';
import { cityBySlug } from '@fie/domain';
import { listingHeading, listingSubtitle } from '../src/lib/listing-page';

describe('the listing heading and subtitle', () => {
  it('are built from the search text, property type, city and lease type', () => {
    expect(listingHeading({})).toBe('Properties');
    expect(listingHeading({ leaseType: 'Rent' })).toBe('Properties for Rent');
    expect(listingHeading({ search: 'east legon', propertyType: 'Apartment', leaseType: 'Sale' })).toBe('“east legon” Apartment Properties for Sale');
    expect(listingHeading({ propertyType: 'Villa' }, cityBySlug('kumasi'))).toBe('Villa Properties in Kumasi');
  });

  it('say how many matched, or that none did', () => {
    expect(listingSubtitle({ kind: 'results', items: [], total: 1, totalPages: 1 })).toBe('1 property matches your search');
    expect(listingSubtitle({ kind: 'results', items: [], total: 1234, totalPages: 155 })).toBe('1,234 properties match your search');
    expect(listingSubtitle({ kind: 'no-match' })).toBe('No properties match your search. Try adjusting your filters.');
    expect(listingSubtitle({ kind: 'error' })).toBe('Failed to load properties. Please try again.');
  });
});
