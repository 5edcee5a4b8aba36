import { describe, expect, it } from 'vitest';
import { MESSAGES, staffPropertySchema } from '@fie/domain';
import {
  changedBody,
  emptyPropertyForm,
  priceText,
  propertyBody,
  propertyFormErrors,
  propertyToForm,
  type PropertyFormValues,
} from '../src/islands/back-office/properties/property-form';
import { priceOf } from '../src/islands/back-office/properties/property-rows';

const filled = (changes: Partial<PropertyFormValues> = {}): PropertyFormValues => ({
  ...emptyPropertyForm(),
  location: 'Oxford Street, Osu, Accra',
  nearestLandmark: 'Osu Castle',
  propertyType: 'Apartment',
  leaseType: 'Rent',
  price: '1,200',
  images: ['/uploads/front_abc.jpg'],
  advanceMonths: '12',
  ...changes,
});

const listed = staffPropertySchema.parse({
  _id: 'k3v9p2m8q1w7e5r4t6y0u2i8',
  images: ['/uploads/a.jpg', 'https://img.example.com/b.jpg'],
  propertyType: 'House',
  leaseType: 'Sale',
  propertyState: 'Renovated',
  price: 'GH₵850000',
  priceAmount: 850000,
  currency: 'GHS',
  priceGhs: 850000,
  location: 'Trasacco Valley, East Legon, Accra',
  city: { name: 'Accra', slug: 'accra' },
  nearestLandmark: 'A&C Mall',
  digitalAddress: 'GA-183-8164',
  numberOfBedrooms: 4,
  numberOfBathrooms: 3,
  numberOfWashrooms: 1,
  furnishStatus: 'Semi furnished',
  amenities: ['Pool', 'Garage'],
  available: false,
  approvalStatus: 'unapproved',
  description: null,
  postedBy: 'u1',
  createdAt: '2026-11-23T07:00:00.000Z',
  changesRequested: 'Add the kitchen',
});

describe('the property form', () => {
  it("starts with a new property's defaults: available, Not furnished, USD, counts 0, no images", () => {
    expect(emptyPropertyForm()).toMatchObject({
      available: true,
      furnishStatus: 'Not furnished',
      currency: 'USD',
      numberOfBedrooms: '0',
      numberOfBathrooms: '0',
      numberOfWashrooms: '0',
      propertyState: 'New',
      images: [],
      amenities: [],
    });
  });

  it('reports every required field with its message', () => {
    expect(propertyFormErrors(emptyPropertyForm())).toEqual({
      location: MESSAGES.locationRequired,
      nearestLandmark: MESSAGES.nearestLandmarkRequired,
      propertyType: MESSAGES.propertyTypeRequired,
      leaseType: MESSAGES.leaseTypeRequired,
      price: MESSAGES.priceRequired,
      images: MESSAGES.imageRequired,
    });
    expect(propertyFormErrors(filled())).toEqual({});
  });

  it('wants a numeric price, whole room counts of 0 or more, and a valid GPS address', () => {
    expect(propertyFormErrors(filled({ price: 'a lot' })).price).toBe('Price must be a number');
    expect(propertyFormErrors(filled({ numberOfBedrooms: '1.5' })).numberOfBedrooms).toBe(
      MESSAGES.invalidCount,
    );
    expect(propertyFormErrors(filled({ numberOfBathrooms: '-1' })).numberOfBathrooms).toBe(
      MESSAGES.invalidCount,
    );
    expect(propertyFormErrors(filled({ numberOfWashrooms: 'two' })).numberOfWashrooms).toBe(
      MESSAGES.invalidCount,
    );
    expect(propertyFormErrors(filled({ numberOfWashrooms: '' }))).toEqual({});
    expect(propertyFormErrors(filled({ digitalAddress: 'somewhere' })).digitalAddress).toBe(
      MESSAGES.invalidGpsAddress,
    );
    expect(propertyFormErrors(filled({ price: '$1200', currency: 'GHS' })).price).toBe(
      MESSAGES.priceSymbolMismatch,
    );
  });

  it('sends the price as the currency symbol followed by the number', () => {
    expect(priceText('1,200', 'USD')).toBe('$1200');
    expect(priceText(' 850.50 ', 'GHS')).toBe('GH₵850.5');
    expect(priceText('GH₵ 2,000', 'GHS')).toBe('GH₵2000');
    expect(priceText('a lot', 'USD')).toBe('a lot');
    expect(propertyBody(filled({ numberOfBedrooms: '3', amenities: ['Pool'], city: 'accra' }))).toMatchObject(
      {
        price: '$1200',
        currency: 'USD',
        numberOfBedrooms: 3,
        numberOfBathrooms: 0,
        amenities: ['Pool'],
        city: 'accra',
        available: true,
      },
    );
  });

  it('edits a listed property with its values, and sends only what changed', () => {
    const form = propertyToForm(listed);
    expect(form).toMatchObject({
      price: '850000',
      currency: 'GHS',
      numberOfBedrooms: '4',
      city: 'accra',
      available: false,
      images: ['/uploads/a.jpg', 'https://img.example.com/b.jpg'],
    });
    expect(changedBody(form, form)).toEqual({});
    // Only "available": the cms keeps an approved listing approved for that change.
    expect(changedBody(form, { ...form, available: true })).toEqual({ available: true });
    // A price change carries its currency so the symbol and currency agree.
    expect(changedBody(form, { ...form, price: '900000' })).toEqual({ price: 'GH₵900000', currency: 'GHS' });
    expect(changedBody(form, { ...form, images: [...form.images].reverse() })).toEqual({
      images: ['https://img.example.com/b.jpg', '/uploads/a.jpg'],
    });
  });

  it('requires the advance for Rent, checks the move-in terms with the API messages, and sends numbers', () => {
    expect(propertyFormErrors(filled({ advanceMonths: '' })).advanceMonths).toBe(
      MESSAGES.advanceMonthsRequired,
    );
    expect(propertyFormErrors(filled({ advanceMonths: '0' }))).toEqual({});
    expect(propertyFormErrors(filled({ advanceMonths: '30' })).advanceMonths).toBe(
      MESSAGES.advanceMonthsInvalid,
    );
    expect(propertyFormErrors(filled({ agencyFeePercent: '25' })).agencyFeePercent).toBe(
      MESSAGES.agencyFeePercentInvalid,
    );
    expect(propertyFormErrors(filled({ registrationFee: 'free' })).registrationFee).toBe(
      MESSAGES.registrationFeeInvalid,
    );
    expect(propertyBody(filled({ agencyFeePercent: ' 7.5 ', registrationFee: '500' }))).toMatchObject({
      advanceMonths: 12,
      agencyFeePercent: 7.5,
      registrationFee: 500,
    });
    expect(propertyBody(filled())).toMatchObject({ agencyFeePercent: null, registrationFee: null });
  });

  it('a Sale listing needs no advance and sends none, even with terms left in the form', () => {
    const sale = filled({ leaseType: 'Sale', advanceMonths: '', agencyFeePercent: '10' });
    expect(propertyFormErrors(sale)).toEqual({});
    expect(propertyBody(sale)).toMatchObject({
      advanceMonths: null,
      agencyFeePercent: null,
      registrationFee: null,
    });
  });

  it('edits the terms of a Rent listing, and a change to Sale clears them', () => {
    const rentListing = staffPropertySchema.parse({
      ...listed,
      leaseType: 'Rent',
      advanceMonths: 24,
      agencyFeePercent: 10,
      registrationFee: null,
    });
    const form = propertyToForm(rentListing);
    expect(form).toMatchObject({ advanceMonths: '24', agencyFeePercent: '10', registrationFee: '' });
    expect(changedBody(form, { ...form, advanceMonths: '12' })).toEqual({ advanceMonths: 12 });
    expect(changedBody(form, { ...form, leaseType: 'Sale' })).toEqual({
      leaseType: 'Sale',
      advanceMonths: null,
      agencyFeePercent: null,
    });
    // An older Rent listing without an advance must be given one when staff edit it.
    const older = propertyToForm(staffPropertySchema.parse({ ...listed, leaseType: 'Rent' }));
    expect(older.advanceMonths).toBe('');
    expect(propertyFormErrors(older).advanceMonths).toBe(MESSAGES.advanceMonthsRequired);
  });

  it('sends the map point as numbers, blank as none, and a changed coordinate with its pair', () => {
    expect(propertyBody(filled({ latitude: ' 5.6355 ', longitude: '-0.1612' }))).toMatchObject({
      latitude: 5.6355,
      longitude: -0.1612,
    });
    expect(propertyBody(filled())).toMatchObject({ latitude: null, longitude: null });
    expect(propertyFormErrors(filled({ latitude: '5.6' }))).toEqual({ longitude: MESSAGES.coordinatesBoth });
    expect(propertyFormErrors(filled({ latitude: '51.5', longitude: '-0.12' }))).toEqual({
      latitude: MESSAGES.latitudeInvalid,
    });
    expect(propertyFormErrors(filled({ latitude: '5.6', longitude: 'west' }))).toEqual({
      longitude: MESSAGES.longitudeInvalid,
    });
    const pinned = propertyToForm(
      staffPropertySchema.parse({ ...listed, latitude: 5.635549, longitude: -0.161249 }),
    );
    expect(pinned).toMatchObject({ latitude: '5.635549', longitude: '-0.161249' });
    expect(changedBody(pinned, { ...pinned, latitude: '5.64' })).toEqual({
      latitude: 5.64,
      longitude: -0.161249,
    });
    expect(changedBody(pinned, { ...pinned, latitude: '', longitude: '' })).toEqual({
      latitude: null,
      longitude: null,
    });
    expect(changedBody(pinned, { ...pinned, location: 'Airport Residential' })).toEqual({
      location: 'Airport Residential',
    });
  });

  it('shows prices with their symbol and thousands separators', () => {
    expect(priceOf(listed)).toBe('GH₵850,000');
    expect(priceOf({ priceAmount: 1200.5, currency: 'USD' })).toBe('$1,200.50');
  });
});
