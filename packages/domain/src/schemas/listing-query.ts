import { z } from 'zod';
import { citySlug } from '../cities.js';
import { LISTING_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, MIN_SEARCH_LETTERS } from '../constants.js';
import { FURNISH_STATUSES, LEASE_TYPES, LISTING_SORTS, PROPERTY_TYPES } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { fill } from '../i18n.js';
import { MAX_ADVANCE_MONTHS } from '../move-in-cost.js';
import { formatMapArea, parseMapArea } from '../coordinates.js';
import { blankToUndefined, choice, tooLong } from './fields.js';

function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

function wholeNumber(label: string, min: number, max?: number) {
  const message =
    max === undefined
      ? fill(MESSAGES.wholeNumberAtLeast, { field: label, min })
      : fill(MESSAGES.wholeNumberFromTo, { field: label, min, max });
  const base = z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message });
  return max === undefined ? base : base.max(max, { error: message });
}

const propertyCursor = z
  .string()
  .trim()
  .regex(/^[a-z0-9]{1,64}$/, { error: 'A page cursor must be a property id' });

/**
 * The listing's filters, one schema each: the listing's query below, and a saved search's query
 * (saved-search.ts), which holds the same filters and nothing else.
 */
export const listingFilterFields = {
  search: optionalParam(
    z
      .string()
      .trim()
      .max(100, { error: tooLong(100, MESSAGES.fieldSearch) }),
  ),
  city: optionalParam(
    z
      .string()
      .trim()
      .transform(citySlug)
      .refine((v) => v !== '', { error: 'City must be a city name or slug' }),
  ),
  propertyType: optionalParam(choice(PROPERTY_TYPES, MESSAGES.fieldPropertyType)),
  leaseType: optionalParam(choice(LEASE_TYPES, MESSAGES.fieldLeaseType)),
  furnishStatus: optionalParam(choice(FURNISH_STATUSES, MESSAGES.fieldFurnishStatus)),
  bedrooms: optionalParam(wholeNumber(MESSAGES.fieldBedrooms, 0)),
  minPrice: optionalParam(wholeNumber(MESSAGES.fieldMinPrice, 0)),
  maxPrice: optionalParam(wholeNumber(MESSAGES.fieldMaxPrice, 0)),
  // Rent listings whose advance is at most this many months (those that give none are left out).
  maxAdvanceMonths: optionalParam(wholeNumber(MESSAGES.fieldMaxAdvance, 0, MAX_ADVANCE_MONTHS)),
  // An area of the map (west,south,east,north), kept as text on the public grid (coordinates.ts), so
  // links, cache keys and saved searches hold one spelling of it.
  bbox: optionalParam(
    z
      .string()
      .max(120, { error: MESSAGES.mapAreaInvalid })
      .transform((text, ctx) => {
        const area = parseMapArea(text);
        if (area) return formatMapArea(area);
        ctx.addIssue({ code: 'custom', message: MESSAGES.mapAreaInvalid });
        return z.NEVER;
      }),
  ),
};

// Parses the listing's URL query (GET /products and the /properties page). Blank parameters mean
// "not set", so a form that submits every field still yields a clean query.
export const listingQuerySchema = z
  .object({
    // Spelled out to keep the parameters' order (links and cache keys follow it).
    search: listingFilterFields.search,
    city: listingFilterFields.city,
    propertyType: listingFilterFields.propertyType,
    leaseType: listingFilterFields.leaseType,
    furnishStatus: listingFilterFields.furnishStatus,
    location: optionalParam(
      z
        .string()
        .trim()
        .max(100, { error: tooLong(100, MESSAGES.fieldLocation) }),
    ),
    bedrooms: listingFilterFields.bedrooms,
    minPrice: listingFilterFields.minPrice,
    maxPrice: listingFilterFields.maxPrice,
    maxAdvanceMonths: listingFilterFields.maxAdvanceMonths,
    bbox: listingFilterFields.bbox,
    sort: z.preprocess(blankToUndefined, choice(LISTING_SORTS, MESSAGES.fieldSort).default('newest')),
    // At most a billion: deeper than any listing, and an offset the database can still take.
    page: z.preprocess(
      blankToUndefined,
      wholeNumber(MESSAGES.fieldPage, 1)
        .max(MAX_PAGE, { error: 'Page must be at most 1,000,000,000' })
        .default(1),
    ),
    // Keyset paging: the page after (or before) the property with this id, in the listing's order.
    // Next and Previous links carry one, so a deep page costs what the first does; `page` then only
    // numbers it.
    after: optionalParam(propertyCursor),
    before: optionalParam(propertyCursor),
    pageSize: z.preprocess(
      blankToUndefined,
      wholeNumber(MESSAGES.fieldPageSize, 1, MAX_PAGE_SIZE).default(LISTING_PAGE_SIZE),
    ),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    error: MESSAGES.minPriceAboveMax,
    path: ['minPrice'],
  })
  .refine((q) => q.after === undefined || q.before === undefined, {
    error: 'Give a page cursor after or before, not both',
    path: ['before'],
  });
export type ListingQuery = z.output<typeof listingQuerySchema>;

/** The letters and digits in a search, in any script (spaces and punctuation do not count). */
export const searchLetters = (text: string): number => (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
const enoughLetters = (text: string | undefined) =>
  text === undefined || searchLetters(text) >= MIN_SEARCH_LETTERS;

/**
 * The public listing's query (GET /products without `approval`, and the /properties pages): a text
 * search or location needs MIN_SEARCH_LETTERS letters or digits. Staff lists take shorter ones.
 */
export const publicListingQuerySchema = listingQuerySchema
  .refine((q) => enoughLetters(q.search), { error: MESSAGES.searchTooShort, path: ['search'] })
  .refine((q) => enoughLetters(q.location), { error: MESSAGES.locationTooShort, path: ['location'] });

type QuerySource = URLSearchParams | Record<string, string | string[] | number | undefined | null>;

// Turns URLSearchParams or a framework's query object into plain values (first of repeated keys).
export function queryToObject(source: QuerySource): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = {};
  if (source instanceof URLSearchParams) {
    source.forEach((value, key) => {
      if (!(key in out)) out[key] = value;
    });
    return out;
  }
  for (const [key, value] of Object.entries(source)) {
    if (Array.isArray(value)) out[key] = value[0];
    else if (value !== null) out[key] = value;
  }
  return out;
}

export function parseListingQuery(source: QuerySource) {
  return listingQuerySchema.safeParse(queryToObject(source));
}

const DEFAULTS: Partial<ListingQuery> = { sort: 'newest', page: 1, pageSize: LISTING_PAGE_SIZE };

// The reverse: a query for links and fetches, leaving out unset values and defaults to keep URLs short.
export function listingQueryToSearchParams(query: Partial<ListingQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (DEFAULTS[key as keyof ListingQuery] === value) continue;
    params.set(key, String(value));
  }
  return params;
}
