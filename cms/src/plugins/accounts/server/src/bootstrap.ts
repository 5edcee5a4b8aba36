import type { Core } from '@strapi/strapi';

// Runs after users-permissions' bootstrap (config/plugins.ts declares accounts after it) and before
// the cms's own bootstrap, which grants permissions to the staff roles made here.
export default async ({ strapi }: { strapi: Core.Strapi }) => {
  const accounts = strapi.plugin('accounts');
  await accounts.service('roles').ensure();
  await accounts.service('superadmin').ensure();
  await accounts.service('google').ensureProvider();
  strapi.cron.add({
    purgeExpiredAccountRecords: {
      task: async ({ strapi: s }: { strapi: Core.Strapi }) => {
        await s.plugin('accounts').service('housekeeping').purgeExpired();
      },
      options: { rule: '17 3 * * *', tz: 'Africa/Accra' },
    },
  });
};
