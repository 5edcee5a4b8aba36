import type { Core } from '@strapi/strapi';
import { rawRows } from '../../../shared/raw-rows';
import { writeVersion } from '../../../shared/write-version';
import { CATALOGUE_VERSION_SQL, catalogueVersioned } from '../catalogue/catalogue-version';

/** How many listings' copies one process keeps at most (the oldest kept go first). */
const KEPT = 5000;

/**
 * Each listing's copied photos, kept against two versions: the catalogue's (raised by every write to
 * the listings, their photo links and the files) and that of the pairs of near images (`matchesTable`,
 * raised by every write to it). Read under the same two versions, a listing's copies are still its
 * copies. Staff queues show the same listings page after page, so each listing's copies are kept
 * instead of joined again (a stock photo on thousands of listings made that join most of a queue
 * page's time). Only the pairs' writes take their version's row lock, and always after the catalogue's
 * when a transaction takes both (an upload stores its files before its hashes), so the two never wait
 * on each other in a circle.
 */
export function keptDuplicates<Found>(matchesTable: string) {
  const version = writeVersion(
    'photo_matches',
    [matchesTable],
    "listings' copied photos are read every time",
  );
  const kept = new Map<string, { version: string; found: Found | undefined }>();
  return {
    async ensure(strapi: Core.Strapi): Promise<void> {
      kept.clear();
      await version.ensure(strapi);
    },

    /** The copies of `documentIds`: those kept under the current versions, and `read` for the rest. */
    async of(
      strapi: Core.Strapi,
      documentIds: string[],
      read: (documentIds: string[]) => Promise<Map<string, Found>>,
    ): Promise<Map<string, Found>> {
      if (!version.ready() || !catalogueVersioned()) return read(documentIds);
      // Read before the copies: a write committed meanwhile leaves them kept under older versions, never hit.
      const [now] = rawRows<{ c: unknown; m: unknown }>(
        await strapi.db.connection.raw(`select ${CATALOGUE_VERSION_SQL} as c, ${version.sql} as m`),
      );
      const current = `${String(now?.c)}:${String(now?.m)}`;
      const missing = documentIds.filter((id) => kept.get(id)?.version !== current);
      const fresh = missing.length > 0 ? await read(missing) : new Map<string, Found>();
      for (const id of missing) {
        if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
        kept.set(id, { version: current, found: fresh.get(id) });
      }
      const out = new Map<string, Found>();
      for (const id of documentIds) {
        const found = fresh.get(id) ?? kept.get(id)?.found;
        if (found) out.set(id, found);
      }
      return out;
    },
  };
}
