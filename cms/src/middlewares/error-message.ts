import type { Core } from '@strapi/strapi';

/**
 * The seeds' clients read `message` at the top level of an error answer. Strapi answers
 * `{ data: null, error: { status, name, message, details } }`; this keeps that shape and adds
 * `message` beside it, so every error (ours and Strapi's own 401/403/413) reads the same way.
 * A 429 whose details carry `retryAfter` (seconds) also gets the Retry-After header.
 */
export default (_config: unknown, _ctx: { strapi: Core.Strapi }) => {
  return async (ctx: any, next: () => Promise<void>) => {
    await next();
    const body = ctx.body;
    if (ctx.status >= 400 && body && typeof body === 'object' && !Buffer.isBuffer(body) && body.message === undefined) {
      const message = body.error?.message;
      if (typeof message === 'string') ctx.body = { message, ...body };
      const retryAfter = body.error?.details?.retryAfter;
      if (ctx.status === 429 && Number.isFinite(retryAfter)) ctx.set('Retry-After', String(retryAfter));
    }
  };
};
