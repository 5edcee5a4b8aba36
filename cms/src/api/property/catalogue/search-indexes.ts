import type { Core } from '@strapi/strapi';

/**
 * On PostgreSQL, trigram indexes answer the listing's substring searches (location and type) without
 * scanning every row. They are outside Strapi's schema model (expression indexes), so they are made
 * here, idempotently, at every start. Where pg_trgm cannot be enabled the search still works, by scan.
 */
export async function ensureSearchIndexes(strapi: Core.Strapi): Promise<void> {
  if (strapi.db.dialect.client !== 'postgres') return;
  const knex = strapi.db.connection;
  try {
    await knex.raw('create extension if not exists pg_trgm');
    await knex.raw('create index if not exists properties_location_trgm_idx on properties using gin (lower(location) gin_trgm_ops)');
    await knex.raw('create index if not exists properties_type_trgm_idx on properties using gin (lower(property_type) gin_trgm_ops)');
  } catch (error) {
    strapi.log.warn(`[fie] trigram search indexes not created (${(error as Error).message}); search will scan`);
  }
}
