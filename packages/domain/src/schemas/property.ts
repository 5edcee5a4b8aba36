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
import { gpsAddressSchema } from '../gps-address.js';
import { MESSAGES } from '../messages.js';
import { priceInputSchema, type ParsedPrice } from '../price.js';
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

// Some clients send "Unfurnished"; it is accepted and stored under the enumeration's name,
// "Not furnished".
const furnishStatusSchema = choice([...FURNISH_STATUSES, 'Unfurnished'] as const, 'Furnish status').transform(
  (v): FurnishStatus => (v === 'Unfurnished' ? 'Not furnished' : v),
);

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
  propertyType: choice(PROPERTY_TYPES, 'Property type', MESSAGES.propertyTypeRequired),
  leaseType: choice(LEASE_TYPES, 'Lease type', MESSAGES.leaseTypeRequired),
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
};

// A price typed as '$1200' already names its currency; a different explicit currency is a mistake.
function currencyAgrees(v: { price?: ParsedPrice | undefined; currency?: Currency | undefined }): boolean {
  return !v.price?.currency || !v.currency || v.price.currency === v.currency;
}
const currencyAgreement = { error: MESSAGES.priceSymbolMismatch, path: ['price'] };

export const propertyInputSchema = z
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
  .transform(({ price, currency, ...rest }) => ({
    ...rest,
    price: price.amount,
    currency: currency ?? price.currency ?? ('USD' as Currency),
  }));
export type PropertyInput = z.input<typeof propertyInputSchema>;
export type PropertyCreate = z.output<typeof propertyInputSchema>;

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
  })
  .refine(currencyAgrees, currencyAgreement)
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
  location: z.string(),
  city: z.object({ name: z.string(), slug: z.string() }).nullable(),
  nearestLandmark: z.string(),
  digitalAddress: z.string().nullable(),
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
