import type { Core } from '@strapi/strapi';

const UID = 'api::account.rate-limit-bucket';

export interface LimitState {
  count: number;
  retryAfterSeconds: number;
}

/** Fixed-window counters kept in the database (shared by every cms process). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const now = () => strapi.service('api::account.clock').now() as Date;

  return {
    /** Current count of the window for `key` (0 when none is open). */
    async peek(key: string): Promise<LimitState> {
      const row = await strapi.db.query(UID).findOne({ where: { key } });
      const t = now();
      if (!row || new Date(row.windowEndsAt) <= t) return { count: 0, retryAfterSeconds: 0 };
      return { count: row.count, retryAfterSeconds: Math.ceil((new Date(row.windowEndsAt).getTime() - t.getTime()) / 1000) };
    },

    /** Adds one to the window for `key`, opening a new window of `windowSeconds` when none is open. */
    async hit(key: string, windowSeconds: number): Promise<LimitState> {
      return strapi.db.transaction(async ({ trx }: { trx: any }) => {
        const buckets = () => strapi.db.connection('rate_limit_buckets').transacting(trx);
        const t = now();
        const row = await strapi.db.query(UID).findOne({ where: { key } });
        const windowEndsAt = new Date(t.getTime() + windowSeconds * 1000);
        if (!row) {
          try {
            await strapi.db.query(UID).create({ data: { key, count: 1, windowEndsAt } });
          } catch {
            // Another request opened the window at the same moment: count on it.
            await buckets().where({ key }).increment('count', 1);
          }
          return { count: 1, retryAfterSeconds: windowSeconds };
        }
        if (new Date(row.windowEndsAt) <= t) {
          await strapi.db.query(UID).update({ where: { id: row.id }, data: { count: 1, windowEndsAt } });
          return { count: 1, retryAfterSeconds: windowSeconds };
        }
        await buckets().where({ id: row.id }).increment('count', 1);
        return { count: row.count + 1, retryAfterSeconds: Math.ceil((new Date(row.windowEndsAt).getTime() - t.getTime()) / 1000) };
      });
    },

    async clear(key: string): Promise<void> {
      await strapi.db.query(UID).delete({ where: { key } });
    },
  };
};
