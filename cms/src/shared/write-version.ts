import type { Core } from '@strapi/strapi';

/**
 * A number the database raises on every write to a set of tables, whoever writes (document service,
 * admin panel, raw updates, another cms process, a bulk load): triggers on those tables do it, in
 * the writing transaction, so the new number becomes visible exactly when the new rows do. What a
 * process read under version V (a count, an answer) is still exact for as long as the version is
 * still V. Nothing is kept that the database does not hold; a process only remembers answers it can
 * check in the same query as the page.
 *
 * Made idempotently at every start (outside Strapi's schema model, like the search indexes). If it
 * cannot be made, `ready()` stays false and the readers read everything every time.
 */
export interface WriteVersion {
  /** The one-row table holding the number. */
  readonly table: string;
  /** SQL for the current number, as a scalar subquery. */
  readonly sql: string;
  ready(): boolean;
  ensure(strapi: Core.Strapi): Promise<void>;
}

/** The write version `fie_<name>_version` of `tables` (`whenMissing`: what the readers do without it, for the log). */
export function writeVersion(name: string, tables: readonly string[], whenMissing: string): WriteVersion {
  const table = `fie_${name}_version`;
  let ready = false;
  return {
    table,
    sql: `(select version from ${table} where id = 1)`,
    ready: () => ready,
    async ensure(strapi) {
      const knex = strapi.db.connection;
      const bump = `update ${table} set version = version + 1 where id = 1`;
      try {
        if (!(await knex.schema.hasTable(table))) {
          await knex.schema.createTable(table, (t) => {
            t.integer('id').primary();
            t.bigInteger('version').notNullable();
          });
        }
        await knex(table).insert({ id: 1, version: 1 }).onConflict('id').ignore();
        if (strapi.db.dialect.client === 'postgres') {
          // Once per statement: a bulk update of every row raises the version once. Before the
          // statement, so a writer takes the version row's lock before any of the tables' rows: two
          // writers then queue on the version row instead of each holding a row the other needs (an
          // "after" trigger let two transactions writing different rows deadlock). Visibility is the
          // same either way: the new number and the new rows show together, at commit.
          await knex.raw(`create or replace function fie_bump_${name}_version() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`);
          for (const t of tables) {
            await knex.raw(`create or replace trigger ${t}_${name}_version before insert or update or delete or truncate on ${t} for each statement execute function fie_bump_${name}_version()`);
          }
        } else if (strapi.db.dialect.client === 'sqlite') {
          // SQLite has row triggers only; rebuilding a table (some schema changes) drops them, hence every start.
          for (const t of tables) {
            for (const [suffix, event] of [
              ['ins', 'insert'],
              ['upd', 'update'],
              ['del', 'delete'],
            ]) {
              await knex.raw(`create trigger if not exists ${t}_${name}_version_${suffix} after ${event} on ${t} begin ${bump}; end`);
            }
          }
        } else {
          throw new Error(`no trigger written for ${strapi.db.dialect.client}`);
        }
        ready = true;
      } catch (error) {
        ready = false;
        strapi.log.warn(`[fie] ${name} version not set up (${(error as Error).message}); ${whenMissing}`);
      }
    },
  };
}
