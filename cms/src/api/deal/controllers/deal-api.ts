import type { Core } from '@strapi/strapi';
import { dealInputSchema, dealUpdateSchema, MESSAGES } from '@fie/domain';
import { errors } from '@strapi/utils';
import { parseInput } from '../../../shared/validate';
import type { Account } from '../../../shared/account';

const searchOf = (q: any) => (typeof q.search === 'string' && q.search.trim() ? q.search.trim() : undefined);

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const deals = () => strapi.service('api::deal.deals');
  const account = (ctx: any) => ({ user: ctx.state.user, role: ctx.state.role }) as Account;
  return {
    async list(ctx: any) {
      // Each deal with its "Changes requested" note, if a superadmin kept it unapproved with one.
      ctx.body = await strapi.plugin('approvals').service('notes').attach('api::deal.deal', await deals().list(searchOf(ctx.query)));
    },
    async create(ctx: any) {
      const input = parseInput(dealInputSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = await deals().create(input, account(ctx));
    },
    async update(ctx: any) {
      const input = parseInput(dealUpdateSchema, ctx.request.body);
      if (Object.keys(input).length === 0) throw new errors.ValidationError('Nothing to update.');
      ctx.body = await deals().update(String(ctx.params.id), input);
    },
    async delete(ctx: any) {
      await deals().remove(String(ctx.params.id));
      ctx.body = { message: MESSAGES.dealDeleted };
    },
  };
};
