import { LISTING_COUNT_BOUND, type ListingQuery } from '@fie/domain';

/** A positive whole number from the environment, or the default. */
const fromEnv = (name: string, fallback: number): number => {
  const configured = Number(process.env[name]);
  return Number.isInteger(configured) && configured > 0 ? configured : fallback;
};

/** A non-negative whole number from the environment (0 turns the feature off), or the default. */
const fromEnvOrZero = (name: string, fallback: number): number => {
  const configured = Number(process.env[name] ?? fallback);
  return Number.isInteger(configured) && configured >= 0 ? configured : fallback;
};

/**
 * The public listing's tuning, in one place. Each value is read when it is used, so a test can lower the
 * thresholds in the environment before it starts a cms and reach every strategy with a few thousand rows.
 * The figures were chosen with `npm run bench:api` at 100,000 and 1,000,000 listings (docs/benchmarks.md).
 */
export const listingSettings = {
  /** The public listing counts exactly up to this many matches, then says "at least" (LISTING_COUNT_BOUND). */
  get countBound(): number {
    return fromEnv('LISTING_COUNT_BOUND', LISTING_COUNT_BOUND);
  },

  /**
   * Up to this many matches, a filtered page finds all its matches first and sorts them, rather than walking
   * the sort order (LISTING_FEW_MATCHES sets every sort). Sorting by date finds a page sooner on a walk.
   */
  fewMatches(sort: ListingQuery['sort']): number {
    return fromEnv(
      'LISTING_FEW_MATCHES',
      { newest: 1000, priceAsc: 5000, priceDesc: 5000, reduced: 1000 }[sort],
    );
  },

  /** A walk with no filter to lead it (or with a text search) reads at most this many index entries (LISTING_WALK). */
  get walk(): number {
    return fromEnv('LISTING_WALK', 5000);
  },

  /**
   * A walk from its page's price band is taken when those bands hold at most this many index entries, or when
   * it is expected to find the page within `walk` (LISTING_SKIP_WALK).
   */
  get bandWalk(): number {
    return fromEnv('LISTING_SKIP_WALK', 30_000);
  },

  /** How many text searches keep facets of their own (those asked for twice, least recently asked dropped). */
  searchFacets: 200,

  /** How long reading the whole listing's facets may take before it is given up (ms). */
  facetReadMs: 15_000,

  /** How long one search's facets may take to read (ms): they are read while visitors wait for searches. */
  searchFacetReadMs: 2000,

  /** All searches' facet reads together may take this much database time in any minute (a tenth of a core). */
  searchFacetBudgetMs: 6000,

  /** Facets older than the catalogue are read again at most this often per process (ms). */
  facetRefreshMs: 30_000,

  /**
   * The whole listing's facets carry each group's place while there are at most this many groups, so any text
   * search is counted from them; past it, places are summed away and searches keep facets of their own.
   */
  placeGroups: 50_000,

  /** How long a listing page or count is kept per process (LISTING_CACHE_MS; 0 keeps nothing). */
  get cacheMs(): number {
    return fromEnvOrZero('LISTING_CACHE_MS', 10_000);
  },

  /** How long one listing statement may run before it answers 503 (LISTING_STATEMENT_MS). */
  get statementMs(): number {
    return fromEnv('LISTING_STATEMENT_MS', 3000);
  },

  /** Connections of the listing's own PostgreSQL pool (LISTING_POOL_MAX). */
  get poolMax(): number {
    return fromEnv('LISTING_POOL_MAX', 8);
  },

  /** Text searches not answered from a cache that run at once in one process (LISTING_SEARCHES). */
  get searchesRunning(): number {
    return Math.max(1, fromEnvOrZero('LISTING_SEARCHES', 4));
  },

  /** Searches that may wait for a turn; more are refused with 429 (LISTING_SEARCH_QUEUE). */
  get searchesWaiting(): number {
    return fromEnvOrZero('LISTING_SEARCH_QUEUE', 64);
  },

  /** Places (reading and waiting) one visitor's searches may hold; more are refused with 429 (LISTING_SEARCHES_PER_VISITOR). */
  get searchesPerVisitor(): number {
    return Math.max(1, fromEnvOrZero('LISTING_SEARCHES_PER_VISITOR', 8));
  },

  /** How long a search waits for its turn before 429 (LISTING_SEARCH_WAIT_MS). */
  get searchWaitMs(): number {
    return fromEnvOrZero('LISTING_SEARCH_WAIT_MS', 2000);
  },
};
