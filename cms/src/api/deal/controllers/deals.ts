import type { Core } from '@strapi/strapi';
import { dealInputSchema, dealUpdateSchema, MESSAGES } from '@fie/domain';
import { errors } from '@strapi/utils';
import { parseInput } from '../../../shared/validate';
import { pageParams, searchParam } from '../../../shared/paging';
import type { Account } from '../../../shared/account';
import type { Context, SignedInContext } from '../../../shared/context';
import { getService as approvalsService } from '../../../plugins/approvals/server/src/get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const deals = () => strapi.service('api::deal.deals');
  const account = (ctx: SignedInContext): Account => ({ user: ctx.state.user, role: ctx.state.role });
  return {
    async list(ctx: Context) {
      // Paged on the server (20 a page, at most 100) so thousands of deals stay fast; the total in X-Total-Count.
      const { page, pageSize } = pageParams(ctx.query, 20, 100);
      const { items, total } = await deals().list(searchParam(ctx.query), page, pageSize);
      ctx.set('X-Total-Count', String(total));
      // Each deal carries its "Changes requested" note, if a superadmin kept it unapproved with one.
      ctx.body = items;
    },
    async create(ctx: SignedInContext) {
      const input = parseInput(dealInputSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = await deals().create(input, account(ctx));
    },
    async update(ctx: Context) {
      const input = parseInput(dealUpdateSchema, ctx.request.body);
      if (Object.keys(input).length === 0) throw new errors.ValidationError('Nothing to update.');
      ctx.body = await deals().update(String(ctx.params.id), input);
    },
    /** An admin's delete of a deal a superadmin approved waits for a superadmin (202); any other goes at once. */
    async delete(ctx: Context) {
      const outcome = await approvalsService(strapi, 'workflow').remove(
        'api::deal.deal',
        String(ctx.params.id),
      );
      ctx.status = outcome === 'requested' ? 202 : 200;
      ctx.body = {
        message: outcome === 'requested' ? MESSAGES.deletionAwaitsApproval : MESSAGES.dealDeleted,
      };
    },
  };
};
