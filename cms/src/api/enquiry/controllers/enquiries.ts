import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { ENQUIRY_PRIORITIES, ENQUIRY_STATUSES, enquiryCreateSchema, enquiryUpdateSchema } from '@fie/domain';
import { parseInput } from '../../../shared/validate';
import { pageParams, searchParam } from '../../../shared/paging';
import type { Context, SignedInContext } from '../../../shared/context';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const enquiries = () => strapi.service('api::enquiry.enquiries');
  return {
    async create(ctx: SignedInContext) {
      const input = parseInput(enquiryCreateSchema, ctx.request.body);
      const source = typeof ctx.request.body?.source === 'string' ? ctx.request.body.source : undefined;
      ctx.status = 201;
      ctx.body = await enquiries().create(input, { user: ctx.state.user, role: ctx.state.role }, source);
    },

    async own(ctx: SignedInContext) {
      ctx.body = await enquiries().listOwn(ctx.state.user.id);
    },

    async all(ctx: Context) {
      const { status, priority } = ctx.query;
      if (status !== undefined && !(ENQUIRY_STATUSES as readonly string[]).includes(status as string))
        throw new errors.ValidationError(`Status must be one of: ${ENQUIRY_STATUSES.join(', ')}`);
      if (priority !== undefined && !(ENQUIRY_PRIORITIES as readonly string[]).includes(priority as string))
        throw new errors.ValidationError(`Priority must be one of: ${ENQUIRY_PRIORITIES.join(', ')}`);
      const { page, pageSize } = pageParams(ctx.query, 100);
      const { items, total } = await enquiries().listAll({
        page,
        pageSize,
        status,
        priority,
        search: searchParam(ctx.query),
      });
      ctx.set('X-Total-Count', String(total));
      ctx.body = items;
    },

    async update(ctx: Context) {
      const changes = parseInput(enquiryUpdateSchema, ctx.request.body);
      if (Object.keys(changes).length === 0)
        throw new errors.ValidationError('Nothing to update: send priority, status or comments.');
      ctx.body = await enquiries().update(String(ctx.params.id), changes);
    },
  };
};
