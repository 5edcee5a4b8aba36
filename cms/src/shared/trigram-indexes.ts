import type { Core } from '@strapi/strapi';

/**
 * On PostgreSQL, trigram indexes let the staff lists' substring searches (`$containsi`, which Strapi
 * writes as `LOWER(col) LIKE '%…%'`) use an index instead of reading every row. They are expression
 * indexes, outside Strapi's schema model, so each concept makes its own here, idempotently, at every
 * start. Where pg_trgm cannot be enabled the search still works, by scan. SQLite has no such index.
 * `filteredBy`: columns the list always filters by as well (see below).
 */
export async function ensureTrigramIndexes(
  strapi: Core.Strapi,
  table: string,
  columns: readonly string[],
  options: { filteredBy?: readonly string[] } = {},
): Promise<void> {
  if (strapi.db.dialect.client !== 'postgres') return;
  const knex = strapi.db.connection;
  try {
    await knex.raw('create extension if not exists pg_trgm');
    for (const column of columns) {
      await knex.raw(`create index if not exists ?? on ?? using gin (lower(??) gin_trgm_ops)`, [
        `${table}_${column}_trgm_idx`,
        table,
        column,
      ]);
    }
  } catch (error) {
    strapi.log.warn(
      `[fie] trigram search indexes on ${table} not created (${(error as Error).message}); search will scan`,
    );
    return;
  }
  // A list that always filters by some columns (a viewing's status, an enquiry's status and priority)
  // searches within them: one GIN index over those columns (btree_gin) and the searched ones lets
  // the database intersect filter and search inside the index, so only rows that match both are
  // read. With the search indexes alone it read every row of the status (a quarter of the table)
  // or every row the search matched, whichever was fewer, and tested each.
  const filteredBy = options.filteredBy ?? [];
  if (filteredBy.length === 0) return;
  try {
    await knex.raw('create extension if not exists btree_gin');
    await knex.raw(
      `create index if not exists ?? on ?? using gin (${filteredBy.map(() => '??').join(', ')}, ${columns.map(() => 'lower(??) gin_trgm_ops').join(', ')})`,
      [`${table}_${filteredBy.join('_')}_search_idx`, table, ...filteredBy, ...columns],
    );
  } catch (error) {
    strapi.log.warn(
      `[fie] filtered search index on ${table} not created (${(error as Error).message}); searches use the column indexes`,
    );
  }
}
