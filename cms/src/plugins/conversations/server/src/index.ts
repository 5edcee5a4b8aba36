import type { Core } from '@strapi/strapi';
import contentTypes from './content-types';
import controllers from './controllers';
import routes from './routes';
import services from './services';
import { getService } from './get-service';

// Shaped like Strapi's own plugins: Strapi reads these keys from the object strapi-server.js exports.
const USER_UID = 'plugin::users-permissions.user';

const register = ({ strapi }: { strapi: Core.Strapi }) => {
  // However an account is deleted (the panel, a script), its messages lose its name first.
  strapi.db.lifecycles.subscribe({
    models: [USER_UID],
    async beforeDelete(event) {
      const id = Number((event.params.where as { id?: unknown } | undefined)?.id);
      if (Number.isInteger(id)) await getService(strapi, 'records').anonymise(id);
    },
    async beforeDeleteMany(event) {
      const rows: { id: number }[] = await strapi.db
        .query(USER_UID)
        .findMany({ where: event.params.where, select: ['id'] });
      for (const row of rows) await getService(strapi, 'records').anonymise(Number(row.id));
    },
  });
};

const bootstrap = async ({ strapi }: { strapi: Core.Strapi }) => {
  await getService(strapi, 'events').start();
  // Closed conversations past the retention period, and old stream events: every night.
  strapi.cron.add({
    purgeExpiredConversations: {
      task: async ({ strapi: s }: { strapi: Core.Strapi }) => {
        await getService(s, 'records').purgeExpired();
      },
      options: { rule: '37 3 * * *', tz: 'Africa/Accra' },
    },
  });
};
const destroy = async ({ strapi }: { strapi: Core.Strapi }) => {
  await getService(strapi, 'events').stop();
};

export default { register, bootstrap, destroy, contentTypes, controllers, routes, services };
