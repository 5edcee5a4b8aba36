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

/** Clones the demo rows (properties, city links, image links) until the table holds `target` rows. */
export async function fillTo(dbUrl, target) {
  return withClient(dbUrl, async (db) => {
    // Statements of this session are not the ones to explain (bench-explain turns auto_explain on for the database).
    await db.query("select set_config('auto_explain.log_min_duration', '-1', false)").catch(() => {});
    const have = (await db.query('select count(*)::int as n from properties')).rows[0].n;
    if (have >= target) return { count: have, seconds: 0 };
    const templates = (await db.query('select * from properties order by id')).rows;
    const cityLinks = new Map((await db.query('select property_id, city_id from properties_city_lnk')).rows.map((r) => [r.property_id, r.city_id]));
    const imageLinks = (await db.query("select file_id, related_id, field, \"order\" from files_related_mph where related_type = 'api::property.property'")).rows;
    const imagesOf = new Map();
    for (const l of imageLinks) imagesOf.set(l.related_id, [...(imagesOf.get(l.related_id) ?? []), l]);
    const columns = Object.keys(templates[0]).filter((c) => c !== 'id');
    let count = templates.length;
    const started = Date.now();
    while (count < target) {
      const batch = Math.min(2000, target - count);
      const rows = [];
      const sources = [];
      for (let i = 0; i < batch; i++) {
        const t = templates[(count + i) % templates.length];
        const factor = 0.6 + ((count + i) % 97) / 97;
        const created = new Date(Date.now() - ((count + i) % 730) * 86_400_000 - (i % 86_400) * 1000);
        rows.push(
          columns.map((c) => {
            if (c === 'document_id') return `b${(count + i).toString(36).padStart(23, '0')}`;
            if (c === 'price_amount') return Math.round(Number(t.price_amount) * factor * 100) / 100;
            if (c === 'price_ghs') return Math.round(Number(t.price_ghs) * factor * 100) / 100;
            if (c === 'created_at' || c === 'updated_at' || c === 'published_at') return t[c] === null ? null : created;
            if (c === 'approval_status') return (count + i) % 20 === 0 ? 'unapproved' : 'approved';
            if (c === 'amenities') return JSON.stringify(t.amenities ?? []);
            return t[c];
          }),
        );
        sources.push(t.id);
      }
      const params = [];
      const values = rows.map((r) => `(${r.map((v) => (params.push(v), `$${params.length}`)).join(',')})`).join(',');
      const inserted = await db.query(`insert into properties (${columns.map((c) => `"${c}"`).join(',')}) values ${values} returning id`, params);
      const ids = inserted.rows.map((r) => r.id);
      const cityValues = [];
      const imageValues = [];
      ids.forEach((id, k) => {
        const city = cityLinks.get(sources[k]);
        if (city) cityValues.push(`(${id},${city},1)`);
        for (const l of imagesOf.get(sources[k]) ?? []) imageValues.push(`(${l.file_id},${id},'api::property.property','${l.field}',${l.order})`);
      });
      if (cityValues.length) await db.query(`insert into properties_city_lnk (property_id, city_id, property_ord) values ${cityValues.join(',')}`);
      if (imageValues.length) await db.query(`insert into files_related_mph (file_id, related_id, related_type, field, "order") values ${imageValues.join(',')}`);
      count += batch;
    }
    // As autovacuum would after a bulk load: statistics, and the visibility map index-only scans need.
    await db.query('vacuum analyze');
    return { count, seconds: (Date.now() - started) / 1000 };
  });
}


/** Creates the database `name` on the server at `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl, name) {
  const exists = await withClient(adminUrl, async (db) => (await db.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0);
  if (!exists) await withClient(adminUrl, (db) => db.query(`create database ${name}`));
}

/** The built cms (`strapi start`, production, demo data) on `dbUrl`, listening on 127.0.0.1:`port`. */
export function startBenchCms({ port, dbUrl, publicDir, env = {}, stderr = 'inherit' }) {
  return spawn(process.execPath, [STRAPI_BIN(), 'start'], {
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
      ...env,
    },
  });
}
