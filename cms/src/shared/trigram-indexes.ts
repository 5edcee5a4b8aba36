import type { Core } from '@strapi/strapi';

/**
 * On PostgreSQL, trigram indexes let the staff lists' substring searches (`$containsi`, which Strapi
 * writes as `LOWER(col) LIKE '%…%'`) use an index instead of reading every row. They are expression
 * indexes, outside Strapi's schema model, so each concept makes its own here, idempotently, at every
 * start. Where pg_trgm cannot be enabled the search still works, by scan. SQLite has no such index.
 */
export async function ensureTrigramIndexes(strapi: Core.Strapi, table: string, columns: readonly string[]): Promise<void> {
  if (strapi.db.dialect.client !== 'postgres') return;
  const knex = strapi.db.connection;
  try {
    await knex.raw('create extension if not exists pg_trgm');
    for (const column of columns) {
      await knex.raw(`create index if not exists ?? on ?? using gin (lower(??) gin_trgm_ops)`, [`${table}_${column}_trgm_idx`, table, column]);
    }
  } catch (error) {
    strapi.log.warn(`[fie] trigram search indexes on ${table} not created (${(error as Error).message}); search will scan`);
  }
}
