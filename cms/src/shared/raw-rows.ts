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
