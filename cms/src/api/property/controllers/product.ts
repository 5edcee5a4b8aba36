import type { Core } from '@strapi/strapi';
import { formatZodError, listingQuerySchema, MESSAGES } from '@fie/domain';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: any) {
    const parsed = listingQuerySchema.safeParse(ctx.query ?? {});
    if (!parsed.success) {
      const { message, errors } = formatZodError(parsed.error);
      return ctx.badRequest(message, { errors });
    }
    const q = parsed.data;
    const { items, total } = await strapi.service('api::property.catalogue').list(q);
    ctx.set('X-Total-Count', String(total));
    ctx.set('X-Page', String(q.page));
    ctx.set('X-Page-Size', String(q.pageSize));
    ctx.set('Access-Control-Expose-Headers', 'X-Total-Count, X-Page, X-Page-Size');
    ctx.body = items;
  },

  async findOne(ctx: any) {
    const property = await strapi.service('api::property.catalogue').findApproved(String(ctx.params.id));
    if (!property) return ctx.notFound(MESSAGES.propertyNotFound);
    ctx.body = property;
  },
});
