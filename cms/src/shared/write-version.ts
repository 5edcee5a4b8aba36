import type { Core } from '@strapi/strapi';
import { Client, type ClientConfig } from 'pg';

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
  /**
   * Calls `onWrite` soon after any process commits a write to the tables (PostgreSQL: LISTEN on the
   * channel the trigger notifies, with the version the write made; also after the listening
   * connection was (re)opened, without a version, since writes may have been missed meanwhile).
   * Answers the function that stops listening. On SQLite, where one process owns the file and sees
   * its own writes, it does nothing.
   */
  listen(strapi: Core.Strapi, onWrite: (version?: string) => void): Promise<() => Promise<void>>;
  /**
   * Raises the number without writing a row (in `trx` when given), as the triggers do: for answers
   * that change with the clock rather than with a write. Other processes hear of it at commit.
   */
  raise(strapi: Core.Strapi, trx?: Core.Strapi['db']['connection']): Promise<void>;
}

/** The write version `fie_<name>_version` of `tables` (`whenMissing`: what the readers do without it, for the log). */
export function writeVersion(name: string, tables: readonly string[], whenMissing: string): WriteVersion {
  const table = `fie_${name}_version`;
  const bump = `update ${table} set version = version + 1 where id = 1`;
  // The notification carries the number the write made (delivered at commit), so a process knows how
  // new an answer must be: one read from a standby that has not replayed it yet is behind.
  const notify = `pg_notify('${table}', (select version from ${table} where id = 1)::text)`;
  let ready = false;
  return {
    table,
    sql: `(select version from ${table} where id = 1)`,
    ready: () => ready,
    async ensure(strapi) {
      const knex = strapi.db.connection;
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
          // Every process listening on the channel hears of the write once it commits (listen()).
          await knex.raw(
            `create or replace function fie_bump_${name}_version() returns trigger language plpgsql as $$ begin ${bump}; perform ${notify}; return null; end $$`,
          );
          for (const t of tables) {
            await knex.raw(
              `create or replace trigger ${t}_${name}_version before insert or update or delete or truncate on ${t} for each statement execute function fie_bump_${name}_version()`,
            );
          }
        } else if (strapi.db.dialect.client === 'sqlite') {
          // SQLite has row triggers only; rebuilding a table (some schema changes) drops them, hence every start.
          for (const t of tables) {
            for (const [suffix, event] of [
              ['ins', 'insert'],
              ['upd', 'update'],
              ['del', 'delete'],
            ]) {
              await knex.raw(
                `create trigger if not exists ${t}_${name}_version_${suffix} after ${event} on ${t} begin ${bump}; end`,
              );
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

    async raise(strapi, trx = strapi.db.connection) {
      if (!ready) return;
      await trx.raw(bump);
      if (strapi.db.dialect.client === 'postgres') await trx.raw(`select ${notify}`);
    },

    async listen(strapi, onWrite) {
      if (strapi.db.dialect.client !== 'postgres') return async () => {};
      // A connection of its own (not one of the pool's): it stays open to receive notifications.
      const settings = strapi.db.connection.client.connectionSettings as ClientConfig;
      let client: Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | null = null;
      const connect = async () => {
        retry = null;
        if (stopped) return;
        const c = new Client({ connectionString: settings.connectionString, ssl: settings.ssl });
        c.on('notification', (message) => onWrite(message.payload || undefined));
        c.on('error', (error) => {
          strapi.log.warn(
            `[fie] ${name} version: lost the listening connection (${error.message}); listening again in 1 s`,
          );
        });
        c.on('end', () => {
          if (client === c) client = null;
          if (!stopped && !retry) retry = setTimeout(connect, 1000);
        });
        try {
          await c.connect();
          await c.query(`listen ${table}`);
          client = c;
          // Writes committed while nobody listened are not heard: treat them as one.
          onWrite();
        } catch (error) {
          strapi.log.warn(
            `[fie] ${name} version: cannot listen (${(error as Error).message}); trying again in 1 s`,
          );
          await c.end().catch(() => {});
          if (!stopped && !retry) retry = setTimeout(connect, 1000);
        }
      };
      await connect();
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        await client?.end().catch(() => {});
      };
    },
  };
}
