import { z } from 'zod';
import { DAY_MS, MIN_SEARCH_LETTERS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { choice } from './fields.js';
import { listingFilterFields, listingQueryToSearchParams, searchLetters } from './listing-query.js';

// The words and the URL side live in a module without zod (the site's browser script imports it).
export {
  describeSavedSearch,
  describeSavedSearchParams,
  SAVED_SEARCH_WORDS_EN,
  type SavedSearchWords,
  SAVED_SEARCH_FILTER_KEYS,
  savedSearchQueryFromParams,
} from '../saved-search-words.js';

export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** A saved search's query: the listing's own filters (the same names, values and rules), nothing else. */
export const savedSearchQuerySchema = z
  .strictObject(listingFilterFields, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `A saved search holds only the listing's filters: ${Object.keys(listingFilterFields).join(', ')}`
        : 'The query must be an object of the listing filters',
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    error: MESSAGES.minPriceAboveMax,
    path: ['minPrice'],
  })
  .refine((q) => q.search === undefined || searchLetters(q.search) >= MIN_SEARCH_LETTERS, {
    error: MESSAGES.searchTooShort,
    path: ['search'],
  });
export type SavedSearchQuery = z.output<typeof savedSearchQuerySchema>;

const frequency = choice(
  SAVED_SEARCH_FREQUENCIES,
  'Frequency',
  'Choose how often to be told: instant, daily or weekly',
);

/** POST /api/saved-searches. */
export const savedSearchCreateSchema = z.strictObject({
  query: savedSearchQuerySchema,
  frequency,
});

/** PUT /api/saved-searches/:id: its frequency, its query, or switching its alerts off and on. */
export const savedSearchUpdateSchema = z
  .strictObject({
    query: savedSearchQuerySchema.optional(),
    frequency: frequency.optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to change: give query, frequency or active' });

/** A saved search as the API answers it. */
export interface SavedSearch {
  id: string;
  query: SavedSearchQuery;
  frequency: SavedSearchFrequency;
  /** False once its alerts are switched off (by the seeker, or by the unsubscribe link). */
  active: boolean;
  /** What it looks for, in words ("Houses for rent in Accra, up to GH₵5,000"). */
  label: string;
  /** Listings approved since its last alert. */
  newMatches: number;
  /** The listing with these filters (a site path). */
  listingPath: string;
  createdAt: string | null;
  lastAlertAt: string | null;
}

/** A saved search as the site reads it (its query stays a plain record: the site only shows it). */
export const savedSearchSchema = z.object({
  id: z.string(),
  query: z.record(z.string(), z.unknown()),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  active: z.boolean(),
  label: z.string(),
  newMatches: z.number(),
  listingPath: z.string(),
  createdAt: z.string().nullable(),
  lastAlertAt: z.string().nullable(),
});
export type SavedSearchItem = z.output<typeof savedSearchSchema>;
export const savedSearchListSchema = z.array(savedSearchSchema);

/**
 * GET /api/saved-searches/by-token: what an unsubscribe link (or the confirmation page's undo link)
 * names, for the pages that confirm it; `canUndo`: that token may turn the alerts back on now.
 */
export const savedSearchByTokenSchema = z.object({
  label: z.string(),
  active: z.boolean(),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  canUndo: z.boolean().default(false),
});
export type SavedSearchByToken = z.output<typeof savedSearchByTokenSchema>;

/** The listing page showing a saved search's matches (the filters as the listing's own URL query). */
export function savedSearchListingPath(q: SavedSearchQuery): string {
  // In the listing's own order of parameters, whatever order the query was stored in (PostgreSQL's
  // jsonb keeps keys its own way), so a search has one address.
  const ordered = Object.fromEntries(
    Object.keys(listingFilterFields).map((key) => [key, q[key as keyof SavedSearchQuery]]),
  );
  const qs = listingQueryToSearchParams(ordered).toString();
  return qs ? `/properties?${qs}` : '/properties';
}

// Ghana keeps GMT all year (no daylight saving), so Africa/Accra's wall clock is UTC's.
const ALERT_HOUR_ACCRA = 8;

/**
 * The alert window a daily or weekly search is in at `now`: the start of the latest one (08:00
 * Africa/Accra, every day or every Monday) as an ISO date, e.g. '2026-11-23'. A search whose last
 * window is older is due; each window sends at most once. Instant searches have no window: they
 * send whenever something new matched.
 */
export function alertWindow(frequency: Exclude<SavedSearchFrequency, 'instant'>, now: Date): string {
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), ALERT_HOUR_ACCRA),
  );
  if (start.getTime() > now.getTime()) start.setTime(start.getTime() - DAY_MS);
  if (frequency === 'weekly') {
    // getUTCDay: Sunday 0, Monday 1 … back to the latest Monday at or before the daily window.
    const sinceMonday = (start.getUTCDay() + 6) % 7;
    start.setTime(start.getTime() - sinceMonday * DAY_MS);
  }
  return start.toISOString().slice(0, 10);
}
