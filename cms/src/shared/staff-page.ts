import type { Core, UID } from '@strapi/strapi';
import { rawRows } from './raw-rows';

// The staff lists' pages in plain SQL (issue 13, "Performance and scale"). Strapi's query engine
// answers a filtered, sorted page with `select distinct` over every column of the joined rows and a
// second pass per populated relation; at 50,000 appointments or 20,000 accounts that was 20-70 ms a
// request. Here a list finds the ids of its page and the count in two narrow queries (served by the
// indexes its owner declares, and trigram indexes on PostgreSQL for the "contains" searches: see
// trigram-indexes.ts), then reads
// just those rows with Strapi, in that order, so each answer keeps its serializer.

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
    return this.add(`(${columns.map((c) => `lower(${c}) like ? escape '\\'`).join(' or ')})`, ...columns.map(() => pattern));
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

/**
 * One page's rows with the columns `select` names (e.g. `u.id, u.email, r.type as role_type`), in
 * order, and how many rows match: for a list whose answer needs nothing more than those columns.
 */
export async function staffPageRows<Row>(strapi: Core.Strapi, q: StaffPageQuery & { select: string }): Promise<{ rows: Row[]; total: number }> {
  const knex = strapi.db.connection;
  const [pageRows, countRows] = await Promise.all([
    knex.raw(`select ${q.select} from ${q.from} ${q.where.sql} order by ${q.orderBy} limit ? offset ?`, [...q.where.values, q.pageSize, (q.page - 1) * q.pageSize]),
    q.count ? knex.raw(`select count(*) as n from ${q.count.from} ${q.count.where.sql}`, q.count.where.values) : knex.raw(`select count(*) as n from ${q.from} ${q.where.sql}`, q.where.values),
  ]);
  return { rows: rawRows<Row>(pageRows), total: Number(rawRows<{ n: number | string }>(countRows)[0]?.n ?? 0) };
}

/** The ids of one page, in order, and how many rows match. */
export async function staffPageIds(strapi: Core.Strapi, q: StaffPageQuery): Promise<{ ids: number[]; total: number }> {
  const { rows, total } = await staffPageRows<{ id: number | string }>(strapi, { ...q, select: `${q.id} as id` });
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
  const meta = strapi.db.metadata.get(uid) as unknown as { attributes: Record<string, { columnName?: string } | undefined> };
  const column = meta.attributes[attribute]?.columnName;
  if (!column) throw new Error(`${uid} has no column for "${attribute}"`);
  return column;
}

/** The table of a content type, from Strapi's metadata. */
export const tableOf = (strapi: Core.Strapi, uid: UID.Schema): string => strapi.db.metadata.get(uid).tableName;

