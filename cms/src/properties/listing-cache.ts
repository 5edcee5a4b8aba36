import type { Core } from '@strapi/strapi';

/**
 * Recent listing pages and counts, per query, for a few seconds. Popular listings (the home page,
 * city pages) are asked for far more often than the catalogue changes. Any write to a property, city
 * or image clears this process's cache at once; other processes' entries expire by age, well inside
 * the site's 60-second freshness promise. The database stays the only copy of the data.
 */
const TTL_MS = Number(process.env.LISTING_CACHE_MS ?? 10_000);
const MAX_ENTRIES = 500;
const entries = new Map<string, { at: number; value: unknown }>();

export const listingCache = {
  enabled: () => TTL_MS > 0,
  get<T>(key: string): T | undefined {
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > TTL_MS) {
      entries.delete(key);
      return undefined;
    }
    return hit.value as T;
  },
  set(key: string, value: unknown) {
    if (!this.enabled()) return;
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, { at: Date.now(), value });
  },
  clear() {
    entries.clear();
  },
};

/**
 * Listing counts per filter set, each with the catalogue version it was counted under (see
 * catalogue-version.ts). Not a freshness trade-off: the listing uses a count only when the version
 * read with its page is the same, so X-Total-Count stays exact, with or without LISTING_CACHE_MS.
 * Least recently used entries go first.
 */
const MAX_COUNTS = 2000;
const counts = new Map<string, { version: string; n: number }>();

export const listingCounts = {
  get(key: string) {
    return counts.get(key);
  },
  /** Marks an entry as recently used. */
  touch(key: string) {
    const hit = counts.get(key);
    if (!hit) return;
    counts.delete(key);
    counts.set(key, hit);
  },
  set(key: string, value: { version: string; n: number }) {
    counts.delete(key);
    if (counts.size >= MAX_COUNTS) counts.delete(counts.keys().next().value as string);
    counts.set(key, value);
  },
  clear() {
    counts.clear();
  },
};

const WATCHED = new Set(['api::property.property', 'api::city.city', 'plugin::upload.file', 'api::site-setting.site-setting']);

export function registerListingCacheInvalidation(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (WATCHED.has(context.uid) && !['findOne', 'findMany', 'findFirst', 'count'].includes(context.action as string)) listingCache.clear();
    return result;
  });
}
