/**
 * The rows of a knex `raw` query: SQLite's driver answers an array, PostgreSQL's `{ rows }`. knex
 * types raw results as `any`, so the caller names the row shape it selected.
 */
export function rawRows<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? result : (result as { rows: Row[] }).rows;
}

/**
 * A timestamp column read by raw SQL, as ISO text: a Date on PostgreSQL, epoch milliseconds or
 * `YYYY-MM-DD HH:MM:SS` (UTC) text on SQLite.
 */
export function asIsoDate(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number') return new Date(v).toISOString();
  const s = String(v);
  if (/^\d+$/.test(s)) return new Date(Number(s)).toISOString();
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s.replace(' ', 'T')}Z`).toISOString();
}

/** A date column read by raw SQL as text (`cast(x as text)`), as `YYYY-MM-DD`; null stays null. */
export function asDay(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v).slice(0, 10);
}

/** Strapi's metadata of a content type, the parts `entityFromRow` reads. */
interface EntityMeta {
  columnToAttribute: Record<string, string>;
  attributes: Record<string, { type: string } | undefined>;
}

/**
 * A row of a content type's table read by raw SQL (`t.*`, every column under its own name), as
 * `strapi.db.query(uid)` answers it: attribute names, booleans as booleans (SQLite keeps 0/1),
 * numbers as numbers, datetimes as ISO text (timestamps as epoch text), JSON parsed. Relations are left out (read them in the same query and
 * attach them). Columns that are no attribute of `uid` (the caller's extra columns) are ignored.
 */
export function entityFromRow(meta: EntityMeta, row: Record<string, unknown>): Record<string, unknown> {
  const entity: Record<string, unknown> = {};
  for (const [column, attribute] of Object.entries(meta.columnToAttribute)) {
    if (!(column in row)) continue;
    const type = meta.attributes[attribute]?.type;
    if (type === undefined || type === 'relation') continue;
    const v = row[column];
    if (v === null || v === undefined) entity[attribute] = null;
    else if (type === 'boolean')
      entity[attribute] = v === true || v === 1 || v === '1' || v === 't' || v === 'true';
    else if (type === 'datetime') entity[attribute] = asIsoDate(v);
    else if (type === 'timestamp') entity[attribute] = String(new Date(asIsoDate(v) as string).getTime());
    else if (type === 'integer' || type === 'float' || type === 'decimal') entity[attribute] = Number(v);
    else if ((type === 'json' || type === 'blocks') && typeof v === 'string')
      entity[attribute] = JSON.parse(v);
    else entity[attribute] = v;
  }
  return entity;
}
