// The public listing read from a PostgreSQL standby through pgpool-II (DATABASE_REPLICA_URL), started
// here by `npm run db:replica` (scripts/db-replica.sh): the same answers as the primary's, fresh after
// every approval (an answer from a standby behind the newest version this process heard of is never
// used nor kept, and the approving process does not wait for its own notification), on the site's cached page too once the cms tells it to purge, and answering from the
// primary, without an error and with a line a minute in the log, while replay is paused, the standby
// is killed under load or pgpool is away; and, after the standby is back, reading from it again within
// 30 s under steady traffic. PostgreSQL run only (a standby replicates a server: the SQLite run
// leaves this file out, vitest.config.ts).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPostgresDatabase, listingReplicaReads, startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';
import { freePort, spawnSite, type Running } from '../helpers/processes';

const ROOT = path.resolve(__dirname, '..', '..', '..');
// A standby and pgpool of this file's own, apart from `npm run db:replica`'s (5442, 5443) and
// listing-equivalence-replica's (5444, 5445). REPLICA_TEST_PORT moves them (the standby on it, pgpool
// on the next), with a folder and slot named after it: two runs of this file on one machine.
const STANDBY_PORT = Number(process.env.REPLICA_TEST_PORT ?? 5446);
const PGPOOL_PORT = STANDBY_PORT + 1;
const REPLICA_DIR = `/tmp/fie-replica-listing-${STANDBY_PORT}`;
const REPLICA_SLOT = `fie_standby_listing_${STANDBY_PORT}`;
const PURGE_TOKEN = 'replica-purge-token-0123456789abcdef';
const sleep = (ms: number) => new Promise<void>((f) => setTimeout(f, ms));

const replicaScript = (...args: string[]) =>
  execFileSync('bash', [path.join(ROOT, 'scripts', 'db-replica.sh'), ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      STANDBY_PORT: String(STANDBY_PORT),
      PGPOOL_PORT: String(PGPOOL_PORT),
      REPLICA_DIR,
      REPLICA_SLOT,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

let cms: TestCms;
let site: Running;
let databaseUrl = '';
let api: ReturnType<typeof client>;
let token: Record<string, string | undefined> = {};
let replicaReads: { served: number; behind: number; unreachable: number };
let n = 0;

/** Listing queries of several shapes: the plain first page, filters, sorts, a search, paging. */
const QUERIES = [
  '',
  '?sort=priceAsc',
  '?sort=priceDesc&page=2',
  '?propertyType=House',
  '?propertyType=Apartment&sort=priceAsc',
  '?search=Replica%20Row%201',
  '?minPrice=2000&maxPrice=4000',
  '?pageSize=5&page=3',
];

const listing = async (query: string) => {
  const res = await api.get(`/api/products${query}`);
  expect(res.status, `${query}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return { ids: (res.body as { _id: string }[]).map((p) => p._id), total: res.headers.get('x-total-count') };
};

/**
 * A listing written through the API: the catalogue's version rises and every kept listing answer is
 * dropped, so the queries that follow run their statements (rather than answering from the cache).
 */
async function catalogueWrite(): Promise<void> {
  const made = await api.post('/api/products', propertyAt(`Replica Write ${++n}, Osu`), {
    token: token.superadmin,
  });
  expect(made.status).toBe(201);
  await new Promise((f) => setTimeout(f, 300)); // the primary's notification of it
}

/**
 * `workers` loops of listing reads until `stop()` returns true, each read a query no other read asks
 * (so it misses the listing's cache and runs its statements); how many answers of each status (counted
 * into `statuses` as they come; 0 for none), each loop pausing `pauseMs` between its reads.
 */
async function listingLoad(
  workers: number,
  stop: () => boolean,
  {
    statuses = new Map<number, number>(),
    pauseMs = 0,
  }: { statuses?: Map<number, number>; pauseMs?: number } = {},
): Promise<Map<number, number>> {
  let k = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stop()) {
        // A request the cms did not answer at all counts as status 0 (the assertions show it).
        const status = await fetch(`${cms.url}/api/products?minPrice=${1000 + k++}&sort=priceAsc`).then(
          async (res) => (await res.arrayBuffer(), res.status),
          () => 0,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (pauseMs) await sleep(pauseMs);
      }
    }),
  );
  return statuses;
}

/** The test's database on the standby itself (not through pgpool). */
const standbyUrl = () => {
  const url = new URL(databaseUrl);
  url.port = String(STANDBY_PORT);
  return url.toString();
};

/** Whether the standby has replayed everything the primary has written so far. */
async function standbyCaughtUp(): Promise<void> {
  const primary = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const standby = new pg.Client({ connectionString: standbyUrl() });
  await primary.connect();
  await standby.connect();
  try {
    const { rows } = await primary.query('select pg_current_wal_lsn() as lsn');
    for (let i = 0; i < 100; i++) {
      const r = await standby.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [rows[0].lsn]);
      if (r.rows[0].ok) return;
      await new Promise((f) => setTimeout(f, 100));
    }
    throw new Error('the standby did not catch up in 10 s');
  } finally {
    await primary.end();
    await standby.end();
  }
}

describe('the public listing on a standby behind pgpool', () => {
  beforeAll(async () => {
    replicaScript('start');
    const database = await createPostgresDatabase(process.env.DATABASE_URL!);
    databaseUrl = database.url;
    const replicaUrl = new URL(database.url);
    replicaUrl.port = String(PGPOOL_PORT);
    // The site's address is known before it starts: the cms's purges go to it.
    const sitePort = await freePort();
    cms = await startCms({
      database: { client: 'postgres', ...database },
      env: {
        DATABASE_REPLICA_URL: replicaUrl.toString(),
        LISTING_CACHE_MS: '5000',
        CACHE_PURGE_TOKEN: PURGE_TOKEN,
        SITE_CACHE_PURGE_URL: `http://127.0.0.1:${sitePort}/_cache/purge`,
      },
    });
    site = await spawnSite(cms.url, { CACHE_PURGE_TOKEN: PURGE_TOKEN }, sitePort);
    // The cms's own counters say who answered.
    replicaReads = listingReplicaReads();
    api = client(cms.url);
    token = (
      await signInAccounts(cms.strapi, api, 'replica.example.com', {
        superadmin: 'superadmin',
        admin: 'admin',
      })
    ).token;
    for (let i = 0; i < 30; i++) {
      const made = await api.post(
        '/api/products',
        propertyAt(`Replica Row ${++n}, Osu`, {
          price: 1500 + ((i * 337) % 4000),
          propertyType: i % 3 === 0 ? 'Apartment' : 'House',
        }),
        { token: token.superadmin },
      );
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
  }, 300_000);

  afterAll(async () => {
    await site?.stop();
    await cms?.stop();
    replicaScript('stop');
  }, 120_000);

  it('answers every query as the primary does, and the standby answered them', async () => {
    await standbyCaughtUp();
    // Through the standby: a write committed before is heard of, and the standby has it.
    const before = { ...replicaReads };
    const viaStandby = [];
    for (const q of QUERIES) viaStandby.push(await listing(q));
    expect(replicaReads.served).toBeGreaterThan(before.served);
    // The same queries on the primary: the standby's replay paused and a catalogue write made, so
    // every statement finds the standby behind and reads the primary instead.
    replicaScript('pause');
    try {
      await cms.strapi.db.connection.raw(
        'update fie_catalogue_version set version = version + 1 where id = 1',
      );
      await cms.strapi.db.connection.raw(
        `select pg_notify('fie_catalogue_version', (select version from fie_catalogue_version where id = 1)::text)`,
      );
      await new Promise((f) => setTimeout(f, 300));
      const behind = replicaReads.behind;
      const served = replicaReads.served;
      for (const [i, q] of QUERIES.entries()) expect(await listing(q), q).toEqual(viaStandby[i]);
      expect(replicaReads.behind).toBeGreaterThan(behind);
      expect(replicaReads.served).toBe(served);
    } finally {
      replicaScript('resume');
    }
  });

  it('shows each of 200 approvals at once through the standby, and never keeps an older answer', async () => {
    await standbyCaughtUp();
    const search = (location: string) =>
      api.get(`/api/products?search=${encodeURIComponent(location)}`).then((r) => {
        expect(r.status).toBe(200);
        return (r.body as { location: string }[]).some((p) => p.location === location);
      });
    const served = replicaReads.served;
    for (let i = 0; i < 200; i++) {
      const location = `Replica Pending ${++n}, Labone`;
      const made = await api.post('/api/products', propertyAt(location), { token: token.admin });
      expect(made.status).toBe(201);
      // Asked before the approval: the answer (none) is kept for LISTING_CACHE_MS.
      expect(await search(location)).toBe(false);
      const approved = await api.put(
        `/api/products/approve/${made.body._id}`,
        { action: 'approve' },
        { token: token.superadmin },
      );
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      // Right after the commit: listed, whether the standby has replayed it yet or not.
      expect(await search(location), `approval ${i + 1}`).toBe(true);
    }
    // The standby answered most of those reads (it is normally a few milliseconds behind, not more).
    expect(replicaReads.served - served).toBeGreaterThan(200);
  }, 600_000);

  it("lists an approval at once when the cms has not yet heard its own write's notification", async () => {
    await standbyCaughtUp();
    const location = `Replica Unheard ${++n}, Labone`;
    const made = await api.post('/api/products', propertyAt(location), { token: token.admin });
    expect(made.status).toBe(201);
    const search = async (more = '') => {
      const res = await api.get(`/api/products?search=${encodeURIComponent(location)}${more}`);
      expect(res.status).toBe(200);
      return (res.body as { location: string }[]).some((p) => p.location === location);
    };
    expect(await search()).toBe(false);
    // What is otherwise a race of milliseconds, made certain: the standby does not replay the
    // approval, and the server process of the cms's listening connection is stopped, so the
    // approval's notification reaches the cms only when it is let go, after the search.
    await standbyCaughtUp();
    replicaScript('pause');
    const primary = new pg.Client({ connectionString: databaseUrl });
    await primary.connect();
    const { rows } = await primary.query(
      `select pid from pg_stat_activity where datname = current_database() and query = 'listen fie_catalogue_version'`,
    );
    expect(rows).toHaveLength(1);
    const listener = Number(rows[0].pid);
    process.kill(listener, 'SIGSTOP');
    try {
      const behind = replicaReads.behind;
      const approved = await api.put(
        `/api/products/approve/${made.body._id}`,
        { action: 'approve' },
        { token: token.superadmin },
      );
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      const served = replicaReads.served;
      expect(await search()).toBe(true);
      // Once the cms has read the approval's version (right after its commit; until then it reads
      // the primary), the standby is asked and found behind it, the notification still held back.
      for (let k = 1; replicaReads.behind === behind && k <= 30; k++) {
        expect(await search(`&pageSize=${10 + k}`)).toBe(true);
        if (replicaReads.behind === behind) await sleep(100);
      }
      expect(replicaReads.behind).toBeGreaterThan(behind);
      // No answer since the approval came from the standby, which lacks it.
      expect(replicaReads.served).toBe(served);
    } finally {
      process.kill(listener, 'SIGCONT');
      await primary.end();
      replicaScript('resume');
    }
  });

  it('after a write whose transaction rolled back, the standby answers again', async () => {
    await standbyCaughtUp();
    const [first] = (await listing('?sort=priceAsc&pageSize=3')).ids;
    const served = replicaReads.served;
    await expect(
      cms.strapi.db.transaction(async () => {
        await cms.strapi
          .documents('api::property.property')
          .update({ documentId: first!, data: { location: 'Never Written, Osu' } });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // Until the write's end was known, the primary answered; now it is known, nothing is awaited.
    expect((await listing('?sort=priceAsc&pageSize=4')).ids.slice(0, 1)).toEqual([first]);
    expect(replicaReads.served).toBeGreaterThan(served);
  });

  it('with replay paused, a write is listed from the primary; resumed, the standby answers again', async () => {
    await standbyCaughtUp();
    replicaScript('pause');
    const location = `Replica Paused ${++n}, Adum`;
    try {
      const made = await api.post('/api/products', propertyAt(location), { token: token.superadmin });
      expect(made.status).toBe(201);
      await new Promise((f) => setTimeout(f, 300)); // the notification of the write
      const res = await api.get(`/api/products?search=${encodeURIComponent(location)}`);
      expect(res.status).toBe(200);
      expect((res.body as { location: string }[]).map((p) => p.location)).toContain(location);
    } finally {
      replicaScript('resume');
    }
    await standbyCaughtUp();
    const served = replicaReads.served;
    // (Another query than the one just kept in the listing's cache.)
    expect((await listing(`?search=${encodeURIComponent(location)}&sort=priceAsc`)).ids).toHaveLength(1);
    expect(replicaReads.served).toBeGreaterThan(served);
  });

  it("shows each approval on the site's cached listing page once the cms tells the site to purge", async () => {
    await standbyCaughtUp();
    /** Whether the site's page of a search for `location` lists the property `id` (its card's link). */
    const page = async (location: string, id: string) => {
      const res = await fetch(`${site.url}/properties?search=${encodeURIComponent(location)}`);
      expect(res.status).toBe(200);
      // A page the site's server keeps (for every visitor) until it expires or is purged.
      expect(res.headers.get('cache-control')).toMatch(/s-maxage=[1-9]/);
      return (await res.text()).includes(`href="/property/${id}"`);
    };
    const waits: number[] = [];
    const served = replicaReads.served;
    for (let i = 0; i < 20; i++) {
      const location = `Replica Page ${++n}, Cantonments`;
      const made = await api.post('/api/products', propertyAt(location), { token: token.admin });
      expect(made.status).toBe(201);
      const id = made.body._id as string;
      // The page without it, now kept in the site's page cache.
      expect(await page(location, id)).toBe(false);
      expect(await page(location, id)).toBe(false);
      const approved = await api.put(
        `/api/products/approve/${id}`,
        { action: 'approve' },
        { token: token.superadmin },
      );
      expect(approved.status).toBe(200);
      const start = Date.now();
      while (!(await page(location, id)) && Date.now() - start < 5000) await sleep(50);
      waits.push(Date.now() - start);
      // Shown, and not by luck: the page kept after the purge has it too.
      expect(await page(location, id), `approval ${i + 1}, ${waits.at(-1)} ms`).toBe(true);
      expect(await page(location, id)).toBe(true);
    }
    // The purge is sent right after the commit: the page shows each approval within a few seconds.
    expect(Math.max(...waits), waits.join(', ')).toBeLessThan(5000);
    expect(replicaReads.served).toBeGreaterThan(served);
  }, 300_000);

  it('answers every listing under load while the standby is killed and restarted, and uses the standby again', async () => {
    await standbyCaughtUp();
    // What the cms logs meanwhile (its logger's own methods, wrapped to count the lines).
    const log = cms.strapi.log as unknown as Record<'warn' | 'error', (message: string) => unknown>;
    const original = { warn: log.warn, error: log.error };
    const lines: string[] = [];
    for (const level of ['warn', 'error'] as const)
      log[level] = (message: string) => {
        lines.push(message);
        return original[level].call(cms.strapi.log, message);
      };
    // Eight readers at once for 12 s: the standby killed at 3 s (as `pg_ctl stop -m immediate`),
    // started again at 7 s.
    const start = Date.now();
    const load = listingLoad(8, () => Date.now() - start > 12_000);
    let statuses: Map<number, number>;
    try {
      await sleep(3000);
      replicaScript('kill-standby');
      try {
        await catalogueWrite();
        await sleep(4000 - 300);
      } finally {
        replicaScript('start-standby');
      }
      statuses = await load;
    } finally {
      Object.assign(log, original);
    }
    const answers = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(Object.fromEntries(statuses)).toEqual({ 200: answers });
    expect(answers).toBeGreaterThan(100);
    // Every pooled connection was cut at once, and hundreds of reads went to the primary: the log has
    // a line of each kind at most, not one per connection or per request.
    const replicaLines = lines.filter((line) => line.includes('listing replica'));
    expect(replicaLines.length, replicaLines.join('\n')).toBeGreaterThan(0);
    expect(replicaLines.length, replicaLines.join('\n')).toBeLessThanOrEqual(2);

    // pgpool takes the standby back once it streams again (auto_failback, checked every few seconds),
    // and the replica pool answers again (on which server pgpool runs its sessions, the next test checks).
    await standbyCaughtUp();
    const deadline = Date.now() + 30_000;
    const served = replicaReads.served;
    while (Date.now() < deadline) {
      await listing('?sort=priceAsc&page=2');
      if (replicaReads.served > served) break;
      await sleep(1000);
    }
    expect(replicaReads.served, 'the replica pool answers again within 30 s of the restart').toBeGreaterThan(
      served,
    );
  }, 180_000);

  it('under steady load, moves most listing reads back to the standby within 30 s of its streaming again', async () => {
    await standbyCaughtUp();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    admin.on('error', () => {}); // its queries fail on their own
    await admin.connect();
    const database = new URL(databaseUrl).pathname.slice(1);
    /** Transactions the standby itself finished in the test's database (its own count, not pgpool's). */
    const standbyTransactions = async (): Promise<number> => {
      const url = new URL(standbyUrl());
      url.pathname = '/postgres';
      const standby = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 2000 });
      try {
        await standby.connect();
        const { rows } = await standby.query(
          'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
          [database],
        );
        return Number(rows[0]?.n ?? 0);
      } catch {
        return 0; // away
      } finally {
        await standby.end().catch(() => {});
      }
    };
    /**
     * Over `ms`, the share of the replica pool's statements that the standby ran (the rest pgpool sent
     * to the primary): the standby's own transaction count against the statements the pool served.
     */
    const standbyShare = async (ms: number): Promise<{ share: number; statements: number }> => {
      const [t0, s0] = [await standbyTransactions(), replicaReads.served];
      await sleep(ms);
      // A backend reports its counts within a second of its transactions.
      const s1 = replicaReads.served;
      await sleep(1100);
      const t1 = await standbyTransactions();
      const statements = s1 - s0;
      return { share: statements > 0 ? Math.max(0, t1 - t0) / statements : 0, statements };
    };
    const streaming = async (): Promise<boolean> => {
      const { rows } = await admin.query(
        "select 1 from pg_stat_replication where application_name = $1 and state = 'streaming'",
        [REPLICA_SLOT],
      );
      return rows.length > 0;
    };

    /** Whether pgpool has the standby up again (its own view, `show pool_nodes`). */
    const pgpoolHasStandby = async (): Promise<boolean> => {
      const url = new URL(databaseUrl);
      url.port = String(PGPOOL_PORT);
      const c = new pg.Client({
        connectionString: url.toString(),
        connectionTimeoutMillis: 2000,
        query_timeout: 2000,
      });
      try {
        await c.connect();
        const { rows } = await c.query('show pool_nodes');
        return rows.some((r) => Number(r.port) === STANDBY_PORT && r.status === 'up');
      } catch {
        return false;
      } finally {
        await c.end().catch(() => {});
      }
    };

    const statuses = new Map<number, number>();
    let done = false;
    // Steady traffic, a read every quarter of a second or so: the pool's connections are used again and
    // again, so none is idle long enough to be closed, and none is likely to be busy in the instant
    // pgpool takes the standby back (a session that is, pgpool ends; its next one goes to the standby).
    const load = listingLoad(1, () => done, { statuses, pauseMs: 250 });
    let back: number | undefined;
    const shares: string[] = [];
    try {
      // Before: the standby runs most of the load's statements (once pgpool has it, after the test above).
      let before = await standbyShare(3000);
      for (let i = 0; i < 10 && before.share <= 0.5; i++) before = await standbyShare(3000);
      expect(before.statements).toBeGreaterThan(10);
      expect(
        before.share,
        'most reads on the standby before the kill (since the test above restarted it)',
      ).toBeGreaterThan(0.5);
      // Killed for 6 s under the load (the pool's sessions meanwhile opened on the primary).
      replicaScript('kill-standby');
      await sleep(6000);
      replicaScript('start-standby');
      const restarted = Date.now();
      while (!(await streaming())) {
        expect(Date.now() - restarted, 'the standby streams again within 60 s').toBeLessThan(60_000);
        await sleep(200);
      }
      const streamingAt = Date.now();
      let pgpoolUp: number | undefined;
      const watching = (async () => {
        while (pgpoolUp === undefined && back === undefined && Date.now() - streamingAt < 30_000) {
          if (await pgpoolHasStandby()) pgpoolUp = (Date.now() - streamingAt) / 1000;
          else await sleep(250);
        }
      })();
      // Then, under the same load: most statements on the standby again in a window that ends within
      // 30 s (a window is 3 s of statements and a second for the standby to count them).
      while (Date.now() - streamingAt + 4_200 <= 30_000) {
        const window = await standbyShare(3000);
        shares.push(`${((Date.now() - streamingAt) / 1000).toFixed(1)} s: ${window.share.toFixed(2)}`);
        if (window.share > 0.5 && window.statements > 10) {
          back = (Date.now() - streamingAt) / 1000;
          break;
        }
      }
      await watching;
      console.log(
        `[replica test] streaming ${((streamingAt - restarted) / 1000).toFixed(1)} s after the restart; ` +
          `pgpool had it up ${pgpoolUp ?? 'not'} s after that; ` +
          `the standby's share of the statements since: ${shares.join(', ')}`,
      );
    } finally {
      done = true;
      await load;
      await admin.end();
    }
    expect(
      back,
      `most reads on the standby within 30 s of its streaming (${shares.join(', ')})`,
    ).toBeDefined();
    const answers = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(Object.fromEntries(statuses)).toEqual({ 200: answers });
  }, 180_000);

  // Last: it stops the standby and pgpool.
  it('with pgpool itself away, the listing pool cannot connect and the primary answers', async () => {
    replicaScript('stop');
    await catalogueWrite();
    const unreachable = replicaReads.unreachable;
    const served = replicaReads.served;
    for (const q of QUERIES) await listing(q);
    expect(replicaReads.unreachable).toBeGreaterThan(unreachable);
    expect(replicaReads.served).toBe(served);
  });
});
