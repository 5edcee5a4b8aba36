import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { rawRows } from '../../../../../shared/raw-rows';
import { getService } from '../get-service';

const UID = 'plugin::platform.rate-limit-bucket';
// The content type's collectionName; `key` has a unique index, which ON CONFLICT needs.
const TABLE = 'rate_limit_buckets';

// The key column holds 255 characters; a key built from a 254-character address (or a forwarded
// network address) can be longer, so such keys keep a readable start and end in a digest.
const KEY_ROOM = 255;
const bucketKey = (key: string) =>
  key.length <= KEY_ROOM ? key : `${key.slice(0, 150)}#${createHash('sha256').update(key).digest('hex')}`;

export interface LimitState {
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters kept in the database (shared by every cms process). A request reserves its
 * place with `hit` before it does the guarded work, in one statement, so concurrent requests each
 * see a different count: reading first and counting afterwards let 40 parallel requests all pass.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const now = () => getService(strapi, 'clock').now();
  // The window's end as the driver reads it back: epoch milliseconds on SQLite, a Date on PostgreSQL.
  const secondsUntil = (end: number | string | Date, t: Date) =>
    Math.max(1, Math.ceil((new Date(end).getTime() - t.getTime()) / 1000));

  return {
    /**
     * Adds one to the window for `key` (opening a new window of `windowSeconds` when none is open)
     * and answers the count including this hit. Dates are bound as Date objects: knex stores them
     * as epoch milliseconds on SQLite and as timestamptz on PostgreSQL, as Strapi does.
     */
    async hit(key: string, windowSeconds: number): Promise<LimitState> {
      key = bucketKey(key);
      const t = now();
      const ends = new Date(t.getTime() + windowSeconds * 1000);
      const result = await strapi.db.connection.raw(
        `INSERT INTO ${TABLE} ("key", "count", window_ends_at, created_at, updated_at) VALUES (?, 1, ?, ?, ?)
         ON CONFLICT ("key") DO UPDATE SET
           "count" = CASE WHEN ${TABLE}.window_ends_at <= ? THEN 1 ELSE ${TABLE}."count" + 1 END,
           window_ends_at = CASE WHEN ${TABLE}.window_ends_at <= ? THEN excluded.window_ends_at ELSE ${TABLE}.window_ends_at END,
           updated_at = excluded.updated_at
         RETURNING "count", window_ends_at`,
        [key, ends, t, t, t, t],
      );
      const row = rawRows<{ count: number | string; window_ends_at: number | string | Date }>(result)[0];
      return { count: Number(row.count), retryAfterSeconds: secondsUntil(row.window_ends_at, t) };
    },

    /** Gives back a place reserved by `hit` whose request turned out not to count (a right password, an unsent e-mail). */
    async release(key: string): Promise<void> {
      key = bucketKey(key);
      await strapi.db.connection(TABLE).where({ key }).andWhere('count', '>', 0).decrement('count', 1);
    },

    async clear(key: string): Promise<void> {
      key = bucketKey(key);
      await strapi.db.query(UID).delete({ where: { key } });
    },
  };
};
