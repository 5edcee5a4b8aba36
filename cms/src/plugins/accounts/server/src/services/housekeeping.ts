import type { Core } from '@strapi/strapi';
import { getService } from '../get-service';

const DAY_MS = 86_400_000;

/** Removes codes older than two days, throttle windows that have ended, and e-mails sent (or given up) over a week ago. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async purgeExpired(): Promise<{ codes: number; buckets: number; mails: number }> {
    const now = getService(strapi, 'clock').now();
    const codes = await strapi.db.query('plugin::accounts.otp-code').deleteMany({ where: { createdAt: { $lt: new Date(now.getTime() - 2 * DAY_MS) } } });
    const buckets = await strapi.db.query('plugin::accounts.rate-limit-bucket').deleteMany({ where: { windowEndsAt: { $lt: now } } });
    const weekAgo = new Date(Date.now() - 7 * DAY_MS);
    const mails = await strapi.db.query('plugin::accounts.outbox-message').deleteMany({ where: { $or: [{ sentAt: { $lt: weekAgo } }, { failedAt: { $lt: weekAgo } }] } });
    return { codes: codes.count, buckets: buckets.count, mails: mails.count };
  },
});
