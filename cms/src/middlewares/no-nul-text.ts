import { errors } from '@strapi/utils';
import type { Context } from '../shared/context';

const MESSAGE = 'Text may not contain a NUL character.';

/** True when `value` (a parsed query or JSON body) holds a string with a NUL anywhere in it. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * A NUL character in a query string or a body is refused with 400. PostgreSQL cannot keep one in text
 * and answers an error for any query that carries it, which would reach the caller as a 500 (a search
 * for `osu%00badu`, an enquiry whose message holds one); no form of ours sends one.
 */
export default () => async (ctx: Context, next: () => Promise<void>) => {
  if (holdsNul(ctx.query) || holdsNul((ctx.request as { body?: unknown }).body))
    throw new errors.ValidationError(MESSAGE);
  await next();
};
