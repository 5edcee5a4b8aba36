import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { REPORT_STATUSES, REPORT_TEXT, reportCreateSchema, reportUpdateSchema } from '@fie/domain';
import { parseInput, requireJsonBody } from '../../../shared/validate';
import { pageParams } from '../../../shared/paging';
import type { Context, SignedInContext } from '../../../shared/context';
import { getService as accountsService } from '../../../plugins/accounts/server/src/get-service';
import { getService } from '../get-service';
import { clientNetwork } from '../../../shared/client-network';

const STATUS_FILTERS = [...REPORT_STATUSES, 'all'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const reports = () => getService(strapi, 'reports');
  return {
    /**
     * Anyone may report; a signed-in visitor's account is kept with the report (staff may reply). JSON
     * only: a report e-mails staff, and a form on another site must not be able to send one.
     */
    async create(ctx: Context) {
      requireJsonBody(ctx, 'report');
      const input = parseInput(reportCreateSchema, ctx.request.body);
      const account = await accountsService(strapi, 'sessions').currentAccount(ctx);
      // The client's network (an IPv6 address by its /64), as the trusted-proxies middleware allows it.
      const created = await reports().create(String(ctx.params.id), input, {
        address: clientNetwork(ctx),
        account,
      });
      ctx.status = 201;
      ctx.body = { message: REPORT_TEXT.sent, _id: created._id };
    },

    /** The staff list: `?status=open|resolved|dismissed|all` (open when not given), paged. */
    async list(ctx: Context) {
      const status = (ctx.query.status ?? 'open') as StatusFilter;
      if (!STATUS_FILTERS.includes(status))
        throw new errors.ValidationError(`Status must be one of: ${STATUS_FILTERS.join(', ')}`);
      const { page, pageSize } = pageParams(ctx.query, 20);
      const { items, total } = await reports().list({ status, page, pageSize });
      ctx.set('X-Total-Count', String(total));
      ctx.set('Access-Control-Expose-Headers', 'X-Total-Count');
      ctx.body = items;
    },

    async update(ctx: SignedInContext) {
      const input = parseInput(reportUpdateSchema, ctx.request.body);
      ctx.body = await reports().decide(String(ctx.params.id), input, {
        user: ctx.state.user,
        role: ctx.state.role,
      });
    },
  };
};
