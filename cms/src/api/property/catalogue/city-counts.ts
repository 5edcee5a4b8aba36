import type { Core } from '@strapi/strapi';
import { CATALOGUE_VERSION_TABLE, catalogueVersioned } from './catalogue-version';
import { LISTED_ROWS } from './listing-indexes';

/**
 * Listed properties (approved, not hidden: LISTED_ROWS) per city slug (`null`: no city), as the listing's city filter sees them
 * (properties.city_slug), for the home page's cities grid and the marketing figures. Counting
 * 100,000 rows took 120 ms, on every render of the home page after its cache expired; the counts
 * are now kept against the catalogue version (see catalogue-version.ts). The version is read first,
 * then the counts: if a write lands in between, the version read is already stale and the next call
 * counts again, so kept counts are never older than the version they are kept under.
 */
let kept: { version: string; counts: Map<string | null, number> } | undefined;

export async function approvedPerCity(strapi: Core.Strapi): Promise<Map<string | null, number>> {
  const knex = strapi.db.connection;
  let version: string | undefined;
  if (catalogueVersioned()) {
    const row = await knex(CATALOGUE_VERSION_TABLE).where({ id: 1 }).first('version');
    version = row ? String(row.version) : undefined;
  }
  if (version !== undefined && kept?.version === version) return kept.counts;
  const rows: { city_slug: string | null; n: number | string }[] = await knex('properties')
    .whereRaw(LISTED_ROWS)
    .groupBy('city_slug')
    .select('city_slug', knex.raw('count(*) as n'));
  const counts = new Map<string | null, number>(rows.map((r) => [r.city_slug ?? null, Number(r.n)]));
  kept = version === undefined ? undefined : { version, counts };
  return counts;
}

/** Forgets the kept counts (a new start, possibly on another database). */
export function forgetCityCounts(): void {
  kept = undefined;
}
