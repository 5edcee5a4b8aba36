import type { Core } from '@strapi/strapi';

/**
 * The public listing's own indexes on PostgreSQL, kept for approved listings only (partial,
 * `where approval_status = 'approved'`, which the listing writes into its SQL so that prepared
 * statements can use them):
 *
 * - A b-tree per sort (newest, price) alone, after each filter the site offers (city, lease, type,
 *   bedrooms, furnishing) and after the pairs of them most listings combine, ending with the row id so that a keyset position (a page cursor)
 *   is one seek. Each carries the other filter columns and the searched text (INCLUDE), so a page
 *   whose other filters the index does not lead with is found by reading the index alone, never
 *   the table, and a count of the matches stops after the bound reading index entries only.
 * - One GIN index over all the filters and the searched text (btree_gin, pg_trgm): any combination
 *   of them is intersected inside it, so rare combinations (a type never furnished in one lease)
 *   are counted, and found to be none, without reading the rows they are not.
 *
 * Outside Strapi's schema model (partial, INCLUDE, expressions), so made here, idempotently, at
 * every start: instantly when they exist, in seconds per index on a million rows the first time.
 * SQLite keeps the schema's indexes (content-types/property/schema.ts), which serve it well at its
 * sizes. Where an index cannot be made the listing still works, by the schema's indexes.
 */
const APPROVED = "where approval_status = 'approved'";
const FILTERS = ['city_slug', 'lease_type', 'property_type', 'number_of_bedrooms', 'furnish_status'] as const;
const CARRIED = [...FILTERS, 'price_ghs', 'created_at', 'location', 'nearest_landmark'] as const;
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

/** The b-tree indexes: name and key columns; each includes the carried columns not in its key. */
function listingBtrees(): { name: string; key: string[] }[] {
  const out: { name: string; key: string[] }[] = [];
  for (const [sortName, sortKey] of SORT_KEYS) {
    out.push({ name: `properties_listing_${sortName}_idx`, key: [sortKey, 'id'] });
    for (const filter of FILTERS)
      out.push({ name: `properties_listing_${filter}_${sortName}_idx`, key: [filter, sortKey, 'id'] });
    for (const [a, b] of LEADING_PAIRS)
      out.push({ name: `properties_listing_${a}_${b}_${sortName}_idx`, key: [a, b, sortKey, 'id'] });
  }
  return out;
}

export async function ensureListingIndexes(strapi: Core.Strapi): Promise<void> {
  if (strapi.db.dialect.client !== 'postgres') return;
  const knex = strapi.db.connection;
  for (const { name, key } of listingBtrees()) {
    const carried = CARRIED.filter((c) => !key.includes(c));
    try {
      await knex.raw(
        `create index if not exists ${name} on properties (${key.join(', ')}) include (${carried.join(', ')}) ${APPROVED}`,
      );
    } catch (error) {
      strapi.log.warn(`[fie] listing index ${name} not created (${(error as Error).message})`);
    }
  }
  try {
    await knex.raw('create extension if not exists pg_trgm');
    await knex.raw('create extension if not exists btree_gin');
    await knex.raw(
      `create index if not exists properties_listing_filters_gin on properties using gin (${FILTERS.join(', ')}, lower(location) gin_trgm_ops, lower(nearest_landmark) gin_trgm_ops, lower(property_type) gin_trgm_ops) ${APPROVED}`,
    );
  } catch (error) {
    strapi.log.warn(
      `[fie] listing filter index not created (${(error as Error).message}); rare filter combinations are counted by scan`,
    );
  }
}
