import { describe, expect, it } from 'vitest';
import { favouriteListSchema } from '../../src/index.js';
import { parsed, problems } from '../helpers.js';

const property = {
  _id: 'k3l2m1',
  images: ['/uploads/a.jpg'],
  propertyType: 'House',
  leaseType: 'Sale',
  propertyState: 'Fairly Used',
  price: 'GH₵850000',
  priceAmount: 850000,
  currency: 'GHS',
  priceGhs: 850000,
  location: 'Ahodwo, Kumasi',
  city: { name: 'Kumasi', slug: 'kumasi' },
  nearestLandmark: 'Golden Tulip',
  digitalAddress: null,
  numberOfBedrooms: 4,
  numberOfBathrooms: 3,
  numberOfWashrooms: 4,
  furnishStatus: 'Semi furnished',
  amenities: [],
  available: true,
  approvalStatus: 'approved',
  description: null,
  postedBy: null,
  createdAt: '2025-05-01T10:00:00.000Z',
};
const listed = {
  propertyId: 'k3l2m1',
  savedAt: '2026-11-20T10:00:00.000Z',
  available: true,
  property,
  label: 'House in Ahodwo, Kumasi',
};
const gone = { propertyId: 'gone1', savedAt: null, available: false, property: null, label: 'Land in Tema' };

describe('favouriteListSchema (GET /favourites)', () => {
  it('reads listed favourites with their property and ones no longer listed without it', () => {
    expect(parsed(favouriteListSchema, [listed, gone])).toEqual([listed, gone]);
  });

  it('reads the same list wrapped as { data }', () => {
    expect(parsed(favouriteListSchema, { data: [gone] })).toEqual([gone]);
  });

  it('refuses a favourite without its id or availability', () => {
    expect(
      problems(favouriteListSchema, [{ ...gone, propertyId: undefined, available: 'no' }]).map((p) => p.path),
    ).toEqual(['0.propertyId', '0.available']);
  });
});
