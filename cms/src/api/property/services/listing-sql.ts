import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { LISTING_COUNT_BOUND, listingQuerySchema, parsePrice, pastCountBound, pastCountBoundMessage, type ListingQuery } from '@fie/domain';
import { LRUCache } from 'lru-cache';
import { listingCache, listingCounts, propertyAnswers } from '../catalogue/listing-cache';
import { CATALOGUE_VERSION_SQL, catalogueVersioned } from '../catalogue/catalogue-version';
import { toPublicProperty, type MediaFile, type PropertyForAnswer } from './catalogue';
import { asIsoDate } from '../../../shared/raw-rows';
import { countFromFacets, facetKeeper, facetsSql, leadValue, priceSkip, searchCountedBy, timeBudget, type FacetGroup, type LeadColumn, type PriceSkip } from '../catalogue/listing-facets';
import { LEAD_ORDER, LEADING_PAIRS } from '../catalogue/listing-indexes';
import { SQLITE_SEARCH_TABLE, sqliteSearchIndexed } from '../catalogue/search-indexes';
import { containsPattern } from '../../../shared/staff-page';
import { runListingStatement, SQLITE_TICK } from '../catalogue/listing-statements';
import { searchGate } from '../catalogue/search-gate';

// The public listing in plain SQL. A page is first read as its ids with the catalogue version (see
// properties/catalogue-version.ts); when this process holds every one of those properties' answers
// under that same version, they are the answer. Otherwise one query reads the page of rows with
// their images, city and poster. The count is read alongside, unless the count of the same filters
// is already known for the current version. Strapi's document service builds far heavier queries
// for the same answer (joins for every populate, a second pass per relation), which at 100,000
// listings made the listing several times slower. The SQL is written here rather than through knex:
// building it with knex was a tenth of the listing's time in Node.

/**
 * Which properties a listing holds by their approval: the public listing, the unapproved ones, all,
 * or an approval queue's own condition (`{ queue }`, SQL on `p` given by the approvals plugin: the
 * unapproved ones and those whose deletion waits). A queue's page is never kept in the listing
 * caches: what it holds changes with tables the catalogue version does not follow.
 */
export type Approval = 'approved' | 'unapproved' | 'all' | { queue: string };

const asDate = asIsoDate;
/** A JSON column: text on SQLite, parsed already on PostgreSQL. */
const asJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

const PROPERTY_UID = 'api::property.property';

/** A page cursor naming a property that is not in the listing (any more). */
export const UNLISTED_CURSOR = 'This page of the listing has changed since it was shown. Start again from the first page.';
/** The catalogue version a listing query's row was read under (none when versions are off or no row). */
const versionOf = (row: { fie_catalogue_version?: unknown } | undefined): string | undefined => (row?.fie_catalogue_version === undefined || row?.fie_catalogue_version === null ? undefined : String(row.fie_catalogue_version));
/** Up to this many matches, a filtered page finds its matches before sorting them (see page()). */
const FEW_MATCHES = { newest: 1000, priceAsc: 5000, priceDesc: 5000 } as const;
/** A positive whole number from the environment, or the default: the listing's tuning, lowered by tests to reach every path with few rows. */
const tuned = (name: string, fallback: number) => {
  const configured = Number(process.env[name]);
  return Number.isInteger(configured) && configured > 0 ? configured : fallback;
};
/** FEW_MATCHES, or LISTING_FEW_MATCHES for every sort. */
const fewMatches = (sort: ListingQuery['sort']) => tuned('LISTING_FEW_MATCHES', FEW_MATCHES[sort]);

const ORDER_BY = {
  newest: 'order by p.created_at desc, p.id desc',
  priceAsc: 'order by p.price_ghs asc, p.id asc',
  priceDesc: 'order by p.price_ghs desc, p.id desc',
} as const;
/** The order a page before a cursor is read in (then turned back). */
const ORDER_BY_REVERSED = {
  newest: 'order by p.created_at asc, p.id asc',
  priceAsc: 'order by p.price_ghs desc, p.id desc',
  priceDesc: 'order by p.price_ghs asc, p.id asc',
} as const;
/** The column each sort orders by (then by id). */
const SORT_KEY = { newest: 'created_at', priceAsc: 'price_ghs', priceDesc: 'price_ghs' } as const;
/** Whether each sort is descending (a page after a cursor then holds smaller keys). */
const DESCENDING = { newest: true, priceAsc: false, priceDesc: true } as const;

/**
 * How far the public (approved) listing counts: exactly up to this many matches, then "at least"
 * (issue 15). LISTING_COUNT_BOUND in the environment lowers it for tests; the staff lists count exactly.
 */
export function countBound(): number {
  return tuned('LISTING_COUNT_BOUND', LISTING_COUNT_BOUND);
}

/** A keyset position: the sort key and id of the property a page starts after (or ends before). */
type Seek = { key: string | number; id: number | string; direction: 'after' | 'before' };

/** One page of the listing, as the properties' public JSON, with what the page's links need. */
export type ListingPageResult = {
  bodies: string[];
  /** The number of matches, or the bound when `bounded`. */
  total: number;
  /** True when there are more than `total` matches (the count stopped at its bound). */
  bounded: boolean;
  hasNext: boolean;
  hasPrevious: boolean;
};

/** A value bound to a `?`. */
type SqlValue = string | number | boolean | null | Date;
/** SQL with a `?` for each value, and the values in order. */
type Sql = { sql: string; values: SqlValue[] };
const sql = (text: string, values: SqlValue[] = []): Sql => ({ sql: text, values });
const join = (...parts: Sql[]): Sql => ({ sql: parts.map((p) => p.sql).join(' '), values: parts.flatMap((p) => p.values) });

/**
 * The listing's filters as a where clause on `properties p`, with a keyset position when given. The
 * approval state is written into the SQL text rather than bound: PostgreSQL's generic plan for a
 * prepared statement can then use the indexes kept for approved listings only (listing-indexes.ts).
 */
function whereOf(q: ListingQuery, approval: Approval, seek?: Seek, guard?: string): Sql {
  const filters = filtersOf(q);
  // `guard` (SQLite's progress limit, listing-statements.ts) comes first, so it is called for every row read.
  const parts = [...(guard ? [sql(guard)] : []), ...(approval === 'all' ? [] : [sql(approvalIs(approval))]), ...(filters ? [filters] : []), ...(seek ? [seekOf(q, seek)] : [])];
  return parts.length === 0 ? sql('') : join(sql('where'), ...parts.flatMap((part, i) => (i === 0 ? [part] : [sql('and'), part])));
}

/** The approval condition, written into the SQL text (see whereOf). */
const approvalIs = (approval: Exclude<Approval, 'all'>) => (typeof approval === 'object' ? approval.queue : `p.approval_status = '${approval === 'approved' ? 'approved' : 'unapproved'}'`);

/** Row comparison: what follows (key, id) in the listing's order, or precedes it. */
function seekOf(q: ListingQuery, seek: Seek): Sql {
  const later = DESCENDING[q.sort] === (seek.direction === 'after') ? '<' : '>';
  return sql(`(p.${SORT_KEY[q.sort]}, p.id) ${later} (?, ?)`, [seek.key, seek.id]);
}

/** The visitor's filters as one condition on `properties p` (none without filters). */
function filtersOf(q: ListingQuery): Sql | undefined {
  const conditions: string[] = [];
  const values: SqlValue[] = [];
  const add = (condition: string, ...v: SqlValue[]) => {
    conditions.push(condition);
    values.push(...v);
  };
  if (q.search) {
    // A search that reads as a price ('1200', '$1,200', 'GH₵ 850') also finds the properties at that
    // price (back-office §4: location, type or price text); equality, so the price index answers it.
    const price = parsePrice(q.search);
    // Location, nearest landmark and type: each served by its own trigram index on PostgreSQL, by
    // the FTS5 table on SQLite (indexedText).
    const [text, ...patterns] = indexedText(q.search, ['location', 'nearest_landmark', 'property_type']);
    if (!price) add(`(${text})`, ...patterns);
    else if (!price.currency) add(`(${text} or p.price_amount = ?)`, ...patterns, price.amount);
    else add(`(${text} or (p.price_amount = ? and p.currency = ?))`, ...patterns, price.amount, price.currency);
  }
  if (q.city) add('p.city_slug = ?', q.city);
  if (q.propertyType) add('p.property_type = ?', q.propertyType);
  if (q.leaseType) add('p.lease_type = ?', q.leaseType);
  if (q.furnishStatus) add('p.furnish_status = ?', q.furnishStatus);
  if (q.location) {
    const [text, ...patterns] = indexedText(q.location, ['location']);
    add(`(${text})`, ...patterns);
  }
  if (q.bedrooms !== undefined) add('p.number_of_bedrooms = ?', q.bedrooms);
  if (q.minPrice !== undefined) add('p.price_ghs >= ?', q.minPrice);
  if (q.maxPrice !== undefined) add('p.price_ghs <= ?', q.maxPrice);
  return conditions.length > 0 ? sql(conditions.join(' and '), values) : undefined;
}

/**
 * The condition that `words` are found in any of `columns` (lower-cased, as the visitor's words are),
 * with its values. On SQLite with its search index (search-indexes.ts), the FTS5 table finds the
 * rows: its LIKE is the same test, answered from the trigram index; it uses the index only without
 * an ESCAPE clause, so words holding a LIKE wildcard or the escape character are tested row by row.
 */
function indexedText(words: string, columns: readonly string[]): [string, ...SqlValue[]] {
  const pattern = containsPattern(words);
  if (sqliteSearchIndexed() && !/[\\%_]/.test(words)) {
    // The progress limit (SQLITE_TICK) is called for each row the index finds too: the subquery runs before the rows it leads to.
    return [`p.id in (select rowid from ${SQLITE_SEARCH_TABLE} where ${SQLITE_TICK} and (${columns.map((c) => `${c} like ?`).join(' or ')}))`, ...columns.map(() => pattern)];
  }
  return [columns.map((c) => `lower(p.${c}) like ? escape '\\'`).join(' or '), ...columns.map(() => pattern)];
}

/** How many text searches keep facets of their own (see facetsFor in the service). */
const SEARCH_FACETS = 200;
/** How long reading the whole listing's facets may take before it is given up (ms). */
const FACET_READ_MS = 15_000;
/**
 * A search's facets are read when a visitor asks for it, so their cost is capped: each read at most
 * SEARCH_FACET_READ_MS, and all of them together at most SEARCH_FACET_BUDGET_MS of database time in
 * any minute (a tenth of one core), whatever searches are asked for.
 */
const SEARCH_FACET_READ_MS = 2_000;
const SEARCH_FACET_BUDGET_MS = 6_000;

/** How many entries of the sort order a walk with no filter to lead it reads at most (see page()); LISTING_WALK in the environment. */
const WALK = 5_000;
/**
 * A walk from the price band of its page (priceSkip) is taken when its bands hold at most this many
 * index entries (LISTING_SKIP_WALK in the environment), or when it is expected to find its page within WALK.
 */
const SKIP_WALK = 30_000;

/**
 * The filters a walk goes along (see walkOf): a pair of them, or the one whose values split the
 * listing finest, each the first columns of a covering index in both sort orders (LEADING_PAIRS and
 * LEAD_ORDER in listing-indexes.ts, which makes those indexes).
 */
function leadOf(q: ListingQuery): Sql | undefined {
  const columns = leadColumnsOf(q);
  return columns.length === 0 ? undefined : sql(columns.map((c) => `p.${c} = ?`).join(' and '), columns.map((c) => leadValue(q, c)!));
}

/** The columns a walk leads with (leadOf): a pair first (a few percent of the listing to walk at most), then the finest single filter; none without them. */
function leadColumnsOf(q: ListingQuery): LeadColumn[] {
  const pair = LEADING_PAIRS.find(([a, b]) => leadValue(q, a) !== undefined && leadValue(q, b) !== undefined);
  if (pair) return [...pair];
  const single = LEAD_ORDER.find((column) => leadValue(q, column) !== undefined);
  return single ? [single] : [];
}

/**
 * Whether a walk stops after WALK entries: without a filter to lead it, or with a text search, whose
 * test on each entry costs more and whose matches the trigram index finds first instead. Walks
 * along a lead without a search go to its end if need be.
 */
const walkEnds = (q: ListingQuery) => !leadOf(q) || Boolean(q.search || q.location);

/**
 * A page of the approved listing's ids found by walking an index in the listing's order and testing
 * the filters on its entries (the indexes carry the filter columns, so the table is not read): the
 * index of the filters that lead (leadOf), to its end if need be, which is at most their share of
 * the listing; without them, or with a text search, for at most WALK entries (walkEnds; a price
 * range narrows the walk when sorting by price). The page's ids and one more; fewer when the walk ended
 * first. `offset 0` keeps PostgreSQL from merging the walk into the outer query and choosing
 * another index by its own guesses, which cannot see that a filter's matches sit together in the
 * sort order (a place whose properties are all dear, sorted from the cheapest).
 */
function walkOf(q: ListingQuery, filters: Sql, seek: Seek | undefined, version: string, skip?: PriceSkip): Sql {
  const lead = leadOf(q);
  const byPrice = q.sort !== 'newest';
  const range = [
    ...(byPrice && q.minPrice !== undefined ? [sql('p.price_ghs >= ?', [q.minPrice])] : []),
    ...(byPrice && q.maxPrice !== undefined ? [sql('p.price_ghs <= ?', [q.maxPrice])] : []),
    // Whole price bands before the page skipped (priceSkip), with the offset left within them.
    ...(skip?.from ? [sql(`p.price_ghs ${skip.from.op} ?`, [skip.from.value])] : []),
  ];
  const offset = seek ? 0 : skip ? skip.offset : (q.page - 1) * q.pageSize;
  const conditions = [...(lead ? [lead] : []), ...range, ...(seek ? [seekOf(q, seek)] : [])].flatMap((c) => [sql('and'), c]);
  // From a skip, the facets bound the walk exactly (the entries of the bands that hold the page):
  // bound, not written into the text, so walks of any length share one prepared statement.
  const limit = skip ? sql('limit ?', [skip.most]) : sql(walkEnds(q) ? `limit ${tuned('LISTING_WALK', WALK)}` : 'offset 0');
  return join(
    sql(`select p.id${version} from (select p.id, p.created_at, p.price_ghs, (`),
    filters,
    sql(`) as fie_hit from properties p where ${approvalIs('approved')}`),
    ...conditions,
    sql(orderOf(q, seek)),
    limit,
    sql(`) p where p.fie_hit ${orderOf(q, seek)} limit ? offset ?`, [q.pageSize + 1, offset]),
  );
}

/** The order a page is read in: the listing's, or its reverse for a page before a cursor. */
const orderOf = (q: ListingQuery, seek?: Seek) => (seek?.direction === 'before' ? ORDER_BY_REVERSED : ORDER_BY)[q.sort];

/**
 * One page of matches and one more (which tells whether another page follows), as `columns` of
 * `properties p`, in the listing's order: after the page's offset, or after (before) a keyset
 * position, which costs the same at any depth. With `matchesFirst` (PostgreSQL), the matches are
 * found and kept first, then sorted (see page()).
 */
function pageOf(q: ListingQuery, approval: Approval, columns: string, matchesFirst: boolean, seek?: Seek, guard?: string): Sql {
  const tail = sql(`${orderOf(q, seek)} limit ? offset ?`, [q.pageSize + 1, seek ? 0 : (q.page - 1) * q.pageSize]);
  if (!matchesFirst) return join(sql(`select ${columns} from properties p`), whereOf(q, approval, seek, guard), tail);
  const kept = columns.startsWith('p.*') ? 'p.*' : 'p.id, p.created_at, p.price_ghs';
  return join(sql(`with fie_matches as materialized (select ${kept} from properties p`), whereOf(q, approval, seek, guard), sql(`) select ${columns} from fie_matches p`), tail);
}

type Property = PropertyForAnswer;

/**
 * A row of the page query: the `properties` columns, and the images (JSON), city and poster read by
 * its subqueries. JSON columns are text on SQLite; decimals are strings on PostgreSQL.
 */
interface ListingRow {
  id: number | string;
  document_id: string;
  property_type: Property['propertyType'];
  lease_type: Property['leaseType'];
  property_state: Property['propertyState'];
  price_amount: number | string;
  currency: Property['currency'];
  price_ghs: number | string | null;
  location: Property['location'];
  nearest_landmark: Property['nearestLandmark'];
  digital_address: Property['digitalAddress'];
  number_of_bedrooms: Property['numberOfBedrooms'];
  number_of_bathrooms: Property['numberOfBathrooms'];
  number_of_washrooms: Property['numberOfWashrooms'];
  furnish_status: Property['furnishStatus'];
  amenities: unknown;
  available: boolean | number | null;
  approval_status: Property['approvalStatus'];
  description: Property['description'];
  created_at: unknown;
  updated_at: unknown;
  fie_images: unknown;
  fie_city_id: number | null;
  fie_city_name: string | null;
  fie_city_slug: string | null;
  fie_poster: string | null;
  fie_catalogue_version?: unknown;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  const postgres = () => strapi.db.dialect.client === 'postgres';

  /**
   * The page's columns: the property row, its images (ordered, as one JSON array), its city and its
   * poster, all in the page query (correlated subqueries), plus the catalogue version when counts are
   * kept. One round trip instead of four.
   */
  function pageColumns(): Sql {
    const images = postgres()
      ? `(select coalesce(json_agg(json_build_object('url', f.url, 'width', f.width, 'height', f.height, 'alternativeText', f.alternative_text, 'formats', f.formats) order by m."order"), '[]'::json)
          from files_related_mph m join files f on f.id = m.file_id
          where m.related_id = p.id and m.related_type = ? and m.field = 'images')`
      : `(select json_group_array(json_object('url', x.url, 'width', x.width, 'height', x.height, 'alternativeText', x.alternative_text, 'formats', json(x.formats)))
          from (select f.url, f.width, f.height, f.alternative_text, f.formats from files_related_mph m join files f on f.id = m.file_id
                where m.related_id = p.id and m.related_type = ? and m.field = 'images' order by m."order") x)`;
    const city = (column: string) => `(select c.${column} from properties_city_lnk l join cities c on c.id = l.city_id where l.property_id = p.id limit 1)`;
    const columns = [
      'p.*',
      `${images} as fie_images`,
      `${city('id')} as fie_city_id`,
      `${city('name')} as fie_city_name`,
      `${city('slug')} as fie_city_slug`,
      '(select u.document_id from properties_posted_by_lnk l join up_users u on u.id = l.user_id where l.property_id = p.id limit 1) as fie_poster',
      ...(catalogueVersioned() ? [`${CATALOGUE_VERSION_SQL} as fie_catalogue_version`] : []),
    ];
    return sql(columns.join(', '), [PROPERTY_UID]);
  }

  /** Rows of the page query shaped like the document service's answer, with images, city and poster. */
  function shape(rows: ListingRow[]): PropertyForAnswer[] {
    return rows.map((r) => ({
      documentId: r.document_id,
      images: ((asJson(r.fie_images) ?? []) as (MediaFile & { formats: unknown })[]).map((f) => ({ ...f, formats: asJson(f.formats) as MediaFile['formats'] })),
      propertyType: r.property_type,
      leaseType: r.lease_type,
      propertyState: r.property_state,
      priceAmount: r.price_amount,
      currency: r.currency,
      priceGhs: r.price_ghs,
      location: r.location,
      city: r.fie_city_id === null || r.fie_city_id === undefined ? null : { name: r.fie_city_name, slug: r.fie_city_slug },
      nearestLandmark: r.nearest_landmark,
      digitalAddress: r.digital_address,
      numberOfBedrooms: r.number_of_bedrooms,
      numberOfBathrooms: r.number_of_bathrooms,
      numberOfWashrooms: r.number_of_washrooms,
      furnishStatus: r.furnish_status,
      amenities: (asJson(r.amenities) ?? []) as PropertyForAnswer['amenities'],
      available: Boolean(r.available),
      approvalStatus: r.approval_status,
      description: r.description,
      postedBy: r.fie_poster === null || r.fie_poster === undefined ? null : { documentId: r.fie_poster },
      createdAt: asDate(r.created_at),
      updatedAt: asDate(r.updated_at),
    }));
  }

  /** `$1, $2, …` for PostgreSQL, and a statement name per SQL text. */
  const prepared = new Map<string, { text: string; name: string }>();
  /** SQLite's progress limit in each listing WHERE (PostgreSQL's ceiling is its pool's statement_timeout). */
  const guard = () => (postgres() ? undefined : SQLITE_TICK);

  /** Runs a listing query where listing statements run, under their time ceiling (listing-statements.ts). */
  async function rowsOf<Row>({ sql: text, values }: Sql): Promise<Row[]> {
    let statement = prepared.get(text);
    if (!statement) {
      let n = 0;
      const numbered = text.replace(/\?/g, () => `$${++n}`);
      statement = { text: numbered, name: `fie_listing_${createHash('sha1').update(numbered).digest('hex').slice(0, 20)}` };
      if (prepared.size >= 1000) prepared.delete(prepared.keys().next().value as string);
      prepared.set(text, statement);
    }
    return runListingStatement<Row>(strapi, { name: statement.name, text: statement.text, sqliteText: text, values });
  }

  /**
   * The number of matches, with the catalogue version it was read under (one snapshot): exact, or,
   * with `bound`, exact up to the bound and bound + 1 when there are more. Counting stops there
   * instead of reading every match (hundreds of thousands at a million listings).
   */
  async function count(q: ListingQuery, approval: Approval, bound?: number) {
    const version = catalogueVersioned() ? `, ${CATALOGUE_VERSION_SQL} as fie_catalogue_version` : '';
    const counted =
      bound === undefined
        ? join(sql(`select count(*) as n${version} from properties p`), whereOf(q, approval, undefined, guard()))
        : join(sql(`select count(*) as n${version} from (select 1 from properties p`), whereOf(q, approval, undefined, guard()), sql(`limit ${bound + 1}) fie_matches`));
    const [row] = await rowsOf<{ n: number | string; fie_catalogue_version?: unknown }>(counted);
    return { n: Number(row?.n ?? 0), version: versionOf(row) };
  }

  /** The catalogue version now (versioned catalogues only). */
  async function currentVersion(): Promise<string | undefined> {
    return versionOf((await rowsOf<{ fie_catalogue_version?: unknown }>(sql(`select ${CATALOGUE_VERSION_SQL} as fie_catalogue_version`)))[0]);
  }

  /**
   * The keyset position of a page cursor (a property's id): its sort key and row id. None when the
   * property has no key (no price, sorted by price); the page then falls back to its number. A
   * cursor that is not a property of this listing (gone, or not approved in the public listing) is
   * refused: answering from where an unlisted property sits would tell where it sits in the order.
   */
  async function cursorOf(q: ListingQuery, approval: Approval): Promise<Seek | undefined> {
    const documentId = q.after ?? q.before;
    if (documentId === undefined) return undefined;
    // As text on PostgreSQL, so a timestamp keeps its microseconds on the way back.
    const key = postgres() ? `p.${SORT_KEY[q.sort]}::text` : `p.${SORT_KEY[q.sort]}`;
    const listed = approval === 'all' ? '' : ` and ${approvalIs(approval)}`;
    const [row] = await rowsOf<{ k: string | number | null; id: number | string }>(sql(`select ${key} as k, p.id from properties p where p.document_id = ?${listed} limit 1`, [documentId]));
    if (!row) throw new errors.ValidationError(UNLISTED_CURSOR);
    if (row.k === null || row.k === undefined) return undefined;
    return { key: row.k, id: row.id, direction: q.after !== undefined ? 'after' : 'before' };
  }

  /**
   * The public answers (toPublicProperty, as JSON text) of the properties with these row ids, in
   * one query: what the staff lists of viewings and enquiries show for their property, read the
   * listing's way instead of through three populates per row. With `readVersion`, the catalogue
   * version the caller read in the same statement as those ids (catalogueVersionColumn), answers
   * kept under that version (the listing's, see propertyAnswers) are taken as they are and only
   * the others are read.
   */
  async function answersByIds(ids: number[], readVersion?: unknown): Promise<Map<number, string>> {
    const version = versionOf({ fie_catalogue_version: readVersion });
    const answers = new Map<number, string>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const kept = propertyAnswers.get(version, id);
      if (kept === undefined) missing.push(id);
      else answers.set(id, kept);
    }
    if (missing.length === 0) return answers;
    const rows = await rowsOf<ListingRow>(join(sql('select'), pageColumns(), sql(`from properties p where p.id in (${missing.map(() => '?').join(',')})`, missing)));
    shape(rows).forEach((doc, i) => {
      const json = JSON.stringify(toPublicProperty(doc));
      answers.set(Number(rows[i].id), json);
      propertyAnswers.set(versionOf(rows[i]), Number(rows[i].id), json);
    });
    return answers;
  }

  /**
   * The approved listing's counts per filter combination and price band (catalogue/listing-facets.ts),
   * PostgreSQL only: the whole listing's, and those of text searches asked for more than once (a
   * place visitors look for again and again), up to SEARCH_FACETS of them.
   */
  // A search's facets cost a read of all its matches: one such read at a time in this process, within
  // the budget above (a search without them goes on being counted up to the bound).
  let searchFacetsReading = false;
  const searchFacetBudget = timeBudget(SEARCH_FACET_BUDGET_MS);
  const facetsOf = (search: string | null, location: string | null) => {
    const searched = search === null && location === null ? undefined : filtersOf(listingQuerySchema.parse({ search: search ?? undefined, location: location ?? undefined }));
    return facetKeeper(
      async () => {
        type FacetRow = { city_slug: string | null; property_type: string | null; lease_type: string | null; number_of_bedrooms: number | null; furnish_status: string | null; band: number | null; place?: string | null; landmark?: string | null; n: number | string; fie_placed: boolean; fie_catalogue_version?: unknown };
        const started = Date.now();
        if (searched) searchFacetsReading = true;
        try {
          const rows = await knex().transaction(async (trx) => {
            await trx.raw(`set local statement_timeout = ${searched ? SEARCH_FACET_READ_MS : FACET_READ_MS}`);
            // Room to group a million rows in memory (a few hundred groups each), not in sorted runs on disk.
            await trx.raw("set local work_mem = '64MB'");
            return (await trx.raw(facetsSql(CATALOGUE_VERSION_SQL, searched?.sql), searched?.values ?? [])).rows as FacetRow[];
          });
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
      },
      () => !searched || (!searchFacetsReading && searchFacetBudget.left()),
    );
  };
  const wholeListing = facetsOf(null, null);
  const searches = new LRUCache<string, { asked: number; keeper: ReturnType<typeof facetKeeper> }>({ max: SEARCH_FACETS });
  /**
   * The facets that may count `q`: the whole listing's, which count any search while they carry
   * places (one read for every search, none per search), or else its search's once asked for twice.
   */
  function facetsFor(q: ListingQuery): ReturnType<typeof facetKeeper> | undefined {
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
  }

  /** One page of the listing, read (page() has checked the cache and the search gate). */
  async function readPage(q: ListingQuery, approval: Approval, key: string, keeps: boolean): Promise<ListingPageResult> {
    // The count does not depend on sort or page: paging through a listing, or asking for it again,
    // reuses it for as long as the catalogue version it was read under is current.
    const { sort: _sort, page: _page, pageSize: _pageSize, after: _after, before: _before, ...filters } = q;
    const bound = approval === 'approved' ? countBound() : undefined;
    const countKey = JSON.stringify([approval, bound, filters]);
    const versioned = catalogueVersioned();
    let known = versioned && keeps ? listingCounts.get(countKey) : undefined;
    // Without a kept count, the facets may give it (checked against the page's version below, as a kept count is).
    const facets = bound !== undefined && versioned && postgres() ? facetsFor(q) : undefined;
    const faceted = facets?.current();
    if (!known && faceted) {
      const n = countFromFacets(faceted, q, bound!);
      if (n !== undefined) known = { n, version: faceted.version };
    }
    // A count of none decides that no page is read, so there is no page's version to check it
    // against: it is used only when its version is the current one, read now (a tiny query), and
    // is counted again otherwise. Proving there is nothing can be the dearest count of all (a
    // search whose words are everywhere, with a filter none of them has).
    const noneNow = known?.n === 0 && (await currentVersion()) === known.version;
    if (known?.n === 0 && !noneNow) known = undefined;
    // The count, unless kept: started now, awaited where it is needed (a search, below, needs it
    // before its page; otherwise it runs alongside the page).
    const counting = known ? undefined : count(q, approval, bound);
    counting?.catch(() => {}); // a failure is thrown where it is awaited, not reported as unhandled meanwhile
    const seek = await cursorOf(q, approval);
    // Without a cursor (or with one whose property is gone), a page of the bounded listing past
    // the bound is not read by offset: there is nothing there that Next from an earlier page
    // would not find, and skipping that far is the one read that grows with the listing.
    const beyond = !seek && bound !== undefined && pastCountBound({ page: q.page, pageSize: q.pageSize }, bound);
    // A searched place can match few properties, but PostgreSQL cannot tell how few from a
    // substring pattern: it would walk the sort order and skip non-matching rows. Sorted by date
    // that finds a page soon; sorted by price it can read most of the table first, because a
    // place's properties sit together in the price order (Tema's 2,569 of 100,000 at the dear end:
    // 140 ms). So when the count says the matches are few, they are found first (trigram index),
    // then sorted: a few milliseconds, growing with the matches. The common filters (city, lease,
    // type) have indexes in both sort orders (see listing-indexes.ts).
    // The same holds for any filters PostgreSQL cannot see are rare together (a type that is never
    // furnished in one lease): walking the sort order to prove there is nothing could read the whole
    // listing. So on PostgreSQL a filtered page waits for its count, reads nothing when there are no
    // matches, and finds the matches first when they are few.
    const filtered = postgres() && Object.values(filters).some((v) => v !== undefined);
    const matches = filtered && !beyond ? (known ?? (await counting!)).n : undefined;
    const empty = matches === 0;
    // Sorted by price, facets that count the listing also tell which price bands its page lies in:
    // a walk may start there (priceSkip), and how far it will read. A walk expected to find the
    // page within WALK entries is taken even for few matches (reading index entries costs less
    // than finding and sorting every match), and saves walking past the bands before the page
    // (a place whose properties are all dear, sorted from the cheapest). Used only when the page's
    // version is the facets' (checked below).
    const skip = filtered && !seek && !beyond && !empty && faceted && versioned && approval === 'approved' ? priceSkip(faceted, q, (q.page - 1) * q.pageSize, leadColumnsOf(q)) : undefined;
    const skipping = skip !== undefined && (skip.walk <= tuned('LISTING_WALK', WALK) || skip.most <= tuned('LISTING_SKIP_WALK', SKIP_WALK));
    let matchesFirst = !skipping && matches !== undefined && matches <= fewMatches(q.sort);
    // Many matches: walk a covering index in the listing's order (walkOf), along the filter that
    // leads, or, for a search alone, for at most WALK entries, after which the matches are found
    // first instead: the cost is bounded either way, where PostgreSQL's own plan could read most
    // of the listing.
    const walking = filtered && versioned && approval === 'approved' && !beyond && !empty && !matchesFirst;

    // The page's rows are read with one more, in the order asked (reversed before a cursor).
    let ids: { id: number | string; fie_catalogue_version?: unknown }[] = [];
    let bodies: (string | undefined)[] | undefined;
    let version: string | undefined;
    if (beyond || empty) {
      bodies = [];
    } else if (versioned) {
      // The page's ids and the version in one snapshot.
      const idsVersion = `, ${CATALOGUE_VERSION_SQL} as fie_catalogue_version`;
      if (walking && skipping) {
        ids = await rowsOf<{ id: number | string; fie_catalogue_version?: unknown }>(walkOf(q, filtersOf(q)!, seek, idsVersion, skip));
        // The skip is the facets' word: with another version (the catalogue moved since they were
        // read), or a walk that ended before the page, the page is read again without it.
        if (ids.length === 0 || versionOf(ids[0]) !== faceted!.version || (skip.complete && ids.length <= q.pageSize)) {
          ids = [];
          matchesFirst = matches !== undefined && matches <= fewMatches(q.sort);
        }
      }
      if (walking && ids.length === 0 && !matchesFirst) {
        ids = await rowsOf<{ id: number | string; fie_catalogue_version?: unknown }>(walkOf(q, filtersOf(q)!, seek, idsVersion));
        // A walk without a lead that ended before a page was found (or the listing's end): read as below.
        if (walkEnds(q) && ids.length <= q.pageSize) matchesFirst = true;
      }
      if (!walking || matchesFirst) ids = await rowsOf<{ id: number | string; fie_catalogue_version?: unknown }>(pageOf(q, approval, `p.id${idsVersion}`, matchesFirst, seek, guard()));
      version = versionOf(ids[0]);
      bodies = ids.map((r) => propertyAnswers.get(version, Number(r.id)));
      if ((walking || matchesFirst) && bodies.includes(undefined)) {
        // The ids of a walk, or of matches found first: the missing answers are read by id, not
        // by finding the page again.
        const answers = await answersByIds(ids.map((r) => Number(r.id)));
        // (A property deleted since the walk has no answer: left out.)
        bodies = ids.map((r) => answers.get(Number(r.id))).filter((b) => b !== undefined);
      }
    }
    if (!bodies || bodies.includes(undefined)) {
      // The page first, then its images, city and poster: the subqueries run for the page's rows
      // only, not for the rows an offset skips.
      const rows = await rowsOf<ListingRow>(join(sql('select'), pageColumns(), sql('from ('), pageOf(q, approval, 'p.*', matchesFirst, seek, guard()), sql(`) p ${orderOf(q, seek)}`)));
      ids = rows;
      version = versionOf(rows[0]);
      bodies = shape(rows).map((doc, i) => {
        const json = JSON.stringify(toPublicProperty(doc));
        propertyAnswers.set(version, Number(rows[i].id), json);
        return json;
      });
    }
    const more = bodies.length > q.pageSize;
    let shown = bodies.slice(0, q.pageSize) as string[];
    const reversed = seek?.direction === 'before';
    if (reversed) shown = shown.reverse();

    // The facets are read (again) when there are none or the catalogue has moved past them.
    if (facets && version !== undefined && faceted?.version !== version) facets.refresh();
    let n: number;
    if (known && (ids.length > 0 ? version === known.version : noneNow)) {
      n = known.n;
      listingCounts.touch(countKey);
    } else {
      // Without a kept count for this version (or an empty page, which shows no version).
      const fresh = await (counting ?? count(q, approval, bound));
      n = fresh.n;
      if (fresh.version !== undefined && keeps) listingCounts.set(countKey, { version: fresh.version, n: fresh.n });
    }
    const bounded = bound !== undefined && n > bound;
    // The public listing's pages past its count's bound are reached with Next (a cursor), not by
    // number: reading that far by offset is the one part of a page that grows with the listing.
    // Refused only where the matches really run past the bound; before it, the page is simply
    // past the last one, and empty.
    if (beyond && bounded) throw new errors.ValidationError(pastCountBoundMessage(bound));
    const result: ListingPageResult = {
      bodies: shown,
      total: bound !== undefined && n > bound ? bound : n,
      bounded,
      hasNext: reversed ? true : more,
      hasPrevious: reversed ? more : seek !== undefined || (q.page > 1 && !beyond),
    };
    if (keeps) listingCache.set(key, result);
    return result;
  }

  return {
    /**
     * One page of the listing as the properties' public JSON (one string each), with the total and
     * whether pages follow and precede it. The approved listing's total is bounded (countBound()).
     */
    async page(q: ListingQuery, approval: Approval): Promise<ListingPageResult> {
      const key = JSON.stringify([approval, q]);
      const keeps = typeof approval !== 'object';
      const cached = keeps ? listingCache.get<ListingPageResult>(key) : undefined;
      if (cached) return cached;
      // A text search not kept here waits its turn: at most a few run at once in this process, so
      // many visitors' searches (or one visitor's many) cannot take every connection and core.
      const searching = approval === 'approved' && (q.search !== undefined || q.location !== undefined);
      const leave = searching ? await searchGate.enter() : undefined;
      try {
        return await readPage(q, approval, key, keeps);
      } finally {
        leave?.();
      }
    },

    answersByIds,
  };
};
