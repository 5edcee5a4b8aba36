import type { Core } from '@strapi/strapi';
import type { Context } from '../../../../../shared/context';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async refresh(ctx: Context) {
    const result = await strapi.plugin('site-cache').service('refresh').refreshNow();
    strapi.log.info(`[site-cache] ${ctx.state.user?.email ?? 'a panel user'} refreshed the public site (${result.purged} pages)`);
    ctx.body = result;
  },
});
