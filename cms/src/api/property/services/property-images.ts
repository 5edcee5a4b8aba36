import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

const FILE_UID = 'plugin::upload.file';
const MIME_BY_EXT: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The last part of the address, as a person would read it; a broken %-escape is the sender's mistake. */
function fileNameIn(url: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').pop() || 'image';
  try {
    return decodeURIComponent(last);
  } catch {
    throw new errors.ValidationError(`Image address is not valid (a broken %-escape): ${url}`);
  }
}

/**
 * Properties keep their images as an ordered media list (first is the cover). The back-office sends
 * URLs: answers of the upload endpoint (already media), or addresses typed in by staff, which are
 * recorded as media pointing at that address so the list stays one ordered list.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async toMediaIds(urls: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const url of urls) {
      const existing = await strapi.db.query(FILE_UID).findOne({ where: { url }, select: ['id'] });
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      const name = fileNameIn(url);
      const ext = (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();
      const created = await strapi.db.query(FILE_UID).create({
        data: {
          name,
          hash: createHash('sha256').update(url).digest('hex').slice(0, 24),
          ext: ext ? `.${ext}` : '',
          mime: MIME_BY_EXT[ext] ?? 'image/jpeg',
          size: 0,
          url,
          provider: 'external',
          folderPath: '/',
        },
      });
      ids.push(created.id);
    }
    return ids;
  },
});
