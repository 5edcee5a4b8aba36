// The perceptual hashes behind the copied-photo check, on real photographs (tests/fixtures/photos,
// see its README) and the demo catalogue's pictures: copies of one photo are within the threshold,
// different pictures, even of similar rooms, are not; and the bands' lookup finds every near hash.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BAND_RADIUS,
  bandsOf,
  DUPLICATE_PHOTO_DISTANCE,
  hammingDistance,
  nearBandValues,
  photoDistance,
  photoHashes,
} from '../../src/api/property/photos/photo-hash';

const require = createRequire(import.meta.url);
const sharp = require('sharp');

const PHOTOS = path.resolve(__dirname, '..', 'fixtures', 'photos');
const DEMO = path.resolve(__dirname, '..', '..', 'demo', 'images');
const photos = readdirSync(PHOTOS)
  .filter((f) => f.endsWith('.jpg'))
  .map((f) => path.join(PHOTOS, f));
const demo = readdirSync(DEMO).map((f) => path.join(DEMO, f));

/** The image cut by the given fractions of its width and height (left, top, right, bottom), as PNG. */
async function cut(image: Buffer, [l, t, r, b]: [number, number, number, number]): Promise<Buffer> {
  const { width, height } = await sharp(image).metadata();
  const left = Math.round(width * l);
  const top = Math.round(height * t);
  return sharp(image)
    .extract({
      left,
      top,
      width: Math.round(width * (1 - l - r)),
      height: Math.round(height * (1 - t - b)),
    })
    .png()
    .toBuffer();
}

/** What a copier does to a photo before posting it again. */
const copies: Record<string, (png: Buffer) => Promise<Buffer>> = {
  'JPEG at quality 40': (png) => sharp(png).jpeg({ quality: 40 }).toBuffer(),
  'PNG saved as JPEG': (png) => sharp(png).jpeg().toBuffer(),
  WEBP: (png) => sharp(png).webp({ quality: 50 }).toBuffer(),
  'half the size': async (png) =>
    sharp(png)
      .resize(Math.round((await sharp(png).metadata()).width / 2))
      .jpeg()
      .toBuffer(),
  '240 px wide': (png) => sharp(png).resize(240).jpeg({ quality: 70 }).toBuffer(),
  '3 % cut all round, resized': async (png) =>
    sharp(await cut(png, [0.03, 0.03, 0.03, 0.03]))
      .resize(500)
      .jpeg({ quality: 75 })
      .toBuffer(),
  '2 % cut all round, WEBP': async (png) =>
    sharp(await cut(png, [0.02, 0.02, 0.02, 0.02]))
      .webp()
      .toBuffer(),
  '4 % off the left, resized': async (png) =>
    sharp(await cut(png, [0.04, 0, 0, 0]))
      .resize(500)
      .jpeg()
      .toBuffer(),
  '4 % off the top': async (png) =>
    sharp(await cut(png, [0, 0.04, 0, 0]))
      .jpeg()
      .toBuffer(),
  'uneven cut (3, 1, 2, 2 %)': async (png) =>
    sharp(await cut(png, [0.03, 0.01, 0.02, 0.02]))
      .resize(600)
      .jpeg({ quality: 80 })
      .toBuffer(),
};

describe('photo hashes', () => {
  it('are 64 bits, the same for the same image, and read from bytes or a file', async () => {
    const [file] = photos;
    const fromFile = (await photoHashes(file!))!;
    const fromBytes = await photoHashes(await sharp(file).toBuffer());
    expect(fromFile).toHaveLength(2);
    expect(fromFile).toEqual(fromBytes);
    for (const hash of fromFile) expect(hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('are none for a picture of one flat colour, which would match every other', async () => {
    const flat = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 30 } },
    })
      .png()
      .toBuffer();
    expect(await photoHashes(flat)).toBeNull();
  });

  it('refuse what is no image', async () => {
    await expect(photoHashes(Buffer.from('<html>not an image</html>'))).rejects.toThrow();
  });

  it('count differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
    expect(hammingDistance('00000000000000f0', '000000000000000f')).toBe(8);
    expect(photoDistance(['0000000000000000', 'ff00000000000000'], ['ff00000000000001'])).toBe(1);
  });

  it('find every near hash through one of its bands', () => {
    expect(bandsOf('0001ffff8000abcd')).toEqual([0x0001, 0xffff, 0x8000, 0xabcd]);
    const near = nearBandValues(0x00f0);
    expect(new Set(near).size).toBe(near.length);
    expect(near).toHaveLength(1 + 16 + 120); // within 2 bits of 16
    for (const v of near) expect(hammingDistance(v.toString(16), '00f0')).toBeLessThanOrEqual(BAND_RADIUS);
    // Any hash within the threshold shares a near band value with the original; one beyond it need not.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 2000; n++) {
      const hash = Array.from({ length: 16 }, () => Math.floor(random() * 16).toString(16)).join('');
      let other = BigInt(`0x${hash}`);
      const bits = new Set<number>();
      while (bits.size < 1 + (n % DUPLICATE_PHOTO_DISTANCE)) bits.add(Math.floor(random() * 64));
      for (const bit of bits) other ^= 1n << BigInt(bit);
      const copy = other.toString(16).padStart(16, '0');
      expect(hammingDistance(hash, copy)).toBe(bits.size);
      const found = bandsOf(hash).some((v, i) => nearBandValues(v).includes(bandsOf(copy)[i]!));
      expect(found).toBe(true);
    }
    // 12 bits apart, 3 in each band: no band is near, as the threshold of 10 allows.
    expect(
      bandsOf('0000000000000000').some((v, i) => nearBandValues(v).includes(bandsOf('0007000700070007')[i]!)),
    ).toBe(false);
  });
});

describe('copies of a real photo', () => {
  const originals = [...photos, path.join(DEMO, 'interior-1.webp'), path.join(DEMO, 'apartment-1.webp')];
  it.each(originals.map((f) => [path.basename(f), f]))(
    '%s: re-encoded, resized and lightly cropped copies are within the threshold',
    async (_name, file) => {
      const png = await sharp(file).png().toBuffer();
      const original = (await photoHashes(png))!;
      const distances: Record<string, number> = {};
      for (const [how, make] of Object.entries(copies))
        distances[how] = photoDistance(original, (await photoHashes(await make(png)))!);
      for (const [how, distance] of Object.entries(distances))
        expect(distance, `${how}: ${distance}`).toBeLessThanOrEqual(DUPLICATE_PHOTO_DISTANCE);
      // Re-encoding and resizing hardly move the hash at all.
      expect(distances['JPEG at quality 40']).toBeLessThanOrEqual(2);
      expect(distances['WEBP']).toBeLessThanOrEqual(2);
      expect(distances['240 px wide']).toBeLessThanOrEqual(2);
    },
  );
});

describe('different pictures', () => {
  it('two pictures of similar rooms are not taken for copies', async () => {
    const living = (await photoHashes(path.join(DEMO, 'interior-1.webp')))!;
    const bedroom = (await photoHashes(path.join(DEMO, 'interior-2.webp')))!;
    expect(photoDistance(living, bedroom)).toBeGreaterThan(DUPLICATE_PHOTO_DISTANCE);
  });

  it('no two of the photographs and demo pictures are within the threshold', async () => {
    const files = [...photos, ...demo];
    const hashes = await Promise.all(files.map(async (f) => (await photoHashes(f))!));
    let closest = Infinity;
    for (let i = 0; i < files.length; i++)
      for (let j = i + 1; j < files.length; j++) {
        const distance = photoDistance(hashes[i]!, hashes[j]!);
        expect(distance, `${path.basename(files[i]!)} and ${path.basename(files[j]!)}`).toBeGreaterThan(
          DUPLICATE_PHOTO_DISTANCE,
        );
        closest = Math.min(closest, distance);
      }
    // The margin the threshold was chosen with.
    expect(closest).toBeGreaterThanOrEqual(2 * DUPLICATE_PHOTO_DISTANCE - 2);
  });
});
