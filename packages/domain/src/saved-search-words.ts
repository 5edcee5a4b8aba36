// The parts of saved searches a browser script needs (which filters a listing URL holds, and the
// search in words), kept free of zod so the listing page's "Save this search" script stays small.
// The site imports it alone as '@fie/domain/saved-search-words'.
import { CITIES } from './cities.js';
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

const PLURAL: Record<string, string> = {
  Apartment: 'Apartments',
  House: 'Houses',
  Townhouse: 'Townhouses',
  Villa: 'Villas',
  Land: 'Land',
  Commercial: 'Commercial properties',
};

/** A saved search in words, for its e-mails and lists: "2-bedroom Houses for rent in Accra, up to GH₵5,000". */
export function describeSavedSearch(q: SavedSearchWordsQuery): string {
  const bedrooms = q.bedrooms === undefined ? '' : `${q.bedrooms}-bedroom `;
  let words = `${bedrooms}${q.propertyType ? (PLURAL[q.propertyType] ?? q.propertyType) : 'Properties'}`;
  if (q.furnishStatus) words += ` (${q.furnishStatus.toLowerCase()})`;
  if (q.leaseType) words += ` for ${q.leaseType === 'Rent' ? 'rent' : 'sale'}`;
  if (q.city) words += ` in ${cityName(q.city)}`;
  if (q.bbox) words += q.city ? ', in an area of the map' : ' in an area of the map';
  if (q.search) words += ` matching “${q.search}”`;
  const ghs = (n: number) => formatPrice(n, 'GHS');
  if (q.minPrice !== undefined && q.maxPrice !== undefined)
    words += `, ${ghs(q.minPrice)} to ${ghs(q.maxPrice)}`;
  else if (q.minPrice !== undefined) words += `, from ${ghs(q.minPrice)}`;
  else if (q.maxPrice !== undefined) words += `, up to ${ghs(q.maxPrice)}`;
  if (q.maxAdvanceMonths !== undefined)
    words += `, at most ${q.maxAdvanceMonths} ${q.maxAdvanceMonths === 1 ? "month's" : "months'"} advance`;
  return words;
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
export function describeSavedSearchParams(filters: Record<string, string>): string {
  const q: Record<string, string | number> = {};
  for (const key of SAVED_SEARCH_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined) continue;
    q[key] = NUMBER_KEYS.has(key) && /^\d+$/.test(value) ? Number(value) : value;
  }
  return describeSavedSearch(q as SavedSearchWordsQuery);
}
