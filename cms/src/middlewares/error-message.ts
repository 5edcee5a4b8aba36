import type { Core } from '@strapi/strapi';
import { STATUS_CODES } from 'node:http';
import type { Context } from '../shared/context';

/**
 * The site and older clients read `message` at the top level of an error answer. Strapi answers
 * `{ data: null, error: { status, name, message, details } }`; this keeps that shape and adds
 * `message` beside it, so every error (ours and Strapi's own 401/403/413) reads the same way.
 * A 429 whose details carry `retryAfter` (seconds) also gets the Retry-After header.
 * The router's own refusals under /api (405 for a removed route whose path another route still
 * matches, 501 for an unknown method) come with no body, which Koa would send as text/plain; they
 * get the same JSON shape, and 405 keeps its Allow header.
 */
export default (_config: unknown, _ctx: { strapi: Core.Strapi }) => {
  return async (ctx: Context, next: () => Promise<void>) => {
    await next();
    if (
      ctx.status >= 400 &&
      ctx.path.startsWith('/api') &&
      (ctx.body == null || typeof ctx.body === 'string')
    ) {
      const message =
        typeof ctx.body === 'string' && ctx.body !== '' ? ctx.body : (STATUS_CODES[ctx.status] ?? 'Error');
      ctx.body = {
        message,
        data: null,
        error: { status: ctx.status, name: 'HttpError', message, details: {} },
      };
      return;
    }
    const body = ctx.body as
      | { message?: unknown; error?: { message?: unknown; details?: { retryAfter?: unknown } } }
      | null
      | undefined;
    if (
      ctx.status >= 400 &&
      body &&
      typeof body === 'object' &&
      !Buffer.isBuffer(body) &&
      body.message === undefined
    ) {
      const message = body.error?.message;
      if (typeof message === 'string') ctx.body = { message, ...body };
      const retryAfter = body.error?.details?.retryAfter;
      if (ctx.status === 429 && Number.isFinite(retryAfter)) ctx.set('Retry-After', String(retryAfter));
    }
  };
};
