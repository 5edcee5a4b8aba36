// What the listing pages (/properties, /properties/{city}, /locations/{city}) show for a URL: the
// query parsed by the same schema the cms uses, the page of properties, the heading and the state.
import { CmsError, listProperties } from './cms-client';
import {
  cityBySlug,
  formatTotal,
  LISTING_PAGE_SIZE,
  listingQuerySchema,
  publicListingQuerySchema,
  queryToObject,
  totalPages,
  type City,
  type ListingQuery,
  type Property,
} from '@fie/domain';

export const FILTER_KEYS = [
  'search',
  'propertyType',
  'leaseType',
  'furnishStatus',
  'location',
  'bedrooms',
  'minPrice',
  'maxPrice',
  'maxAdvanceMonths',
  'bbox',
] as const;

export type ListingState =
  /**
   * `total` is the count, or its bound when `bounded` ("10,000+"); `totalPages` are the pages that
   * have numbers (within the bound); Next and Previous go by cursor, past the bound too.
   */
  | {
      kind: 'results';
      items: Property[];
      total: number;
      bounded: boolean;
      totalPages: number;
      hasNext: boolean;
      hasPrevious: boolean;
    }
  | { kind: 'empty-catalogue' }
  | { kind: 'empty-lease'; leaseType: string }
  | { kind: 'no-match' }
  | { kind: 'page-out-of-range'; totalPages: number; bounded?: boolean }
  | { kind: 'invalid'; message: string }
  /** A page number past the count's bound, asked for without a cursor: such pages are reached with Next. */
  | { kind: 'too-deep'; message: string }
  /** The cms could not answer: its own message when it said why (too many searches at once, one too slow). */
  | { kind: 'error'; message?: string };

export interface ListingPage {
  query: ListingQuery;
  /** The filters the visitor chose, as strings for the form (city excluded: it's in the path). */
  values: Record<string, string>;
  hasFilters: boolean;
  openFilters: boolean;
  city: City | undefined;
  heading: string;
  subtitle: string;
  state: ListingState;
  basePath: string;
  /** The URL of a page: by number, or (Next and Previous) by the cursor of the property it follows or precedes. */
  hrefFor: (page: number, cursor?: { after?: string; before?: string }) => string;
}

export function listingHeading(q: Partial<ListingQuery>, city?: City): string {
  const parts: string[] = [];
  if (q.search) parts.push(`“${q.search}”`);
  parts.push(q.propertyType ? `${q.propertyType} Properties` : 'Properties');
  if (city) parts.push(`in ${city.name}`);
  if (q.leaseType) parts.push(`for ${q.leaseType}`);
  return parts.join(' ');
}

export function listingSubtitle(state: ListingState): string {
  switch (state.kind) {
    case 'results':
      return state.total === 1 && !state.bounded
        ? '1 property matches your search'
        : `${formatTotal(state.total, state.bounded)} properties match your search`;
    case 'error':
      return 'Failed to load properties. Please try again.';
    case 'invalid':
    case 'too-deep':
      return state.message;
    default:
      return 'No properties match your search. Try adjusting your filters.';
  }
}

/** Builds the listing for a request URL; `citySlug` comes from the route when there is one. */
export async function loadListing(url: URL, basePath: string, citySlug?: string): Promise<ListingPage> {
  const raw = queryToObject(url.searchParams);
  const city = citySlug ? cityBySlug(citySlug) : raw.city ? cityBySlug(String(raw.city)) : undefined;
  const values: Record<string, string> = {};
  for (const key of [...FILTER_KEYS, 'sort'] as const) {
    const v = url.searchParams.get(key);
    if (v !== null && v.trim() !== '') values[key] = v.trim();
  }
  const hasFilters = FILTER_KEYS.some((k) => values[k] !== undefined);
  // The home page's Advanced Filters button asks for the panel open even with no filter chosen. An area
  // of the map alone is not among the panel's filters.
  const openFilters =
    FILTER_KEYS.some((k) => k !== 'bbox' && values[k] !== undefined) || url.searchParams.has('advanced');
  const hrefFor = (page: number, cursor: { after?: string; before?: string } = {}) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(values)) params.set(k, v);
    if (!citySlug && city) params.set('city', city.slug);
    if (page > 1) params.set('page', String(page));
    // The first page needs no cursor: its address stays the plain one.
    if (page > 1 && cursor.after) params.set('after', cursor.after);
    else if (page > 1 && cursor.before) params.set('before', cursor.before);
    const qs = params.toString();
    return qs ? `${basePath}?${qs}` : basePath;
  };

  const parsed = publicListingQuerySchema.safeParse({
    ...raw,
    pageSize: LISTING_PAGE_SIZE,
    ...(city ? { city: city.slug } : {}),
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid search';
    const query = listingQuerySchema.parse({});
    const state: ListingState = { kind: 'invalid', message };
    return {
      query,
      values,
      hasFilters: true,
      openFilters: true,
      city,
      heading: listingHeading({}, city),
      subtitle: listingSubtitle(state),
      state,
      basePath,
      hrefFor,
    };
  }
  const query = parsed.data;
  let state: ListingState;
  // A page number past the count's bound is asked for too: the cms answers it empty when the matches
  // end before it, and refuses it (shown as its message) only when they really run past the bound.
  try {
    const { items, total, bounded, hasNext, hasPrevious } = await listProperties(query);
    const pages = totalPages(total, LISTING_PAGE_SIZE);
    if (items.length > 0)
      state = { kind: 'results', items, total, bounded, totalPages: pages, hasNext, hasPrevious };
    else if (total > 0) state = { kind: 'page-out-of-range', totalPages: pages, bounded };
    else if (!hasFilters && !city) state = { kind: 'empty-catalogue' };
    else if (
      values.leaseType &&
      FILTER_KEYS.every((k) => k === 'leaseType' || values[k] === undefined) &&
      !city
    )
      state = { kind: 'empty-lease', leaseType: values.leaseType };
    else state = { kind: 'no-match' };
  } catch (error) {
    // The cms refuses what the site let through (a page past its count's bound, a cursor no longer
    // in the listing): its message, with the way back to the first page.
    if (error instanceof CmsError && error.status === 400)
      state = { kind: 'too-deep', message: error.message };
    else if (error instanceof CmsError && (error.status === 429 || error.status === 503) && error.message)
      state = { kind: 'error', message: error.message };
    else {
      console.error('listing: failed to load properties', error);
      state = { kind: 'error' };
    }
  }
  return {
    query,
    values,
    hasFilters,
    openFilters,
    city,
    heading: listingHeading(query, city),
    subtitle: listingSubtitle(state),
    state,
    basePath,
    hrefFor,
  };
}

/** schema.org ItemList of the listed properties, for search engines. */
export function listingJsonLd(listing: ListingPage, origin: string): Record<string, unknown> | undefined {
  if (listing.state.kind !== 'results') return undefined;
  const offset = (listing.query.page - 1) * LISTING_PAGE_SIZE;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: listing.heading,
    // A bounded count is not the number of items: left out then.
    ...(listing.state.bounded ? {} : { numberOfItems: listing.state.total }),
    itemListElement: listing.state.items.map((p, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: `${origin}/property/${p._id}`,
      name: `${p.propertyType} in ${p.location}`,
    })),
  };
}
