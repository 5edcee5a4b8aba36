import sharp from 'sharp';
import phash from 'sharp-phash';
import { IMAGE_MAX_PIXELS } from '../../../middlewares/image-upload-guard';

/**
 * Two photos whose hashes (`photoDistance`) differ in at most this many of their 64 bits are taken
 * for copies of one photo. Measured on the photographs in tests/fixtures/photos and the demo images
 * (tests/unit/photo-hash.test.ts): a re-encoded (JPEG quality, PNG to JPEG, WEBP) or resized copy is
 * 0-1 apart, one cut by 2-3 % all round or 4 % off one side up to 10 (5 % off one side reaches 12);
 * two different pictures, even of similar rooms, are 19 or more apart.
 */
export const DUPLICATE_PHOTO_DISTANCE = 10;

/**
 * How far two photos are: the closest of their hashes (whole or centre, either way), so that a copy
 * cut by a few percent meets the original's centre.
 */
export function photoDistance(a: readonly string[], b: readonly string[]): number {
  return Math.min(...a.flatMap((x) => b.map((y) => hammingDistance(x, y))));
}

/** The hash's four 16-bit bands, each indexed: see `nearBandValues`. */
export const BANDS = 4;
const BAND_BITS = 16;
/**
 * Pigeonhole: two hashes within DUPLICATE_PHOTO_DISTANCE of each other differ in at most this many
 * bits in at least one band (were every band 3 or more apart, they would be 12 or more apart).
 */
export const BAND_RADIUS = Math.floor(DUPLICATE_PHOTO_DISTANCE / BANDS);

/** The size photos are decoded to for hashing: the hash reads a 32 × 32 thumbnail anyway. */
const DECODED_SIZE = 512;
/** The least spread of grey levels (standard deviation, 0-255) of an image that gets hashes. */
const MIN_DETAIL = 2;
/** How much of each side the centre hash leaves out: a copy cut by a few percent is near it. */
const CENTRE_MARGIN = 0.05;

/** A hash as 16 hex digits (64 bits), from sharp-phash's string of 64 '0'/'1'. */
const hexOf = (bits: string): string => BigInt(`0b${bits}`).toString(16).padStart(16, '0');

/**
 * The perceptual hashes of a photo: of the whole of it, and of its centre (5 % off each side). A copy
 * cropped by a few percent is far from the whole photo's hash but near its centre's (and the other
 * way round), so both are kept and compared. Decoded once, upright, within the uploads' pixel limit;
 * throws for what is no image; null for an image without detail (one flat colour).
 */
export async function photoHashes(input: Buffer | string): Promise<[string, string] | null> {
  const { data, info } = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .greyscale()
    .resize(DECODED_SIZE, DECODED_SIZE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  // A picture of one flat colour has no hash worth comparing: every such picture would match.
  const { channels } = await sharp(data, raw).stats();
  if (channels[0]!.stdev < MIN_DETAIL) return null;
  const left = Math.round(info.width * CENTRE_MARGIN);
  const top = Math.round(info.height * CENTRE_MARGIN);
  const centre = await sharp(data, raw)
    .extract({ left, top, width: info.width - 2 * left, height: info.height - 2 * top })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const centreRaw = {
    raw: { width: centre.info.width, height: centre.info.height, channels: centre.info.channels },
  };
  return [hexOf(await phash(data, raw)), hexOf(await phash(centre.data, centreRaw))];
}

/** How many bits two hashes (16 hex digits each) differ in. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}

/** The hash's bands, as numbers (0-65535), first band first. */
export function bandsOf(hash: string): number[] {
  const width = BAND_BITS / 4;
  return Array.from({ length: BANDS }, (_, i) => parseInt(hash.slice(i * width, (i + 1) * width), 16));
}

/**
 * Every band value within BAND_RADIUS bits of `value` (137 for a radius of 2). A hash near another
 * shares one of these with it in some band, so looking them up in the bands' indexes finds every
 * near hash without reading the others (multi-index hashing).
 */
export function nearBandValues(value: number): number[] {
  const out = [value];
  let frontier = [{ v: value, from: 0 }];
  for (let r = 1; r <= BAND_RADIUS; r++) {
    const next: typeof frontier = [];
    for (const { v, from } of frontier)
      for (let bit = from; bit < BAND_BITS; bit++) {
        const flipped = v ^ (1 << bit);
        out.push(flipped);
        next.push({ v: flipped, from: bit + 1 });
      }
    frontier = next;
  }
  return out;
}
