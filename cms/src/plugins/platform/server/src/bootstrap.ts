import type { Core } from '@strapi/strapi';
import { getService } from './get-service';

// Runs before the plugins that send e-mail or throttle (config/plugins.ts declares platform first).
export default async ({ strapi }: { strapi: Core.Strapi }) => {
  // This process's share of sending the outbox's e-mails (stopped by destroy.ts).
  await getService(strapi, 'outbox').start();
  strapi.cron.add({
    purgeExpiredPlatformRecords: {
      task: async ({ strapi: s }: { strapi: Core.Strapi }) => {
        await getService(s, 'housekeeping').purgeExpired();
      },
      options: { rule: '17 3 * * *', tz: 'Africa/Accra' },
    },
  });
};
