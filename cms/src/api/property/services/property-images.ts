import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { IMAGE_MAX_BYTES, MESSAGES } from '@fie/domain';
import { fetchRemoteImage, RemoteImageError } from '../../../shared/remote-image';
import { imageKind, reencoded, storedName } from '../../../middlewares/image-upload-guard';
import { getUploadService } from '../../../shared/core-services';

const FILE_UID = 'plugin::upload.file';
/** How an imported image's media record says where it came from (the media library shows it). */
const importedFrom = (url: string) => `Imported from ${url}`;
/**
 * What proves it, in the record's provider metadata, which no upload and no panel edit can set (a
 * caption anyone with the media library could write): found by both, an address is imported once.
 */
const importMark = (url: string) => createHash('sha256').update(`fie image import\n${url}`).digest('hex');
type FileRow = { id: number; provider_metadata?: Record<string, unknown> | null };

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
 * Properties keep their images as an ordered media list (first is the cover), all of it our own
 * media: uploads (the back-office sends their URLs), or images whose address staff typed in, which
 * are imported once (fetched safely, shared/remote-image.ts; checked by content and re-encoded like an
 * upload; stored by the upload provider, local or Cloudinary). An address of someone else's server
 * is never shown on a listing: what it serves could change after the listing was approved.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** Fetches, checks, re-encodes and stores the image at `url`; answers its media id. */
  async function importImage(url: string): Promise<number> {
    let bytes: Buffer;
    try {
      bytes = await fetchRemoteImage(url);
    } catch (error) {
      if (error instanceof RemoteImageError)
        throw new errors.ValidationError(`The image at ${url} could not be imported: ${error.message}.`);
      throw error;
    }
    const kind = imageKind(bytes.subarray(0, 12));
    if (!kind)
      throw new errors.ValidationError(
        `The image at ${url} could not be imported: ${MESSAGES.invalidFileType}`,
      );
    let image: Buffer;
    try {
      image = await reencoded(bytes, kind);
    } catch (error) {
      throw new errors.ValidationError(
        `The image at ${url} could not be imported: ${(error as Error).message}`,
      );
    }
    if (image.length > IMAGE_MAX_BYTES)
      throw new errors.ValidationError(`The image at ${url} could not be imported: it is larger than 10 MB.`);
    const name = storedName(fileNameIn(url), kind);
    const dir = await mkdtemp(path.join(tmpdir(), 'fie-image-import-'));
    try {
      const filepath = path.join(dir, name);
      await writeFile(filepath, image);
      const [file] = await getUploadService(strapi).upload({
        data: { fileInfo: { name, caption: importedFrom(url) } },
        files: { filepath, originalFilename: name, mimetype: `image/${kind}`, size: image.length },
      });
      await strapi.db.query(FILE_UID).update({
        where: { id: file!.id },
        data: {
          provider_metadata: { ...(file!.provider_metadata ?? {}), fieImportedFrom: importMark(url) },
        },
      });
      return file!.id;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    async toMediaIds(urls: string[]): Promise<number[]> {
      const ids: number[] = [];
      for (const url of urls) {
        fileNameIn(url);
        // Our own media (an upload's URL), or an address imported before.
        const imported = (await strapi.db.query(FILE_UID).findMany({
          where: { caption: importedFrom(url) },
          select: ['id', 'provider_metadata'],
        })) as FileRow[];
        const existing =
          (await strapi.db
            .query(FILE_UID)
            .findOne({ where: { url, provider: { $ne: 'external' } }, select: ['id'] })) ??
          imported.find((f) => f.provider_metadata?.fieImportedFrom === importMark(url));
        if (existing) {
          ids.push(existing.id);
          continue;
        }
        // A path on this site that is no upload of ours: nothing to fetch.
        if (url.startsWith('/'))
          throw new errors.ValidationError(`Image not found among the uploads: ${url}`);
        ids.push(await importImage(url));
      }
      return ids;
    },
  };
};
