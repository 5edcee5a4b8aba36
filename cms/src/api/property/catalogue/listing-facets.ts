// Counts of the approved listing per combination of its filters (city, type, lease, bedrooms,
// furnishing) and price band, read in one statement with the catalogue version it was read under
// (issue 15, "per-facet counts kept current by the catalogue version"). A listing whose filters are
// only those, with a price range whose ends are band edges (the site's and most visitors' round
// figures) or none, is counted from them in microseconds, exactly, instead of reading up to the
// count's bound of index entries. The listing checks the version against its page's, as for any
// kept count (listing-sql.ts), and reads them again when the catalogue has moved on: at most once
// per REFRESH_MS per process, in the background; meanwhile it counts the ordinary way.
import type { ListingQuery } from '@fie/domain';

/** Band edges (GH₵). A price equal to an edge has a band of its own, so a range from edge to edge covers whole bands. */
export const PRICE_EDGES = [0, 500, 1000, 1500, 2000, 3000, 5000, 7500, 10_000, 15_000, 20_000, 30_000, 50_000, 75_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000] as const;
const REFRESH_MS = 30_000;

export interface FacetGroup {
  city: string | null;
  type: string | null;
  lease: string | null;
  bedrooms: number | null;
  furnish: string | null;
  /** 2i: price equal to edge i (1-based, as width_bucket numbers it); 2i + 1: between edges i and i + 1; null: no price. */
  band: number | null;
  n: number;
}

export interface Facets {
  version: string;
  groups: FacetGroup[];
  /** The facets of one text search (search and location): they count that search's listings only. */
  searched?: { search: string | null; location: string | null };
}

/**
 * The statement that reads the facets (PostgreSQL); `version` is the catalogue version's SQL, and
 * `searched` a condition on `properties p` (a text search's, with `?` for its values) that the
 * facets are of: a search visitors repeat is counted from its own facets.
 */
export function facetsSql(version: string, searched?: string): string {
  const edges = `'{${PRICE_EDGES.join(',')}}'::numeric[]`;
  return `with g as (
    select city_slug, property_type, lease_type, number_of_bedrooms, furnish_status,
           case when price_ghs = any(${edges}) then 2 * width_bucket(price_ghs, ${edges}) else 2 * width_bucket(price_ghs, ${edges}) + 1 end as band,
           count(*) as n
    from properties p where p.approval_status = 'approved'${searched ? ` and ${searched}` : ''} group by 1, 2, 3, 4, 5, 6)
  select g.*, ${version} as fie_catalogue_version from g`;
}

/** Whether a band lies inside the range, outside it, or across one of its ends. */
function cover(band: number | null, min: number | undefined, max: number | undefined): 'in' | 'out' | 'across' {
  if (min === undefined && max === undefined) return 'in';
  if (band === null) return 'out'; // no price: matches no price condition
  const i = Math.floor(band / 2);
  if (band % 2 === 0) {
    const v = PRICE_EDGES[i - 1]!;
    return (min === undefined || v >= min) && (max === undefined || v <= max) ? 'in' : 'out';
  }
  // Strictly between edge i and edge i + 1 (below the first when i is 0, above the last when it is the last).
  const lo = i >= 1 ? PRICE_EDGES[i - 1]! : -Infinity;
  const hi = i < PRICE_EDGES.length ? PRICE_EDGES[i]! : Infinity;
  if ((min !== undefined && hi <= min) || (max !== undefined && lo >= max)) return 'out';
  if ((min === undefined || lo >= min) && (max === undefined || hi <= max)) return 'in';
  return 'across';
}

/**
 * The listing's count from the facets, exact up to `bound` and bound + 1 past it, or undefined when
 * the facets cannot tell (a text search other than theirs, or a range end inside a band with
 * matches in it).
 */
export function countFromFacets(facets: Facets, q: ListingQuery, bound: number): number | undefined {
  const searched = facets.searched ?? { search: null, location: null };
  if ((q.search ?? null) !== searched.search || (q.location ?? null) !== searched.location) return undefined;
  let inside = 0;
  let across = false;
  for (const g of facets.groups) {
    if ((q.city !== undefined && g.city !== q.city) || (q.propertyType !== undefined && g.type !== q.propertyType) || (q.leaseType !== undefined && g.lease !== q.leaseType)) continue;
    if ((q.bedrooms !== undefined && g.bedrooms !== q.bedrooms) || (q.furnishStatus !== undefined && g.furnish !== q.furnishStatus)) continue;
    const where = cover(g.band, q.minPrice, q.maxPrice);
    if (where === 'in') inside += g.n;
    else if (where === 'across') across = true;
  }
  if (inside > bound) return bound + 1;
  return across ? undefined : inside;
}

/**
 * This process's facets, and their refresh (one at a time, at most once per REFRESH_MS; and only
 * when `mayRead` allows, which lets searches' facets be read one at a time across all searches).
 */
export function facetKeeper(read: () => Promise<Facets | undefined>, mayRead: () => boolean = () => true) {
  let facets: Facets | undefined;
  let reading: Promise<void> | undefined;
  let lastRead = -Infinity;
  return {
    /** The facets last read, of the version they carry (undefined before the first read). */
    current(): Facets | undefined {
      return facets;
    },
    /** Reads them again in the background unless read lately or already reading. */
    refresh(): void {
      if (reading || Date.now() - lastRead < REFRESH_MS || !mayRead()) return;
      lastRead = Date.now();
      reading = read()
        .then((f) => {
          facets = f;
        })
        .catch(() => {
          facets = undefined;
        })
        .finally(() => {
          reading = undefined;
        });
    },
  };
}

/**
 * A budget of time per window (ms in any `windowMs`): what has been spent in the last window, and
 * whether any is left. Caps the database time that reads visitors can cause (a search's facets).
 */
export function timeBudget(limitMs: number, windowMs = 60_000, now: () => number = Date.now) {
  const spent: { at: number; ms: number }[] = [];
  const forgetOld = () => {
    while (spent.length > 0 && spent[0]!.at <= now() - windowMs) spent.shift();
  };
  return {
    left(): boolean {
      forgetOld();
      return spent.reduce((sum, s) => sum + s.ms, 0) < limitMs;
    },
    spend(ms: number): void {
      spent.push({ at: now(), ms });
    },
  };
}
