// The cms as production starts it on PostgreSQL (scripts/start-workers.mjs): CMS_WORKERS processes on
// one port. Both answer; a worker that dies is replaced while the others keep answering; SIGTERM stops
// them all. (Several cms processes on one database, sharing what matters through it, are tested in
// cluster.test.ts.) PostgreSQL run only (vitest.config.ts): SQLite keeps one process.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type TestDatabase } from '../helpers/strapi';
import { spawnCms, type Running } from '../helpers/processes';
import { generateSecrets } from '../../scripts/check-env.mjs';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
let database: TestDatabase;
let cms: Running;

/** The launcher's worker processes now. */
function workers(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(cms.process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Until the launcher has said `before + 2` times that a worker listens (one line each, replacements too). */
async function bothListening(before = 0): Promise<void> {
  const heard = () => cms.output().match(/cms worker \d+ listening/g)?.length ?? 0;
  for (let i = 0; i < 900 && heard() < before + 2; i++) await sleep(100);
  expect(heard()).toBe(before + 2);
}

/** A fresh connection per request, so the primary hands each one to a worker in turn. */
const get = (path: string) => fetch(`${cms.url}${path}`, { headers: { connection: 'close' } });

beforeAll(async () => {
  database = { client: 'postgres', ...(await createPostgresDatabase(process.env.DATABASE_URL!)) };
  cms = await spawnCms(
    database,
    {
      ...generateSecrets(),
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      SERVE_ADMIN_PANEL: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      SMTP_PORT: '2',
    },
    { workers: 2 },
  );
  // The second worker starts once the first listens.
  await bothListening();
}, 300_000);

afterAll(async () => {
  await cms?.stop();
  await database?.drop();
});

describe('the cms in one process per core', () => {
  it('runs CMS_WORKERS processes on the one port, which all answer', async () => {
    expect(workers()).toHaveLength(2);
    // Each worker answers its share: both keep answering, request after request.
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => get('/api/products').then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('replaces a worker that dies, and the port keeps answering meanwhile', async () => {
    const [gone, kept] = workers();
    process.kill(gone!, 'SIGKILL');
    // Once the launcher has seen it go (a connection handed to it just before is reset, as with any
    // crash), the other answers while the replacement starts.
    await sleep(500);
    for (let i = 0; i < 5; i++) expect((await get('/api/products')).status).toBe(200);
    let now: number[] = [];
    for (let i = 0; i < 900; i++) {
      now = workers();
      if (now.length === 2 && !now.includes(gone!)) break;
      await sleep(100);
    }
    expect(now).toHaveLength(2);
    expect(now).toContain(kept);
    expect(now).not.toContain(gone);
    // The replacement answers too once it listens: every request of a run answers.
    await bothListening(1);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => get('/api/products').then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
  }, 120_000);

  it('SIGTERM stops every worker', async () => {
    const before = workers();
    expect(before).toHaveLength(2);
    await cms.stop('SIGTERM');
    expect(cms.process.exitCode ?? cms.process.signalCode).not.toBeNull();
    const alive = before.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  }, 60_000);
});
