import type { Core } from '@strapi/strapi';
import type { SignedInContext } from '../../../shared/context';
import { getService } from '../get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const favourites = () => getService(strapi, 'favourites');
  return {
    async list(ctx: SignedInContext) {
      ctx.body = await favourites().list(ctx.state.user.id);
    },

    /** Idempotent: 201 when saved now, 200 when it was saved already. */
    async save(ctx: SignedInContext) {
      const { item, created } = await favourites().save(ctx.state.user.id, String(ctx.params.propertyId));
      ctx.status = created ? 201 : 200;
      ctx.body = item;
    },

    /** 204 whether or not it was saved (removing twice is harmless). */
    async remove(ctx: SignedInContext) {
      await favourites().remove(ctx.state.user.id, String(ctx.params.propertyId));
      ctx.status = 204;
    },
  };
};
