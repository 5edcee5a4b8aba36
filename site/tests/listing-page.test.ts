import { describe, expect, it } from 'vitest';
import { cityBySlug } from '@fie/domain';
import { listingHeading, listingSubtitle } from '../src/lib/listing-page';

describe('the listing heading and subtitle', () => {
  it('are built from the search text, property type, city and lease type', () => {
    expect(listingHeading({})).toBe('Properties');
    expect(listingHeading({ leaseType: 'Rent' })).toBe('Properties for Rent');
    expect(listingHeading({ search: 'east legon', propertyType: 'Apartment', leaseType: 'Sale' })).toBe(
      '“east legon” Apartment Properties for Sale',
    );
    expect(listingHeading({ propertyType: 'Villa' }, cityBySlug('kumasi'))).toBe(
      'Villa Properties in Kumasi',
    );
  });

  it("speak the page's language", () => {
    expect(listingHeading({ propertyType: 'Apartment', leaseType: 'Rent' }, cityBySlug('accra'), 'fr')).toBe(
      'Appartements à Accra à louer',
    );
    expect(listingHeading({ search: 'osu', leaseType: 'Sale' }, undefined, 'es')).toBe(
      '«osu» Inmuebles en venta',
    );
    const results = {
      kind: 'results' as const,
      items: [],
      bounded: false,
      totalPages: 1,
      hasNext: false,
      hasPrevious: false,
    };
    expect(listingSubtitle({ ...results, total: 1 }, 'fr')).toBe('1 bien correspond à votre recherche');
    expect(listingSubtitle({ ...results, total: 1234 }, 'fr')).toBe(
      '1\u202f234 biens correspondent à votre recherche',
    );
    expect(listingSubtitle({ ...results, total: 10000, bounded: true }, 'es')).toBe(
      '10.000+ inmuebles coinciden con tu búsqueda',
    );
    expect(listingSubtitle({ kind: 'no-match' }, 'es')).toBe(
      'Ningún inmueble coincide con tu búsqueda. Prueba a cambiar los filtros.',
    );
  });

  it('say how many matched, or that none did', () => {
    const results = {
      kind: 'results' as const,
      items: [],
      bounded: false,
      hasNext: false,
      hasPrevious: false,
    };
    expect(listingSubtitle({ ...results, total: 1, totalPages: 1 })).toBe('1 property matches your search');
    expect(listingSubtitle({ ...results, total: 1234, totalPages: 155 })).toBe(
      '1,234 properties match your search',
    );
    expect(listingSubtitle({ kind: 'no-match' })).toBe(
      'No properties match your search. Try adjusting your filters.',
    );
    expect(listingSubtitle({ kind: 'error' })).toBe('Failed to load properties. Please try again.');
  });

  it('say "10,000+" when the count stopped at its bound, and why a page past it is not numbered', () => {
    expect(
      listingSubtitle({
        kind: 'results',
        items: [],
        total: 10_000,
        bounded: true,
        totalPages: 1250,
        hasNext: true,
        hasPrevious: false,
      }),
    ).toBe('10,000+ properties match your search');
    expect(
      listingSubtitle({
        kind: 'too-deep',
        message: 'Pages past the first 10,000 matches are reached with Next',
      }),
    ).toBe('Pages past the first 10,000 matches are reached with Next');
  });
});
