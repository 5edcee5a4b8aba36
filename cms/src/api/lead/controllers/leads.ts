import type { Core } from '@strapi/strapi';
import { LEADS_PER_ADDRESS_PER_HOUR, MESSAGES, leadInputSchema, leadSummaryQuerySchema } from '@fie/domain';
import { parseInput, requireJsonBody } from '../../../shared/validate';
import { TooManyRequestsError } from '../../../shared/too-many-requests-error';
import type { Context } from '../../../shared/context';
import { getService as platformService } from '../../../plugins/platform/server/src/get-service';
import { getService } from '../get-service';
import { clientNetwork } from '../../../shared/client-network';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** 204 once the lead is kept. Only a JSON body is taken (requireJsonBody says why). */
  async record(ctx: Context) {
    requireJsonBody(ctx, 'lead');
    const input = parseInput(leadInputSchema, ctx.request.body);
    // The client's network as the cms trusts it (one hop, from TRUSTED_PROXIES only; see config/server.ts).
    const limit = await platformService(strapi, 'rate-limit').hit(`lead:ip:${clientNetwork(ctx)}`, 3600);
    if (limit.count > LEADS_PER_ADDRESS_PER_HOUR) {
      throw new TooManyRequestsError(MESSAGES.leadsTooMany, limit.retryAfterSeconds);
    }
    await getService(strapi, 'leads').record(input);
    ctx.status = 204;
  },

  async summary(ctx: Context) {
    const { days } = parseInput(leadSummaryQuerySchema, ctx.query);
    ctx.body = await getService(strapi, 'leads').summary(days);
  },
});
