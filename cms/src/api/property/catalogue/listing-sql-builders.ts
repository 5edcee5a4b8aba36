import { parseMapArea, parsePrice, publicGridRange, type ListingQuery } from '@fie/domain';
import { CATALOGUE_VERSION_SQL, catalogueVersioned } from './catalogue-version';
import { leadValue, type LeadColumn, type PriceSkip } from './listing-facets';
import { LEAD_ORDER, LEADING_PAIRS, LISTED, reducedKey } from './listing-indexes';
import { listingSettings } from './listing-settings';
import { SQLITE_TICK } from './listing-statements';
import { SQLITE_SEARCH_TABLE, sqliteSearchIndexed } from './search-indexes';
import { spatialPrefilter } from './point-index';
import { containsPattern } from '../../../shared/staff-page';

// The statements of the public listing, as text with a `?` per value. They are written by hand rather
// than through knex: building them with knex was a tenth of the listing's time in Node. Every statement
// reads `properties p`; which of them a page runs is the planner's choice (listing-plan.ts).

/** A value bound to a `?`. */
export type SqlValue = string | number | boolean | null | Date;
/**
 * SQL with a `?` for each value, and the values in order. `planEach`: PostgreSQL plans it with its values
 * every time rather than preparing its shape once (listing-statements.ts), for a condition whose best
 * plan depends on them: a generic plan cannot tell a map area of one street from one of a whole city.
 */
export type Sql = { sql: string; values: SqlValue[]; planEach?: boolean };
export const sql = (text: string, values: SqlValue[] = []): Sql => ({ sql: text, values });
export const join = (...parts: Sql[]): Sql => ({
  sql: parts.map((p) => p.sql).join(' '),
  values: parts.flatMap((p) => p.values),
  ...(parts.some((p) => p.planEach) ? { planEach: true } : {}),
});

/**
 * Which properties a listing holds by their approval: the public listing, the unapproved ones, all,
 * or an approval queue's own condition (`{ queue }`, SQL on `p` given by the approvals plugin: the
 * unapproved ones and those whose deletion waits). A queue's page is never kept in the listing
 * caches: what it holds changes with tables the catalogue version does not follow. Its count is kept
 * (against the catalogue version, as the listing's) only where `countKept`: its SQL reads the
 * properties alone (the waiting deletions named in it, so a new one makes it another query).
 */
export type Approval = 'approved' | 'unapproved' | 'all' | { queue: string; countKept?: boolean };

/** A keyset position: the sort key and id of the property a page starts after (or ends before). */
export type Seek = { key: string | number; id: number | string; direction: 'after' | 'before' };

type Sort = ListingQuery['sort'];
/** What each sort orders by (then by id), on `p`: a column, or sort=reduced's key (listing-indexes.ts). */
const sortKey = (sort: Sort): string =>
  sort === 'reduced' ? reducedKey() : sort === 'newest' ? 'p.created_at' : 'p.price_ghs';
/** Whether each sort is descending (a page after a cursor then holds smaller keys). */
const DESCENDING = {
  newest: true,
  priceAsc: false,
  priceDesc: true,
  reduced: true,
} as const satisfies Record<Sort, boolean>;
/** The listing's order, or (`reversed`) the order a page before a cursor is read in (then turned back). */
const orderBy = (sort: Sort, reversed: boolean) => {
  const direction = DESCENDING[sort] !== reversed ? 'desc' : 'asc';
  return `order by ${sortKey(sort)} ${direction}, p.id ${direction}`;
};
/** Whether a sort is by price (the price range then narrows a walk, and the facets' price bands may start it). */
const byPrice = (sort: Sort) => sort === 'priceAsc' || sort === 'priceDesc';
/** The columns of `p` a page's order needs, kept by a walk or by the matches found first. */
const ORDER_COLUMNS = 'p.id, p.created_at, p.price_ghs, p.reduced_at';

/** `, <version> as fie_catalogue_version` while the catalogue is versioned: read in the same snapshot as the rows. */
export const versionColumn = (): string =>
  catalogueVersioned() ? `, ${CATALOGUE_VERSION_SQL} as fie_catalogue_version` : '';

/**
 * The approval condition, written into the SQL text rather than bound: PostgreSQL's generic plan for a
 * prepared statement can then use the indexes kept for listed properties only (listing-indexes.ts).
 * The public listing ('approved') holds the listed ones: approved and not hidden for want of a
 * confirmation (LISTED); the staff lists and the queue show hidden ones too.
 */
export const approvalIs = (approval: Exclude<Approval, 'all'>) =>
  typeof approval === 'object'
    ? approval.queue
    : approval === 'approved'
      ? LISTED
      : "p.approval_status = 'unapproved'";

/** The listing's filters as a where clause on `properties p`, with a keyset position when given. */
export function whereOf(q: ListingQuery, approval: Approval, seek?: Seek, guard?: string): Sql {
  const filters = filtersOf(q);
  // `guard` (SQLite's progress limit, listing-statements.ts) comes first, so it is called for every row read.
  const parts = [
    ...(guard ? [sql(guard)] : []),
    ...(approval === 'all' ? [] : [sql(approvalIs(approval))]),
    ...(filters ? [filters] : []),
    ...(seek ? [seekOf(q, seek)] : []),
  ];
  return parts.length === 0
    ? sql('')
    : join(sql('where'), ...parts.flatMap((part, i) => (i === 0 ? [part] : [sql('and'), part])));
}

/** Row comparison: what follows (key, id) in the listing's order, or precedes it. */
function seekOf(q: ListingQuery, seek: Seek): Sql {
  const later = DESCENDING[q.sort] === (seek.direction === 'after') ? '<' : '>';
  return sql(`(${sortKey(q.sort)}, p.id) ${later} (?, ?)`, [seek.key, seek.id]);
}

/** The visitor's filters as one condition on `properties p` (none without filters). */
export function filtersOf(q: ListingQuery): Sql | undefined {
  const conditions: string[] = [];
  const values: SqlValue[] = [];
  const add = (condition: string, ...v: SqlValue[]) => {
    conditions.push(condition);
    values.push(...v);
  };
  if (q.search) {
    // A search that reads as a price ('1200', '$1,200', 'GH₵ 850') also finds the properties at that
    // price, as staff search by location, type or price; equality, so the price index answers it.
    const price = parsePrice(q.search);
    // Location, nearest landmark and type: each served by its own trigram index on PostgreSQL, by
    // the FTS5 table on SQLite (indexedText).
    const [text, ...patterns] = indexedText(q.search, ['location', 'nearest_landmark', 'property_type']);
    if (!price) add(`(${text})`, ...patterns);
    else if (!price.currency) add(`(${text} or p.price_amount = ?)`, ...patterns, price.amount);
    else
      add(`(${text} or (p.price_amount = ? and p.currency = ?))`, ...patterns, price.amount, price.currency);
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
  // An advance of at most this many months: Rent listings that state one (null fails the comparison; a
  // Sale listing's stale advance does not count).
  if (q.maxAdvanceMonths !== undefined)
    add("p.advance_months <= ? and p.lease_type = 'Rent'", q.maxAdvanceMonths);
  const area = q.bbox === undefined ? undefined : parseMapArea(q.bbox);
  if (area) {
    // The points whose public (rounded) place is in the area, asked of the exact columns so that their
    // index serves it: each edge of the area moves half a grid step outward, and whether the point
    // on that edge itself is in depends on the side of zero it is on (halves round away from zero,
    // publicGridRange). Rows without a point fail the comparison. Planned with its values (planEach): a
    // generic plan took a city's area for a street's, and read all 27,000 of its points.
    const lat = publicGridRange(area.south, area.north);
    const lon = publicGridRange(area.west, area.east);
    add(
      `p.latitude ${lat.fromIncluded ? '>=' : '>'} ? and p.latitude ${lat.toIncluded ? '<=' : '<'} ? and p.longitude ${lon.fromIncluded ? '>=' : '>'} ? and p.longitude ${lon.toIncluded ? '<=' : '<'} ?`,
      lat.from,
      lat.to,
      lon.from,
      lon.to,
    );
    const spatial = spatialPrefilter(lat, lon);
    if (spatial) add(spatial.sql, ...spatial.values);
  }
  return conditions.length > 0
    ? { ...sql(conditions.join(' and '), values), ...(area ? { planEach: true } : {}) }
    : undefined;
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
    // The progress limit is called for each row the index finds too: the subquery runs before the rows it leads to.
    return [
      `p.id in (select rowid from ${SQLITE_SEARCH_TABLE} where ${SQLITE_TICK} and (${columns.map((c) => `${c} like ?`).join(' or ')}))`,
      ...columns.map(() => pattern),
    ];
  }
  return [columns.map((c) => `lower(p.${c}) like ? escape '\\'`).join(' or '), ...columns.map(() => pattern)];
}

/**
 * The columns a walk leads with: a pair of filters first (a few percent of the listing to walk at most),
 * then the single filter whose values split the listing finest; none without them. Each is the first
 * columns of a covering index in both sort orders (LEADING_PAIRS and LEAD_ORDER in listing-indexes.ts).
 */
export function leadColumnsOf(q: ListingQuery): LeadColumn[] {
  // sort=reduced has one index (by its key alone): its walks have no lead.
  if (q.sort === 'reduced') return [];
  const pair = LEADING_PAIRS.find(([a, b]) => leadValue(q, a) !== undefined && leadValue(q, b) !== undefined);
  if (pair) return [...pair];
  const single = LEAD_ORDER.find((column) => leadValue(q, column) !== undefined);
  return single ? [single] : [];
}

/** The filters a walk goes along (leadColumnsOf) as a condition. */
function leadOf(q: ListingQuery): Sql | undefined {
  const columns = leadColumnsOf(q);
  return columns.length === 0
    ? undefined
    : sql(
        columns.map((c) => `p.${c} = ?`).join(' and '),
        columns.map((c) => leadValue(q, c)!),
      );
}

/**
 * Whether a walk stops after listingSettings.walk entries: without a filter to lead it, or with a text
 * search, whose test on each entry costs more and whose matches the trigram index finds first instead, or
 * with a map area, which the walks' indexes do not carry and whose matches the points' index finds first.
 * Walks along a lead without a search go to its end if need be.
 */
export const walkEnds = (q: ListingQuery) =>
  leadColumnsOf(q).length === 0 || Boolean(q.search || q.location || q.bbox);

/**
 * A page of the approved listing's ids found by walking an index in the listing's order and testing
 * the filters on its entries (the indexes carry the filter columns, so the table is not read): along
 * the filters that lead, to its end if need be, which is at most their share of the listing; without
 * them, or with a text search, for at most listingSettings.walk entries (a price range narrows the walk
 * when sorting by price). From a price band (`skip`), the walk starts at the band and reads exactly the
 * entries of the bands that hold the page. The page's ids and one more; fewer when the walk ended first.
 * `offset 0` keeps PostgreSQL from merging the walk into the outer query and choosing another index by
 * its own guesses, which cannot see that a filter's matches sit together in the sort order (a place
 * whose properties are all dear, sorted from the cheapest).
 */
export function walkSql(q: ListingQuery, seek: Seek | undefined, skip?: PriceSkip): Sql {
  const lead = leadOf(q);
  const priced = byPrice(q.sort);
  const range = [
    ...(priced && q.minPrice !== undefined ? [sql('p.price_ghs >= ?', [q.minPrice])] : []),
    ...(priced && q.maxPrice !== undefined ? [sql('p.price_ghs <= ?', [q.maxPrice])] : []),
    // Whole price bands before the page skipped, with the offset left within them.
    ...(skip?.from ? [sql(`p.price_ghs ${skip.from.op} ?`, [skip.from.value])] : []),
  ];
  const offset = seek ? 0 : skip ? skip.offset : (q.page - 1) * q.pageSize;
  const conditions = [...(lead ? [lead] : []), ...range, ...(seek ? [seekOf(q, seek)] : [])].flatMap((c) => [
    sql('and'),
    c,
  ]);
  // The bound is bound, not written into the text, so walks of any length share one prepared statement.
  const limit = skip
    ? sql('limit ?', [skip.most])
    : sql(walkEnds(q) ? `limit ${listingSettings.walk}` : 'offset 0');
  return join(
    sql(`select p.id${versionColumn()} from (select ${ORDER_COLUMNS}, (`),
    filtersOf(q)!,
    sql(`) as fie_hit from properties p where ${approvalIs('approved')}`),
    ...conditions,
    sql(orderOf(q, seek)),
    limit,
    sql(`) p where p.fie_hit ${orderOf(q, seek)} limit ? offset ?`, [q.pageSize + 1, offset]),
  );
}

/** The order a page is read in: the listing's, or its reverse for a page before a cursor. */
export const orderOf = (q: ListingQuery, seek?: Seek) => orderBy(q.sort, seek?.direction === 'before');

/**
 * One page of matches and one more (which tells whether another page follows), as `columns` of
 * `properties p`, in the listing's order: after the page's offset, or after (before) a keyset
 * position, which costs the same at any depth. With `matchesFirst` (PostgreSQL), the matches are
 * found and kept first, then sorted.
 */
export function pageSql(
  q: ListingQuery,
  approval: Approval,
  columns: string,
  matchesFirst: boolean,
  seek?: Seek,
  guard?: string,
): Sql {
  const tail = sql(`${orderOf(q, seek)} limit ? offset ?`, [
    q.pageSize + 1,
    seek ? 0 : (q.page - 1) * q.pageSize,
  ]);
  if (!matchesFirst)
    return join(sql(`select ${columns} from properties p`), whereOf(q, approval, seek, guard), tail);
  const kept = columns.startsWith('p.*') ? 'p.*' : ORDER_COLUMNS;
  return join(
    sql(`with fie_matches as materialized (select ${kept} from properties p`),
    whereOf(q, approval, seek, guard),
    sql(`) select ${columns} from fie_matches p`),
    tail,
  );
}

/**
 * The answer's columns of `p`: the property row, its images (ordered, as one JSON array), its city and
 * its poster, as correlated subqueries (one round trip instead of four), and the catalogue version.
 */
export function answerColumns(postgres: boolean, propertyUid: string): Sql {
  const images = postgres
    ? `(select coalesce(json_agg(json_build_object('url', f.url, 'width', f.width, 'height', f.height, 'alternativeText', f.alternative_text, 'formats', f.formats) order by m."order"), '[]'::json)
        from files_related_mph m join files f on f.id = m.file_id
        where m.related_id = p.id and m.related_type = ? and m.field = 'images')`
    : `(select json_group_array(json_object('url', x.url, 'width', x.width, 'height', x.height, 'alternativeText', x.alternative_text, 'formats', json(x.formats)))
        from (select f.url, f.width, f.height, f.alternative_text, f.formats from files_related_mph m join files f on f.id = m.file_id
              where m.related_id = p.id and m.related_type = ? and m.field = 'images' order by m."order") x)`;
  const city = (column: string) =>
    `(select c.${column} from properties_city_lnk l join cities c on c.id = l.city_id where l.property_id = p.id limit 1)`;
  const columns = [
    'p.*',
    `${images} as fie_images`,
    `${city('id')} as fie_city_id`,
    `${city('name')} as fie_city_name`,
    `${city('slug')} as fie_city_slug`,
    '(select u.document_id from properties_posted_by_lnk l join up_users u on u.id = l.user_id where l.property_id = p.id limit 1) as fie_poster',
  ];
  return sql(columns.join(', ') + versionColumn(), [propertyUid]);
}

/**
 * The number of matches with the catalogue version (one snapshot): exact, or, with `bound`, exact up to
 * the bound and bound + 1 when there are more, so counting stops there instead of reading every match.
 */
export function countSql(
  q: ListingQuery,
  approval: Approval,
  bound: number | undefined,
  guard?: string,
): Sql {
  const where = whereOf(q, approval, undefined, guard);
  return bound === undefined
    ? join(sql(`select count(*) as n${versionColumn()} from properties p`), where)
    : join(
        sql(`select count(*) as n${versionColumn()} from (select 1 from properties p`),
        where,
        sql(`limit ${bound + 1}) fie_matches`),
      );
}

/** The sort key and row id of the property a cursor names, if it is in the listing. */
export function cursorSql(q: ListingQuery, approval: Approval, documentId: string, postgres: boolean): Sql {
  // As text on PostgreSQL, so a timestamp keeps its microseconds on the way back.
  const key = postgres ? `(${sortKey(q.sort)})::text` : sortKey(q.sort);
  const listed = approval === 'all' ? '' : ` and ${approvalIs(approval)}`;
  return sql(`select ${key} as k, p.id from properties p where p.document_id = ?${listed} limit 1`, [
    documentId,
  ]);
}
