import type { Core } from '@strapi/strapi';
import { MESSAGES } from '@fie/domain';
import type { Context } from '../shared/context';

// PostgreSQL's SQLSTATE classes and codes that mean "the database cannot serve now", not "this
// request is wrong": connection exceptions (08…), the server shutting down or starting (57P01-03),
// too many connections (53300), and a database closed to connections (55000 with that message).
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /Connection ended unexpectedly/i,
  /not currently accepting connections/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /Timeout acquiring a connection/i,
  /Client has encountered a connection error and is not queryable/i,
];

/** Whether `error` (or what it wraps) says the database cannot be reached, rather than that a query failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(e!.message as string)))
      return true;
  }
  return false;
}

/**
 * A request that fails because the database is unreachable (PostgreSQL restarting, its connections
 * cut, an outage) answers 503 with a clear message and Retry-After, instead of a 500: the client may
 * try again, and nothing it sent was wrong. The pool opens new connections by itself once the
 * database is back (tested: within 10 s). Sits inside strapi::errors, which would make it a 500.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  let lastLogged = 0;
  return async (ctx: Context, next: () => Promise<void>) => {
    try {
      await next();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // One line every few seconds, not one per request, while the database is away.
      if (Date.now() - lastLogged > 5_000) {
        lastLogged = Date.now();
        strapi.log.error(`[fie] database unavailable: ${(error as Error).message} (answering 503)`);
      }
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        data: null,
        error: {
          status: 503,
          name: 'ServiceUnavailableError',
          message: MESSAGES.serviceUnavailable,
          details: {},
        },
      };
    }
  };
};
