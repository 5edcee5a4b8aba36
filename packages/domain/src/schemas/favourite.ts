// A seeker's saved properties (GET /api/favourites, PUT /api/favourites/:propertyId).
import { z } from 'zod';
import { propertySchema } from './property.js';

export const favouriteSchema = z.object({
  propertyId: z.string(),
  savedAt: z.string().nullable(),
  // False once the property left the listing (unapproved or deleted): shown as no longer available.
  available: z.boolean(),
  // The listing's own answer while it is listed; null after.
  property: propertySchema.nullable(),
  // What it was when saved ("House in Osu"), for the card of one no longer listed.
  label: z.string().nullable(),
});
export type Favourite = z.output<typeof favouriteSchema>;

// The list is a plain array, newest first (an answer wrapped as `{ data }` is read the same way).
export const favouriteListSchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !Array.isArray(body) && 'data' in body
      ? (body as { data: unknown }).data
      : body,
  z.array(favouriteSchema),
);
