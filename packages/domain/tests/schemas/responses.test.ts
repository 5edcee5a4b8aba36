import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  errorResponseSchema,
  formatZodError,
  MESSAGES,
  messageResponseSchema,
  paginatedSchema,
  propertyInputSchema,
} from '../../src/index.js';
import { parsed, problems } from '../helpers.js';

describe('formatZodError', () => {
  it('answers with the first problem as message and every problem by path', () => {
    const result = propertyInputSchema.safeParse({
      nearestLandmark: 'Mall',
      price: 'abc',
      propertyType: 'House',
      leaseType: 'Rent',
      images: ['/a.jpg', 'bad url'],
    });
    expect(result.success).toBe(false);
    const formatted = formatZodError(result.error!);
    expect(formatted.message).toBe(MESSAGES.locationRequired);
    expect(formatted.errors).toEqual([
      { path: 'location', message: MESSAGES.locationRequired },
      { path: 'price', message: MESSAGES.priceNotNumber },
      { path: 'images.1', message: MESSAGES.invalidImageUrl },
    ]);
    expect(parsed(errorResponseSchema, formatted)).toEqual(formatted);
  });

  it('falls back to a generic message when there are no issues', () => {
    expect(formatZodError(new z.ZodError([]))).toEqual({ message: MESSAGES.invalidRequest, errors: [] });
  });
});

describe('shared response shapes', () => {
  it('reads message answers and refuses ones without a message', () => {
    expect(parsed(messageResponseSchema, { message: 'ok', extra: true })).toEqual({ message: 'ok' });
    expect(problems(errorResponseSchema, { error: 'x' }).map((p) => p.path)).toEqual(['message']);
  });

  it('reads a page of items and checks each item', () => {
    const page = paginatedSchema(z.object({ n: z.number() }));
    expect(parsed(page, { items: [{ n: 1 }], page: 1, pageSize: 8, total: 1, totalPages: 1 }).items).toEqual([
      { n: 1 },
    ]);
    expect(
      problems(page, { items: [{ n: 'x' }], page: 1, pageSize: 8, total: 1, totalPages: 1 }).map(
        (p) => p.path,
      ),
    ).toEqual(['items.0.n']);
  });
});
