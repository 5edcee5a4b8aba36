// For suites that write many listings straight to the table (as a bulk load would): one property made
// the ordinary way, whose row is the template to vary, and a seeded random stream to vary it with.
import { expect } from 'vitest';
import type { TestCms } from './strapi';
import type { client } from './http';
import { testImage } from './images';

/** A seeded random stream (mulberry32), so a failure can be replayed. */
export function seeded(start: number): () => number {
  let seed = start;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A complete row of `properties` to vary: a listing made through the API by `token` (staff), read back
 * without its id. `image` names its test image.
 */
export async function templatePropertyRow(
  cms: TestCms,
  api: ReturnType<typeof client>,
  token: string,
  image = 't',
): Promise<{ documentId: string; row: Record<string, unknown> }> {
  const made = await api.post(
    '/api/products',
    {
      location: 'Template Street',
      nearestLandmark: 'Template',
      price: 1000,
      currency: 'GHS',
      propertyType: 'House',
      leaseType: 'Rent',
      images: [testImage(image)],
      city: 'accra',
    },
    { token },
  );
  expect(made.status).toBe(201);
  const { id: _id, ...row } = await cms.strapi.db
    .connection('properties')
    .where({ document_id: made.body._id })
    .first();
  return { documentId: made.body._id, row };
}
