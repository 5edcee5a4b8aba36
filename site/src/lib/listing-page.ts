// What the listing pages (/properties, /properties/{city}, /locations/{city}) show for a URL: the
// query parsed by the same schema the cms uses, the page of properties, the heading and the state.
import { CmsError, listProperties } from './cms-client';
import {
  cityBySlug,
  formatTotal,
  LISTING_PAGE_SIZE,
  listingQuerySchema,
  messageIn,
  publicListingQuerySchema,
  queryToObject,
  totalPages,
  type City,
  type Language,
  type ListingQuery,
  type Property,
} from '@fie/domain';
import { LISTING, TYPE_PLURALS } from '../i18n/listing';
import { countText, fill, formatNumber, localePath } from '../i18n';
import { PROPERTY_TYPE_WORDS, wordFor } from '../i18n/enumerations';
import { CARDS } from '../i18n/cards';

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
  /** The listing's own address in the page's language, without a query. */
  basePath: string;
  language: Language;
  /** The URL of a page: by number, or (Next and Previous) by the cursor of the property it follows or precedes. */
  hrefFor: (page: number, cursor?: { after?: string; before?: string }) => string;
}

export function listingHeading(q: Partial<ListingQuery>, city?: City, language: Language = 'en'): string {
  const t = LISTING[language];
  const parts: string[] = [];
  if (q.search) parts.push(fill(t.quoted, { search: q.search }));
  parts.push(q.propertyType ? TYPE_PLURALS[language][q.propertyType] : t.properties);
  if (city) parts.push(fill(t.inCity, { city: city.name }));
  if (q.leaseType) parts.push(q.leaseType === 'Rent' ? t.forRent : t.forSale);
  return parts.join(' ');
}

/** A count as the listing shows it, "1,234" or past its bound "10,000+". */
export const listingTotal = (total: number, bounded: boolean, language: Language = 'en') =>
  language === 'en' ? formatTotal(total, bounded) : `${formatNumber(language, total)}${bounded ? '+' : ''}`;

export function listingSubtitle(state: ListingState, language: Language = 'en'): string {
  const t = LISTING[language];
  switch (state.kind) {
    case 'results': {
      const forms = { one: t.matchesOne, other: t.matchesOther };
      return state.bounded
        ? fill(forms.other, { count: listingTotal(state.total, true, language) })
        : countText(language, state.total, forms);
    }
    case 'error':
      return t.failed;
    case 'invalid':
    case 'too-deep':
      return state.message;
    default:
      return t.noMatch;
  }
}

/**
 * Builds the listing for a request URL; `path` is the listing's English path, `citySlug` comes from the
 * route when there is one, and `language` is the page's.
 */
export async function loadListing(
  url: URL,
  path: string,
  citySlug?: string,
  language: Language = 'en',
): Promise<ListingPage> {
  const basePath = localePath(language, path);
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
    // The check's English words, said in the page's language (a field's limit with its values too).
    const issue = parsed.error.issues[0]?.message;
    const message = issue ? messageIn(issue, language) : LISTING[language].invalidSearch;
    const query = listingQuerySchema.parse({});
    const state: ListingState = { kind: 'invalid', message };
    return {
      query,
      values,
      hasFilters: true,
      openFilters: true,
      city,
      heading: listingHeading({}, city, language),
      subtitle: listingSubtitle(state, language),
      state,
      basePath,
      language,
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
      state = { kind: 'too-deep', message: messageIn(error.message, language) };
    else if (error instanceof CmsError && (error.status === 429 || error.status === 503) && error.message)
      state = { kind: 'error', message: messageIn(error.message, language) };
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
    heading: listingHeading(query, city, language),
    subtitle: listingSubtitle(state, language),
    state,
    basePath,
    language,
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
      url: `${origin}${localePath(listing.language, `/property/${p._id}`)}`,
      name: fill(CARDS[listing.language].typeIn, {
        type: wordFor(PROPERTY_TYPE_WORDS, listing.language, p.propertyType),
        location: p.location,
      }),
    })),
  };
}
