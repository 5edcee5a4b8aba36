import type { Core } from '@strapi/strapi';
import type { Context } from '../shared/context';
import type { MiddlewareRegistry } from './middlewares-made-once';

/**
 * Strapi's `strapi::cors` treats a request without an Origin header as coming from any origin and,
 * with credentials allowed, echoes the origin it was not given: an empty `Access-Control-Allow-Origin:`
 * and `Access-Control-Allow-Credentials: true` on every server-to-server call and every same-origin read
 * (all that the site's proxy sends). CORS answers a browser's cross-origin request, which always carries
 * Origin; without one there is nothing to allow, so Strapi's middleware is skipped, and the answer still
 * says it varies by Origin. With an Origin, Strapi's middleware decides as configured in
 * config/middlewares.ts (the site's origin only; another gets no CORS header). Strapi requires the
 * middleware by name, so it is extended here rather than replaced.
 */
export function registerCorsOnlyWithOrigin(strapi: Core.Strapi): void {
  const registry = strapi.get('middlewares') as MiddlewareRegistry;
  registry.extend('strapi::cors', (stock) => (config, context) => {
    // Strapi's cors factory always returns its handler (the factory type allows none).
    const cors = stock(config, context) as Core.MiddlewareHandler;
    return (ctx: Context, next: () => Promise<void>) => {
      if (ctx.get('Origin')) return cors(ctx, next);
      ctx.vary('Origin');
      return next();
    };
  });
}
