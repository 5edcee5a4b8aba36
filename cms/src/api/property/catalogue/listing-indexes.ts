import type { Core } from '@strapi/strapi';
import { ensurePointIndex } from './point-index';

/**
 * The public listing's own indexes on PostgreSQL, kept for listed properties only (partial, `where
 * <LISTED_ROWS>`, which the listing writes into its SQL so that prepared statements can use them):
 *
 * - A b-tree per sort (newest, price) alone, after each filter the site offers (city, lease, type,
 *   bedrooms, furnishing) and after the pairs of them most listings combine, ending with the row id so that a keyset position (a page cursor)
 *   is one seek. Each carries the other filter columns and the searched text (INCLUDE), so a page
 *   whose other filters the index does not lead with is found by reading the index alone, never
 *   the table, and a count of the matches stops after the bound reading index entries only.
 * - The most recently reduced first (sort=reduced) has one b-tree on its key (REDUCED_KEY), carrying the
 *   same columns: its walks have no lead and end after their bound (then the matches are found first).
 * - A b-tree on the lease and advance (maxAdvanceMonths: Rent, then a range), carrying the same columns.
 * - A b-tree on the map point (bbox: a range of latitudes, the longitudes tested in its entries), carrying
 *   the same columns, so an area's matches are found and counted from the index alone; a small area's
 *   through the spatial index of point-index.ts.
 * - One GIN index over all the filters and the searched text (btree_gin, pg_trgm): any combination
 *   of them is intersected inside it, so rare combinations (a type never furnished in one lease)
 *   are counted, and found to be none, without reading the rows they are not.
 *
 * Outside Strapi's schema model (partial, INCLUDE, expressions), so made here, idempotently, at
 * every start: instantly when they exist, in seconds per index on a million rows the first time.
 * SQLite keeps the schema's indexes (content-types/property/schema.ts), which serve it well at its
 * sizes, and an expression index of its own for sort=reduced. Where an index cannot be made the
 * listing still works, by the schema's indexes.
 */

/**
 * The listed properties: approved, and not hidden for want of a confirmation (availability_hidden,
 * set by the freshness sweep). The hidden flag is part of the condition, not a filter beside it, so one
 * partial index predicate covers both and a hidden row is never an entry the listing walks past or
 * counts. `is not true` rather than `= false`: Strapi gives the column no database default, so rows
 * written before it existed (or by a plain insert) hold null, which reads as not hidden; it is the same
 * test on SQLite (0/1/null). The text must stay identical in the listing's SQL and the indexes'
 * predicate: PostgreSQL proves a partial index usable by matching it.
 */
export const LISTED_ROWS = "approval_status = 'approved' and availability_hidden is not true";
/** The same condition on `properties p`. */
export const LISTED = "p.approval_status = 'approved' and p.availability_hidden is not true";

/** The rows waiting for approval, as the queue's indexes' predicate and the queue's SQL both say it. */
const PENDING_ROWS = "approval_status = 'unapproved'";
/** The same condition on `properties p`. */
export const PENDING = `p.${PENDING_ROWS}`;

/**
 * The order key of sort=reduced, one value per row so that a keyset cursor is one seek: the time of
 * the last price cut, or, for a listing never reduced, its creation time moved a thousand years back,
 * which puts every one of them after every reduced one, newest first among themselves (then by id).
 * A timestamp minus an interval is immutable on PostgreSQL (Strapi's columns have no time zone), so it
 * can be indexed; SQLite keeps times as milliseconds.
 */
const REDUCED_KEY = {
  postgres: "coalesce(p.reduced_at, p.created_at - interval '1000 years')",
  sqlite: 'coalesce(p.reduced_at, p.created_at - 31557600000000)',
} as const;
let reducedKeyOf: keyof typeof REDUCED_KEY = 'sqlite';
/** sort=reduced's order key on `properties p`, in the started database's dialect. */
export const reducedKey = (): string => REDUCED_KEY[reducedKeyOf];
/** The same without the alias, for the index. */
const reducedKeyOnTable = () => reducedKey().replaceAll('p.', '');

/**
 * The indexes' names before the hidden flag joined their predicate (`properties_listing_*`): the
 * listing's SQL no longer implies their predicate, so they are dropped at start and made again
 * as `properties_listed_*`.
 */
const OLD_PREFIX = 'properties_listing_';
const PREFIX = 'properties_listed_';
const FILTERS = ['city_slug', 'lease_type', 'property_type', 'number_of_bedrooms', 'furnish_status'] as const;
const CARRIED = [
  ...FILTERS,
  'advance_months',
  'price_ghs',
  'created_at',
  'reduced_at',
  'location',
  'nearest_landmark',
] as const;
const SORT_KEYS = [
  ['newest', 'created_at'],
  ['price', 'price_ghs'],
] as const;

/**
 * The pairs of filters that lead together (the listing's walk takes the first pair it has, see
 * leadOf in services/listing-sql.ts, which reads this list): a city's properties of one type or lease, or one type's of one
 * lease, are a few percent of the listing, where one filter alone can be half of it.
 */
export const LEADING_PAIRS = [
  ['city_slug', 'property_type'],
  ['city_slug', 'lease_type'],
  ['property_type', 'lease_type'],
] as const;

/**
 * The single filters a walk may lead with when it has no pair, finest first (8 cities, 6 types,
 * bedrooms, 3 furnishings, 2 leases): each leads an index of its own (FILTERS).
 */
export const LEAD_ORDER = [
  'city_slug',
  'property_type',
  'number_of_bedrooms',
  'furnish_status',
  'lease_type',
] as const satisfies readonly (typeof FILTERS)[number][];

/** The b-tree indexes (by their names' ending): key columns; each includes the carried columns not in its key. */
function listingBtrees(): { name: string; key: string[] }[] {
  const out: { name: string; key: string[] }[] = [];
  for (const [sortName, sortKey] of SORT_KEYS) {
    out.push({ name: `${sortName}_idx`, key: [sortKey, 'id'] });
    for (const filter of FILTERS)
      out.push({ name: `${filter}_${sortName}_idx`, key: [filter, sortKey, 'id'] });
    for (const [a, b] of LEADING_PAIRS)
      out.push({ name: `${a}_${b}_${sortName}_idx`, key: [a, b, sortKey, 'id'] });
  }
  return out;
}

/** The SQLite listing's index for sort=reduced (its schema's indexes cannot hold an expression). */
async function ensureSqliteListingIndexes(strapi: Core.Strapi): Promise<void> {
  try {
    await strapi.db.connection.raw(
      `create index if not exists ${PREFIX}reduced_idx on properties (approval_status, (${reducedKeyOnTable()}), id)`,
    );
  } catch (error) {
    strapi.log.warn(`[fie] listing index ${PREFIX}reduced_idx not created (${(error as Error).message})`);
  }
}

export async function ensureListingIndexes(strapi: Core.Strapi): Promise<void> {
  const client = strapi.db.dialect.client;
  reducedKeyOf = client === 'postgres' ? 'postgres' : 'sqlite';
  await ensurePointIndex(strapi, CARRIED, LISTED_ROWS);
  if (client === 'sqlite') return ensureSqliteListingIndexes(strapi);
  if (client !== 'postgres') return;
  const knex = strapi.db.connection;
  const where = `where ${LISTED_ROWS}`;
  const btrees = listingBtrees();
  // Those made for the approved rows alone, under their former names.
  await knex.raw(
    `drop index if exists ${[...btrees.map((b) => b.name), 'filters_gin'].map((n) => OLD_PREFIX + n).join(', ')}`,
  );
  const made = [
    ...btrees,
    { name: 'reduced_idx', key: [`(${reducedKeyOnTable()})`, 'id'] },
    // maxAdvanceMonths: Rent listings (an equality), then a range on the advance.
    { name: 'advance_idx', key: ['lease_type', 'advance_months', 'id'] },
    // bbox: a range of latitudes, then the longitudes (read from the entries, not the table).
    { name: 'point_idx', key: ['latitude', 'longitude', 'id'] },
  ];
  for (const { name, key } of made) {
    const carried = CARRIED.filter((c) => !key.includes(c));
    try {
      await knex.raw(
        `create index if not exists ${PREFIX}${name} on properties (${key.join(', ')}) include (${carried.join(', ')}) ${where}`,
      );
    } catch (error) {
      strapi.log.warn(`[fie] listing index ${PREFIX}${name} not created (${(error as Error).message})`);
    }
  }
  try {
    await knex.raw('create extension if not exists pg_trgm');
    await knex.raw('create extension if not exists btree_gin');
    await knex.raw(
      `create index if not exists ${PREFIX}filters_gin on properties using gin (${FILTERS.join(', ')}, advance_months, lower(location) gin_trgm_ops, lower(nearest_landmark) gin_trgm_ops, lower(property_type) gin_trgm_ops) ${where}`,
    );
  } catch (error) {
    strapi.log.warn(
      `[fie] listing filter index not created (${(error as Error).message}); rare filter combinations are counted by scan`,
    );
  }
  // The approval queue reads the pending rows only (a few in a million): their own search index and
  // newest-first order, so that its search and count never test every row the words match in the
  // whole catalogue. The queue's SQL says exactly `approval_status = 'unapproved'` whenever no
  // deletion waits, which is what lets PostgreSQL use them.
  try {
    await knex.raw(
      `create index if not exists properties_pending_search_gin on properties using gin (lower(location) gin_trgm_ops, lower(nearest_landmark) gin_trgm_ops, lower(property_type) gin_trgm_ops) where ${PENDING_ROWS}`,
    );
    await knex.raw(
      `create index if not exists properties_pending_created_idx on properties (created_at, id) where ${PENDING_ROWS}`,
    );
  } catch (error) {
    strapi.log.warn(`[fie] approval queue index not created (${(error as Error).message})`);
  }
}
