import type { Core } from '@strapi/strapi';
import { getService } from './get-service';

// Runs before the plugins that send e-mail or throttle (config/plugins.ts declares platform first).
export default async ({ strapi }: { strapi: Core.Strapi }) => {
  // This process's share of sending the outbox's e-mails (stopped by destroy.ts).
  await getService(strapi, 'outbox').start();
  // Receipts name texts any process sent (the SMSC sends them down any bound session), so each
  // process records those it hears.
  getService(strapi, 'sms').onReceipt(async (receipt) => {
    await getService(strapi, 'outbox').recordReceipt(receipt);
  });
  // Bound at start, so receipts and texts from phones reach this process before it sends anything.
  // An SMSC away at start is not fatal: the outbox's texts wait, and the next one binds again.
  getService(strapi, 'sms')
    .connect()
    .catch((error: Error) =>
      strapi.log.warn(`[fie] sms: could not bind to the SMSC at start: ${error.message}`),
    );
  strapi.cron.add({
    purgeExpiredPlatformRecords: {
      task: async ({ strapi: s }: { strapi: Core.Strapi }) => {
        await getService(s, 'housekeeping').purgeExpired();
      },
      options: { rule: '17 3 * * *', tz: 'Africa/Accra' },
    },
  });
};
