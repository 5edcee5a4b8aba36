import { createRequire } from 'node:module';
import { it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { generateSecrets } from '../../scripts/check-env.mjs';
import { startImageServer } from './images';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateDatabase, templateFolder, type TemplateClient } from './template-names';

const require = createRequire(import.meta.url);
export const CMS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type TestDatabase =
  | { client: 'sqlite'; filename: string; drop: () => Promise<void> }
  | { client: 'postgres'; url: string; name: string; drop: () => Promise<void> };

export interface TestCms {
  strapi: any;
  /** Base URL of the running HTTP server, e.g. http://127.0.0.1:41234 */
  url: string;
  database: TestDatabase;
  /** Stops Strapi; the database is dropped unless keepDatabase is set (to start again on it). */
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

// Read once: each test file's cms gets its own database created from this server URL.
const POSTGRES_BASE_URL = process.env.DATABASE_URL;

/** A new database on the server at `baseUrl`: empty, or a copy of `template` (a database name). */
export async function createPostgresDatabase(
  baseUrl: string,
  { name = `fie_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`, template = '' } = {},
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const { Client } = require('pg');
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // PostgreSQL copies a template only while nothing else copies or uses it: two files starting at
    // once are told "being accessed by other users", and the later one tries again.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        break;
      } catch (error) {
        if (!template || attempt >= 50 || !/accessed by other users/.test(String(error))) throw error;
        await new Promise((f) => setTimeout(f, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The database every test cms of this `vitest run` starts from, unless a test asks for a fresh one:
 * the cms booted once on an empty database (its schema made, its first start's setup done: about 3 s
 * that every file's first start would otherwise repeat), then copied as a file (SQLite) or used as
 * PostgreSQL's template. Every cms starting from it still runs its whole start (the schema compared,
 * roles and settings set from its own environment), as a restarted deployment does. The
 * run's threads share its process id, so they share one template; the first thread to need it makes
 * it while the others wait; tests/global-setup.ts removes it when the run ends.
 */
const TEMPLATE_DATABASE = templateDatabase(process.pid);
// The temporary folder as the run started: a test may point TMPDIR elsewhere (to watch what is left).
const RUN_TMPDIR = tmpdir();

async function startTemplate(client: TemplateClient): Promise<string | null> {
  const dir = templateFolder(RUN_TMPDIR, process.pid, client);
  const ready = path.join(dir, 'ready');
  const failed = path.join(dir, 'failed');
  const made = () => (existsSync(ready) ? readFileSync(ready, 'utf8') : null);
  if (existsSync(ready)) return made();
  try {
    mkdirSync(dir); // atomic: the one thread that creates the folder makes the template
  } catch {
    for (let i = 0; i < 1200 && !existsSync(ready) && !existsSync(failed); i++)
      await new Promise((f) => setTimeout(f, 100));
    return made();
  }
  try {
    let database: TestDatabase;
    if (client === 'postgres') {
      database = {
        client,
        ...(await createPostgresDatabase(POSTGRES_BASE_URL!, { name: TEMPLATE_DATABASE })),
      };
    } else {
      database = { client, filename: path.join(dir, 'template.db'), drop: async () => {} };
    }
    const cms = await startCms({ database, listen: false, fresh: true });
    await cms.stop({ keepDatabase: true });
    // A connection the stopped cms left closing would stop PostgreSQL copying the template.
    if (client === 'postgres') {
      const { Client } = require('pg');
      const admin = new Client({ connectionString: POSTGRES_BASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
        TEMPLATE_DATABASE,
      ]);
      await admin.end();
    }
    const at = client === 'postgres' ? TEMPLATE_DATABASE : (database as { filename: string }).filename;
    writeFileSync(ready, at);
    return at;
  } catch (error) {
    writeFileSync(failed, String((error as Error)?.stack ?? error));
    throw error;
  }
}

/**
 * Boots the real compiled cms (dist/) on a database of its own: a throwaway SQLite file, or a
 * PostgreSQL database when DATABASE_URL is set (created here and dropped by stop()); both start as a
 * copy of the run's template database (above), or empty with `fresh`.
 */
export async function startCms(
  options: {
    env?: Record<string, string>;
    listen?: boolean;
    database?: TestDatabase;
    /** another cms tree (e.g. an earlier commit's) and its compiled dist */ app?: {
      appDir: string;
      distDir: string;
    };
    /** a database never started on, rather than a copy of the template (a test of a first start) */
    fresh?: boolean;
  } = {},
): Promise<TestCms> {
  const app = options.app ?? { appDir: CMS_DIR, distDir: path.join(CMS_DIR, 'dist') };
  if (!existsSync(path.join(app.distDir, 'src', 'index.js'))) {
    throw new Error('cms is not built: run `npm run build -w cms` first (npm test does it for you)');
  }
  // The images the tests' listings name (helpers/images.ts), which the cms imports from this machine.
  await startImageServer();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fie-cms-test-'));
  mkdirSync(path.join(workDir, 'public', 'uploads'), { recursive: true });
  let database: TestDatabase;
  // Another tree's cms makes its own schema: the template is this tree's.
  const fromTemplate = !options.database && !options.app && !options.fresh;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    LOG_STARTUP: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    SERVE_ADMIN_PANEL: 'false',
    ...generateSecrets(),
    DEMO_DATA: 'false',
    PUBLIC_DIR: path.join(workDir, 'public'),
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '2',
    IMAGE_IMPORT_ALLOW_LOOPBACK: 'true',
    // Scheduled work (reminders, alerts) would act at whatever minute the tests' moved clocks make
    // it; a test of a task runs its service itself, or turns the cron on.
    CRON_ENABLED: 'false',
    ...options.env,
  };

  const pgBase = POSTGRES_BASE_URL;
  if (options.database) {
    database = options.database;
  } else if (pgBase) {
    const template = fromTemplate ? await startTemplate('postgres') : null;
    const db = await createPostgresDatabase(pgBase, { template: template ?? '' });
    database = { client: 'postgres', url: db.url, name: db.name, drop: db.drop };
  } else {
    const template = fromTemplate ? await startTemplate('sqlite') : null;
    const dir = mkdtempSync(path.join(tmpdir(), 'fie-cms-db-'));
    const filename = path.join(dir, 'data.db');
    if (template) copyFileSync(template, filename);
    database = {
      client: 'sqlite',
      filename,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (database.client === 'postgres') {
    Object.assign(env, { DATABASE_CLIENT: 'postgres', DATABASE_URL: database.url });
    // A file that runs another's tests with the public listing on the local standby (db:replica) sets
    // this: the listing's reads go to pgpool on that port, in this cms's own database.
    const replicaPort = process.env.FIE_TEST_REPLICA_PORT;
    if (replicaPort && !env.DATABASE_REPLICA_URL) {
      const replica = new URL(database.url);
      replica.port = replicaPort;
      env.DATABASE_REPLICA_URL = replica.toString();
    }
  } else {
    Object.assign(env, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: database.filename });
    delete process.env.DATABASE_URL;
  }
  Object.assign(process.env, env);

  const { createStrapi } = require('@strapi/strapi');
  const strapi = createStrapi({
    appDir: app.appDir,
    distDir: app.distDir,
    autoReload: false,
    serveAdminPanel: false,
  });
  await strapi.load();
  let url = '';
  if (options.listen !== false) {
    await strapi.listen();
    const address = strapi.server.httpServer.address();
    url = `http://127.0.0.1:${address.port}`;
  }

  return {
    strapi,
    url,
    database,
    async stop(stopOptions = {}) {
      await strapi.destroy();
      if (!stopOptions.keepDatabase) await database.drop();
      if (pgBase) process.env.DATABASE_URL = pgBase;
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the cms's outbox has sent (or retried later) every e-mail due: e-mails are sent after
 * the answer, so a test that reads the catcher, or checks that nothing more arrives, waits for this.
 */
export async function mailSettled(cms: TestCms, timeoutMs = 10_000): Promise<void> {
  if (!(await cms.strapi.plugin('platform').service('outbox').settled(timeoutMs)))
    throw new Error(`the outbox still had e-mail due after ${timeoutMs} ms`);
}

/**
 * What the public listing's standby pool has done in this thread's cms (DATABASE_REPLICA_URL): the
 * statements the standby answered, those sent to the primary because it was behind, and because it
 * could not be reached. The compiled module the cms itself loaded, so the counters are its own.
 */
export function listingReplicaReads(): { served: number; behind: number; unreachable: number } {
  return require(path.join(CMS_DIR, 'dist', 'src', 'api', 'property', 'catalogue', 'listing-statements.js'))
    .replicaReads;
}

/**
 * A test of something only PostgreSQL has (a table lock, pg_dump): defined in the PostgreSQL run
 * (DATABASE_URL set) and not at all in the SQLite one, as the cluster test file is.
 */
export function itOnPostgres(name: string, fn: () => Promise<void>, timeout?: number): void {
  if (process.env.DATABASE_URL?.startsWith('postgres')) it(name, fn, timeout);
}
