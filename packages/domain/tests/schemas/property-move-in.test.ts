import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  propertyFormSchema,
  propertyInputSchema,
  propertySchema,
  propertyUpdateSchema,
} from '../../src/index.js';
import { messageAt, parsed } from '../helpers.js';

const rent = {
  location: 'Osu, Accra',
  nearestLandmark: 'Oxford Street',
  price: 'GH₵ 2,000',
  propertyType: 'Apartment',
  leaseType: 'Rent',
  images: ['https://res.cloudinary.com/fie/image/upload/a.jpg'],
};
const sale = { ...rent, leaseType: 'Sale', price: 'GH₵ 900,000' };

describe('move-in terms on create', () => {
  it('takes numbers, and the text of numbers as forms send them', () => {
    expect(
      parsed(propertyInputSchema, { ...rent, advanceMonths: 12, registrationFee: 500, agencyFeePercent: 10 }),
    ).toMatchObject({ advanceMonths: 12, registrationFee: 500, agencyFeePercent: 10 });
    expect(
      parsed(propertyInputSchema, {
        ...rent,
        advanceMonths: ' 6 ',
        registrationFee: '250.5',
        agencyFeePercent: '7.5',
      }),
    ).toMatchObject({ advanceMonths: 6, registrationFee: 250.5, agencyFeePercent: 7.5 });
  });

  it('rounds fees to the pesewa and percentages to the hundredth, as they are stored', () => {
    expect(
      parsed(propertyInputSchema, {
        ...rent,
        advanceMonths: 0,
        registrationFee: 99.999,
        agencyFeePercent: 5.125,
      }),
    ).toMatchObject({ advanceMonths: 0, registrationFee: 100, agencyFeePercent: 5.13 });
  });

  it('accepts a Rent listing without an advance (older clients), blank or null meaning none', () => {
    const without = parsed(propertyInputSchema, rent);
    expect(without).not.toHaveProperty('advanceMonths');
    expect(parsed(propertyInputSchema, { ...rent, advanceMonths: '', registrationFee: null })).toMatchObject({
      advanceMonths: null,
      registrationFee: null,
    });
  });

  it.each([
    ['advanceMonths', -1, MESSAGES.advanceMonthsInvalid],
    ['advanceMonths', 25, MESSAGES.advanceMonthsInvalid],
    ['advanceMonths', 1.5, MESSAGES.advanceMonthsInvalid],
    ['advanceMonths', '12 months', MESSAGES.advanceMonthsInvalid],
    ['advanceMonths', true, MESSAGES.advanceMonthsInvalid],
    ['advanceMonths', [12], MESSAGES.advanceMonthsInvalid],
    ['agencyFeePercent', 20.01, MESSAGES.agencyFeePercentInvalid],
    ['agencyFeePercent', -5, MESSAGES.agencyFeePercentInvalid],
    ['agencyFeePercent', '10%', MESSAGES.agencyFeePercentInvalid],
    ['registrationFee', -1, MESSAGES.registrationFeeInvalid],
    ['registrationFee', 'five hundred', MESSAGES.registrationFeeInvalid],
    ['registrationFee', 1_000_000_000, MESSAGES.registrationFeeTooLarge],
    ['registrationFee', { amount: 5 }, MESSAGES.registrationFeeInvalid],
  ])('refuses %s = %j', (field, value, message) => {
    expect(messageAt(propertyInputSchema, { ...rent, [field]: value }, field)).toBe(message);
  });

  it('accepts the edges of each range', () => {
    expect(
      parsed(propertyInputSchema, { ...rent, advanceMonths: 24, agencyFeePercent: 20, registrationFee: 0 }),
    ).toMatchObject({ advanceMonths: 24, agencyFeePercent: 20, registrationFee: 0 });
  });

  it('refuses move-in terms on a Sale listing, but takes none stated', () => {
    expect(messageAt(propertyInputSchema, { ...sale, advanceMonths: 12 }, 'advanceMonths')).toBe(
      MESSAGES.moveInTermsRentOnly,
    );
    expect(messageAt(propertyInputSchema, { ...sale, agencyFeePercent: 5 }, 'agencyFeePercent')).toBe(
      MESSAGES.moveInTermsRentOnly,
    );
    expect(parsed(propertyInputSchema, { ...sale, advanceMonths: null, registrationFee: '' })).toMatchObject({
      leaseType: 'Sale',
      advanceMonths: null,
      registrationFee: null,
    });
  });
});

describe('move-in terms on update', () => {
  it('sends only what was given', () => {
    expect(parsed(propertyUpdateSchema, { advanceMonths: '24' })).toEqual({ advanceMonths: 24 });
    expect(parsed(propertyUpdateSchema, { agencyFeePercent: null })).toEqual({ agencyFeePercent: null });
    expect(parsed(propertyUpdateSchema, { nearestLandmark: 'Osu Castle' })).toEqual({
      nearestLandmark: 'Osu Castle',
    });
  });

  it('refuses out-of-range values and terms sent with a change to Sale', () => {
    expect(messageAt(propertyUpdateSchema, { advanceMonths: 36 }, 'advanceMonths')).toBe(
      MESSAGES.advanceMonthsInvalid,
    );
    expect(
      messageAt(propertyUpdateSchema, { leaseType: 'Sale', registrationFee: 100 }, 'registrationFee'),
    ).toBe(MESSAGES.moveInTermsRentOnly);
    expect(parsed(propertyUpdateSchema, { leaseType: 'Sale', advanceMonths: null })).toEqual({
      leaseType: 'Sale',
      advanceMonths: null,
    });
  });
});

describe('the staff form requires the advance for Rent', () => {
  it('refuses a Rent listing without an advance, with its own message', () => {
    expect(messageAt(propertyFormSchema, rent, 'advanceMonths')).toBe(MESSAGES.advanceMonthsRequired);
    expect(messageAt(propertyFormSchema, { ...rent, advanceMonths: '' }, 'advanceMonths')).toBe(
      MESSAGES.advanceMonthsRequired,
    );
  });

  it('says so alongside other fields’ problems', () => {
    expect(messageAt(propertyFormSchema, { ...rent, location: '' }, 'advanceMonths')).toBe(
      MESSAGES.advanceMonthsRequired,
    );
  });

  it('accepts a Rent listing with one (0 included) and a Sale listing without', () => {
    expect(parsed(propertyFormSchema, { ...rent, advanceMonths: '0' })).toMatchObject({ advanceMonths: 0 });
    expect(parsed(propertyFormSchema, { ...rent, advanceMonths: 12 })).toMatchObject({ price: 2000 });
    expect(parsed(propertyFormSchema, sale)).toMatchObject({ leaseType: 'Sale' });
  });
});

describe('the answer', () => {
  it('reads the terms and the move-in cost, null when absent', () => {
    const base = {
      _id: 'abc',
      images: [],
      propertyType: 'Apartment',
      leaseType: 'Rent',
      propertyState: 'New',
      price: 'GH₵2000',
      priceAmount: 2000,
      currency: 'GHS',
      priceGhs: 2000,
      location: 'Osu, Accra',
      city: null,
      nearestLandmark: 'Oxford Street',
      digitalAddress: null,
      numberOfBedrooms: 1,
      numberOfBathrooms: 1,
      numberOfWashrooms: 1,
      furnishStatus: 'Not furnished',
      amenities: [],
      available: true,
      approvalStatus: 'approved',
      description: null,
      postedBy: null,
      createdAt: null,
    };
    const moveInCost = { totalGhs: 26_900, advanceGhs: 24_000, agencyFeeGhs: 2_400, registrationFeeGhs: 500 };
    expect(
      parsed(propertySchema, {
        ...base,
        advanceMonths: 12,
        registrationFee: 500,
        agencyFeePercent: 10,
        moveInCost,
      }),
    ).toMatchObject({ advanceMonths: 12, moveInCost });
    expect(
      parsed(propertySchema, {
        ...base,
        advanceMonths: null,
        registrationFee: null,
        agencyFeePercent: null,
        moveInCost: null,
      }),
    ).toMatchObject({ advanceMonths: null, moveInCost: null });
    expect(propertySchema.safeParse({ ...base, moveInCost: { totalGhs: '26900' } }).success).toBe(false);
  });
});
