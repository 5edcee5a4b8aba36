import { open } from 'node:fs/promises';
import { IMAGE_MAX_BYTES, MESSAGES } from '@fie/domain';
import { httpError } from '../http/errors';

/** JPEG, PNG and WEBP by their first bytes: a renamed file or a wrong declared type does not pass. */
export function imageKind(head: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

async function firstBytes(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(12);
    const { bytesRead } = await handle.read(buffer, 0, 12, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Property images uploaded through the API (the back-office): JPG, JPEG, PNG or WEBP only, checked
 * by content, at most 10 MB each, with the back-office specification's messages.
 */
export default () => async (ctx: any, next: () => Promise<void>) => {
  const input = ctx.request.files?.files;
  const files: any[] = Array.isArray(input) ? input : input ? [input] : [];
  if (files.length === 0) throw httpError(400, 'Choose at least one image to upload.');
  for (const file of files) {
    if (file.size > IMAGE_MAX_BYTES) throw httpError(413, MESSAGES.fileTooLarge);
    if (!imageKind(await firstBytes(file.filepath))) throw httpError(400, MESSAGES.invalidFileType);
  }
  await next();
};
