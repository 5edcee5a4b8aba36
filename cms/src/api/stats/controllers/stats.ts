import type { Core } from '@strapi/strapi';
import type { Context } from '../../../shared/context';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async show(ctx: Context) {
    ctx.body = await strapi.service('api::stats.stats').figures();
  },
  async siteFigures(ctx: Context) {
    ctx.body = await strapi.service('api::stats.stats').siteFigures();
  },
});
