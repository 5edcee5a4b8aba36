import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { DUPLICATE_PHOTO_COUNT, DUPLICATE_PHOTO_LIST, type CountRelation } from '@fie/domain';
import { rawRows } from '../../../shared/raw-rows';
import { keptDuplicates } from '../photos/kept-duplicates';
import { fetchRemoteImage } from '../../../shared/remote-image';
import {
  BANDS,
  bandsOf,
  DUPLICATE_PHOTO_DISTANCE,
  hammingDistance,
  nearBandValues,
  photoHashes,
} from '../photos/photo-hash';

const PROPERTY_UID = 'api::property.property';
/** Each image's perceptual hashes (variant 0: the whole photo, 1: its centre), with their bands. */
const HASHES = 'photo_hashes';
/** Pairs of images within DUPLICATE_PHOTO_DISTANCE of each other, both ways, kept when hashed. */
const MATCHES = 'photo_hash_matches';
const band = (i: number) => `band_${i}`;
const BAND_NAMES = Array.from({ length: BANDS }, (_, i) => band(i));

/** How many images one start hashes in the background, at most (the next start goes on). */
const BACKFILL_PER_START = Number(process.env.PHOTO_HASH_BACKFILL_LIMIT ?? 2000);
/** How long after start the backfill begins: start-up and the first requests come first. */
const BACKFILL_DELAY_MS = Number(process.env.PHOTO_HASH_BACKFILL_DELAY_MS ?? 10_000);

/** A listing a photo is also on: `propertyId` its `_id`, `distance` the closest pair's. */
export interface DuplicatePhoto {
  propertyId: string;
  distance: number;
  /** This listing's photo and the other listing's (URLs). */
  image: string;
  otherImage: string;
}

/** A listing's copies: the closest few, and how many in all (exact up to DUPLICATE_PHOTO_COUNT). */
export interface DuplicatesFound {
  list: DuplicatePhoto[];
  total: number;
  relation: CountRelation;
}

type HashRow = { file_id: number; hash: string };

/** Each listing's copies, kept against the versions of what they are read from. */
const kept = keptDuplicates<DuplicatesFound>(MATCHES);

/**
 * Copied photos: every image uploaded (through the API, the panel or an import) gets perceptual
 * hashes of the bytes the cms received (whatever provider stores them), and each new hash is compared
 * once with the near ones found through the bands' indexes (never with every hash). The pairs found
 * are kept, so staff views read a listing's copies with a join. Images stored before this existed are
 * hashed in the background after start.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  let backfill: { stop: boolean; started: boolean; done: Promise<void>; timer?: NodeJS.Timeout } | null =
    null;

  /**
   * The images with a hash within DUPLICATE_PHOTO_DISTANCE of one of `hashes`, with the closest
   * distance. One index-only lookup per band and hash (the band's near values, `nearBandValues`),
   * never a read of every hash; PostgreSQL also drops the candidates too far apart (bit_count) before
   * answering. Measured with 1,000,000 images of random hashes on PostgreSQL: about 33,000 candidates
   * for an image, 0.3 s on a busy 2-core machine.
   */
  async function nearImages(fileId: number, hashes: string[]): Promise<Map<number, number>> {
    const postgres = strapi.db.dialect.client === 'postgres';
    const lookups: string[] = [];
    const params: unknown[] = [];
    for (const hash of hashes)
      bandsOf(hash).forEach((value, i) => {
        const values = nearBandValues(value);
        if (postgres) {
          // The CASE keeps bit_count away from a row without detail (no hash), whatever the plan.
          lookups.push(
            `select file_id, hash from ${HASHES} where ${band(i)} = any(?) and file_id <> ?
             and (case when length(hash) = 16 then bit_count(('x' || hash)::bit(64) # ('x' || ?)::bit(64)) else 64 end) <= ?`,
          );
          params.push(values, fileId, hash, DUPLICATE_PHOTO_DISTANCE);
        } else {
          lookups.push(
            `select file_id, hash from ${HASHES} where ${band(i)} in (${values.map(() => '?').join(',')}) and file_id <> ?`,
          );
          params.push(...values, fileId);
        }
      });
    const result = await knex().raw(lookups.join(' union all '), params);
    const rows: HashRow[] = Array.isArray(result) ? result : result.rows;
    const near = new Map<number, number>();
    for (const row of rows)
      for (const hash of hashes) {
        const distance = hammingDistance(hash, row.hash);
        const id = Number(row.file_id);
        if (distance <= DUPLICATE_PHOTO_DISTANCE && distance < (near.get(id) ?? Infinity))
          near.set(id, distance);
      }
    return near;
  }

  /**
   * Keeps an image's hashes and its pairs with the images already hashed. An image without detail
   * (no hashes) gets a row whose bands match nothing, so the backfill does not read it again.
   */
  async function record(fileId: number, hashes: string[]): Promise<void> {
    const near = hashes.length > 0 ? await nearImages(fileId, hashes) : new Map<number, number>();
    const rows = hashes.length
      ? hashes.map((hash, variant) => ({
          file_id: fileId,
          variant,
          hash,
          ...Object.fromEntries(bandsOf(hash).map((value, i) => [band(i), value])),
        }))
      : [{ file_id: fileId, variant: 0, hash: '', ...Object.fromEntries(BAND_NAMES.map((b) => [b, -1])) }];
    await strapi.db.transaction(async ({ trx }) => {
      await trx(HASHES).insert(rows).onConflict(['file_id', 'variant']).ignore();
      const pairs = [...near].flatMap(([other, distance]) => [
        { file_id: fileId, other_file_id: other, distance },
        { file_id: other, other_file_id: fileId, distance },
      ]);
      // In slices: PostgreSQL and SQLite limit the parameters of one statement.
      for (let i = 0; i < pairs.length; i += 500)
        await trx(MATCHES)
          .insert(pairs.slice(i, i + 500))
          .onConflict(['file_id', 'other_file_id'])
          .ignore();
    });
  }

  /** The stored bytes of an image the provider already has: the local folder, or its public URL. */
  async function storedBytes(file: { url: string; provider: string }): Promise<Buffer> {
    if (file.provider === 'local' && file.url.startsWith('/'))
      return readFile(path.join(strapi.dirs.static.public, file.url));
    return fetchRemoteImage(file.url);
  }

  const service = {
    async ensureTables(): Promise<void> {
      if (!(await knex().schema.hasTable(HASHES)))
        await knex().schema.createTable(HASHES, (t) => {
          t.integer('file_id').notNullable();
          t.smallint('variant').notNullable();
          t.string('hash', 16).notNullable();
          for (let i = 0; i < BANDS; i++) t.integer(band(i)).notNullable();
          t.primary(['file_id', 'variant']);
        });
      if (!(await knex().schema.hasTable(MATCHES)))
        await knex().schema.createTable(MATCHES, (t) => {
          t.integer('file_id').notNullable();
          t.integer('other_file_id').notNullable();
          t.smallint('distance').notNullable();
          t.primary(['file_id', 'other_file_id']);
        });
      // A photo's listings in the order they were made, and a photo's near copies closest first, read
      // from an index and cut after the first few (a stock photo may be on thousands of listings).
      await knex().raw(
        'create index if not exists files_related_mph_file_related_idx on files_related_mph (file_id, related_id)',
      );
      await kept.ensure(strapi);
      await knex().raw(
        `create index if not exists ${MATCHES}_file_distance_idx on ${MATCHES} (file_id, distance, other_file_id)`,
      );
      // Each band's index carries the file and the hash, so a lookup reads the index alone.
      const postgres = strapi.db.dialect.client === 'postgres';
      for (let i = 0; i < BANDS; i++)
        await knex().raw(
          postgres
            ? `create index if not exists ${HASHES}_${band(i)}_idx on ${HASHES} (${band(i)}) include (file_id, hash)`
            : `create index if not exists ${HASHES}_${band(i)}_idx on ${HASHES} (${band(i)}, file_id, hash)`,
        );
    },

    /**
     * Hashes an image about to be stored (`input`: its bytes or temporary file), before the upload
     * provider takes it: none for an image without detail, null for what cannot be read as an image
     * (the upload goes on without).
     */
    async hashesOf(input: Buffer | string): Promise<string[] | null> {
      try {
        return (await photoHashes(input)) ?? [];
      } catch {
        return null;
      }
    },

    /** Keeps the hashes of a stored image. A failure is logged: the upload itself stands, and the backfill tries again. */
    async recordUpload(fileId: number, hashes: string[] | null): Promise<void> {
      if (!hashes) return;
      try {
        await record(fileId, hashes);
      } catch (error) {
        strapi.log.warn(`[fie] photo hashes: image ${fileId} not hashed: ${(error as Error).message}`);
      }
    },

    /**
     * Hashes up to `limit` stored images that have none yet, one at a time (oldest first), and answers
     * how many it hashed. An image that cannot be read or decoded is skipped and logged.
     */
    async backfill({
      limit = BACKFILL_PER_START,
      stopped = (): boolean => false,
    }: { limit?: number; stopped?: () => boolean } = {}): Promise<number> {
      const files: { id: number; url: string; provider: string }[] = await knex()('files')
        .select('id', 'url', 'provider')
        .where('mime', 'like', 'image/%')
        .whereNotExists(knex()(HASHES).select(1).whereRaw(`${HASHES}.file_id = files.id`))
        .orderBy('id', 'asc')
        .limit(limit);
      let hashed = 0;
      for (const file of files) {
        if (stopped()) break;
        try {
          const hashes = await photoHashes(await storedBytes(file));
          // No detail to compare: an empty list marks it as done.
          await record(file.id, hashes ?? []);
          hashed++;
        } catch (error) {
          strapi.log.warn(`[fie] photo hashes: image ${file.id} skipped: ${(error as Error).message}`);
        }
      }
      return hashed;
    },

    /** Starts the backfill in the background, after start-up; a failure only logs. */
    startBackfill(): void {
      let finished = () => {};
      const state = {
        stop: false,
        started: false,
        done: new Promise<void>((resolve) => (finished = resolve)),
        timer: undefined as NodeJS.Timeout | undefined,
      };
      state.timer = setTimeout(() => {
        state.started = true;
        service
          .backfill({ stopped: () => state.stop })
          .then((n) => {
            if (n > 0) strapi.log.info(`[fie] photo hashes: ${n} stored images hashed`);
          })
          .catch((error: Error) => strapi.log.warn(`[fie] photo hashes: backfill failed: ${error.message}`))
          .finally(finished);
      }, BACKFILL_DELAY_MS);
      state.timer.unref();
      backfill = state;
    },

    /** Stops the backfill (between two images) and waits for it. */
    async stopBackfill(): Promise<void> {
      if (!backfill) return;
      backfill.stop = true;
      clearTimeout(backfill.timer);
      if (backfill.started) await backfill.done;
      backfill = null;
    },

    /**
     * For each listing (by documentId), the other listings that show one of its photos or a near copy
     * of it, closest first and, at the same distance, the earliest listed first: at most
     * DUPLICATE_PHOTO_LIST of them, with how many there are in all (exact up to DUPLICATE_PHOTO_COUNT,
     * `relation: 'gte'` past it). A stock photo may be on thousands of listings, so every step is
     * bounded in the query itself: each own photo's near copies, and each photo's listings, are read
     * from an index in order and cut at DUPLICATE_PHOTO_COUNT + 1 (PostgreSQL with a LATERAL join,
     * SQLite with a window; the same answers). The count is of what those cuts keep: it says `eq` for
     * a photo with over DUPLICATE_PHOTO_COUNT near copies shown on fewer listings than that, a case
     * the 10-bit nearness makes all but impossible and that costs nothing worse than a low count.
     * Kept per listing while nothing they are read from changes (photos/kept-duplicates.ts).
     */
    async duplicatesOf(documentIds: string[]): Promise<Map<string, DuplicatesFound>> {
      if (documentIds.length === 0) return new Map();
      return kept.of(strapi, documentIds, (ids) => service.readDuplicatesOf(ids));
    },

    /** duplicatesOf, read from the database every time. */
    async readDuplicatesOf(documentIds: string[]): Promise<Map<string, DuplicatesFound>> {
      const out = new Map<string, DuplicatesFound>();
      if (documentIds.length === 0) return out;
      const postgres = strapi.db.dialect.client === 'postgres';
      const cut = DUPLICATE_PHOTO_COUNT + 1;
      const ids = documentIds.map(() => '?').join(',');
      // The near copies of each own photo that are on a listing (a copy nobody shows says nothing).
      const near = postgres
        ? `select own.document_id, own.file_id, m.other_file_id, m.distance from own
           cross join lateral (
             select m.other_file_id, m.distance from ${MATCHES} m
             where m.file_id = own.file_id
               and exists (select 1 from files_related_mph x where x.file_id = m.other_file_id and x.related_type = ? and x.field = 'images')
             order by m.distance, m.other_file_id limit ${cut}
           ) m`
        : `select document_id, file_id, other_file_id, distance from (
             select own.document_id, own.file_id, m.other_file_id, m.distance,
               row_number() over (partition by own.document_id, own.file_id order by m.distance, m.other_file_id) as n
             from own join ${MATCHES} m on m.file_id = own.file_id
             where exists (select 1 from files_related_mph x where x.file_id = m.other_file_id and x.related_type = ? and x.field = 'images')
           ) t where n <= ${cut}`;
      // Each photo's listings other than the one asked about, earliest first.
      const found = postgres
        ? `select near.document_id, near.file_id, near.other_file_id, near.distance, x.other_document_id, x.other_id
           from near cross join lateral (
             select op.document_id as other_document_id, op.id as other_id
             from files_related_mph ol join properties op on op.id = ol.related_id
             where ol.file_id = near.other_file_id and ol.related_type = ? and ol.field = 'images'
               and op.document_id <> near.document_id
             order by ol.related_id limit ${cut}
           ) x`
        : `select document_id, file_id, other_file_id, distance, other_document_id, other_id from (
             select near.document_id, near.file_id, near.other_file_id, near.distance,
               op.document_id as other_document_id, op.id as other_id,
               row_number() over (partition by near.document_id, near.file_id, near.other_file_id order by op.id) as n
             from near join files_related_mph ol on ol.file_id = near.other_file_id
             join properties op on op.id = ol.related_id
             where ol.related_type = ? and ol.field = 'images' and op.document_id <> near.document_id
           ) t where n <= ${cut}`;
      const result = await knex().raw(
        `with own as (
           select distinct p.document_id, l.file_id
           from properties p join files_related_mph l on l.related_id = p.id
           where l.related_type = ? and l.field = 'images' and p.document_id in (${ids})
         ),
         near as (
           select document_id, file_id, file_id as other_file_id, 0 as distance from own
           union all ${near}
         ),
         found as (${found}),
         picked as (
           select found.*, row_number() over (
             partition by document_id, other_document_id order by distance, file_id, other_file_id
           ) as pick from found
         ),
         listed as (
           select document_id, file_id, other_file_id, distance, other_document_id,
             row_number() over (partition by document_id order by distance, other_id) as rank,
             count(*) over (partition by document_id) as total
           from picked where pick = 1
         )
         select * from listed where rank <= ${DUPLICATE_PHOTO_LIST} order by document_id, rank`,
        [PROPERTY_UID, ...documentIds, PROPERTY_UID, PROPERTY_UID],
      );
      const rows = rawRows<{
        document_id: string;
        file_id: number;
        other_file_id: number;
        other_document_id: string;
        distance: number;
        total: number;
      }>(result);
      if (rows.length === 0) return out;
      const fileIds = [...new Set(rows.flatMap((r) => [Number(r.file_id), Number(r.other_file_id)]))];
      const urls = new Map<number, string>(
        (
          (await knex()('files').select('id', 'url').whereIn('id', fileIds)) as { id: number; url: string }[]
        ).map((f) => [Number(f.id), f.url]),
      );
      for (const row of rows) {
        const total = Number(row.total);
        const entry = out.get(row.document_id) ?? {
          list: [],
          total: Math.min(total, DUPLICATE_PHOTO_COUNT),
          relation: (total > DUPLICATE_PHOTO_COUNT ? 'gte' : 'eq') as CountRelation,
        };
        entry.list.push({
          propertyId: row.other_document_id,
          distance: Number(row.distance),
          image: urls.get(Number(row.file_id)) ?? '',
          otherImage: urls.get(Number(row.other_file_id)) ?? '',
        });
        out.set(row.document_id, entry);
      }
      return out;
    },

    /**
     * `items` with `duplicatePhotos` (an empty list when none), `duplicatePhotosTotal` and
     * `duplicatePhotosTotalRelation`: for staff answers only.
     */
    async attach<T extends { _id: string }>(
      items: T[],
    ): Promise<
      (T & {
        duplicatePhotos: DuplicatePhoto[];
        duplicatePhotosTotal: number;
        duplicatePhotosTotalRelation: CountRelation;
      })[]
    > {
      const found = await service.duplicatesOf(items.map((i) => i._id));
      return items.map((i) => {
        const entry = found.get(i._id);
        return {
          ...i,
          duplicatePhotos: entry?.list ?? [],
          duplicatePhotosTotal: entry?.total ?? 0,
          duplicatePhotosTotalRelation: entry?.relation ?? 'eq',
        };
      });
    },
  };
  return service;
};
