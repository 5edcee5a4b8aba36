// The benches' database: a PostgreSQL database of their own, the built cms started on it with the
// demo data, and the demo listings cloned up to the size asked for (bench-api, bench-explain).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT, STRAPI_BIN } from './lib.mjs';
import { generateSecrets } from '../cms/scripts/check-env.mjs';

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Waits until no other statement runs on the database (at most `timeoutMs`) and answers how long that
 * took in seconds. Stock Strapi's listing queries take seconds each, and the requests a load left
 * queued in the cms's pool are still read after the load generator has gone: the next scenario would
 * be measured beside them (the map's figures at a tenth of what they are on a quiet database).
 */
export async function databaseQuiet(dbUrl, { timeoutMs = 180_000 } = {}) {
  const started = Date.now();
  await withClient(dbUrl, async (db) => {
    for (let quietFor = 0; quietFor < 3 && Date.now() - started < timeoutMs; ) {
      const { rows } = await db.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
      );
      quietFor = rows[0].n === 0 ? quietFor + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  return (Date.now() - started) / 1000;
}

/**
 * The listings the benches clone, as temporary tables of this session: `name` (the demo listings, not
 * the benches' own clones 'b…' and 'n…', numbered from 0 as fie_k, with their city) and `name_images`
 * (their image links). Answers how many, and the properties table's columns other than id.
 */
async function templateTables(db, name) {
  await db.query(`drop table if exists ${name}, ${name}_images`);
  await db.query(`create temp table ${name} as
    select (row_number() over (order by p.id) - 1)::int as fie_k, p.*,
           (select l.city_id from properties_city_lnk l where l.property_id = p.id limit 1) as fie_city
    from properties p where p.document_id !~ '^[bn][0-9]{23}$'`);
  await db.query(`create temp table ${name}_images as
    select t.fie_k, m.file_id, m.field, m."order" from ${name} t
    join files_related_mph m on m.related_id = t.id and m.related_type = 'api::property.property'`);
  const templates = (await db.query(`select count(*)::int as n from ${name}`)).rows[0].n;
  const columns = (
    await db.query(
      "select column_name from information_schema.columns where table_name = 'properties' and table_schema = current_schema() and column_name <> 'id' order by ordinal_position",
    )
  ).rows.map((r) => r.column_name);
  return { templates, columns };
}

/**
 * Clones the demo rows (properties, city links, image links) until the table holds `target` rows, in
 * set-based statements of 100,000 rows each (generate_series joined to the templates), the table's
 * indexes built once afterwards. Clone g of template g mod T
 * gets its own document id, a price scaled by 0.6-1.59 (g mod 97), a creation date spread over two
 * years, a map point moved up to about 1 km from its template's (g mod 201, g mod 199), and every 20th
 * is unapproved.
 */
export async function fillTo(dbUrl, target) {
  return withClient(dbUrl, async (db) => {
    // Statements of this session are not the ones to explain (bench-explain turns auto_explain on for the database).
    await db.query("select set_config('auto_explain.log_min_duration', '-1', false)").catch(() => {});
    const have = (await db.query('select count(*)::int as n from properties')).rows[0].n;
    if (have >= target) return { count: have, seconds: 0 };
    const started = Date.now();
    // Every row listed and recently confirmed: a listing unconfirmed too long is hidden from ours
    // (availability_hidden), which Strapi's stock endpoint cannot filter by (a private field), and the
    // demo data holds a few such listings on purpose. Clones of them would make the two disagree.
    await db.query(`update properties set availability_hidden = false, availability_confirmed_at = now()
      where availability_hidden is not false or availability_confirmed_at is null
         or availability_confirmed_at < now() - interval '7 days'`);
    const { templates, columns } = await templateTables(db, 'fie_templates');
    const dated = (c) =>
      `case when t.${c} is null then null else now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second' end`;
    const scaled = (c) => `round(t.${c} * (0.6 + (g % 97) / 97.0), 2)`;
    const moved = (c, m) => `t.${c} + ((g % ${m}) - ${(m - 1) / 2}) * 0.0001`;
    const value = (c) =>
      ({
        document_id: "'b' || lpad(g::text, 23, '0')",
        price_amount: scaled('price_amount'),
        price_ghs: scaled('price_ghs'),
        created_at: dated('created_at'),
        updated_at: dated('updated_at'),
        published_at: dated('published_at'),
        approval_status: "case when g % 20 = 0 then 'unapproved' else 'approved' end",
        availability_confirmed_at: "now() - (g % 7) * interval '1 day'",
        availability_hidden: 'false',
        latitude: moved('latitude', 201),
        longitude: moved('longitude', 199),
      })[c] ?? `t."${c}"`;
    const docId = "'b' || lpad(s.g::text, 23, '0')";
    // As a bulk load is done: the table's secondary indexes (the cms's own, made at its start) are
    // dropped for the load and built again after it, which takes less than keeping 30 of them
    // current row by row (308 s for a million rows, against about half that).
    const indexes = (
      await db.query(
        "select indexname, indexdef from pg_indexes where tablename = 'properties' and schemaname = current_schema() and indexdef not like 'CREATE UNIQUE%'",
      )
    ).rows;
    for (const { indexname } of indexes) await db.query(`drop index "${indexname}"`);
    try {
      for (let from = have; from < target; from += 100_000) {
        const to = Math.min(target, from + 100_000) - 1;
        await db.query(
          `with s as materialized (select g, t.fie_k, t.fie_city from generate_series($1::int, $2::int) g join fie_templates t on t.fie_k = g % $3::int),
           ins as (insert into properties (${columns.map((c) => `"${c}"`).join(',')})
                   select ${columns.map(value).join(', ')} from generate_series($1::int, $2::int) g join fie_templates t on t.fie_k = g % $3::int
                   returning id, document_id),
           c as (insert into properties_city_lnk (property_id, city_id, property_ord)
                 select ins.id, s.fie_city, 1 from s join ins on ins.document_id = ${docId} where s.fie_city is not null)
           insert into files_related_mph (file_id, related_id, related_type, field, "order")
           select i.file_id, ins.id, 'api::property.property', i.field, i."order" from s join ins on ins.document_id = ${docId} join fie_templates_images i on i.fie_k = s.fie_k`,
          [from, to, templates],
        );
      }
    } finally {
      await db.query("set maintenance_work_mem = '512MB'");
      for (const { indexdef } of indexes) await db.query(indexdef);
    }
    // As autovacuum would after a bulk load: statistics, and the visibility map index-only scans need.
    await db.query('vacuum analyze');
    return { count: target, seconds: (Date.now() - started) / 1000 };
  });
}

/** The name and address of a bench's database: BENCH_DB's (kept between runs) or a fresh one named after `prefix`. */
export function benchDatabase(adminUrl, prefix) {
  const name = process.env.BENCH_DB ?? `${prefix}_${Date.now().toString(36)}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`BENCH_DB must be a plain lower-case name (got ${name})`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), kept: process.env.BENCH_DB !== undefined };
}

/** Creates the database `name` on the server at `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl, name) {
  const exists = await withClient(
    adminUrl,
    async (db) => (await db.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0,
  );
  if (!exists) await withClient(adminUrl, (db) => db.query(`create database ${name}`));
}

/** The built cms (`strapi start`, production, demo data) on `dbUrl`, listening on 127.0.0.1:`port`. */
export function startBenchCms({ port, dbUrl, publicDir, env = {}, stderr = 'inherit', workers }) {
  // `workers`: that many cms processes on the one port (cms/scripts/start-workers.mjs); one `strapi start` without.
  const command = workers ? [join(ROOT, 'cms', 'scripts', 'start-workers.mjs')] : [STRAPI_BIN(), 'start'];
  return spawn(process.execPath, command, {
    cwd: join(ROOT, 'cms'),
    stdio: ['ignore', 'ignore', stderr],
    env: {
      ...process.env,
      ...generateSecrets(),
      NODE_ENV: 'production',
      STRAPI_TELEMETRY_DISABLED: 'true',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_CLIENT: 'postgres',
      DATABASE_URL: dbUrl,
      PUBLIC_DIR: publicDir,
      DEMO_DATA: 'true',
      SMTP_PORT: '2',
      ...(workers ? { CMS_WORKERS: String(workers) } : {}),
      ...env,
    },
  });
}

const pgString = (text) => `'${String(text).replace(/'/g, "''")}'`;

/**
 * New listings waiting for approval: clones of the demo listings (their city and images too), each its
 * own document id ('n…'), price scaled 0.6-1.59 and created now; with `location` ('… {g} …'), each at
 * that place with its number g (from 0) in it: words of its own that a search finds alone.
 */
export async function addWaiting(db, n, { location } = {}) {
  const { templates, columns } = await templateTables(db, 'bench_templates');
  const scaled = (c) => `round(t.${c} * (0.6 + (g % 97) / 97.0), 2)`;
  const value = (c) =>
    ({
      document_id: "'n' || lpad(g::text, 23, '0')",
      price_amount: scaled('price_amount'),
      price_ghs: scaled('price_ghs'),
      created_at: 'now()',
      updated_at: 'now()',
      published_at: 'now()',
      approval_status: "'unapproved'",
      // New listings are confirmed available when made: a clone of a demo listing left hidden for want
      // of a confirmation would stay out of the listing once approved.
      availability_hidden: 'false',
      availability_confirmed_at: 'now()',
      ...(location ? { location: `replace(${pgString(location)}, '{g}', g::text)` } : {}),
    })[c] ?? `t."${c}"`;
  await db.query(
    `with s as materialized (select g, t.fie_k, t.fie_city from generate_series(0, $1::int - 1) g join bench_templates t on t.fie_k = (g * 7) % $2::int),
     ins as (insert into properties (${columns.map((c) => `"${c}"`).join(',')})
             select ${columns.map(value).join(', ')} from generate_series(0, $1::int - 1) g join bench_templates t on t.fie_k = (g * 7) % $2::int
             returning id, document_id),
     c as (insert into properties_city_lnk (property_id, city_id, property_ord)
           select ins.id, s.fie_city, 1 from s join ins on ins.document_id = 'n' || lpad(s.g::text, 23, '0') where s.fie_city is not null)
     insert into files_related_mph (file_id, related_id, related_type, field, "order")
     select i.file_id, ins.id, 'api::property.property', i.field, i."order" from s join ins on ins.document_id = 'n' || lpad(s.g::text, 23, '0') join bench_templates_images i on i.fie_k = s.fie_k`,
    [n, templates],
  );
  // Spread over the day's approval queue in an order unlike the templates'.
  return (
    await db.query(
      "select document_id, location from properties where document_id ~ '^n[0-9]{23}$' and approval_status = 'unapproved' order by md5(document_id)",
    )
  ).rows.map((r) => (location ? { documentId: r.document_id, location: r.location } : r.document_id));
}
