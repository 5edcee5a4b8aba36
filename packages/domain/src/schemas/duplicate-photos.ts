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

/**
 * On staff answers only (the approval queue, a staff member's GET /api/products/:id): at most
 * DUPLICATE_PHOTO_LIST, closest first.
 */
export const duplicatePhotosField = z.array(duplicatePhotoSchema).optional();

/** How many other listings a staff answer names for a listing's copied photos. */
export const DUPLICATE_PHOTO_LIST = 10;
/** Up to how many other listings the count of a listing's copies is exact. */
export const DUPLICATE_PHOTO_COUNT = 100;

/**
 * Beside `duplicatePhotos`: how many other listings show one of its photos, exact up to
 * DUPLICATE_PHOTO_COUNT; past it that number with `duplicatePhotosTotalRelation: 'gte'` (a stock photo may be on thousands).
 */
export const duplicatePhotosTotalFields = {
  duplicatePhotosTotal: z.number().int().min(0).optional(),
  duplicatePhotosTotalRelation: z.enum(['eq', 'gte']).optional(),
};
/** Whether a capped count is exact (`eq`) or a floor (`gte`). */
export type CountRelation = NonNullable<
  z.output<typeof duplicatePhotosTotalFields.duplicatePhotosTotalRelation>
>;
