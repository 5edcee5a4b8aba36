import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, MESSAGES } from '@fie/domain';
import { httpError } from '../shared/errors';
import type { Context } from '../shared/context';

export type ImageKind = 'jpeg' | 'png' | 'webp';
const EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/**
 * A phone camera's photo is at most about 50 megapixels; beyond that a small file that expands to
 * gigabytes of pixels (a decompression bomb) would hold the server's memory.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const TOO_MANY_PIXELS = 'Image too large: at most 50 megapixels (for example 8000 × 6000).';

export const REPLACING_REFUSED =
  'Existing images cannot be replaced, edited or deleted here. Upload new images and attach them through the listing’s own edit.';

export const ATTACHING_REFUSED =
  'Images cannot be attached to a listing here. Upload them, then add them through the listing’s own edit.';

/** JPEG, PNG and WEBP by their first bytes: a renamed file or a wrong declared type does not pass. */
export function imageKind(head: Buffer): ImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

async function firstBytes(filepath: string): Promise<Buffer> {
  const handle = await open(filepath, 'r');
  try {
    const buffer = Buffer.alloc(12);
    const { bytesRead } = await handle.read(buffer, 0, 12, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The first bytes only say what a file claims to be: a file can start like a WEBP and carry an HTML
 * page after. Decoding and encoding again keeps the pixels and nothing else (no trailing bytes, no
 * metadata such as GPS position), turned upright from the camera's EXIF orientation.
 */
export async function reencoded(input: string | Buffer, kind: ImageKind): Promise<Buffer> {
  try {
    // sharp reads the header first and refuses too many pixels before decoding any of them.
    return await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .toFormat(kind)
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw httpError(413, TOO_MANY_PIXELS);
    throw httpError(400, MESSAGES.invalidFileType);
  }
}

/** The shown name keeps the sender's words; the extension is always the one of the stored type. */
export function storedName(sent: unknown, kind: ImageKind): string {
  const base = path
    .parse(typeof sent === 'string' ? sent : '')
    .name.replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .trim()
    .slice(0, 80);
  return `${base || 'image'}.${EXTENSION[kind]}`;
}

/**
 * Property images uploaded through the API (the back-office): JPG, JPEG, PNG or WEBP only, checked
 * by content and stored re-encoded, at most 10 MB each, with the back-office's
 * messages. `?id=` would replace or rename an existing file, and `ref`/`refId`/`field` would attach
 * the upload straight to an entry: either changes an approved listing's images without the
 * listing's approval rules, so both are refused; only `fileInfo` (name, alternative text) is kept.
 */
export default () => async (ctx: Context, next: () => Promise<void>) => {
  if (ctx.query?.id !== undefined) throw httpError(403, REPLACING_REFUSED);
  const body = ctx.request.body;
  if (body && typeof body === 'object' && Object.keys(body).some((field) => field !== 'fileInfo'))
    throw httpError(403, ATTACHING_REFUSED);
  const input = ctx.request.files?.files;
  const files = Array.isArray(input) ? input : input ? [input] : [];
  if (files.length === 0) throw httpError(400, 'Choose at least one image to upload.');
  for (const file of files) {
    if (file.size > IMAGE_MAX_BYTES) throw httpError(413, MESSAGES.fileTooLarge);
    if (!imageKind(await firstBytes(file.filepath))) throw httpError(400, MESSAGES.invalidFileType);
  }
  // One at a time: each decode may take a few hundred megabytes.
  for (const file of files) {
    const kind = imageKind(await firstBytes(file.filepath))!;
    const image = await reencoded(file.filepath, kind);
    if (image.length > IMAGE_MAX_BYTES) throw httpError(413, MESSAGES.fileTooLarge);
    await writeFile(file.filepath, image);
    Object.assign(file, {
      size: image.length,
      mimetype: `image/${kind}`,
      type: `image/${kind}`,
      originalFilename: storedName(file.originalFilename, kind),
    });
  }
  await next();
};
