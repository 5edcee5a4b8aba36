import { createHash } from 'node:crypto';
import { Pool, type ClientConfig, type PoolClient } from 'pg';
import type { Core } from '@strapi/strapi';
import { MESSAGES } from '@fie/domain';
import { httpError } from '../../../shared/errors';
import { listingSettings } from './listing-settings';
import { CATALOGUE_VERSION_SQL, catalogueVersioned, newestCatalogueVersion } from './catalogue-version';

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
 *
 * With DATABASE_REPLICA_URL (PostgreSQL), the public listing's reads go to a second, read-only pool on
 * that address: a standby, normally through pgpool-II, which chooses among standbys, leaves out one
 * that lags or is down, and sends reads to the primary when none is fit. Before each statement the
 * standby's catalogue version is read on the same connection; one behind the newest version this
 * process has heard committed (the primary notifies every write) is not used, and the statement runs
 * on the primary. A standby that cannot be reached sends the reads to the primary too, with a line in
 * the log once a minute. Staff lists, and everything that must see its own write, read the primary.
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
let replica: Pool | null = null;
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

/**
 * A listing pool on `connectionString`, every connection under the statement ceiling; its connections'
 * errors told to `warn` (by default the log, each one).
 */
function listingPool(
  strapi: Core.Strapi,
  name: string,
  connectionString: string | undefined,
  {
    readOnly,
    connectMs,
    queryMs,
    lifetimeSeconds,
    warn = (message) => strapi.log.warn(message),
  }: {
    readOnly: boolean;
    connectMs: number;
    queryMs?: number;
    lifetimeSeconds?: number;
    warn?: (message: string) => void;
  },
): Pool {
  const settings = strapi.db.connection.client.connectionSettings as ClientConfig & { schema?: string };
  // The schema Strapi's tables are in (DATABASE_SCHEMA), as Strapi's own connections use it.
  const options = [
    ...(settings.schema ? [`-c search_path=${settings.schema}`] : []),
    ...(readOnly ? ['-c default_transaction_read_only=on'] : []),
  ].join(' ');
  const opened = new Pool({
    connectionString,
    ssl: settings.ssl,
    ...(options ? { options } : {}),
    max: listingSettings.poolMax,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectMs,
    statement_timeout: statementMs(),
    // The client's own limit on an answer: what the server's statement_timeout cannot end (a proxy
    // waiting on a standby that was killed mid-statement) ends here, and the primary answers.
    ...(queryMs ? { query_timeout: queryMs } : {}),
    // pg-pool's own option (pg 8.7+), which the installed typings do not list yet: a connection this
    // old is closed when it is next released, and the statement after it opens a new one.
    ...(lifetimeSeconds ? { maxLifetimeSeconds: lifetimeSeconds } : {}),
    application_name: name,
  });
  // An idle connection the server closed (a restart): the pool drops it and opens another on demand.
  opened.on('error', (error) => warn(`[fie] ${name} pool: ${error.message}`));
  // A connection the server cuts while a statement holds it errors on that client, not on the pool: with
  // no listener there the error would end the process. Its statement fails on its own.
  opened.on('connect', (client) =>
    client.on('error', (error) => warn(`[fie] ${name} connection: ${error.message}`)),
  );
  return opened;
}

/**
 * How long one connection of the standby pool lives (seconds). pgpool, like a provider's replica
 * endpoint, chooses a session's server when the session starts and keeps it there: sessions opened
 * while the standby was away are on the primary, and a pool kept busy would keep them there for good
 * once it is back. Each is closed at this age (when its statement is done), so its next session goes
 * where pgpool sends new ones: most reads are on the standby again within this long of pgpool taking
 * it back. The price is a new session (and server connection) per pooled connection this often: with
 * LISTING_POOL_MAX at 8, under 1 a second.
 */
const REPLICA_SESSION_SECONDS = 10;

/** Opens the listing's pool (PostgreSQL) at start, and the standby's when DATABASE_REPLICA_URL is set. */
export function openListingStatements(strapi: Core.Strapi): void {
  if (strapi.db.dialect.client !== 'postgres') return;
  const settings = strapi.db.connection.client.connectionSettings as ClientConfig;
  // Every connection busy for this long: 503, rather than a wait the statement ceiling does not count.
  pool = listingPool(strapi, 'fie listing', settings.connectionString, {
    readOnly: false,
    connectMs: 10_000,
  });
  const replicaUrl = process.env.DATABASE_REPLICA_URL?.trim();
  if (replicaUrl) {
    // Read-only by the server's own rule; a standby that does not answer within 2 s is given up on for
    // that statement (the primary answers it), not waited on.
    replica = listingPool(strapi, 'fie listing replica', replicaUrl, {
      readOnly: true,
      connectMs: 2_000,
      queryMs: statementMs() + 1_000,
      lifetimeSeconds: REPLICA_SESSION_SECONDS,
      // A standby going away cuts every connection of the pool at once: one line a minute, not one each.
      warn: (message) => replicaLog(strapi, 'warn', message),
    });
    strapi.log.info('[fie] listing: public listing reads go to DATABASE_REPLICA_URL, checked for freshness');
  }
}

export async function closeListingStatements(): Promise<void> {
  const closing = [pool, replica];
  pool = null;
  replica = null;
  replicaLoggedAt.warn = replicaLoggedAt.error = 0;
  await Promise.all(closing.map((p) => p?.end()));
}

/** Whether the public listing reads from a standby (DATABASE_REPLICA_URL, PostgreSQL). */
export const readsFromStandby = (): boolean => replica !== null;

/** What the standby pool did (tests and the benchmark read it): statements answered, and sent to the primary. */
export const replicaReads = { served: 0, behind: 0, unreachable: 0 };

const replicaLoggedAt = { warn: 0, error: 0 };
/**
 * Trouble with the standby, each level logged once a minute at most (the rest of that minute's lines
 * dropped): the connections' own errors (warn) do not hide the line saying the primary answers (error).
 */
function replicaLog(strapi: Core.Strapi, level: 'warn' | 'error', message: string): void {
  if (Date.now() - replicaLoggedAt[level] < 60_000) return;
  replicaLoggedAt[level] = Date.now();
  strapi.log[level](message);
}

/** The standby could not answer: logged once a minute, not per request, while it stays away. */
function replicaAway(strapi: Core.Strapi, error: unknown): void {
  replicaReads.unreachable += 1;
  replicaLog(
    strapi,
    'error',
    `[fie] listing replica unavailable (${(error as Error)?.message ?? error}); reading the primary (logged once a minute)`,
  );
}

const VERSION_NOW = { name: 'fie_listing_catalogue_version', text: `select ${CATALOGUE_VERSION_SQL} as v` };
/**
 * The newest catalogue version each standby connection has shown. A connection stays on one standby
 * (pgpool chooses it per session), whose replay only moves forward: while that version is still the
 * newest heard of, the connection's next statement needs no check, and reads cost one round trip.
 */
const seenOn = new WeakMap<PoolClient, bigint>();

/**
 * The statement's rows from the standby, or undefined when it is behind the newest version this
 * process knows committed, cannot tell (versions off, or not yet known), or cannot be reached: the
 * caller then reads the primary.
 */
async function fromReplica<Row>(
  strapi: Core.Strapi,
  standby: Pool,
  statement: { name?: string; text: string; values: unknown[] },
): Promise<Row[] | undefined> {
  const newest = newestCatalogueVersion();
  if (!catalogueVersioned() || newest === undefined) return undefined;
  let client: PoolClient;
  try {
    client = await standby.connect();
  } catch (error) {
    replicaAway(strapi, error);
    return undefined;
  }
  let failure: Error | undefined;
  try {
    // Read first, on the same connection (and so the same standby): its replay only moves forward, so
    // the statement that follows sees at least this version.
    if ((seenOn.get(client) ?? -1n) < newest) {
      const { rows } = await client.query(VERSION_NOW);
      const seen = BigInt(rows[0]?.v ?? 0);
      seenOn.set(client, seen);
      if (seen < newest) {
        replicaReads.behind += 1;
        return undefined;
      }
    }
    const answer = await client.query({
      ...(statement.name ? { name: statement.name } : {}),
      text: statement.text,
      values: statement.values,
    });
    replicaReads.served += 1;
    return answer.rows as Row[];
  } catch (error) {
    // Over its time is the statement's own answer (the primary would take as long); anything else
    // (the standby went away, pgpool restarting, a conflict with replay) is the primary's to answer.
    if (overTime(error)) throw error;
    failure = error as Error;
    replicaAway(strapi, error);
    return undefined;
  } finally {
    // A connection that failed is closed rather than given to the next statement.
    client.release(failure);
  }
}

/**
 * Runs one listing statement. On PostgreSQL as a named prepared statement on the listing's pool (a
 * listing's SQL has only a few shapes, and planning it again on every request cost more than running
 * it); on SQLite through the cms's own connection, with the tick's clock set.
 */
export async function runListingStatement<Row>(
  strapi: Core.Strapi,
  statement: { name?: string; text: string; sqliteText: string; values: unknown[] },
  { replica: onReplica = false }: { replica?: boolean } = {},
): Promise<Row[]> {
  try {
    if (pool && onReplica && replica) {
      const rows = await fromReplica<Row>(strapi, replica, statement);
      if (rows) return rows;
    }
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
  where: { replica?: boolean } = {},
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
  return runListingStatement<Row>(
    strapi,
    {
      ...(planEach ? {} : { name: statement.name }),
      text: statement.text,
      sqliteText: text,
      values,
    },
    where,
  );
}
