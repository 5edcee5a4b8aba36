import type { Core, UID } from '@strapi/strapi';
import { rawRows } from './raw-rows';
import { writeVersion, type WriteVersion } from './write-version';

/**
 * The write version of every table a staff list's search counts: viewings, enquiries, deals,
 * accounts with their roles, and the deletions that wait (the pending deals' queue holds those;
 * see staffPageRows' `keptUnder`). Made at start (src/index.ts).
 */
export const staffListsVersion = writeVersion(
  'staff_lists',
  ['appointments', 'enquiries', 'deals', 'up_users', 'up_users_role_lnk', 'up_roles', 'deletion_requests'],
  'staff lists count every search',
);

// The staff lists' pages in plain SQL (they must stay fast with many thousands of rows). Strapi's query engine
// answers a filtered, sorted page with `select distinct` over every column of the joined rows and a
// second pass per populated relation; at 50,000 appointments or 20,000 accounts that was 20-70 ms a
// request. Here a list finds its page (its ids, or the few columns its answer needs) and the count
// in one narrow statement (served by the indexes its owner declares, and trigram indexes on
// PostgreSQL for the "contains" searches: see trigram-indexes.ts), then reads whatever else its
// answer needs for just those rows.

/** A value bound to a `?`. */
export type SqlValue = string | number | boolean | null | Date;

/** LIKE pattern for "contains", case-insensitive, with the user's %, _ and \ taken literally (use with `escape '\'`). */
export const containsPattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** LIKE pattern for "starts with" (same escaping). */
export const prefixPattern = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conditions joined by AND, each with its values. */
export class Where {
  readonly conditions: string[] = [];
  readonly values: SqlValue[] = [];
  add(condition: string, ...values: SqlValue[]): this {
    this.conditions.push(condition);
    this.values.push(...values);
    return this;
  }
  /** `lower(column) like %text%` over any of `columns` (text already trimmed and non-empty). */
  contains(columns: string[], text: string): this {
    const pattern = containsPattern(text);
    return this.add(
      `(${columns.map((c) => `lower(${c}) like ? escape '\\'`).join(' or ')})`,
      ...columns.map(() => pattern),
    );
  }
  /** Whether a condition matches text against a pattern (a search): see staffPageRows. */
  get searchesText(): boolean {
    return this.conditions.some((c) => /\blike\b/i.test(c));
  }
  get sql(): string {
    return this.conditions.length ? `where ${this.conditions.join(' and ')}` : '';
  }
}

export interface StaffPageQuery {
  /** `from` clause with joins, e.g. `appointments a left join appointments_user_lnk l on l.appointment_id = a.id`. */
  from: string;
  /** The row id column, e.g. `a.id`. */
  id: string;
  where: Where;
  /** e.g. `a.created_at desc, a.id desc` (end with the id so pages never overlap). */
  orderBy: string;
  /** A cheaper count for the same rows, when one exists (e.g. the link table alone when nothing is searched). */
  count?: { from: string; where: Where };
  page: number;
  pageSize: number;
}

/** The terms of an `order by` list (`a.created_at desc, a.id desc`), each with its direction. */
function orderTerms(orderBy: string): { expr: string; dir: 'asc' | 'desc' }[] {
  return orderBy.split(',').map((term) => {
    const m = /^\s*(.+?)(?:\s+(asc|desc))?\s*$/i.exec(term);
    if (!m) throw new Error(`staff page: cannot read the order term "${term}"`);
    return { expr: m[1], dir: m[2]?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
  });
}

/**
 * The counts of text searches, each with the write version (staffListsVersion) it was read under:
 * still exact while that version is current, checked in the same statement as the page. Bounded;
 * the least recently used go first.
 */
const keptCounts = new Map<string, { version: string; n: number }>();
const KEPT_COUNTS_MAX = 2000;
/** Forgets the kept counts (a new start, possibly on another database). */
export const forgetKeptCounts = () => keptCounts.clear();
const keep = (key: string, version: string, n: number) => {
  keptCounts.delete(key);
  if (keptCounts.size >= KEPT_COUNTS_MAX) keptCounts.delete(keptCounts.keys().next().value as string);
  keptCounts.set(key, { version, n });
};

/**
 * One page's rows with the columns `select` names (e.g. `u.id, u.email, r.type as role_type`), in
 * order, and how many rows match: for a list whose answer needs nothing more than those columns.
 * `select` reads from `from`, or, when given, from `rowsFrom`: tables joined for the page's rows
 * only (e.g. a viewing's client), under the same alias as `id`. The statement's own aliases and
 * columns start with `fie_`: the caller's must not.
 *
 * One statement, one round trip: the count is joined to the page (so an empty page still says how
 * many match). Each round trip is a write to the database's socket and a wake-up of its process,
 * which on these 2-core machines cost more than the small queries themselves (docs/benchmarks.md).
 * When the conditions search text (`like`), the matching rows are read once and both the count
 * and the page come from them (`materialized`): a separate page query walked the ordered index
 * and tested every row against the pattern, which for a search with few matches read the whole
 * table. Without a search the two parts keep their own plans (`not materialized`): an index-only
 * count and the ordered index for the page.
 *
 * With `keptUnder` (a write version over every table the count reads), a text search's count is
 * kept against that version, as the catalogue keeps the listing's: paging through a search, or
 * asking again, reads only the page and the version, and the kept count answers while the version
 * is the one it was read under (a write anywhere in those tables, by anyone, raises it and the next
 * request counts again). Counting is what costs: every match read and tested. A kept count also
 * says whether the matches are many: then the page walks the ordered index, which finds the first
 * pages of a broad search after a few rows, instead of reading every match to sort them.
 * STAFF_COUNT_CACHE=false counts every time (for measuring).
 */
export async function staffPageRows<Row>(
  strapi: Core.Strapi,
  q: StaffPageQuery & { select: string; rowsFrom?: string; keptUnder?: WriteVersion },
): Promise<{ rows: Row[]; total: number }> {
  const knex = strapi.db.connection;
  const terms = orderTerms(q.orderBy);
  const order = (alias: string) => terms.map((t, i) => `${alias}fie_o${i} ${t.dir}`).join(', ');
  const offset = (q.page - 1) * q.pageSize;
  const count = q.count
    ? `select count(*) as fie_total from ${q.count.from} ${q.count.where.sql}`
    : 'select count(*) as fie_total from fie_m';
  const countValues = q.count ? q.count.where.values : [];
  const version =
    q.where.searchesText && q.keptUnder?.ready() && process.env.STAFF_COUNT_CACHE !== 'false'
      ? q.keptUnder
      : undefined;
  const key = version
    ? JSON.stringify([
        q.from,
        q.where.sql,
        q.where.values,
        q.count?.from ?? null,
        q.count?.where.sql ?? null,
        countValues,
      ])
    : '';
  const known = version ? keptCounts.get(key) : undefined;
  // Many matches and a page among the first tenth of them: walk the order (see above).
  const walk = known !== undefined && known.n > 1000 && offset + q.pageSize <= known.n / 10;
  const matches = q.where.searchesText && !walk ? 'materialized' : 'not materialized';
  const orderColumns = terms.map((t, i) => `${t.expr} as fie_o${i}`).join(', ');
  // With `rowsFrom`, the matches carry only their id and order; the columns are read for the page.
  const [matchColumns, pageColumns, pageJoin] = q.rowsFrom
    ? [
        `${q.id} as fie_id`,
        `fie_page.fie_row, ${q.select}`,
        `left join (${q.rowsFrom}) on ${q.id} = fie_page.fie_id`,
      ]
    : [q.select, 'fie_page.*', ''];
  const result = await knex.raw(
    `with fie_m as ${matches} (select ${matchColumns}, 1 as fie_row, ${orderColumns} from ${q.from} ${q.where.sql})
     select ${version ? `${version.sql} as fie_version, ` : ''}fie_count.fie_total, ${pageColumns} from (${known ? 'select null as fie_total' : count}) fie_count
     left join (select * from fie_m order by ${order('')} limit ? offset ?) fie_page on 1 = 1
     ${pageJoin}
     order by ${order('fie_page.')}`,
    [...q.where.values, ...(known ? [] : countValues), q.pageSize, offset],
  );
  const all = rawRows<Record<string, unknown>>(result);
  const versionOf = (row: Record<string, unknown> | undefined) =>
    row?.fie_version === null || row?.fie_version === undefined ? undefined : String(row.fie_version);
  let total: number;
  if (!known) {
    total = Number(all[0]?.fie_total ?? 0);
    const read = versionOf(all[0]);
    if (version && read !== undefined) keep(key, read, total);
  } else if (versionOf(all[0]) === known.version) {
    total = known.n;
    keep(key, known.version, known.n);
  } else {
    // Written since: count again, with the version in the same statement (one snapshot).
    const [row] = rawRows<Record<string, unknown>>(
      await knex.raw(
        `with fie_m as not materialized (select 1 as fie_row from ${q.from} ${q.where.sql}) select ${version!.sql} as fie_version, fie_count.fie_total from (${count}) fie_count`,
        [...q.where.values, ...countValues],
      ),
    );
    total = Number(row?.fie_total ?? 0);
    const read = versionOf(row);
    if (read !== undefined) keep(key, read, total);
  }
  const rows = all
    .filter((r) => r.fie_row !== null && r.fie_row !== undefined)
    .map((r) => {
      const row: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r)) if (!k.startsWith('fie_')) row[k] = v;
      return row as Row;
    });
  return { rows, total };
}

/** The ids of one page, in order, and how many rows match. */
export async function staffPageIds(
  strapi: Core.Strapi,
  q: StaffPageQuery & { keptUnder?: WriteVersion },
): Promise<{ ids: number[]; total: number }> {
  const { rows, total } = await staffPageRows<{ id: number | string }>(strapi, {
    ...q,
    select: `${q.id} as id`,
  });
  return { ids: rows.map((r) => Number(r.id)), total };
}

/** `docs` (read by id, in any order) in the order of `ids`, leaving out any that has gone meanwhile. */
export function inIdOrder<Doc extends { id?: number | string | null }>(ids: number[], docs: Doc[]): Doc[] {
  const byId = new Map(docs.map((d) => [Number(d.id), d]));
  return ids.map((id) => byId.get(id)).filter((d): d is Doc => d !== undefined);
}

/** The column of a content type's attribute, from Strapi's metadata (e.g. `createdAt` → `created_at`). */
export function columnOf(strapi: Core.Strapi, uid: UID.Schema, attribute: string): string {
  if (attribute === 'id') return 'id';
  const meta = strapi.db.metadata.get(uid) as unknown as {
    attributes: Record<string, { columnName?: string } | undefined>;
  };
  const column = meta.attributes[attribute]?.columnName;
  if (!column) throw new Error(`${uid} has no column for "${attribute}"`);
  return column;
}

/** The table of a content type, from Strapi's metadata. */
export const tableOf = (strapi: Core.Strapi, uid: UID.Schema): string =>
  strapi.db.metadata.get(uid).tableName;
