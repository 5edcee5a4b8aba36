#!/usr/bin/env node
// Backs up and restores the cms's data: the database and the uploaded files (when they are kept on
// this machine; with Cloudinary they live there). Reads the same settings as the cms (cms/.env, then
// the environment): DATABASE_CLIENT, DATABASE_URL or DATABASE_FILENAME, PUBLIC_DIR.
//
//   npm run db:backup [-- --out <folder>]   → a new folder (default backups/<UTC time>) holding
//                                             database.dump (PostgreSQL, pg_dump's custom format) or
//                                             database.sqlite (SQLite's online backup: safe while the
//                                             cms runs), uploads/, and manifest.json
//   npm run db:restore -- <folder>           → that database and those uploads, in place of the
//                                             configured ones; stop the cms first. Every table's row
//                                             count is then checked against the manifest.
//
// PostgreSQL needs pg_dump and pg_restore of the server's major version on the PATH.
//
// A backup holds everything an attacker wants (password hashes, sessions, personal data), so it is
// written for its owner only: folders 0700 and files 0600 (umask 077). The database password goes
// to pg_dump and pg_restore in PGPASSWORD, never on their command line, where `ps` shows it to every
// user of the machine. A restore copies only regular files and folders that lie inside the backup's
// uploads folder: a symbolic link in a backup (made by hand, or by someone who could write there)
// would otherwise be copied into the folder the site serves.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const CMS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FORMAT = 1;
const files = (n) => `${n} uploaded file${n === 1 ? '' : 's'}`;

/** The cms's data settings, as config/database.ts and config/server.ts read them. */
export function dataSettings(env = process.env) {
  const client = env.DATABASE_CLIENT || 'sqlite';
  if (client !== 'sqlite' && client !== 'postgres')
    throw new Error(`DATABASE_CLIENT must be sqlite or postgres (it is "${client}")`);
  if (client === 'postgres' && !env.DATABASE_URL) throw new Error('DATABASE_URL is not set');
  return {
    client,
    url: env.DATABASE_URL,
    filename: path.resolve(CMS_DIR, env.DATABASE_FILENAME || '.tmp/data.db'),
    uploads: path.join(path.resolve(CMS_DIR, env.PUBLIC_DIR || './public'), 'uploads'),
  };
}

/**
 * A PostgreSQL URL split into what may be seen and what may not: the URL without its password (for
 * the command line) and the password (for PGPASSWORD).
 */
export function postgresTarget(url) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.error)
    throw new Error(`${command} could not run: ${result.error.message} (is it installed and on the PATH?)`);
  if (result.status !== 0)
    throw new Error(`${command} failed (exit ${result.status}): ${result.stderr.trim()}`);
  return result.stdout;
}

/** Every base table with its row count: what a restore must give back. */
async function tableCounts(settings, pgClient) {
  if (settings.client === 'sqlite') {
    const Database = require('better-sqlite3');
    const db = new Database(settings.filename, { readonly: true, fileMustExist: true });
    try {
      const names = db
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
        )
        .pluck()
        .all();
      return Object.fromEntries(
        names.map((n) => [
          n,
          db
            .prepare(`select count(*) from "${n.replace(/"/g, '""')}"`)
            .pluck()
            .get(),
        ]),
      );
    } finally {
      db.close();
    }
  }
  const count = async (db) => {
    const { rows } = await db.query(
      "select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2",
    );
    const counts = {};
    for (const r of rows) {
      const q = `select count(*)::int as n from "${r.table_schema.replace(/"/g, '""')}"."${r.table_name.replace(/"/g, '""')}"`;
      counts[r.table_schema === 'public' ? r.table_name : `${r.table_schema}.${r.table_name}`] = (
        await db.query(q)
      ).rows[0].n;
    }
    return counts;
  };
  if (pgClient) return count(pgClient);
  return withPostgres(settings.url, count);
}

async function withPostgres(url, use) {
  const { Client } = require('pg');
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}

const inside = (root, target) => {
  const rel = path.relative(root, target);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/** Into a backup: its owner's alone. Back into the served folder: readable by the cms however it runs (they are public images). */
const PRIVATE = { dirMode: 0o700, fileMode: 0o600 };
const SERVED = { dirMode: 0o755, fileMode: 0o644 };

/**
 * Copies the regular files and folders under `from` into `to`, with `modes`, and nothing else: a
 * symbolic link, a device or a name leading out of `from` is skipped with a line on stderr.
 * Answers the number of files copied.
 */
export function copyFilesOnly(from, to, modes = PRIVATE) {
  let n = 0;
  mkdirSync(to, { recursive: true, mode: modes.dirMode });
  chmodSync(to, modes.dirMode);
  for (const name of readdirSync(from)) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    const kind = lstatSync(source);
    if (!inside(from, source) || !inside(to, target)) {
      console.error(`db: skipped ${source}: outside the folder`);
    } else if (kind.isDirectory()) {
      n += copyFilesOnly(source, target, modes);
    } else if (kind.isFile()) {
      copyFileSync(source, target);
      chmodSync(target, modes.fileMode);
      n += 1;
    } else {
      console.error(
        `db: skipped ${source}: ${kind.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}`,
      );
    }
  }
  return n;
}

/** A file of the backup, refused unless it is a regular file (not a link to somewhere else). */
function regularFile(file) {
  if (!existsSync(file) || !lstatSync(file).isFile())
    throw new Error(`${file} is not a regular file: a backup holds its own files, not links`);
  return file;
}

/** Writes a backup folder; returns its manifest. */
export async function backup({ out, env = process.env }) {
  const settings = dataSettings(env);
  if (existsSync(out) && readdirSync(out).length > 0)
    throw new Error(`${out} is not empty: a backup goes into a new folder`);
  // Whatever is created from here on (folders, pg_dump's file, SQLite's copy) is its owner's alone.
  process.umask(0o077);
  mkdirSync(out, { recursive: true, mode: 0o700 });
  chmodSync(out, 0o700);
  let database;
  let counts;
  if (settings.client === 'postgres') {
    database = 'database.dump';
    // The dump and the row counts read one snapshot (exported by this transaction), so they agree
    // even while the cms writes.
    counts = await withPostgres(settings.url, async (db) => {
      await db.query('begin isolation level repeatable read read only');
      const { rows } = await db.query('select pg_export_snapshot() as snapshot');
      const target = postgresTarget(settings.url);
      run(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${rows[0].snapshot}`,
          `--file=${path.join(out, database)}`,
          `--dbname=${target.url}`,
        ],
        target.env,
      );
      const n = await tableCounts(settings, db);
      await db.query('commit');
      return n;
    });
  } else {
    if (!existsSync(settings.filename)) throw new Error(`no SQLite database at ${settings.filename}`);
    database = 'database.sqlite';
    const Database = require('better-sqlite3');
    const db = new Database(settings.filename, { fileMustExist: true });
    try {
      // SQLite's online backup: a consistent copy even while the cms writes.
      await db.backup(path.join(out, database));
    } finally {
      db.close();
    }
  }
  // SQLite: counted in the copy itself.
  counts ??= await tableCounts({ ...settings, filename: path.join(out, database) });
  chmodSync(path.join(out, database), 0o600);
  const uploads = existsSync(settings.uploads)
    ? copyFilesOnly(settings.uploads, path.join(out, 'uploads'))
    : 0;
  const manifest = {
    format: FORMAT,
    client: settings.client,
    createdAt: new Date().toISOString(),
    database,
    uploads,
    tables: counts,
  };
  writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** Restores a backup folder over the configured database and uploads; returns its manifest. */
export async function restore({ from, env = process.env }) {
  const settings = dataSettings(env);
  const manifestFile = path.join(from, 'manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`${from} holds no manifest.json: not a backup made by db:backup`);
  regularFile(manifestFile);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (manifest.format !== FORMAT)
    throw new Error(`backup format ${manifest.format} is not one this version reads (${FORMAT})`);
  if (manifest.client !== settings.client)
    throw new Error(
      `the backup is of a ${manifest.client} database, the cms is set up for ${settings.client}`,
    );
  // The manifest names the database file; only the name a backup writes is taken, never a path
  // that would lead out of the folder (a hand-edited or foreign manifest).
  const expected = settings.client === 'postgres' ? 'database.dump' : 'database.sqlite';
  if (manifest.database !== expected)
    throw new Error(`the manifest names "${manifest.database}" as the database: a backup holds ${expected}`);
  if (!manifest.tables || typeof manifest.tables !== 'object')
    throw new Error('the manifest has no row counts to check the restore against');
  const source = regularFile(path.join(from, manifest.database));
  if (settings.client === 'postgres') {
    // Into the configured database: what it holds of the backup's objects is replaced, in one transaction.
    const target = postgresTarget(settings.url);
    run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${target.url}`,
        source,
      ],
      target.env,
    );
  } else {
    mkdirSync(path.dirname(settings.filename), { recursive: true });
    if (existsSync(settings.filename)) renameSync(settings.filename, `${settings.filename}.before-restore`);
    for (const suffix of ['-wal', '-shm']) rmSync(`${settings.filename}${suffix}`, { force: true });
    copyFileSync(source, settings.filename);
  }
  const counts = await tableCounts(settings);
  const wrong = Object.entries(manifest.tables).filter(([table, n]) => counts[table] !== n);
  if (wrong.length > 0)
    throw new Error(
      `restored, but these tables differ from the backup: ${wrong.map(([t, n]) => `${t} (${counts[t] ?? 'missing'}, backup ${n})`).join(', ')}`,
    );
  rmSync(settings.uploads, { recursive: true, force: true });
  mkdirSync(settings.uploads, { recursive: true });
  const uploads = path.join(from, 'uploads');
  if (existsSync(uploads) && lstatSync(uploads).isDirectory())
    copyFilesOnly(uploads, settings.uploads, SERVED);
  return manifest;
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  // Paths as typed where npm was run (npm runs a workspace's script in its own folder).
  const here = (p) => path.resolve(process.env.INIT_CWD || process.cwd(), p);
  // The cms's own settings file, as Strapi reads it (the environment wins).
  const envFile = path.join(CMS_DIR, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  if (command === 'backup') {
    const i = args.indexOf('--out');
    const out =
      i >= 0 && args[i + 1]
        ? here(args[i + 1])
        : path.join(CMS_DIR, '..', 'backups', new Date().toISOString().replace(/[:.]/g, '-'));
    const m = await backup({ out });
    const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
    console.log(
      `backed up the ${m.client} database (${Object.keys(m.tables).length} tables, ${rows} rows) and ${files(m.uploads)} to ${out}`,
    );
  } else if (command === 'restore') {
    if (!args[0]) throw new Error('usage: npm run db:restore -- <backup folder>');
    const from = here(args[0]);
    const m = await restore({ from });
    console.log(
      `restored the ${m.client} database of ${m.createdAt} (${Object.keys(m.tables).length} tables, every row count checked) and ${files(m.uploads)} from ${from}`,
    );
  } else {
    throw new Error('usage: db-backup.mjs backup [--out <folder>] | restore <folder>');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`db: ${error.message}`);
    process.exit(1);
  });
}
