import { z } from 'zod';

/**
 * Another listing that shows one of this listing's photos, or a near copy of it (re-encoded, resized,
 * lightly cropped): `propertyId` is its `_id`, `distance` the Hamming distance of the closest pair of
 * perceptual hashes (0: the same picture), `image` this listing's photo and `otherImage` the other's.
 */
export const duplicatePhotoSchema = z.object({
  propertyId: z.string(),
  distance: z.number().int().min(0).max(64),
  image: z.string().optional(),
  otherImage: z.string().optional(),
});
export type DuplicatePhoto = z.output<typeof duplicatePhotoSchema>;

/** On staff answers only (the approval queue, a staff member's GET /api/products/:id); closest first. */
export const duplicatePhotosField = z.array(duplicatePhotoSchema).optional();
