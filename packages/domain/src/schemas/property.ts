import { z } from 'zod';
import { citySlug } from '../cities.js';
import {
  AMENITIES,
  APPROVAL_STATUSES,
  CURRENCIES,
  FURNISH_STATUSES,
  LEASE_TYPES,
  PROPERTY_STATES,
  PROPERTY_TYPES,
  type Amenity,
  type Currency,
  type FurnishStatus,
} from '../enums.js';
import { GHANA_BOUNDS } from '../coordinates.js';
import { gpsAddressSchema } from '../gps-address.js';
import { MESSAGES } from '../messages.js';
import { MAX_ADVANCE_MONTHS, MAX_AGENCY_FEE_PERCENT } from '../move-in-cost.js';
import { MAX_PRICE_AMOUNT, priceInputSchema, roundMoney, type ParsedPrice } from '../price.js';
import { priceHistoryEntrySchema } from '../price-history.js';
import { choice, optionalText, requiredText } from './fields.js';
import { paginatedSchema } from './responses.js';

const MAX_IMAGES = 30;

function isImageUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  // Root-relative paths are uploads served by the cms through the site's proxy; '//' would be another host.
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const imageUrlSchema = z
  .string({ error: MESSAGES.invalidImageUrl })
  .trim()
  .max(2048, { error: MESSAGES.invalidImageUrl })
  .refine(isImageUrl, { error: MESSAGES.invalidImageUrl });

const imagesSchema = z
  .array(imageUrlSchema, { error: MESSAGES.imageRequired })
  .min(1, { error: MESSAGES.imageRequired })
  .max(MAX_IMAGES, { error: MESSAGES.tooManyImages });

// Forms send counts as text; '' from an untouched input means 0.
const roomCount = z.coerce
  .number({ error: MESSAGES.invalidCount })
  .int({ error: MESSAGES.invalidCount })
  .min(0, { error: MESSAGES.invalidCount })
  .max(999, { error: MESSAGES.invalidCount });

const NUMBER_TEXT = /^\d+(\.\d+)?$/;
const SIGNED_NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A move-in term: a number, or the text of one as forms send it. null and '' (an untouched input)
 * mean "not given", which a Rent listing may be (it reads "Advance: ask us"). Booleans, words and
 * anything out of range are refused with the field's message rather than coerced.
 */
function moveInTerm(message: string, problem: (n: number) => string | null, pattern = NUMBER_TEXT) {
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .transform((value, ctx): number | null => {
      if (value === null) return null;
      const text = typeof value === 'string' ? value.trim() : null;
      if (text === '') return null;
      const n = text === null ? (value as number) : pattern.test(text) ? Number(text) : Number.NaN;
      const wrong = Number.isFinite(n) ? problem(n) : message;
      if (wrong) {
        ctx.addIssue({ code: 'custom', message: wrong, input: value });
        return z.NEVER;
      }
      return n;
    });
}

const advanceMonthsSchema = moveInTerm(MESSAGES.advanceMonthsInvalid, (n) =>
  Number.isInteger(n) && n >= 0 && n <= MAX_ADVANCE_MONTHS ? null : MESSAGES.advanceMonthsInvalid,
);
// Stored to the pesewa and the hundredth of a percent (decimal columns), so rounded here.
const registrationFeeSchema = moveInTerm(MESSAGES.registrationFeeInvalid, (n) =>
  n < 0 ? MESSAGES.registrationFeeInvalid : n > MAX_PRICE_AMOUNT ? MESSAGES.registrationFeeTooLarge : null,
).transform((n) => (n === null ? null : roundMoney(n)));
const agencyFeePercentSchema = moveInTerm(MESSAGES.agencyFeePercentInvalid, (n) =>
  n >= 0 && n <= MAX_AGENCY_FEE_PERCENT ? null : MESSAGES.agencyFeePercentInvalid,
).transform((n) => (n === null ? null : roundMoney(n)));

/**
 * A coordinate of the listing's map point, in decimal degrees inside Ghana's bounding box; null (and
 * '', an untouched input) for none. Read like a move-in term, with a minus sign allowed.
 */
const coordinateSchema = (message: string, min: number, max: number) =>
  moveInTerm(message, (n) => (n >= min && n <= max ? null : message), SIGNED_NUMBER_TEXT);
const latitudeSchema = coordinateSchema(
  MESSAGES.latitudeInvalid,
  GHANA_BOUNDS.minLatitude,
  GHANA_BOUNDS.maxLatitude,
);
const longitudeSchema = coordinateSchema(
  MESSAGES.longitudeInvalid,
  GHANA_BOUNDS.minLongitude,
  GHANA_BOUNDS.maxLongitude,
);

/**
 * A point is both coordinates or neither: a body that sends one without the other (or one null and
 * one a number) is refused, on a create and on an update alike.
 */
function pointComplete(
  v: { latitude?: number | null; longitude?: number | null },
  ctx: z.RefinementCtx,
): void {
  const sent = (x: number | null | undefined) => (x === undefined ? 'absent' : x === null ? 'none' : 'given');
  if (sent(v.latitude) === sent(v.longitude)) return;
  const missing = sent(v.latitude) === 'given' ? 'longitude' : 'latitude';
  ctx.addIssue({ code: 'custom', message: MESSAGES.coordinatesBoth, path: [missing] });
}

/** The move-in terms of a listing (Rent listings only). */
export const MOVE_IN_TERMS = ['advanceMonths', 'registrationFee', 'agencyFeePercent'] as const;
type MoveInTermValues = {
  leaseType?: string;
  advanceMonths?: unknown;
  registrationFee?: unknown;
  agencyFeePercent?: unknown;
};

/**
 * The move-in terms belong to Rent listings: a Sale listing that states one is refused (null, "none",
 * is fine). An update that does not send the lease type is checked against the stored one by the cms.
 */
/** The first move-in term a body states (a value other than null), if any. */
export const statedMoveInTerm = (v: Omit<MoveInTermValues, 'leaseType'>) =>
  MOVE_IN_TERMS.find((k) => v[k] !== undefined && v[k] !== null);

function refuseMoveInTermsOnSale(v: MoveInTermValues, ctx: z.RefinementCtx): void {
  if (v.leaseType !== 'Sale') return;
  const stated = statedMoveInTerm(v);
  if (stated) ctx.addIssue({ code: 'custom', message: MESSAGES.moveInTermsRentOnly, path: [stated] });
}

// Some clients send "Unfurnished"; it is accepted and stored under the enumeration's name,
// "Not furnished".
const furnishStatusSchema = choice(
  [...FURNISH_STATUSES, 'Unfurnished'] as const,
  MESSAGES.fieldFurnishStatus,
).transform((v): FurnishStatus => (v === 'Unfurnished' ? 'Not furnished' : v));

const amenitiesSchema = z
  .array(choice(AMENITIES, 'Amenity'), { error: 'Amenities must be a list' })
  .transform((list): Amenity[] => [...new Set(list)]);

const citySchema = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : citySlug(v)))
  .nullable()
  .optional();

const fields = {
  location: requiredText(MESSAGES.locationRequired, 200),
  nearestLandmark: requiredText(MESSAGES.nearestLandmarkRequired, 200),
  price: priceInputSchema,
  currency: choice(CURRENCIES, 'Currency'),
  propertyType: choice(PROPERTY_TYPES, MESSAGES.fieldPropertyType, MESSAGES.propertyTypeRequired),
  leaseType: choice(LEASE_TYPES, MESSAGES.fieldLeaseType, MESSAGES.leaseTypeRequired),
  images: imagesSchema,
  numberOfBedrooms: roomCount,
  numberOfBathrooms: roomCount,
  numberOfWashrooms: roomCount,
  furnishStatus: furnishStatusSchema,
  propertyState: choice(PROPERTY_STATES, 'Property state'),
  amenities: amenitiesSchema,
  available: z.boolean({ error: 'Available must be true or false' }),
  digitalAddress: gpsAddressSchema,
  city: citySchema,
  description: optionalText(5000),
  advanceMonths: advanceMonthsSchema.optional(),
  registrationFee: registrationFeeSchema.optional(),
  agencyFeePercent: agencyFeePercentSchema.optional(),
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
};

// A price typed as '$1200' already names its currency; a different explicit currency is a mistake.
function currencyAgrees(v: { price?: ParsedPrice | undefined; currency?: Currency | undefined }): boolean {
  return !v.price?.currency || !v.currency || v.price.currency === v.currency;
}
const currencyAgreement = { error: MESSAGES.priceSymbolMismatch, path: ['price'] };

const propertyInputObject = z
  .object({
    ...fields,
    currency: fields.currency.optional(),
    numberOfBedrooms: roomCount.default(0),
    numberOfBathrooms: roomCount.default(0),
    numberOfWashrooms: roomCount.default(0),
    furnishStatus: furnishStatusSchema.default('Not furnished'),
    propertyState: fields.propertyState.default('New'),
    amenities: amenitiesSchema.default([]),
    available: fields.available.default(true),
  })
  .refine(currencyAgrees, currencyAgreement)
  .superRefine(refuseMoveInTermsOnSale)
  .superRefine(pointComplete);

const toPropertyCreate = ({ price, currency, ...rest }: z.output<typeof propertyInputObject>) => ({
  ...rest,
  price: price.amount,
  currency: currency ?? price.currency ?? ('USD' as Currency),
});

// The API takes a Rent listing without an advance, as older clients send it ("Advance: ask us").
export const propertyInputSchema = propertyInputObject.transform(toPropertyCreate);
export type PropertyInput = z.input<typeof propertyInputSchema>;
export type PropertyCreate = z.output<typeof propertyInputSchema>;

/**
 * The staff property form's rule on top of the API's: a Rent listing states its advance. Checked even
 * while other fields are wrong, so the form shows every message at once.
 */
export const propertyFormSchema = propertyInputObject
  .refine(
    (v: MoveInTermValues) =>
      v.leaseType !== 'Rent' || (v.advanceMonths !== undefined && v.advanceMonths !== null),
    {
      error: MESSAGES.advanceMonthsRequired,
      path: ['advanceMonths'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  )
  .transform(toPropertyCreate);

export const propertyUpdateSchema = z
  .object({
    location: fields.location.optional(),
    nearestLandmark: fields.nearestLandmark.optional(),
    price: fields.price.optional(),
    currency: fields.currency.optional(),
    propertyType: fields.propertyType.optional(),
    leaseType: fields.leaseType.optional(),
    images: fields.images.optional(),
    numberOfBedrooms: roomCount.optional(),
    numberOfBathrooms: roomCount.optional(),
    numberOfWashrooms: roomCount.optional(),
    furnishStatus: furnishStatusSchema.optional(),
    propertyState: fields.propertyState.optional(),
    amenities: amenitiesSchema.optional(),
    available: fields.available.optional(),
    digitalAddress: fields.digitalAddress,
    city: fields.city,
    description: fields.description,
    advanceMonths: fields.advanceMonths,
    registrationFee: fields.registrationFee,
    agencyFeePercent: fields.agencyFeePercent,
    latitude: fields.latitude,
    longitude: fields.longitude,
  })
  .refine(currencyAgrees, currencyAgreement)
  .superRefine(refuseMoveInTermsOnSale)
  .superRefine(pointComplete)
  .transform(({ price, currency, ...rest }) => {
    const resolvedCurrency = currency ?? price?.currency;
    return {
      ...rest,
      ...(price ? { price: price.amount } : {}),
      ...(resolvedCurrency ? { currency: resolvedCurrency } : {}),
    };
  });
export type PropertyUpdateInput = z.input<typeof propertyUpdateSchema>;
export type PropertyUpdate = z.output<typeof propertyUpdateSchema>;

const count = z.number().int().min(0);

/** GH₵ to pay before moving in, and its parts (see moveInCost). */
export const moveInCostSchema = z.object({
  totalGhs: z.number(),
  advanceGhs: z.number(),
  agencyFeeGhs: z.number(),
  registrationFeeGhs: z.number(),
});

// A property as the API returns it: the listing's own fields plus derived ones (priceAmount,
// priceGhs, city, ...).
export const propertySchema = z.object({
  _id: z.string(),
  images: z.array(z.string()),
  // The same images with their sizes and responsive formats, for srcset (absent on some embeds).
  media: z
    .array(
      z.object({
        url: z.string(),
        width: z.number().nullish(),
        height: z.number().nullish(),
        alt: z.string().nullish(),
        formats: z
          .record(
            z.string(),
            z.object({ url: z.string(), width: z.number().nullish(), height: z.number().nullish() }),
          )
          .nullish(),
      }),
    )
    .optional(),
  propertyType: z.enum(PROPERTY_TYPES),
  leaseType: z.enum(LEASE_TYPES),
  propertyState: z.enum(PROPERTY_STATES),
  price: z.string(),
  priceAmount: z.number(),
  currency: z.enum(CURRENCIES),
  priceGhs: z.number(),
  // GET /products/:id only: the listing's prices, newest first (at most PRICE_HISTORY_MAX).
  priceHistory: z.array(priceHistoryEntrySchema).optional(),
  // GH₵ off the highest price of the last 30 days, and when the price was cut (ISO); both absent
  // when there is no such drop.
  reducedBy: z.number().optional(),
  reducedAt: z.string().optional(),
  // The move-in terms of a Rent listing (null when not given, and on Sale listings) and what they
  // add up to (null without an advance: "Advance: ask us"). Optional: older answers lack them.
  advanceMonths: z.number().int().nullable().optional(),
  registrationFee: z.number().nullable().optional(),
  agencyFeePercent: z.number().nullable().optional(),
  moveInCost: moveInCostSchema.nullable().optional(),
  // The map point: rounded to 3 decimals (about 100 m) for the public; exact for staff and for a seeker
  // with an active viewing of the property. Both null without one; optional, older answers lack it.
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  location: z.string(),
  city: z.object({ name: z.string(), slug: z.string() }).nullable(),
  nearestLandmark: z.string(),
  // The Ghana Post GPS address names a square of about 5 m: like the exact point, only staff and a seeker
  // with an active viewing read it; absent from public answers.
  digitalAddress: z.string().nullable().optional(),
  numberOfBedrooms: count,
  numberOfBathrooms: count,
  numberOfWashrooms: count,
  furnishStatus: z.enum(FURNISH_STATUSES),
  amenities: z.array(z.string()),
  available: z.boolean(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  description: z.string().nullable(),
  postedBy: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable().optional(),
  // Freshness (optional: older answers and embeds lack them). When staff last confirmed it is still
  // available; unconfirmed past the stale setting or with enough "already let" reports; listed false
  // while it is out of the public listing, searches and the sitemap (past the hide setting).
  availabilityConfirmedAt: z.string().nullable().optional(),
  availabilityStatus: z.enum(['confirmed', 'unconfirmed']).optional(),
  listed: z.boolean().optional(),
});
export type Property = z.output<typeof propertySchema>;

export const propertyListSchema = z.array(propertySchema);
export const propertyPageSchema = paginatedSchema(propertySchema);
export type PropertyPage = z.output<typeof propertyPageSchema>;

// Where a property is embedded (an appointment's product) the cms may send only some fields.
export const propertySummarySchema = propertySchema.partial().extend({ _id: z.string() });
export type PropertySummary = z.output<typeof propertySummarySchema>;

// PUT /products/approve/:id (clients read the approved property from `product`).
export const propertyApprovalResponseSchema = z.object({
  message: z.string(),
  product: propertySchema,
});
export type PropertyApprovalResponse = z.output<typeof propertyApprovalResponseSchema>;

// A property as staff lists read it (GET /products?approval=…, GET /products/:id with a staff token):
// the superadmin's "Changes requested" note of a rejected listing, null when there is none.
export const staffPropertySchema = propertySchema.extend({
  changesRequested: z.string().nullable().optional(),
});
export type StaffProperty = z.output<typeof staffPropertySchema>;
export const staffPropertyListSchema = z.array(staffPropertySchema);
