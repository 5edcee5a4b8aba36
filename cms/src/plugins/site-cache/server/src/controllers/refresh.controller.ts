import type { Core } from '@strapi/strapi';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async refresh(ctx: any) {
    const result = await strapi.plugin('site-cache').service('refresh').refreshNow();
    strapi.log.info(`[site-cache] ${ctx.state.user?.email ?? 'a panel user'} refreshed the public site (${result.purged} pages)`);
    ctx.body = result;
  },
});
