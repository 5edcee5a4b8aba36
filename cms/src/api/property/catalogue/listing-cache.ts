import type { Core } from '@strapi/strapi';
import { LRUCache } from 'lru-cache';
import { forgetCityCounts } from './city-counts';
import { listingSettings } from './listing-settings';
import { readsFromStandby } from './listing-statements';
import { whileLocalWriteUnheard } from './catalogue-version';

/**
 * Recent listing pages and counts, per query, for a few seconds. Popular listings (the home page,
 * city pages) are asked for far more often than the catalogue changes. Any write to a property, city
 * or image clears this process's cache at once, and, on PostgreSQL, every other cms process's too
 * (the catalogue version's trigger notifies them: ../index.ts); entries also expire by age. The
 * database stays the only copy of the data.
 */
const TTL_MS = listingSettings.cacheMs;
const entries = new LRUCache<string, { value: unknown }>({
  max: 500,
  ...(TTL_MS > 0 ? { ttl: TTL_MS } : {}),
});
/** Raised by every clear: an answer read before a write was heard of is not kept after it. */
let generation = 0;

export const listingCache = {
  enabled: () => TTL_MS > 0,
  /** Taken before reading an answer; give it back to set(). */
  generation: () => generation,
  get<T>(key: string): T | undefined {
    return entries.get(key)?.value as T | undefined;
  },
  /**
   * Keeps an answer read since `readSince` (generation()). A write heard of while it was read (a
   * notification can arrive while a statement runs, on the primary or on a standby that has not yet
   * replayed the write) would make it an older version kept as current: it is then not kept.
   */
  set(key: string, value: unknown, readSince: number) {
    if (!this.enabled() || readSince !== generation) return;
    entries.set(key, { value });
  },
  clear() {
    generation += 1;
    entries.clear();
  },
};

/**
 * Listing counts per filter set, each with the catalogue version it was counted under (see
 * catalogue-version.ts). Not a freshness trade-off: the listing uses a count only when the version
 * read with its page is the same, so X-Total-Count stays exact, with or without LISTING_CACHE_MS.
 * Least recently used entries go first.
 */
const counts = new LRUCache<string, { version: string; n: number }>({ max: 2000 });

export const listingCounts = {
  /** The entry, without marking it used (it may turn out to be of another version). */
  get(key: string) {
    return counts.peek(key);
  },
  /** Marks an entry as recently used. */
  touch(key: string) {
    counts.get(key);
  },
  set(key: string, value: { version: string; n: number }) {
    counts.set(key, value);
  },
  clear() {
    counts.clear();
  },
};

/**
 * Each listed property's answer (its public JSON), kept against the catalogue version it was read
 * under. A listing reads the page's ids with the current version in one query; when every id's
 * answer is kept under that same version, the answers are what the database would give now, so the
 * page is built from them without reading the rows again. Only the newest version's answers are
 * kept; seeing a newer version drops the rest. Least recently used answers go first.
 */
const answers = new LRUCache<number, string>({ max: 20_000 });
let answersVersion: string | undefined;

export const propertyAnswers = {
  get(version: string | undefined, id: number): string | undefined {
    if (version === undefined || version !== answersVersion) return undefined;
    return answers.get(id);
  },
  set(version: string | undefined, id: number, json: string) {
    if (version === undefined) return;
    if (version !== answersVersion) {
      // A slow reader can come back with an older version than one already seen: keep the newer.
      if (answersVersion !== undefined && BigInt(version) < BigInt(answersVersion)) return;
      answers.clear();
      answersVersion = version;
    }
    answers.set(id, json);
  },
  clear() {
    answers.clear();
    answersVersion = undefined;
  },
};

/** Forgets everything kept against catalogue versions (a new start, possibly on another database). */
export function forgetKeptListings(): void {
  listingCache.clear();
  listingCounts.clear();
  propertyAnswers.clear();
  forgetCityCounts();
}

const WATCHED = new Set([
  'api::property.property',
  'api::city.city',
  'plugin::upload.file',
  'api::site-setting.site-setting',
]);

export function registerListingCacheInvalidation(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (
      !WATCHED.has(context.uid) ||
      ['findOne', 'findMany', 'findFirst', 'count'].includes(context.action as string)
    )
      return next();
    // With a standby, its answers are checked against the newest version known: this write's must
    // be known before anyone (its writer first) can read after it.
    let result!: Awaited<ReturnType<typeof next>>;
    const write = async () => {
      result = await next();
    };
    await (readsFromStandby() ? whileLocalWriteUnheard(strapi, write) : write());
    listingCache.clear();
    return result;
  });
}
