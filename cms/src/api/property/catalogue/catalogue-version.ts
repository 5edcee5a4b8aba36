import type { Core } from '@strapi/strapi';

/**
 * A number the database raises on every write to the catalogue, whoever writes (document service,
 * admin panel, the raw price and city-slug updates, another cms process, a bulk load): triggers on
 * the tables a listing reads (`properties`, and the images, city and poster of each) do it, in the
 * writing transaction, so the new number becomes visible exactly when the new rows do. The listing
 * keeps its counts and each property's answer against this number: what was read under version V
 * is still exact for as long as the version is still V. Nothing is kept that the database does not
 * hold; a process only remembers answers it can check in the same query as the page.
 *
 * Made here, idempotently, at every start (outside Strapi's schema model, like the search indexes).
 * If it cannot be made, `catalogueVersioned()` stays false and every listing reads everything.
 */
export const CATALOGUE_VERSION_TABLE = 'fie_catalogue_version';

let ready = false;
export const catalogueVersioned = () => ready;

/** SQL for the current version, as a scalar subquery. */
export const CATALOGUE_VERSION_SQL = `(select version from ${CATALOGUE_VERSION_TABLE} where id = 1)`;

/**
 * Every table a listed property's answer is read from: the row, its image links and the files they
 * point at, its city link and the cities, its poster link. (A poster's documentId never changes.)
 * The media tables hold other content's links too; their writes raise the number as well, which
 * costs a re-read, never a wrong answer.
 */
export const CATALOGUE_TABLES = ['properties', 'files_related_mph', 'files', 'properties_city_lnk', 'cities', 'properties_posted_by_lnk'] as const;

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
      // Once per statement: a bulk update of every row raises the version once. Before the statement,
      // so a writer takes the version row's lock before any catalogue row's: two writers then queue
      // on the version row instead of each holding a row the other needs (an "after" trigger let two
      // transactions writing different properties deadlock). Visibility is the same either way: the
      // new number and the new rows show together, at commit.
      await knex.raw(`create or replace function fie_bump_catalogue_version() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`);
      for (const table of CATALOGUE_TABLES) {
        await knex.raw(`create or replace trigger ${table}_catalogue_version before insert or update or delete or truncate on ${table} for each statement execute function fie_bump_catalogue_version()`);
      }
    } else if (strapi.db.dialect.client === 'sqlite') {
      // SQLite has row triggers only; rebuilding a table (some schema changes) drops them, hence every start.
      for (const table of CATALOGUE_TABLES) {
        for (const [suffix, event] of [
          ['ins', 'insert'],
          ['upd', 'update'],
          ['del', 'delete'],
        ]) {
          await knex.raw(`create trigger if not exists ${table}_catalogue_version_${suffix} after ${event} on ${table} begin ${bump}; end`);
        }
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
