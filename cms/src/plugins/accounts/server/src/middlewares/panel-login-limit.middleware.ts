import type { Core } from '@strapi/strapi';
import { TooManyRequestsError } from '../../../../../shared/too-many-requests-error';
import type { Context } from '../../../../../shared/context';
import { guardPanelRoute } from '../../../../../shared/panel-routes';
import { getService as platformService } from '../../../../platform/server/src/get-service';
import { clientNetwork } from '../../../../../shared/client-network';

// Strapi's own limit on POST /admin/login counts per e-mail *and* address, so one address trying a
// password against many e-mails (spraying) never meets it. This one counts failed panel sign-ins
// per network address, in the database like the site's sign-in throttle.
export const PANEL_LOGIN_FAILURES_PER_IP = 20;
const WINDOW_SECONDS = 15 * 60;

const OURS = Symbol('fie panel login limit');

export function limitPanelLoginsPerAddress(strapi: Core.Strapi): void {
  guardPanelRoute(strapi, { method: 'POST', path: '/login' }, OURS, failuresPerAddress(strapi));
}

const failuresPerAddress = (strapi: Core.Strapi) => async (ctx: Context, next: () => Promise<void>) => {
  const limiter = platformService(strapi, 'rate-limit');
  const key = `panel-login:ip:${clientNetwork(ctx)}`;
  // The place is taken before the password is checked (one atomic statement), so parallel attempts
  // cannot all pass a limit they each read as not yet reached; a right password gives it back.
  const state = await limiter.hit(key, WINDOW_SECONDS);
  if (state.count > PANEL_LOGIN_FAILURES_PER_IP) {
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts from this network. Please try again in ${Math.ceil(state.retryAfterSeconds / 60)} minutes.`,
      state.retryAfterSeconds,
    );
  }
  let succeeded = false;
  try {
    await next();
    succeeded = ctx.status < 400;
  } finally {
    if (succeeded) await limiter.release(key);
  }
};
