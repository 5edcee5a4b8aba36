import type { Core } from '@strapi/strapi';
import { getService } from '../get-service';
import { DAY_MS } from '@fie/domain';

/**
 * Removes the platform's rows that are done: throttle windows that have ended, e-mails and texts sent
 * (or given up) over a week ago, and unmatched delivery receipts over two days old (an in-doubt text is
 * settled within minutes).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async purgeExpired(): Promise<{ buckets: number; mails: number; receipts: number }> {
    const now = getService(strapi, 'clock').now();
    const buckets = await strapi.db
      .query('plugin::platform.rate-limit-bucket')
      .deleteMany({ where: { windowEndsAt: { $lt: now } } });
    const weekAgo = new Date(Date.now() - 7 * DAY_MS);
    const mails = await strapi.db
      .query('plugin::platform.outbox-message')
      .deleteMany({ where: { $or: [{ sentAt: { $lt: weekAgo } }, { failedAt: { $lt: weekAgo } }] } });
    const receipts = await strapi.db
      .query('plugin::platform.sms-receipt')
      .deleteMany({ where: { receivedAt: { $lt: new Date(Date.now() - 2 * DAY_MS) } } });
    return { buckets: buckets.count, mails: mails.count, receipts: receipts.count };
  },
});
