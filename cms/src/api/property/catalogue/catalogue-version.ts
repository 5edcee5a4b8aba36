import type { Core } from '@strapi/strapi';
import { writeVersion } from '../../../shared/write-version';

/**
 * The catalogue's write version (shared/write-version.ts): raised on every write to the tables a
 * listing reads (`properties`, and the images, city and poster of each). The listing keeps its
 * counts and each property's answer against it: what was read under version V is still exact for
 * as long as the version is still V. If it cannot be made, `catalogueVersioned()` stays false and
 * every listing reads everything.
 */

/**
 * Every table a listed property's answer is read from: the row, its image links and the files they
 * point at, its city link and the cities, its poster link. (A poster's documentId never changes.)
 * The media tables hold other content's links too; their writes raise the number as well, which
 * costs a re-read, never a wrong answer.
 */
export const CATALOGUE_TABLES = [
  'properties',
  'files_related_mph',
  'files',
  'properties_city_lnk',
  'cities',
  'properties_posted_by_lnk',
] as const;

const catalogue = writeVersion('catalogue', CATALOGUE_TABLES, 'listings will count every time');

export const CATALOGUE_VERSION_TABLE = catalogue.table;
export const catalogueVersioned = () => catalogue.ready();
/** SQL for the current version, as a scalar subquery. */
export const CATALOGUE_VERSION_SQL = catalogue.sql;
/**
 * `, <current version> as catalogue_version` for a query's select list, or nothing when versions are
 * off: what a staff list reads with its page so answersByIds can reuse the listing's kept answers.
 */
export const catalogueVersionColumn = (): string =>
  catalogue.ready() ? `, ${catalogue.sql} as catalogue_version` : '';
export const ensureCatalogueVersion = (strapi: Core.Strapi): Promise<void> => catalogue.ensure(strapi);
/**
 * Calls `onWrite` when any process commits a catalogue write (PostgreSQL; nothing on SQLite), with the
 * version it made, and keeps the newest heard (newestCatalogueVersion). After the listening connection
 * (re)opens, when writes may have gone unheard, the primary's version is read instead.
 */
export const listenForCatalogueWrites = (strapi: Core.Strapi, onWrite: () => void) =>
  catalogue.listen(strapi, (version) => {
    onWrite();
    if (version !== undefined) noteVersion(version);
    else void readNewestFromPrimary(strapi);
  });

/**
 * The newest catalogue version this process knows was committed: heard from the primary's
 * notifications, or read from the primary. Undefined while not known (at start, or after the listening
 * connection was lost until the primary was read again): a reader that cannot tell how new an
 * answer must be then reads the primary.
 */
let newest: bigint | undefined;
let unsureSince = 0;

function noteVersion(version: string): void {
  let v: bigint;
  try {
    v = BigInt(version);
  } catch {
    return;
  }
  if (newest === undefined || v > newest) newest = v;
}

/** The version committed on the primary now (read outside any transaction of the caller's). */
async function primaryVersion(strapi: Core.Strapi): Promise<string | undefined> {
  const row = await strapi.db.connection(catalogue.table).where({ id: 1 }).first('version');
  return row ? String(row.version) : undefined;
}

async function readNewestFromPrimary(strapi: Core.Strapi): Promise<void> {
  if (!catalogue.ready()) return;
  const asked = ++unsureSince;
  newest = undefined;
  try {
    const version = await primaryVersion(strapi);
    // A later loss of the connection asked again meanwhile: its answer counts, not this one.
    if (asked === unsureSince && version !== undefined) noteVersion(version);
  } catch (error) {
    strapi.log.warn(`[fie] catalogue version: cannot read it (${(error as Error).message})`);
  }
}

/**
 * The newest catalogue version known committed (see above), or undefined when not known, which is
 * also the case while a write of this process waits for the version it made to be read.
 */
export const newestCatalogueVersion = (): bigint | undefined => (localWrites > 0 ? undefined : newest);

/**
 * This process's catalogue writes whose version is not known yet. The notification of a write comes
 * back on the listening connection some milliseconds after its commit, possibly after the writer has
 * answered (an approval answered 200, then the search that follows): a read in that gap would still
 * compare a standby against the older version and could take its answer without the write. So from
 * a write's start until the primary's version is read after its commit, readers read the primary.
 */
let localWrites = 0;

/**
 * Runs `write` (a catalogue write of this process) as above. Inside an outer transaction the version
 * is read when that transaction commits (nothing when it rolls back); otherwise before answering.
 */
export async function whileLocalWriteUnheard<T>(
  strapi: Core.Strapi,
  write: () => T | Promise<T>,
): Promise<T> {
  if (!catalogue.ready() || strapi.db.dialect.client !== 'postgres') return write();
  localWrites += 1;
  let settled = false;
  const settle = async (committed: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(guard);
    try {
      const version = committed ? await primaryVersion(strapi) : undefined;
      if (version !== undefined) noteVersion(version);
    } catch (error) {
      strapi.log.warn(`[fie] catalogue version: cannot read it after a write (${(error as Error).message})`);
    } finally {
      localWrites -= 1;
    }
  };
  // A transaction left neither committed nor rolled back through Strapi never calls back: after a
  // minute the standby is used again rather than never.
  const guard = setTimeout(() => void settle(false), 60_000);
  guard.unref();
  let result: T;
  try {
    result = await write();
  } catch (error) {
    if (strapi.db.inTransaction()) await registerSettle(strapi, settle);
    else await settle(false);
    throw error;
  }
  if (strapi.db.inTransaction()) await registerSettle(strapi, settle);
  else await settle(true);
  return result;
}

/** Settles on the enclosing transaction's end: its commit or rollback. */
async function registerSettle(
  strapi: Core.Strapi,
  settle: (committed: boolean) => Promise<void>,
): Promise<void> {
  await strapi.db.transaction(async ({ onCommit, onRollback }) => {
    onCommit(() => void settle(true));
    onRollback(() => void settle(false));
  });
}

/** Forgets the newest version heard (a new start). */
export const forgetNewestCatalogueVersion = (): void => {
  newest = undefined;
  unsureSince += 1;
};

/**
 * Raises the version without writing a row (in `trx` when given; other processes hear of it at commit
 * on PostgreSQL): for answers that change with the clock rather than with a write, such as a listing
 * whose confirmation has just grown stale (api/property/services/availability.ts).
 */
export const raiseCatalogueVersion = (
  strapi: Core.Strapi,
  trx: Core.Strapi['db']['connection'] = strapi.db.connection,
): Promise<void> => catalogue.raise(strapi, trx);
