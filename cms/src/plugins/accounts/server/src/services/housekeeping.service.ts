import type { Core } from '@strapi/strapi';
import { getService as platformService } from '../../../../platform/server/src/get-service';
import { DAY_MS } from '@fie/domain';

/** Removes codes older than two days (the platform purges its own ended throttle windows and old e-mails). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async purgeExpired(): Promise<{ codes: number }> {
    const now = platformService(strapi, 'clock').now();
    const codes = await strapi.db
      .query('plugin::accounts.otp-code')
      .deleteMany({ where: { createdAt: { $lt: new Date(now.getTime() - 2 * DAY_MS) } } });
    return { codes: codes.count };
  },
});
