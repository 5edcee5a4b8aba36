import type { Core } from '@strapi/strapi';
import { MESSAGES, newsletterSignupSchema } from '@fie/domain';
import { parseInput } from '../../../shared/validate';
import { TooManyRequestsError } from '../../../shared/too-many-requests-error';
import type { Context } from '../../../shared/context';
import { getService as platformService } from '../../../plugins/platform/server/src/get-service';
import { clientNetwork } from '../../../shared/client-network';

const UID = 'api::subscriber.subscriber';
const PER_ADDRESS_PER_HOUR = 10;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async subscribe(ctx: Context) {
    const { email, source } = parseInput(newsletterSignupSchema, ctx.request.body);
    const limit = await platformService(strapi, 'rate-limit').hit(
      `newsletter:ip:${clientNetwork(ctx)}`,
      3600,
    );
    if (limit.count > PER_ADDRESS_PER_HOUR) {
      throw new TooManyRequestsError(
        'Too many sign-ups from this network. Please try again later.',
        limit.retryAfterSeconds,
      );
    }
    const existing = await strapi.db.query(UID).findOne({ where: { email } });
    if (!existing) {
      try {
        await strapi.db.query(UID).create({ data: { email, source: source ?? null } });
      } catch {
        // The same address sent twice at once: the unique index kept one row, which is the point.
      }
    }
    // The same answer either way: the form does not tell who is already on the list.
    ctx.status = 200;
    ctx.body = { message: MESSAGES.newsletterSubscribed };
  },
});
