import type { Core } from '@strapi/strapi';

/**
 * A number the database raises on every write to `properties`, whoever writes (document service,
 * admin panel, the raw price and city-slug updates, another cms process, a bulk load): a trigger on
 * the table does it, in the writing transaction, so the new number becomes visible exactly when the
 * new rows do. The listing keeps its counts against this number: a count read under version V is
 * the exact count for as long as the version is still V. Nothing is kept that the database does not
 * hold; a process only remembers answers it can check in the same query as the page.
 *
 * Made here, idempotently, at every start (outside Strapi's schema model, like the search indexes).
 * If it cannot be made, `catalogueVersioned()` stays false and every listing counts its matches.
 */
export const CATALOGUE_VERSION_TABLE = 'fie_catalogue_version';

let ready = false;
export const catalogueVersioned = () => ready;

/** SQL for the current version, as a scalar subquery. */
export const CATALOGUE_VERSION_SQL = `(select version from ${CATALOGUE_VERSION_TABLE} where id = 1)`;

export async function ensureCatalogueVersion(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  const bump = `update ${CATALOGUE_VERSION_TABLE} set version = version + 1 where id = 1`;
  try {
    if (!(await knex.schema.hasTable(CATALOGUE_VERSION_TABLE))) {
      await knex.schema.createTable(CATALOGUE_VERSION_TABLE, (t) => {
        t.integer('id').primary();
        t.bigInteger('version').notNullable();
      });
    }
    await knex(CATALOGUE_VERSION_TABLE).insert({ id: 1, version: 1 }).onConflict('id').ignore();
    if (strapi.db.dialect.client === 'postgres') {
      // Once per statement: a bulk update of every row raises the version once.
      await knex.raw(`create or replace function fie_bump_catalogue_version() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`);
      await knex.raw(
        'create or replace trigger properties_catalogue_version after insert or update or delete or truncate on properties for each statement execute function fie_bump_catalogue_version()',
      );
    } else if (strapi.db.dialect.client === 'sqlite') {
      // SQLite has row triggers only; rebuilding the table (some schema changes) drops them, hence every start.
      for (const [suffix, event] of [
        ['ins', 'insert'],
        ['upd', 'update'],
        ['del', 'delete'],
      ]) {
        await knex.raw(`create trigger if not exists properties_catalogue_version_${suffix} after ${event} on properties begin ${bump}; end`);
      }
    } else {
      throw new Error(`no trigger written for ${strapi.db.dialect.client}`);
    }
    ready = true;
  } catch (error) {
    ready = false;
    strapi.log.warn(`[fie] catalogue version not set up (${(error as Error).message}); listings will count every time`);
  }
}
