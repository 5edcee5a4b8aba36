import { errors } from '@strapi/utils';
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
