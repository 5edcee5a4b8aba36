// Counts of the approved listing per combination of its filters (city, type, lease, bedrooms,
// furnishing) and price band, read in one statement with the catalogue version it was read under
// (per-facet counts, kept current by the catalogue version). A listing whose filters are
// only those, with a price range whose ends are band edges (the site's and most visitors' round
// figures) or none, is counted from them in microseconds, exactly, instead of reading up to the
// count's bound of index entries. The listing checks the version against its page's, as for any
// kept count (listing-sql.ts), and reads them again when the catalogue has moved on: at most once
// per listingSettings.facetRefreshMs per process, in the background; meanwhile it counts the ordinary way.
import { parsePrice, type ListingQuery } from '@fie/domain';
import { LISTED } from './listing-indexes';
import { listingSettings } from './listing-settings';

/** Band edges (GH₵). A price equal to an edge has a band of its own, so a range from edge to edge covers whole bands. */
export const PRICE_EDGES = [
  0, 500, 1000, 1500, 2000, 3000, 5000, 7500, 10_000, 15_000, 20_000, 30_000, 50_000, 75_000, 100_000,
  150_000, 200_000, 300_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000,
  7_500_000, 10_000_000, 20_000_000, 50_000_000,
] as const;
/**
 * The whole listing's facets carry each group's place (its location and nearest landmark, lower-cased
 * by the database) while there are at most listingSettings.placeGroups groups: a text search is then
 * counted from them, whatever it looks for, by testing each group's place in memory as the database
 * tests each row (a catalogue's places repeat: a neighbourhood, a landmark). Past it the places are
 * summed away in the same statement, and searches keep facets of their own.
 */

export interface FacetGroup {
  city: string | null;
  type: string | null;
  lease: string | null;
  bedrooms: number | null;
  furnish: string | null;
  /** The price band, in price order (see pricesOf); null: no price. */
  band: number | null;
  n: number;
  /** lower(location) and lower(nearest_landmark) of the group's properties, in facets that carry places. */
  place?: string | null;
  landmark?: string | null;
}

export interface Facets {
  version: string;
  groups: FacetGroup[];
  /** The facets of one text search (search and location): they count that search's listings only. */
  searched?: { search: string | null; location: string | null };
  /** The groups carry their places (the whole listing's, while they are few enough): any text search is counted from them. */
  placed?: boolean;
}

/**
 * The statement that reads the facets (PostgreSQL); `version` is the catalogue version's SQL, and
 * `searched` a condition on `properties p` (a text search's, with `?` for its values) that the
 * facets are of: a search visitors repeat is counted from its own facets. The whole listing's
 * (without `searched`) are grouped by place too, while that makes at most listingSettings.placeGroups groups
 * (`fie_placed`); past that, the places are summed away in the same statement.
 */
export function facetsSql(version: string, searched?: string): string {
  const edges = `'{${PRICE_EDGES.join(',')}}'::numeric[]`;
  const band = `case when price_ghs = any(${edges}) then 2 * width_bucket(price_ghs, ${edges}) else 2 * width_bucket(price_ghs, ${edges}) + 1 end`;
  if (searched) {
    return `with g as (
    select city_slug, property_type, lease_type, number_of_bedrooms, furnish_status, ${band} as band, count(*) as n
    from properties p where ${LISTED} and ${searched} group by 1, 2, 3, 4, 5, 6)
  select g.*, false as fie_placed, ${version} as fie_catalogue_version from g`;
  }
  return `with g as materialized (
    select city_slug, property_type, lease_type, number_of_bedrooms, furnish_status, ${band} as band,
           lower(location) as place, lower(nearest_landmark) as landmark, count(*) as n
    from properties p where ${LISTED} group by 1, 2, 3, 4, 5, 6, 7, 8),
  placed as (select count(*) <= ${listingSettings.placeGroups} as fie_placed from g)
  select g.*, true as fie_placed, ${version} as fie_catalogue_version from g where (select fie_placed from placed)
  union all
  select city_slug, property_type, lease_type, number_of_bedrooms, furnish_status, band, null, null, sum(n), false, ${version}
  from g where not (select fie_placed from placed) group by 1, 2, 3, 4, 5, 6`;
}

/**
 * Whether a group's properties match the listing's text search and location, tested as the database
 * tests a row (listing-sql.ts, filtersOf): lower(column) like '%words%', which is the lower-cased
 * words found in the lower-cased text (the visitor's words lower-cased as containsPattern does).
 */
function placeMatches(g: FacetGroup, search: string | undefined, location: string | undefined): boolean {
  const has = (text: string | null | undefined, words: string) =>
    text !== null && text !== undefined && text.includes(words);
  if (
    search !== undefined &&
    !(has(g.place, search) || has(g.landmark, search) || has(g.type?.toLowerCase(), search))
  )
    return false;
  return location === undefined || has(g.place, location);
}

/**
 * A test of whether a group's properties match `q`: its filters, and its text search when these
 * facets count it by place. Undefined when these facets cannot count `q` (searchCountedBy).
 */
function matcherOf(facets: Facets, q: ListingQuery): ((g: FacetGroup) => boolean) | undefined {
  // The groups do not split by advance: such a listing is counted by its index instead.
  if (q.maxAdvanceMonths !== undefined) return undefined;
  // Nor by place on the map: an area is counted by the points' index.
  if (q.bbox !== undefined) return undefined;
  const how = searchCountedBy(facets, q);
  if (!how) return undefined;
  const byPlace = how === 'places' && (q.search !== undefined || q.location !== undefined);
  // Lower-cased once, as containsPattern does for the database.
  const search = q.search?.toLowerCase();
  const location = q.location?.toLowerCase();
  const filters = wantedOf(q, Object.keys(GROUP_FIELD) as LeadColumn[]);
  return (g) =>
    filters.every(([field, value]) => g[field] === value) && (!byPlace || placeMatches(g, search, location));
}

/** The group fields and values `q` asks for among `columns` (those it filters by), read once for a loop over the groups. */
function wantedOf(
  q: ListingQuery,
  columns: readonly LeadColumn[],
): [(typeof GROUP_FIELD)[LeadColumn], string | number][] {
  return columns.flatMap((c) => {
    const value = leadValue(q, c);
    return value === undefined
      ? []
      : [[GROUP_FIELD[c], value] as [(typeof GROUP_FIELD)[LeadColumn], string | number]];
  });
}

/** Whether these facets can count `q`'s text search (their own search's, or any search when they carry places and it reads as no price). */
export function searchCountedBy(facets: Facets, q: ListingQuery): 'own' | 'places' | false {
  const searched = facets.searched ?? { search: null, location: null };
  if ((q.search ?? null) === searched.search && (q.location ?? null) === searched.location) return 'own';
  // A search that reads as a price also matches on price_amount, which the facets do not keep.
  if (facets.placed && !facets.searched && (q.search === undefined || !parsePrice(q.search))) return 'places';
  return false;
}

/**
 * The prices a band holds. The facets' SQL numbers bands so that they sort in price order: the prices
 * equal to an edge are a band of their own (2i for PRICE_EDGES[i - 1], as width_bucket numbers edges from
 * 1), and those strictly between two edges another (2i + 1, between PRICE_EDGES[i - 1] and PRICE_EDGES[i],
 * open below the first edge and above the last).
 */
type BandPrices = { at: number } | { above: number; below: number };

function pricesOf(band: number): BandPrices {
  const i = Math.floor(band / 2);
  if (band % 2 === 0) return { at: PRICE_EDGES[i - 1]! };
  return {
    above: i >= 1 ? PRICE_EDGES[i - 1]! : -Infinity,
    below: i < PRICE_EDGES.length ? PRICE_EDGES[i]! : Infinity,
  };
}

/** Whether a band lies inside the range, outside it, or across one of its ends. */
function cover(
  band: number | null,
  min: number | undefined,
  max: number | undefined,
): 'in' | 'out' | 'across' {
  if (min === undefined && max === undefined) return 'in';
  if (band === null) return 'out'; // no price: matches no price condition
  const prices = pricesOf(band);
  if ('at' in prices)
    return (min === undefined || prices.at >= min) && (max === undefined || prices.at <= max) ? 'in' : 'out';
  const { above: lo, below: hi } = prices;
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
  const matches = matcherOf(facets, q);
  if (!matches) return undefined;
  let inside = 0;
  let across = false;
  for (const g of facets.groups) {
    if (!matches(g)) continue;
    const where = cover(g.band, q.minPrice, q.maxPrice);
    if (where === 'in') inside += g.n;
    else if (where === 'across') across = true;
  }
  if (inside > bound) return bound + 1;
  return across ? undefined : inside;
}

/**
 * This process's facets, and their refresh (one at a time, at most once per listingSettings.facetRefreshMs; and only
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
      if (reading || Date.now() - lastRead < listingSettings.facetRefreshMs || !mayRead()) return;
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

/** A group's value of a listing column a walk may lead with (listing-indexes.ts, LEAD_ORDER). */
const GROUP_FIELD = {
  city_slug: 'city',
  property_type: 'type',
  lease_type: 'lease',
  number_of_bedrooms: 'bedrooms',
  furnish_status: 'furnish',
} as const;
export type LeadColumn = keyof typeof GROUP_FIELD;

/** The listing's value for a column a walk may lead with (undefined when it does not filter by it). */
export function leadValue(q: ListingQuery, column: LeadColumn): string | number | undefined {
  switch (column) {
    case 'city_slug':
      return q.city;
    case 'property_type':
      return q.propertyType;
    case 'lease_type':
      return q.leaseType;
    case 'number_of_bedrooms':
      return q.bedrooms;
    case 'furnish_status':
      return q.furnishStatus;
  }
}

/** Where a page sorted by price starts: a price condition that skips whole bands, the offset left within them, and the index entries a walk from there reads. */
export interface PriceSkip {
  /** The condition on price_ghs (none when the page starts in the first band). */
  from?: { op: '>=' | '>' | '<=' | '<'; value: number };
  offset: number;
  /** Entries of the walk's index read before the page is found, expected (matches spread evenly within a band). */
  walk: number;
  /** Entries of the walk's index in the bands that hold the page and one more: the walk reads no more than these. */
  most: number;
  /** Whether the page and one more are all there (false: the page is the listing's last). */
  complete: boolean;
}

/**
 * For a listing sorted by price that these facets count exactly, where its page at `offset` starts:
 * the bands before it in the listing's order hold `offset - skip.offset` matches, so a walk may start
 * at the page's band (a condition on price) with the rest of the offset. The bands partition the
 * prices (an edge is a band of its own), so the skipped matches are exactly those before the
 * condition. `lead` are the columns the walk's index leads with: its entries per band, with the
 * matches per band, give the expected length of the walk. Undefined when the facets cannot tell (a
 * search they do not count, a range across a band, a page in the properties without a price, none
 * there at all), for a search's own facets (they do not count the entries a walk passes) and for
 * the newest first.
 */
export function priceSkip(
  facets: Facets,
  q: ListingQuery,
  offset: number,
  lead: readonly LeadColumn[],
): PriceSkip | undefined {
  // A search's own facets hold its matches only, not the entries a walk reads past.
  if ((q.sort !== 'priceAsc' && q.sort !== 'priceDesc') || facets.searched) return undefined;
  const matchesQ = matcherOf(facets, q);
  if (!matchesQ) return undefined;
  const matches = new Map<number | null, number>();
  const entries = new Map<number | null, number>();
  const leading = wantedOf(q, lead);
  for (const g of facets.groups) {
    const where = cover(g.band, q.minPrice, q.maxPrice);
    if (where === 'out') continue;
    if (leading.every(([field, value]) => g[field] === value))
      entries.set(g.band, (entries.get(g.band) ?? 0) + g.n);
    if (!matchesQ(g)) continue;
    if (where === 'across') return undefined;
    matches.set(g.band, (matches.get(g.band) ?? 0) + g.n);
  }
  // The listing's order: PostgreSQL sorts the properties without a price last going up, first going down.
  const bands = [...new Set([...entries.keys(), ...matches.keys()])]
    .filter((b): b is number => b !== null)
    .sort((a, b) => a - b);
  const ordered: (number | null)[] = q.sort === 'priceAsc' ? [...bands, null] : [null, ...bands.reverse()];
  let before = 0;
  let at = -1;
  for (let i = 0; i < ordered.length; i++) {
    const m = matches.get(ordered[i]!) ?? 0;
    if (before + m > offset) {
      at = i;
      break;
    }
    before += m;
  }
  const band = ordered[at];
  if (at < 0 || band === null || band === undefined) return undefined;
  // The walk from there: through whole bands until the page and one more are found.
  let need = offset - before + q.pageSize + 1;
  let walk = 0;
  let most = 0;
  for (const b of ordered.slice(at)) {
    // Going up, the properties without a price come last, and a condition on price leaves them out:
    // a page that reaches them is not started from a band.
    if (b === null) return undefined;
    const m = matches.get(b) ?? 0;
    const e = entries.get(b) ?? 0;
    most += e;
    if (m >= need) {
      walk += Math.ceil((e * need) / m);
      need = 0;
      break;
    }
    walk += e;
    need -= m;
  }
  return {
    from: bandStart(band, q.sort === 'priceAsc'),
    offset: offset - before,
    walk,
    most,
    complete: need === 0,
  };
}

/** The condition that starts a walk at a band, going up or down (none at the open end). */
function bandStart(band: number, up: boolean): PriceSkip['from'] {
  const prices = pricesOf(band);
  if ('at' in prices) return { op: up ? '>=' : '<=', value: prices.at };
  if (up) return prices.above > -Infinity ? { op: '>', value: prices.above } : undefined;
  return prices.below < Infinity ? { op: '<', value: prices.below } : undefined;
}
