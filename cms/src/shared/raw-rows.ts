/**
 * The rows of a knex `raw` query: SQLite's driver answers an array, PostgreSQL's `{ rows }`. knex
 * types raw results as `any`, so the caller names the row shape it selected.
 */
export function rawRows<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? result : (result as { rows: Row[] }).rows;
}
