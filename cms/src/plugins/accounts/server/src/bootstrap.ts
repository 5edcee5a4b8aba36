import type { Core } from '@strapi/strapi';
import { ensureTrigramIndexes } from '../../../../shared/trigram-indexes';
import { getService } from './get-service';

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
  strapi.cron.add({
    purgeExpiredAccountRecords: {
      task: async ({ strapi: s }: { strapi: Core.Strapi }) => {
        await getService(s, 'housekeeping').purgeExpired();
      },
      options: { rule: '17 3 * * *', tz: 'Africa/Accra' },
    },
  });
};
