// The parts of saved searches a browser script needs (which filters a listing URL holds, and the
// search in words), kept free of zod so the listing page's "Save this search" script stays small.
// The site imports it alone as '@fie/domain/saved-search-words'.
import { CITIES } from './cities.js';
import type { FurnishStatus, PropertyType } from './enums.js';
import { formatPrice } from './price-format.js';

/** The listing filters a saved search keeps, in the listing's own order (listingFilterFields' keys). */
export const SAVED_SEARCH_FILTER_KEYS = [
  'search',
  'city',
  'propertyType',
  'leaseType',
  'furnishStatus',
  'bedrooms',
  'minPrice',
  'maxPrice',
  'maxAdvanceMonths',
  'bbox',
] as const;
export type SavedSearchFilterKey = (typeof SAVED_SEARCH_FILTER_KEYS)[number];

/** What describeSavedSearch reads: a parsed saved-search query, or one taken from a URL. */
export interface SavedSearchWordsQuery {
  search?: string | undefined;
  city?: string | undefined;
  propertyType?: string | undefined;
  leaseType?: string | undefined;
  furnishStatus?: string | undefined;
  bedrooms?: number | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  maxAdvanceMonths?: number | undefined;
  bbox?: string | undefined;
}

const cityName = (slug: string) =>
  CITIES.find((c) => c.slug === slug || c.name.toLowerCase() === slug.toLowerCase())?.name ??
  slug.replace(/-/g, ' ');

/**
 * The words a saved search is described in, for one language. Each text names its values as
 * `{placeholder}` (the same ones in every language, which the catalogue test checks); `…One` and
 * `…Other` are the plural forms Intl.PluralRules picks between.
 */
export interface SavedSearchWords {
  /** The language's number and price format ('en-US', 'fr-FR', 'es-ES'). */
  locale: string;
  properties: string;
  types: Readonly<Record<PropertyType, string>>;
  bedroomsOne: string;
  bedroomsOther: string;
  furnish: Readonly<Record<FurnishStatus, string>>;
  furnished: string;
  forRent: string;
  forSale: string;
  inCity: string;
  inArea: string;
  inAreaAfterCity: string;
  matching: string;
  between: string;
  from: string;
  upTo: string;
  advanceOne: string;
  advanceOther: string;
}

/** English: "2-bedroom Houses for rent in Accra, up to GH₵5,000". */
export const SAVED_SEARCH_WORDS_EN: SavedSearchWords = {
  locale: 'en-US',
  properties: 'Properties',
  types: {
    Apartment: 'Apartments',
    House: 'Houses',
    Townhouse: 'Townhouses',
    Villa: 'Villas',
    Land: 'Land',
    Commercial: 'Commercial properties',
  },
  bedroomsOne: '{count}-bedroom {type}',
  bedroomsOther: '{count}-bedroom {type}',
  furnish: {
    'Fully furnished': 'fully furnished',
    'Semi furnished': 'semi furnished',
    'Not furnished': 'not furnished',
  },
  furnished: '{words} ({furnish})',
  forRent: '{words} for rent',
  forSale: '{words} for sale',
  inCity: '{words} in {city}',
  inArea: '{words} in an area of the map',
  inAreaAfterCity: '{words}, in an area of the map',
  matching: '{words} matching “{search}”',
  between: '{words}, {min} to {max}',
  from: '{words}, from {min}',
  upTo: '{words}, up to {max}',
  advanceOne: "{words}, at most {count} month's advance",
  advanceOther: "{words}, at most {count} months' advance",
};

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;
const put = (text: string, values: Record<string, string | number>) =>
  text.replace(PLACEHOLDER, (whole, name: string) => String(values[name] ?? whole));

/**
 * A saved search in words, for its e-mails, lists and the "Save this search" panel, in the language
 * `words` are written in (English unless given): "2-bedroom Houses for rent in Accra, up to GH₵5,000".
 */
export function describeSavedSearch(
  q: SavedSearchWordsQuery,
  words: SavedSearchWords = SAVED_SEARCH_WORDS_EN,
): string {
  const plural = new Intl.PluralRules(words.locale);
  const counted = (one: string, other: string, count: number) =>
    plural.select(count) === 'one' ? one : other;
  const type = q.propertyType
    ? (words.types[q.propertyType as PropertyType] ?? q.propertyType)
    : words.properties;
  let text =
    q.bedrooms === undefined
      ? type
      : put(counted(words.bedroomsOne, words.bedroomsOther, q.bedrooms), { count: q.bedrooms, type });
  if (q.furnishStatus)
    text = put(words.furnished, {
      words: text,
      furnish: words.furnish[q.furnishStatus as FurnishStatus] ?? q.furnishStatus.toLowerCase(),
    });
  if (q.leaseType) text = put(q.leaseType === 'Rent' ? words.forRent : words.forSale, { words: text });
  if (q.city) text = put(words.inCity, { words: text, city: cityName(q.city) });
  if (q.bbox) text = put(q.city ? words.inAreaAfterCity : words.inArea, { words: text });
  if (q.search) text = put(words.matching, { words: text, search: q.search });
  const ghs = (n: number) => formatPrice(n, 'GHS', words.locale);
  if (q.minPrice !== undefined && q.maxPrice !== undefined)
    text = put(words.between, { words: text, min: ghs(q.minPrice), max: ghs(q.maxPrice) });
  else if (q.minPrice !== undefined) text = put(words.from, { words: text, min: ghs(q.minPrice) });
  else if (q.maxPrice !== undefined) text = put(words.upTo, { words: text, max: ghs(q.maxPrice) });
  if (q.maxAdvanceMonths !== undefined)
    text = put(counted(words.advanceOne, words.advanceOther, q.maxAdvanceMonths), {
      words: text,
      count: q.maxAdvanceMonths,
    });
  return text;
}

/**
 * The filters a listing URL holds that a saved search keeps: what "Save this search" saves from the
 * page on screen (paging, sorting and the staff-only location filter are left out).
 */
export function savedSearchQueryFromParams(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of SAVED_SEARCH_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) out[key] = value;
  }
  return out;
}

const NUMBER_KEYS = new Set<string>(['bedrooms', 'minPrice', 'maxPrice', 'maxAdvanceMonths']);

/**
 * The words for filters still as a URL holds them (strings), before the server has checked them:
 * whole numbers read as numbers, anything else left as written.
 */
export function describeSavedSearchParams(
  filters: Record<string, string>,
  words: SavedSearchWords = SAVED_SEARCH_WORDS_EN,
): string {
  const q: Record<string, string | number> = {};
  for (const key of SAVED_SEARCH_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined) continue;
    q[key] = NUMBER_KEYS.has(key) && /^\d+$/.test(value) ? Number(value) : value;
  }
  return describeSavedSearch(q as SavedSearchWordsQuery, words);
}
