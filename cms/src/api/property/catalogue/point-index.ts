import type { Core } from '@strapi/strapi';
import type { Sql } from './listing-sql-builders';

/**
 * A spatial index of the listed points, for the small areas of a map zoomed in to streets.
 *
 * A b-tree on (latitude, longitude) answers an area by reading the whole band of its latitudes, every
 * longitude of Ghana included: a street in a dense city read thousands of entries and fetched every
 * match from the table (50-250 ms at a million listings). A spatial index reads the area's own part:
 *
 * - PostgreSQL: a GiST index on the built-in `point(longitude, latitude)` (no extension to install),
 *   partial to the listed rows and carrying the columns the map and the listing read, so a street's
 *   points come from the index alone (6 ms where the b-tree took 50-80 ms).
 * - SQLite: an R*Tree table of the points, kept by row triggers (rebuilt whenever they were missing,
 *   as the search table is).
 *
 * Either is a prefilter beside the exact comparisons of the area (listing-sql-builders.ts), which decide
 * as before: GiST's box is closed and the R*Tree keeps float32 boxes rounded outward, so both find at
 * least the points of the area and the answers are the same with or without them.
 *
 * Only for small areas (SMALL_AREA): for a city's, PostgreSQL cannot tell from the box how many points
 * it holds (it guesses a few), would choose the spatial index, and read every point of the city where
 * walking the listing's order stops after a page (0.7 s against a few ms at a million listings).
 */

/** The largest area, in square degrees, that the spatial index answers: about 0.1 by 0.05 degree (11 by 5.5 km), a desktop map at zoom 15. */
export const SMALL_AREA = 0.005;

export const SQLITE_POINT_TABLE = 'properties_points';
const PG_POINT_INDEX = 'properties_listed_point_gist';

let ready: 'postgres' | 'sqlite' | undefined;

/** Whether the area (its exact ranges, widened as the listing asks them) is answered through the spatial index. */
export function spatialPrefilter(
  lat: { from: number; to: number },
  lon: { from: number; to: number },
): Sql | undefined {
  if (!ready || (lat.to - lat.from) * (lon.to - lon.from) > SMALL_AREA) return undefined;
  if (ready === 'postgres')
    return {
      sql: 'point(p.longitude, p.latitude) <@ box(point(?, ?), point(?, ?))',
      values: [lon.from, lat.from, lon.to, lat.to],
    };
  return {
    sql: `p.id in (select id from ${SQLITE_POINT_TABLE} where max_lng >= ? and min_lng <= ? and max_lat >= ? and min_lat <= ?)`,
    values: [lon.from, lon.to, lat.from, lat.to],
  };
}

/** Makes the spatial index (idempotently, at every start); where it cannot be made, areas are read by the b-trees. */
export async function ensurePointIndex(
  strapi: Core.Strapi,
  carried: readonly string[],
  listedRows: string,
): Promise<void> {
  ready = undefined;
  const client = strapi.db.dialect.client;
  try {
    if (client === 'postgres') {
      const include = ['latitude', 'longitude', 'id', ...carried, 'document_id', 'price_amount', 'currency'];
      await strapi.db.connection.raw(
        `create index if not exists ${PG_POINT_INDEX} on properties using gist (point(longitude, latitude)) include (${include.join(', ')}) where ${listedRows}`,
      );
      ready = 'postgres';
    } else if (client === 'sqlite') {
      await ensureSqlitePoints(strapi);
      ready = 'sqlite';
    }
  } catch (error) {
    strapi.log.warn(
      `[fie] map point index not created (${(error as Error).message}); areas are read by b-tree`,
    );
  }
}

async function ensureSqlitePoints(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  const table = SQLITE_POINT_TABLE;
  await knex.raw(
    `create virtual table if not exists ${table} using rtree(id, min_lng, max_lng, min_lat, max_lat)`,
  );
  const add = (row: 'new') =>
    `insert into ${table} select ${row}.id, ${row}.longitude, ${row}.longitude, ${row}.latitude, ${row}.latitude where ${row}.latitude is not null and ${row}.longitude is not null;`;
  const triggers = [
    [`${table}_ins`, `after insert on properties begin ${add('new')} end`],
    [`${table}_del`, `after delete on properties begin delete from ${table} where id = old.id; end`],
    [
      `${table}_upd`,
      `after update of id, latitude, longitude on properties begin delete from ${table} where id = old.id; ${add('new')} end`,
    ],
  ] as const;
  const present = new Set(
    (
      (await knex.raw(
        `select name from sqlite_master where type = 'trigger' and tbl_name = 'properties'`,
      )) as {
        name: string;
      }[]
    ).map((r) => r.name),
  );
  const missing = triggers.filter(([name]) => !present.has(name));
  if (missing.length === 0) return;
  // Written meanwhile without the triggers (a rebuilt table loses them): made again from the table.
  await knex.transaction(async (trx) => {
    for (const [name] of triggers) await trx.raw(`drop trigger if exists ${name}`);
    for (const [name, body] of triggers) await trx.raw(`create trigger ${name} ${body}`);
    await trx.raw(`delete from ${table}`);
    await trx.raw(
      `insert into ${table} select id, longitude, longitude, latitude, latitude from properties where latitude is not null and longitude is not null`,
    );
  });
}
