import { createHash } from 'node:crypto';
import { Pool, type ClientConfig, type PoolClient } from 'pg';
import type { Core } from '@strapi/strapi';
import { MESSAGES } from '@fie/domain';
import { httpError } from '../../../shared/errors';
import { listingSettings } from './listing-settings';

/**
 * Where the public listing's statements run, with a ceiling on what one may cost. A listing is
 * read by anyone, with any filters; a statement that reads far more than it should must end with an
 * answer rather than hold a database connection (PostgreSQL) or the whole process (SQLite, whose
 * statements run on the event loop) for as long as it takes.
 *
 * - PostgreSQL: a pool of its own, every connection opened with `statement_timeout`, so the listing
 *   pays nothing per statement for the ceiling and Strapi's own work keeps its pool untimed. It is
 *   also the listing's own place to read from, should its reads move to another server.
 * - SQLite: no statement can be interrupted from outside (better-sqlite3 runs it synchronously), so
 *   the listing's WHERE calls `fie_listing_tick()`, a function that counts rows read and ends the
 *   statement when its time is up: a progress limit in the statement itself.
 *
 * Either way, a statement over its time answers 503 with MESSAGES.searchTooSlow.
 */

/** How long one listing statement may run (LISTING_STATEMENT_MS; 3 s). */
export const statementMs = () => listingSettings.statementMs;

/** The SQLite guard: a condition every listing WHERE starts with (see whereOf). */
export const SQLITE_TICK = 'fie_listing_tick()';
const OVER_TIME = 'fie listing statement over its time';
/** How many rows between two looks at the clock (a look costs more than a row). */
const TICKS_PER_LOOK = 512;

/** The parts of a better-sqlite3 connection used here. */
interface SqliteConnection {
  function(name: string, options: object, fn: () => number): void;
  prepare(text: string): {
    reader: boolean;
    all(...values: unknown[]): unknown[];
    run(...values: unknown[]): unknown;
  };
}

let pool: Pool | null = null;
let sqliteDeadline = Number.POSITIVE_INFINITY;
let ticks = 0;
const guarded = new WeakSet<object>();

/** The tick itself: true while the statement has time left, else it ends the statement. */
function tick(): number {
  if (++ticks % TICKS_PER_LOOK === 0 && Date.now() > sqliteDeadline) throw new Error(OVER_TIME);
  return 1;
}

const overTime = (error: unknown) => {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === '57014' || (typeof e?.message === 'string' && e.message.includes(OVER_TIME));
};
/** node-postgres's pool: no connection came free in connectionTimeoutMillis. */
const poolBusy = (error: unknown) =>
  /timeout exceeded when trying to connect/i.test(String((error as { message?: unknown })?.message ?? ''));

/** Opens the listing's pool (PostgreSQL) at start. */
export function openListingStatements(strapi: Core.Strapi): void {
  if (strapi.db.dialect.client !== 'postgres') return;
  const settings = strapi.db.connection.client.connectionSettings as ClientConfig & { schema?: string };
  pool = new Pool({
    connectionString: settings.connectionString,
    ssl: settings.ssl,
    // The schema Strapi's tables are in (DATABASE_SCHEMA), as Strapi's own connections use it.
    ...(settings.schema ? { options: `-c search_path=${settings.schema}` } : {}),
    max: listingSettings.poolMax,
    idleTimeoutMillis: 30_000,
    // Every connection busy for this long: 503, rather than a wait the statement ceiling does not count.
    connectionTimeoutMillis: 10_000,
    statement_timeout: statementMs(),
    application_name: 'fie listing',
  });
  // An idle connection the server closed (a restart): the pool drops it and opens another on demand.
  pool.on('error', (error) => strapi.log.warn(`[fie] listing pool: ${error.message}`));
  // A connection the server cuts while a statement holds it errors on that client, not on the pool: with
  // no listener there the error would end the process. Its statement fails on its own (503).
  pool.on('connect', (client) =>
    client.on('error', (error) => strapi.log.warn(`[fie] listing connection: ${error.message}`)),
  );
}

export async function closeListingStatements(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.end();
}

/**
 * Runs one listing statement. On PostgreSQL as a named prepared statement on the listing's pool (a
 * listing's SQL has only a few shapes, and planning it again on every request cost more than running
 * it); on SQLite through the cms's own connection, with the tick's clock set.
 */
export async function runListingStatement<Row>(
  strapi: Core.Strapi,
  statement: { name?: string; text: string; sqliteText: string; values: unknown[] },
): Promise<Row[]> {
  try {
    if (pool) {
      const client: PoolClient = await pool.connect();
      try {
        // Unnamed, a statement is planned with its values each time (an unnamed prepared statement).
        return (
          await client.query({
            ...(statement.name ? { name: statement.name } : {}),
            text: statement.text,
            values: statement.values,
          })
        ).rows as Row[];
      } finally {
        client.release();
      }
    }
    // Run on the connection itself, in one synchronous step: the clock is set for this statement
    // alone (nothing else runs meanwhile), from when it starts rather than from when it was queued.
    const knex = strapi.db.connection;
    const connection = (await knex.client.acquireConnection()) as SqliteConnection;
    try {
      if (!guarded.has(connection)) {
        // The function lives on the connection: added to each one the first time it serves the listing.
        connection.function('fie_listing_tick', { deterministic: false }, tick);
        guarded.add(connection);
      }
      const prepared = connection.prepare(statement.sqliteText);
      // As knex gives values to better-sqlite3: a time as its milliseconds, a flag as 0 or 1.
      const values = statement.values.map((v) =>
        v instanceof Date ? v.valueOf() : typeof v === 'boolean' ? Number(v) : v,
      );
      sqliteDeadline = Date.now() + statementMs();
      try {
        return (prepared.reader ? prepared.all(...values) : (prepared.run(...values), [])) as Row[];
      } finally {
        sqliteDeadline = Number.POSITIVE_INFINITY;
      }
    } finally {
      await knex.client.releaseConnection(connection);
    }
  } catch (error) {
    if (overTime(error)) throw httpError(503, MESSAGES.searchTooSlow);
    if (poolBusy(error)) throw httpError(503, MESSAGES.serviceUnavailable);
    throw error;
  }
}

/** `$1, $2, …` for PostgreSQL, and a statement name, per SQL text with `?` placeholders (the last 1,000). */
const named = new Map<string, { text: string; name: string }>();

/**
 * Runs a listing statement written with `?` placeholders (listing-sql-builders.ts): numbered and named
 * once per text, so PostgreSQL prepares each shape of statement once per connection; one marked
 * `planEach` is numbered the same but left unnamed, so it is planned with its values every time.
 */
export function runListingSql<Row>(
  strapi: Core.Strapi,
  { sql: text, values, planEach }: { sql: string; values: unknown[]; planEach?: boolean },
): Promise<Row[]> {
  let statement = named.get(text);
  if (!statement) {
    let n = 0;
    const numbered = text.replace(/\?/g, () => `$${++n}`);
    statement = {
      text: numbered,
      name: `fie_listing_${createHash('sha1').update(numbered).digest('hex').slice(0, 20)}`,
    };
    if (named.size >= 1000) named.delete(named.keys().next().value as string);
    named.set(text, statement);
  }
  return runListingStatement<Row>(strapi, {
    ...(planEach ? {} : { name: statement.name }),
    text: statement.text,
    sqliteText: text,
    values,
  });
}
