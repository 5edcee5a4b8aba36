import type { Core } from '@strapi/strapi';
import { FORWARDING_HEADERS, trustedProxies } from '../shared/trusted-proxies';
import type { Context } from '../shared/context';

/**
 * Koa believes X-Forwarded-For and -Proto (server.proxy), and every per-address limit (sign-in,
 * codes, the newsletter, the panel's sign-in) counts against the address it gives. So only the
 * peers in TRUSTED_PROXIES (the site, a reverse proxy of ours) may send those headers: from any
 * other peer they are dropped here, first of all middlewares, and the client is the socket's peer,
 * whatever it claims. Otherwise a client calling the cms directly could send a new address with
 * every guess and never meet a limit.
 */
export default (_config: unknown, _context: { strapi: Core.Strapi }) => {
  const trusted = trustedProxies(process.env.TRUSTED_PROXIES);
  return async (ctx: Context, next: () => Promise<void>) => {
    if (!trusted.trusts(ctx.req.socket.remoteAddress)) {
      for (const name of FORWARDING_HEADERS) delete ctx.req.headers[name];
    }
    await next();
  };
};
