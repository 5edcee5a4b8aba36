import { describe, expect, it } from 'vitest';
import { MESSAGES, propertyInputSchema, propertySchema, propertyUpdateSchema } from '../../src/index.js';
import { messageAt, parsed, problems } from '../helpers.js';

const minimal = {
  location: 'East Legon, Accra',
  nearestLandmark: 'A&C Mall',
  price: '$1,200',
  propertyType: 'Apartment',
  leaseType: 'Rent',
  images: ['https://res.cloudinary.com/fie/image/upload/a.jpg'],
};

describe('propertyInputSchema (create)', () => {
  it('fills the defaults and turns the price into an amount', () => {
    expect(parsed(propertyInputSchema, minimal)).toEqual({
      location: 'East Legon, Accra',
      nearestLandmark: 'A&C Mall',
      price: 1200,
      currency: 'USD',
      propertyType: 'Apartment',
      leaseType: 'Rent',
      images: ['https://res.cloudinary.com/fie/image/upload/a.jpg'],
      numberOfBedrooms: 0,
      numberOfBathrooms: 0,
      numberOfWashrooms: 0,
      furnishStatus: 'Not furnished',
      propertyState: 'New',
      amenities: [],
      available: true,
    });
  });

  it('takes the currency from a GH₵ price when none is chosen', () => {
    expect(parsed(propertyInputSchema, { ...minimal, price: 'GH₵ 4,500' })).toMatchObject({
      price: 4500,
      currency: 'GHS',
    });
    expect(parsed(propertyInputSchema, { ...minimal, price: 800, currency: 'GHS' })).toMatchObject({
      price: 800,
      currency: 'GHS',
    });
  });

  it('refuses a price whose symbol contradicts the chosen currency', () => {
    expect(messageAt(propertyInputSchema, { ...minimal, price: '$100', currency: 'GHS' }, 'price')).toBe(
      MESSAGES.priceSymbolMismatch,
    );
  });

  it('coerces counts, maps Unfurnished, de-duplicates amenities and normalises optional fields', () => {
    const result = parsed(propertyInputSchema, {
      ...minimal,
      numberOfBedrooms: '3',
      numberOfBathrooms: '',
      furnishStatus: 'Unfurnished',
      amenities: ['Pool', 'Gym', 'Pool'],
      digitalAddress: 'ga1838164',
      city: 'Cape Coast',
      description: '',
      images: ['/uploads/front.jpg'],
      approvalStatus: 'approved',
    });
    expect(result).toMatchObject({
      numberOfBedrooms: 3,
      numberOfBathrooms: 0,
      furnishStatus: 'Not furnished',
      amenities: ['Pool', 'Gym'],
      digitalAddress: 'GA-183-8164',
      city: 'cape-coast',
      description: null,
      images: ['/uploads/front.jpg'],
    });
    expect(result).not.toHaveProperty('approvalStatus');
  });

  it.each([
    ['location', MESSAGES.locationRequired],
    ['nearestLandmark', 'Nearest landmark is required'],
    ['price', 'Price is required'],
    ['propertyType', 'Property type is required'],
    ['leaseType', 'Lease type is required'],
    ['images', 'At least one image is required'],
  ])('reports a missing %s with its message', (field, message) => {
    const input: Record<string, unknown> = { ...minimal };
    delete input[field];
    expect(messageAt(propertyInputSchema, input, field)).toBe(message);
  });

  it('treats blank required text and an empty select as missing', () => {
    expect(messageAt(propertyInputSchema, { ...minimal, location: '   ' }, 'location')).toBe(
      MESSAGES.locationRequired,
    );
    expect(messageAt(propertyInputSchema, { ...minimal, propertyType: '' }, 'propertyType')).toBe(
      MESSAGES.propertyTypeRequired,
    );
    expect(messageAt(propertyInputSchema, { ...minimal, images: [] }, 'images')).toBe(MESSAGES.imageRequired);
  });

  it('says a non-numeric price must be a number', () => {
    expect(messageAt(propertyInputSchema, { ...minimal, price: 'negotiable' }, 'price')).toBe(
      'Price must be a number',
    );
  });

  it('refuses unknown choices, bad counts, bad image URLs and unknown amenities', () => {
    expect(messageAt(propertyInputSchema, { ...minimal, propertyType: 'Castle' }, 'propertyType')).toBe(
      'Property type must be one of: Apartment, House, Townhouse, Villa, Land, Commercial',
    );
    expect(messageAt(propertyInputSchema, { ...minimal, numberOfBedrooms: -1 }, 'numberOfBedrooms')).toBe(
      MESSAGES.invalidCount,
    );
    expect(messageAt(propertyInputSchema, { ...minimal, numberOfBathrooms: 1.5 }, 'numberOfBathrooms')).toBe(
      MESSAGES.invalidCount,
    );
    expect(
      messageAt(propertyInputSchema, { ...minimal, numberOfWashrooms: 'two' }, 'numberOfWashrooms'),
    ).toBe(MESSAGES.invalidCount);
    expect(messageAt(propertyInputSchema, { ...minimal, images: ['javascript:alert(1)'] }, 'images.0')).toBe(
      MESSAGES.invalidImageUrl,
    );
    expect(messageAt(propertyInputSchema, { ...minimal, images: ['//evil.example/x.jpg'] }, 'images.0')).toBe(
      MESSAGES.invalidImageUrl,
    );
    expect(messageAt(propertyInputSchema, { ...minimal, amenities: ['Helipad'] }, 'amenities.0')).toMatch(
      /^Amenity must be one of/,
    );
    expect(messageAt(propertyInputSchema, { ...minimal, digitalAddress: 'Legon' }, 'digitalAddress')).toBe(
      MESSAGES.invalidGpsAddress,
    );
  });
});

describe('propertyUpdateSchema', () => {
  it('accepts a partial change and leaves untouched fields out', () => {
    expect(parsed(propertyUpdateSchema, { available: false })).toEqual({ available: false });
    expect(parsed(propertyUpdateSchema, { price: 'GH₵900' })).toEqual({ price: 900, currency: 'GHS' });
    expect(parsed(propertyUpdateSchema, { price: 900 })).toEqual({ price: 900 });
    expect(parsed(propertyUpdateSchema, { digitalAddress: '' })).toEqual({ digitalAddress: null });
  });

  it('still refuses blank required fields and an empty image list', () => {
    expect(messageAt(propertyUpdateSchema, { location: '' }, 'location')).toBe(MESSAGES.locationRequired);
    expect(messageAt(propertyUpdateSchema, { images: [] }, 'images')).toBe(MESSAGES.imageRequired);
    expect(messageAt(propertyUpdateSchema, { price: 'abc' }, 'price')).toBe(MESSAGES.priceNotNumber);
    expect(messageAt(propertyUpdateSchema, { leaseType: 'Lease' }, 'leaseType')).toBe(
      'Lease type must be one of: Rent, Sale',
    );
  });
});

describe('propertySchema (response)', () => {
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
    amenities: ['Garden'],
    available: true,
    approvalStatus: 'approved',
    description: null,
    postedBy: null,
    createdAt: '2025-05-01T10:00:00.000Z',
  };

  it('reads a property and drops unknown keys', () => {
    expect(parsed(propertySchema, { ...property, id: 12 })).toEqual(property);
  });

  it('is strict on types', () => {
    expect(problems(propertySchema, { ...property, priceAmount: '850000' }).map((p) => p.path)).toEqual([
      'priceAmount',
    ]);
    expect(problems(propertySchema, { ...property, available: 'yes' }).map((p) => p.path)).toEqual([
      'available',
    ]);
    expect(problems(propertySchema, { ...property, leaseType: 'Lease' }).map((p) => p.path)).toEqual([
      'leaseType',
    ]);
  });
});
