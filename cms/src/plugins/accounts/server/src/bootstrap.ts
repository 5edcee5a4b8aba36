import type { Core } from '@strapi/strapi';
import { ensureTrigramIndexes } from '../../../../shared/trigram-indexes';
import { getService } from './get-service';
import { getService as platformService } from '../../../platform/server/src/get-service';

// Runs after users-permissions' bootstrap (config/plugins.ts declares accounts after it) and before
// the cms's own bootstrap, which grants permissions to the staff roles made here.
export default async ({ strapi }: { strapi: Core.Strapi }) => {
  await getService(strapi, 'roles').ensure();
  await getService(strapi, 'superadmin').ensure();
  await getService(strapi, 'google').ensureProvider();
  // The staff account lists (GET /api/users, /api/admins): e-mail search and newest-first order.
  // (users-permissions owns the table, so the order index is made here rather than in a schema.)
  await ensureTrigramIndexes(strapi, 'up_users', ['email']);
  await strapi.db.connection.raw(
    'create index if not exists up_users_created_at_idx on up_users (created_at, id)',
  );
  // A verified mobile number signs in one account only; unverified numbers (typed in a profile, or a
  // sign-up not yet confirmed) may repeat. Both databases take a partial unique index.
  await strapi.db.connection.raw(
    'create unique index if not exists up_users_verified_phone_uq on up_users (phone) where phone_verified_at is not null',
  );
  await strapi.db.connection.raw('create index if not exists up_users_phone_idx on up_users (phone)');
  // A text from a phone (STOP) is the accounts' to answer.
  platformService(strapi, 'sms').onInbound(({ from, text }) =>
    getService(strapi, 'account-texts').inbound(from, text),
  );
  strapi.cron.add({
    purgeExpiredAccountRecords: {
      task: async ({ strapi: s }: { strapi: Core.Strapi }) => {
        await getService(s, 'housekeeping').purgeExpired();
      },
      options: { rule: '17 3 * * *', tz: 'Africa/Accra' },
    },
    // Viewings' texts count against the day's budget too, and do not pass through a code request.
    watchTextBudget: {
      task: async ({ strapi: s }: { strapi: Core.Strapi }) => {
        if (platformService(s, 'sms').enabled()) await getService(s, 'account-texts').watchBudget();
      },
      options: { rule: '*/5 * * * *' },
    },
  });
};
