import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  adminBookingSchema,
  appointmentUpdateSchema,
  bookingSchema,
  STAFF_APPOINTMENT_STATUSES,
  isValidDateString,
} from '@fie/domain';
import { parseInput } from '../../../../../shared/validate';
import { pageParams, searchParam } from '../../../../../shared/paging';
import type { Context, SignedInContext } from '../../../../../shared/context';
import type { User } from '../../../../../shared/account';
import { getService } from '../get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const viewings = () => getService(strapi, 'viewings');

  return {
    async slots(ctx: Context) {
      const date = ctx.query.date;
      if (date !== undefined && (typeof date !== 'string' || !isValidDateString(date))) {
        throw new errors.ValidationError('date must be a calendar date in the form yyyy-MM-dd');
      }
      ctx.body = await viewings().freeSlots(String(ctx.params.id), date);
    },

    async book(ctx: SignedInContext) {
      const { date, time, comments } = parseInput(bookingSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = await viewings().book({
        propertyId: String(ctx.params.propertyId),
        userId: ctx.state.user.id,
        date,
        time,
        comments,
        by: 'seeker',
      });
    },

    async own(ctx: SignedInContext) {
      ctx.body = await viewings().listOwn(ctx.state.user.id);
    },

    async all(ctx: Context) {
      const { page, pageSize } = pageParams(ctx.query, 100);
      const status = ctx.query.status;
      if (
        status !== undefined &&
        !(STAFF_APPOINTMENT_STATUSES as readonly string[]).concat('Cancelled').includes(status as string)
      ) {
        throw new errors.ValidationError(
          `Status must be one of: ${STAFF_APPOINTMENT_STATUSES.join(', ')}, Cancelled`,
        );
      }
      const { items, total } = await viewings().listAll(
        page,
        pageSize,
        status as string | undefined,
        searchParam(ctx.query),
      );
      ctx.set('X-Total-Count', String(total));
      ctx.body = items;
    },

    /** Staff book on a client's behalf, under the same calendar and double-booking rules. */
    async adminBook(ctx: Context) {
      const input = parseInput(adminBookingSchema, ctx.request.body);
      const user: Pick<User, 'id' | 'email'> | null = await strapi.db
        .query('plugin::users-permissions.user')
        .findOne({ where: { documentId: input.userId }, select: ['id', 'email'] });
      if (!user) throw new errors.ValidationError('Please select a user');
      if (input.userEmail && input.userEmail !== user.email)
        throw new errors.ValidationError('The e-mail does not match the selected user.');
      ctx.status = 201;
      ctx.body = await viewings().book({
        propertyId: input.productId,
        userId: user.id,
        date: input.date,
        time: input.time,
        comments: input.comments,
        by: 'staff',
      });
    },

    async update(ctx: Context) {
      const changes = parseInput(appointmentUpdateSchema, ctx.request.body);
      if (Object.keys(changes).length === 0)
        throw new errors.ValidationError(
          'Nothing to update: send date, time, status, comments or clientNoShow.',
        );
      ctx.body = await viewings().update(String(ctx.params.id), changes);
    },

    /** GET /api/appointments/booking-restriction: whether the no-show rule pauses the caller's booking, and until when. */
    async bookingRestriction(ctx: SignedInContext) {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await getService(strapi, 'booking-restriction').answer(ctx.state.user.id);
    },

    async cancel(ctx: SignedInContext) {
      ctx.body = await viewings().cancel(String(ctx.params.id), ctx.state.user.documentId);
    },
  };
};
