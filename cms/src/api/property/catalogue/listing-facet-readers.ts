import type { Core } from '@strapi/strapi';
import { listingQuerySchema, type ListingQuery } from '@fie/domain';
import { LRUCache } from 'lru-cache';
import { CATALOGUE_VERSION_SQL } from './catalogue-version';
import { facetKeeper, facetsSql, searchCountedBy, timeBudget, type FacetGroup } from './listing-facets';
import { versionOf } from './listing-rows';
import { listingSettings } from './listing-settings';
import { filtersOf } from './listing-sql-builders';

type FacetRow = {
  city_slug: string | null;
  property_type: string | null;
  lease_type: string | null;
  number_of_bedrooms: number | null;
  furnish_status: string | null;
  band: number | null;
  place?: string | null;
  landmark?: string | null;
  n: number | string;
  fie_placed: boolean;
  fie_catalogue_version?: unknown;
};

export type FacetReader = ReturnType<typeof facetKeeper>;

/**
 * The approved listing's counts per filter combination and price band (listing-facets.ts), PostgreSQL
 * only: the whole listing's, and those of text searches asked for more than once (a place visitors look
 * for again and again), up to listingSettings.searchFacets of them. `currentVersion` reads the catalogue
 * version alone, for a read that found no row.
 */
export function createFacetReaders(strapi: Core.Strapi, currentVersion: () => Promise<string | undefined>) {
  // A search's facets cost a read of all its matches: one such read at a time in this process, within a
  // budget of database time (a search without them goes on being counted up to the bound).
  let searchFacetsReading = false;
  const searchFacetBudget = timeBudget(listingSettings.searchFacetBudgetMs);

  async function readGroups(searched: ReturnType<typeof filtersOf>): Promise<FacetRow[]> {
    return strapi.db.connection.transaction(async (trx) => {
      await trx.raw(
        `set local statement_timeout = ${searched ? listingSettings.searchFacetReadMs : listingSettings.facetReadMs}`,
      );
      // Room to group a million rows in memory (a few hundred groups each), not in sorted runs on disk.
      await trx.raw("set local work_mem = '64MB'");
      return (await trx.raw(facetsSql(CATALOGUE_VERSION_SQL, searched?.sql), searched?.values ?? []))
        .rows as FacetRow[];
    });
  }

  const facetsOf = (search: string | null, location: string | null) => {
    const searched =
      search === null && location === null
        ? undefined
        : filtersOf(
            listingQuerySchema.parse({ search: search ?? undefined, location: location ?? undefined }),
          );
    const read = async () => {
      const started = Date.now();
      if (searched) searchFacetsReading = true;
      try {
        const rows = await readGroups(searched);
        // No row: nothing matches, so the version is read on its own.
        const version = rows.length > 0 ? versionOf(rows[0]) : await currentVersion();
        if (version === undefined) return undefined;
        const placed = rows.length === 0 || rows[0]!.fie_placed;
        const groups: FacetGroup[] = rows.map((r) => ({
          city: r.city_slug,
          type: r.property_type,
          lease: r.lease_type,
          bedrooms: r.number_of_bedrooms,
          furnish: r.furnish_status,
          band: r.band === null ? null : Number(r.band),
          n: Number(r.n),
          ...(placed && !searched ? { place: r.place ?? null, landmark: r.landmark ?? null } : {}),
        }));
        return { version, groups, ...(searched ? { searched: { search, location } } : { placed }) };
      } finally {
        if (searched) {
          searchFacetsReading = false;
          searchFacetBudget.spend(Date.now() - started);
        }
      }
    };
    return facetKeeper(read, () => !searched || (!searchFacetsReading && searchFacetBudget.left()));
  };

  const wholeListing = facetsOf(null, null);
  const searches = new LRUCache<string, { asked: number; keeper: FacetReader }>({
    max: listingSettings.searchFacets,
  });

  /**
   * The facets that may count `q`: the whole listing's, which count any search while they carry places
   * (one read for every search, none per search), or else its search's once asked for twice.
   */
  return function facetsFor(q: ListingQuery): FacetReader | undefined {
    if (!q.search && !q.location) return wholeListing;
    const whole = wholeListing.current();
    if (whole && searchCountedBy(whole, q) === 'places') return wholeListing;
    const key = JSON.stringify([q.search ?? null, q.location ?? null]);
    let entry = searches.get(key);
    if (!entry) {
      entry = { asked: 0, keeper: facetsOf(q.search ?? null, q.location ?? null) };
      searches.set(key, entry);
    }
    entry.asked += 1;
    return entry.asked >= 2 ? entry.keeper : undefined;
  };
}
