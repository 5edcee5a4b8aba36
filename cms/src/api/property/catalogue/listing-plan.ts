import type { ListingQuery } from '@fie/domain';
import { priceSkip, type Facets, type PriceSkip } from './listing-facets';
import { listingSettings } from './listing-settings';
import { leadColumnsOf, walkEnds, type Approval, type Seek } from './listing-sql-builders';

/**
 * How a page of the listing is found. The planner chooses from what is known before reading (the count,
 * the facets, the cursor); the executor (services/listing.ts) runs the plan, and falls back to `otherwise`
 * when a walk cannot give the page. The strategy that gave the page is logged at debug level and, outside
 * production, sent in the X-Listing-Plan header.
 *
 * - `cached`: the same page was answered a moment ago under the current catalogue (nothing is read).
 * - `none`: nothing to read: the count says there are no matches, or a numbered page lies past the count's
 *   bound (reached with Next instead).
 * - `bandWalk`: sorted by price, the facets tell which price bands hold the page: walk the sort order's index
 *   from there, reading at most the entries of those bands.
 * - `indexWalk`: walk a covering index in the listing's order along the filters that lead, testing the rest
 *   on each entry; without a lead (or with a text search) for a bounded number of entries.
 * - `matchesFirst`: few matches: find them all first (trigram or filter indexes), then sort.
 * - `offset`: the database's own plan for the filters, sort and offset (or keyset position).
 */
export type ListingPlan =
  | { strategy: 'cached' }
  | { strategy: 'none' }
  | { strategy: 'bandWalk'; seek?: undefined; skip: PriceSkip; facetsVersion: string; otherwise: ListingPlan }
  | { strategy: 'indexWalk'; seek?: Seek; otherwise?: ListingPlan }
  | { strategy: 'matchesFirst'; seek?: Seek }
  | { strategy: 'offset'; seek?: Seek };

export type ListingStrategy = ListingPlan['strategy'];

/** Every strategy, for the tests that check each is reached. */
export const LISTING_STRATEGIES: readonly ListingStrategy[] = [
  'cached',
  'none',
  'bandWalk',
  'indexWalk',
  'matchesFirst',
  'offset',
];

/** What is known of a page before it is read. */
export interface PlanFacts {
  q: ListingQuery;
  approval: Approval;
  postgres: boolean;
  /** The catalogue has a version, so ids can be read first and answers taken from the cache. */
  versioned: boolean;
  /** The keyset position of an after/before cursor. */
  seek?: Seek;
  /** A numbered page past the public count's bound. */
  beyond: boolean;
  /** The count of a filtered page on PostgreSQL (exact up to the bound). */
  matches?: number;
  /** Facets that count this listing, of the current catalogue version as far as is known. */
  facets?: Facets;
}

/**
 * Whether a page is filtered in a way PostgreSQL cannot judge: it cannot tell from a substring pattern how
 * few rows match, nor see that filters are rare together (a type never furnished in one lease), and its
 * own plan could then read most of the listing. Such a page waits for its count and plans from it.
 */
export function countGuidesPlan(q: ListingQuery, postgres: boolean): boolean {
  const { sort: _sort, page: _page, pageSize: _pageSize, after: _after, before: _before, ...filters } = q;
  return postgres && Object.values(filters).some((v) => v !== undefined);
}

/** The plan of a page that is not cached. */
export function planPage(f: PlanFacts): ListingPlan {
  const { q, seek } = f;
  const filtered = countGuidesPlan(q, f.postgres);
  if (f.beyond || (filtered && f.matches === 0)) return { strategy: 'none' };
  const few = f.matches !== undefined && f.matches <= listingSettings.fewMatches(q.sort);
  const matchesFirst: ListingPlan = { strategy: 'matchesFirst', seek };
  // Walks read the approved listing's own indexes, and give ids whose answers the cache keeps by version.
  if (!(filtered && f.versioned && f.approval === 'approved'))
    return few ? matchesFirst : { strategy: 'offset', seek };
  // A walk without a lead (or with a search) that ends before it finds the page: the matches are found first.
  const indexWalk: ListingPlan = {
    strategy: 'indexWalk',
    seek,
    otherwise: walkEnds(q) ? matchesFirst : undefined,
  };
  const band = seek ? undefined : bandWalkOf(f);
  if (band) return { ...band, otherwise: few ? matchesFirst : indexWalk };
  return few ? matchesFirst : indexWalk;
}

/**
 * A walk from the page's price band, when the facets tell where the page lies (sorted by price) and the
 * walk is short: expected within `walk` entries, or bounded by `bandWalk` entries. Reading index entries
 * costs less than finding and sorting every match, and skips the bands before the page (a place whose
 * properties are all dear, sorted from the cheapest).
 */
function bandWalkOf(
  f: PlanFacts,
): { strategy: 'bandWalk'; skip: PriceSkip; facetsVersion: string } | undefined {
  if (!f.facets) return undefined;
  const skip = priceSkip(f.facets, f.q, (f.q.page - 1) * f.q.pageSize, leadColumnsOf(f.q));
  if (!skip || (skip.walk > listingSettings.walk && skip.most > listingSettings.bandWalk)) return undefined;
  return { strategy: 'bandWalk', skip, facetsVersion: f.facets.version };
}
