import type { Core } from '@strapi/strapi';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async show(ctx: any) {
    ctx.body = await strapi.service('api::stats.stats').figures();
  },
  async siteFigures(ctx: any) {
    ctx.body = await strapi.service('api::stats.stats').siteFigures();
  },
});
