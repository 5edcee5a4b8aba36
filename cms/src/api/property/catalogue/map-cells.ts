import type { Core } from '@strapi/strapi';
import { MAP_CLUSTER_CELLS } from '@fie/domain';

/**
 * The map's zoomed-out view counts listed points per cell of the public grid (MAP_CLUSTER_CELLS in
 * @fie/domain). Counted live, a city's area read hundreds of thousands of index entries per request
 * at a million listings, so the counts are kept in a table of their own, per cell and per the
 * filters most maps are asked with (city, lease, type, bedrooms), by triggers on `properties` (whoever writes:
 * the document service, the admin panel, raw updates, a bulk load), in the writing transaction. A map
 * then sums a few thousand kept rows. Each row also keeps the sums of its points' grid steps, so a
 * cluster is drawn where its homes are (their mean), not at the cell's corner.
 *
 * A point's cell is that of its rounded (public) point, computed in SQL exactly as `gridStep` in
 * @fie/domain computes it (halves away from zero, settled against the same edges), and tested against it.
 *
 * Made idempotently at every start, like the listing's indexes. On PostgreSQL the table is counted
 * afresh when its definition changes (DEFINITION), under a lock that holds writers back meanwhile;
 * on SQLite at every start, as rebuilding a table (some schema changes) drops its triggers and the
 * writes in between would go uncounted. If it cannot be made, `mapCellsKept()` stays false and every
 * cluster is counted live.
 */
export const MAP_CELLS_TABLE = 'fie_map_cells';
const STATE_TABLE = 'fie_map_cells_state';
/** Raised whenever what the table holds or how it is counted changes, so that it is counted again. */
const DEFINITION = 'cells 10,100,1000; city, lease, type, bedrooms; step sums; v2';

/** The filters the kept counts are kept by (the listing query's names, and their columns). */
export const KEPT_FILTERS = [
  ['city', 'city_slug'],
  ['leaseType', 'lease_type'],
  ['propertyType', 'property_type'],
  ['bedrooms', 'bedrooms'],
] as const;

const LISTED_POINT = (row: string) =>
  `${row}approval_status = 'approved' and ${row}availability_hidden is not true and ${row}latitude is not null and ${row}longitude is not null`;

let kept = false;
/** Whether the kept counts can be read (made and counted at this start). */
export const mapCellsKept = (): boolean => kept;

type Dialect = 'postgres' | 'sqlite';

/**
 * A coordinate's grid step in SQL, as gridStep does it: its product rounded, then settled against the
 * edges (2k - 1) / 2000, each one correctly rounded division in both. PostgreSQL's round of a double
 * takes halves to even where JavaScript's takes them up; the settling makes both the same.
 */
export function gridStepSql(column: string, dialect: Dialect): string {
  if (dialect === 'postgres') return `fie_grid_step(${column})`;
  const positive = (x: string) => {
    const k = `cast(round(${x} * 1000) as integer)`;
    return `(${k} - (${x} < (2 * ${k} - 1) / 2000.0) + (${x} >= (2 * ${k} + 1) / 2000.0))`;
  };
  return `(case when ${column} < 0 then -${positive(`(-${column})`)} else ${positive(column)} end)`;
}

/** The cell index (floor division) of a grid step, `cell` being a column or a number. */
export function cellSql(step: string, cell: string, dialect: Dialect): string {
  // Exact either way: a whole number divided by 10, 100 or 1,000 is never within a rounding of the next whole number.
  if (dialect === 'postgres') return `floor(${step}::float8 / ${cell})::integer`;
  return `((${step}) - (((${step}) % ${cell}) + ${cell}) % ${cell}) / ${cell}`;
}

// The cell sizes as rows (SQLite names no columns of a VALUES list).
const CELL_SIZES = MAP_CLUSTER_CELLS.map((c) => `select ${c} as cell`).join(' union all ');
const KEY = 'cell, lat_cell, lng_cell, city_slug, lease_type, property_type, bedrooms';
/** Adds a contribution to a kept row: named through the alias on PostgreSQL; SQLite's triggers allow no alias, and need none. */
const add = (dialect: Dialect) => {
  const kept = dialect === 'postgres' ? 'c.' : '';
  return `n = ${kept}n + excluded.n, lat_sum = ${kept}lat_sum + excluded.lat_sum, lng_sum = ${kept}lng_sum + excluded.lng_sum`;
};

/**
 * The rows of `from` (a table or transition table) as signed contributions: grid steps and the kept
 * filters; `row` names the columns' row instead (SQLite's triggers: `new.`, `old.`).
 */
const contributions = (from: string, sign: 1 | -1, dialect: Dialect, row = '') =>
  `select ${sign} as sign, ${gridStepSql(`${row}latitude`, dialect)} as klat, ${gridStepSql(`${row}longitude`, dialect)} as klng, coalesce(${row}city_slug, '') as city, coalesce(${row}lease_type, '') as lease, coalesce(${row}property_type, '') as ptype, coalesce(${row}number_of_bedrooms, -1) as beds from ${from} where ${LISTED_POINT(row)}`;

/**
 * The upsert adding signed contributions (`source`, with sign, klat, klng, city, lease, ptype) to
 * every cell size. In key order, so two writers would take the rows' locks in the same order (they
 * queue on the catalogue version's row before that anyway); no-op changes (a price edit) write nothing.
 */
const upsert = (source: string, dialect: Dialect) =>
  `insert into ${MAP_CELLS_TABLE}${dialect === 'postgres' ? ' as c' : ''} (${KEY}, n, lat_sum, lng_sum)
   select l.cell, ${cellSql('x.klat', 'l.cell', dialect)}, ${cellSql('x.klng', 'l.cell', dialect)}, x.city, x.lease, x.ptype, x.beds,
     sum(x.sign), sum(x.sign * x.klat), sum(x.sign * x.klng)
   from (${source}) x cross join (${CELL_SIZES}) l
   group by 1, 2, 3, 4, 5, 6, 7
   having sum(x.sign) <> 0 or sum(x.sign * x.klat) <> 0 or sum(x.sign * x.klng) <> 0
   order by 1, 2, 3, 4, 5, 6, 7
   on conflict (${KEY}) do update set ${add(dialect)}`;

/** The definition the kept counts were last counted under, if any. */
async function countedUnder(knex: Core.Strapi['db']['connection']): Promise<string | undefined> {
  if (!(await knex.schema.hasTable(STATE_TABLE))) return undefined;
  return (await knex(STATE_TABLE).where({ id: 1 }).first('definition'))?.definition;
}

/**
 * The tables, the counts' made afresh when `fresh` (they are derived: a new definition may need other
 * columns, and SQLite counts them again at every start anyway).
 */
async function createTables(knex: Core.Strapi['db']['connection'], fresh: boolean): Promise<void> {
  if (fresh) await knex.schema.dropTableIfExists(MAP_CELLS_TABLE);
  if (!(await knex.schema.hasTable(MAP_CELLS_TABLE))) {
    await knex.schema.createTable(MAP_CELLS_TABLE, (t) => {
      t.integer('cell').notNullable();
      t.integer('lat_cell').notNullable();
      t.integer('lng_cell').notNullable();
      t.string('city_slug').notNullable();
      t.string('lease_type').notNullable();
      t.string('property_type').notNullable();
      // -1 for none.
      t.integer('bedrooms').notNullable();
      t.integer('n').notNullable();
      t.bigInteger('lat_sum').notNullable();
      t.bigInteger('lng_sum').notNullable();
      t.primary(['cell', 'lat_cell', 'lng_cell', 'city_slug', 'lease_type', 'property_type', 'bedrooms']);
    });
  }
  if (!(await knex.schema.hasTable(STATE_TABLE))) {
    await knex.schema.createTable(STATE_TABLE, (t) => {
      t.integer('id').primary();
      t.string('definition').notNullable();
    });
  }
}

/** Every count again from `properties` (the table locked against writers meanwhile on PostgreSQL). */
async function recount(strapi: Core.Strapi, dialect: Dialect): Promise<void> {
  await strapi.db.connection.transaction(async (trx) => {
    if (dialect === 'postgres') await trx.raw('lock table properties in share row exclusive mode');
    await trx(MAP_CELLS_TABLE).delete();
    await trx.raw(upsert(contributions('properties', 1, dialect), dialect));
    await trx(STATE_TABLE).insert({ id: 1, definition: DEFINITION }).onConflict('id').merge();
  });
}

async function ensurePostgres(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  // One expression, so that PostgreSQL inlines it into the query (a column argument is cheap to repeat):
  // as a function of two statements it cost 36 µs a call, a tenth of that inlined.
  const positive = (x: string) =>
    `round(${x} * 1000) - (${x} < (2 * round(${x} * 1000) - 1) / 2000)::integer + (${x} >= (2 * round(${x} * 1000) + 1) / 2000)::integer`;
  await knex.raw(
    `create or replace function fie_grid_step(v float8) returns integer language sql immutable parallel safe as $$
       select (case when v < 0 then -(${positive('(-v)')}) else ${positive('v')} end)::integer $$`,
  );
  await knex.raw('drop function if exists fie_grid_step_positive(float8)');
  // Once per statement, over the statement's changed rows (transition tables): a bulk load of a
  // thousand rows is one grouped upsert, not a thousand. PostgreSQL allows transition tables on a
  // trigger of one event only, hence three.
  const triggers = [
    ['insert', 'referencing new table as fie_new', contributions('fie_new', 1, 'postgres')],
    ['delete', 'referencing old table as fie_old', contributions('fie_old', -1, 'postgres')],
    [
      'update',
      'referencing old table as fie_old new table as fie_new',
      `${contributions('fie_old', -1, 'postgres')} union all ${contributions('fie_new', 1, 'postgres')}`,
    ],
  ] as const;
  for (const [event, referencing, source] of triggers) {
    await knex.raw(
      `create or replace function fie_map_cells_${event}() returns trigger language plpgsql as $$ begin ${upsert(source, 'postgres')}; return null; end $$`,
    );
    await knex.raw(
      `create or replace trigger properties_map_cells_${event} after ${event} on properties ${referencing} for each statement execute function fie_map_cells_${event}()`,
    );
  }
  await knex.raw(
    `create or replace function fie_map_cells_truncate() returns trigger language plpgsql as $$ begin delete from ${MAP_CELLS_TABLE}; return null; end $$`,
  );
  await knex.raw(
    'create or replace trigger properties_map_cells_truncate after truncate on properties for each statement execute function fie_map_cells_truncate()',
  );
  if ((await countedUnder(knex)) !== DEFINITION) {
    const started = Date.now();
    await recount(strapi, 'postgres');
    strapi.log.info(`[fie] map cells counted in ${Date.now() - started} ms`);
  }
}

async function ensureSqlite(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  // A row's contribution: its own values (new. or old.) in place of a table's.
  const row = (prefix: 'new' | 'old', sign: 1 | -1) =>
    contributions('(select 1)', sign, 'sqlite', `${prefix}.`);
  const triggers = [
    ['ins', 'insert', [row('new', 1)]],
    ['del', 'delete', [row('old', -1)]],
    ['upd', 'update', [row('old', -1), row('new', 1)]],
  ] as const;
  for (const [suffix, event, sources] of triggers) {
    const body = sources.map((source) => `${upsert(source, 'sqlite')};`).join(' ');
    // Made again at every start: an older definition's would write columns the table may no longer have.
    await knex.raw(`drop trigger if exists properties_map_cells_${suffix}`);
    await knex.raw(
      `create trigger properties_map_cells_${suffix} after ${event} on properties begin ${body} end`,
    );
  }
  await recount(strapi, 'sqlite');
}

export async function ensureMapCells(strapi: Core.Strapi): Promise<void> {
  const dialect = strapi.db.dialect.client;
  kept = false;
  if (dialect !== 'postgres' && dialect !== 'sqlite') return;
  try {
    const knex = strapi.db.connection;
    await createTables(knex, dialect === 'sqlite' || (await countedUnder(knex)) !== DEFINITION);
    if (dialect === 'postgres') await ensurePostgres(strapi);
    else await ensureSqlite(strapi);
    kept = true;
  } catch (error) {
    strapi.log.warn(
      `[fie] map cell counts not set up (${(error as Error).message}); clusters are counted live`,
    );
  }
}
