import { errors } from '@strapi/utils';
import { httpError } from './errors';
import { formatZodError } from '@fie/domain';

type SafeParser<T> = {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: Parameters<typeof formatZodError>[0] };
};

/** Parses a request body or query with a domain schema; bad input becomes a 400 with a clear message. */
export function parseInput<T>(schema: SafeParser<T>, input: unknown): T {
  const value = input && typeof input === 'object' && !Array.isArray(input) ? input : {};
  const result = schema.safeParse(value);
  if (!result.success) {
    const { message, errors: list } = formatZodError(result.error);
    throw new errors.ValidationError(message, { errors: list });
  }
  return result.data;
}

/**
 * Refuses (415) a body that is not JSON. For routes anyone may call without signing in: a page on
 * another site can post a form or plain text here without asking, but JSON needs a CORS preflight,
 * which only our site passes.
 */
export function requireJsonBody(ctx: { is(type: string): string | false | null }, what: string): void {
  if (!ctx.is('application/json'))
    throw httpError(415, `Please send the ${what} as JSON (Content-Type: application/json).`);
}
