#!/usr/bin/env node
// npm run bench:replica — the public listing read from a PostgreSQL streaming standby through pgpool-II
// (DATABASE_REPLICA_URL), against the same listing read from the primary, on one database of
// BENCH_PROPERTIES rows (default 1,000,000). Two cms processes on that database, one of each kind, and
// the standby and pgpool from `npm run db:replica` (scripts/db-replica.sh). It prints:
//  1. Overhead: the long-tail listing (bench:api's sequence) loaded on each, in turns: req/s, p50, p95,
//     and the replica's p95 against the direct one's (target ≤ 1.2x), with pgpool's count of reads the
//     standby answered.
//  2. Freshness: BENCH_APPROVALS (default 200) waiting listings approved one at a time through the
//     replica cms (PUT /api/products/approve/:id); for each, the time from the approval's answer (its
//     commit is before it) until a search for it through that cms finds it (p50, p95, max; target p95
//     ≤ 1 s), and how many answers in between did not show it.
//  3. The standby killed (`pg_ctl stop -m immediate`) 15 s into a BENCH_FAULT_SECONDS (60) listing load
//     on the replica cms and started again at 30 s: the load's answers by status (target: no 5xx), and
//     how long after its restart pgpool sent reads to it again (target ≤ 30 s).
//  4. The way back under steady traffic (one reader, a request every 250 ms): the standby killed for
//     10 s and started again; how long until it streams, until pgpool has it up, and until most of the
//     replica cms's reads are on it again (pgpool's select_cnt per node; target ≤ 30 s after it streams).
//  5. Replay paused (`pg_wal_replay_pause()`), then a listing approved: every listing answer for the
//     next 5 s shows it (none is older than the write).
// On two shared cores this shows correctness and overhead, not capacity: the standby, pgpool, both
// cms processes and the load all share them.
// Needs PostgreSQL on 127.0.0.1 (or BENCH_DATABASE_URL), root or the postgres user, and pgpool2.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTest, ROOT, waitForHttp, machine } from './lib.mjs';
import { build } from './build.mjs';
import { addWaiting, benchDatabase, ensureDatabase, fillTo, startBenchCms, withClient } from './bench-db.mjs';
import { longTail } from './long-tail.mjs';
import pg from 'pg';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET = Number(process.env.BENCH_PROPERTIES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const APPROVALS = Number(process.env.BENCH_APPROVALS ?? 200);
const FAULT_SECONDS = Number(process.env.BENCH_FAULT_SECONDS ?? 60);
// The standby and pgpool's places: db-replica.sh's own variables and defaults.
const STANDBY_PORT = Number(process.env.STANDBY_PORT ?? 5442);
const PGPOOL_PORT = Number(process.env.PGPOOL_PORT ?? 5443);
const SLOT = process.env.REPLICA_SLOT ?? 'fie_standby';
const DIRECT = 'http://127.0.0.1:1481';
const REPLICA = 'http://127.0.0.1:1482';
const { name: dbName, url: dbUrl, kept: KEEP_DB } = benchDatabase(ADMIN_URL, 'fie_bench_replica');
const replicaUrl = (() => {
  const u = new URL(dbUrl);
  u.port = String(PGPOOL_PORT);
  return u.toString();
})();

const replica = (...args) =>
  execFileSync('bash', [join(ROOT, 'scripts', 'db-replica.sh'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, STANDBY_PORT: String(STANDBY_PORT), PGPOOL_PORT: String(PGPOOL_PORT) },
  });
/** The same, without holding up this process's own reader meanwhile. */
const replicaAsync = (...args) =>
  promisify(execFile)('bash', [join(ROOT, 'scripts', 'db-replica.sh'), ...args], {
    env: { ...process.env, STANDBY_PORT: String(STANDBY_PORT), PGPOOL_PORT: String(PGPOOL_PORT) },
  });
const sleep = (ms) => new Promise((f) => setTimeout(f, ms));
const ms = (v) => `${v.toFixed(1)} ms`;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * Reads the standby answered so far (pgpool's select_cnt of node 1), those pgpool sent to the primary
 * (node 0's), and whether pgpool has the standby up.
 */
async function standbyNode() {
  // With time limits of its own: a pgpool busy with a failover must not stall the bench.
  const client = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${PGPOOL_PORT}/postgres`,
    connectionTimeoutMillis: 3000,
    query_timeout: 3000,
  });
  try {
    await client.connect();
    const { rows } = await client.query('show pool_nodes');
    const node = rows.find((r) => r.node_id === '1');
    const primary = rows.find((r) => r.node_id === '0');
    return {
      selects: Number(node?.select_cnt ?? 0),
      primarySelects: Number(primary?.select_cnt ?? 0),
      up: node?.status === 'up',
    };
  } catch {
    return { selects: 0, primarySelects: 0, up: false };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Waits until the standby has replayed what the primary has written so far. */
async function caughtUp() {
  const lsn = await withClient(
    ADMIN_URL,
    async (db) => (await db.query('select pg_current_wal_lsn() as l')).rows[0].l,
  );
  for (let i = 0; i < 1200; i++) {
    const ok = await withClient(
      `postgres://postgres@127.0.0.1:${STANDBY_PORT}/postgres`,
      async (db) => (await db.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [lsn])).rows[0].ok,
    ).catch(() => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error('the standby did not catch up in 2 minutes');
}

async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`signing in ${email} answered ${res.status}`);
  return (await res.json()).token;
}

/** Whether a search for `location` through `base` lists it. */
async function listed(base, location) {
  const res = await fetch(`${base}/api/products?pageSize=50&search=${encodeURIComponent(location)}`);
  if (!res.ok) throw new Error(`the listing answered ${res.status}`);
  return (await res.json()).some((p) => p.location === location);
}

async function approve(base, token, documentId) {
  const res = await fetch(`${base}/api/products/approve/${documentId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ action: 'approve' }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`approving ${documentId} answered ${res.status}`);
}

async function overhead() {
  const sequence = (list) => {
    let i = 0;
    return () => list[i++ % list.length].ours;
  };
  const tail = await longTail(50_000);
  // Warm both (a different sequence), so neither starts with nothing of the tables in memory.
  for (const base of [DIRECT, REPLICA])
    await loadTest(base, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      nextPath: sequence(await longTail(50_000, 7)),
    });
  console.log(
    `\n== Overhead: the long-tail listing, ${CONNECTIONS} connections, ${SECONDS} s per run, in turns\n`,
  );
  console.log('| run | cms reads from | req/s | p50 | p95 | errors | reads the standby answered |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const results = { direct: [], replica: [] };
  for (let turn = 1; turn <= 2; turn++) {
    for (const [kind, base] of [
      ['direct', DIRECT],
      ['replica', REPLICA],
    ]) {
      const before = await standbyNode();
      const r = await loadTest(base, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        nextPath: sequence(tail),
      });
      const after = await standbyNode();
      results[kind].push(r);
      console.log(
        `| ${turn} | ${kind === 'direct' ? 'the primary' : 'pgpool → standby'} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.errors} | ${after.selects - before.selects} |`,
      );
    }
  }
  const mean = (list, k) => list.reduce((a, r) => a + r[k], 0) / list.length;
  console.log(
    `\nreplica / direct: p95 ${(mean(results.replica, 'p95') / mean(results.direct, 'p95')).toFixed(2)}x (target ≤ 1.2x), p50 ${(mean(results.replica, 'p50') / mean(results.direct, 'p50')).toFixed(2)}x, req/s ${(mean(results.replica, 'rps') / mean(results.direct, 'rps')).toFixed(2)}x`,
  );
}

async function freshness(admin) {
  const waiting = await withClient(dbUrl, async (db) => {
    // A kept database (BENCH_DB) still holds an earlier run's.
    await db.query("delete from properties where document_id ~ '^n[0-9]{23}$'");
    // "Close 1 East" is not found by a search for "Close 10 East", nor the reverse.
    return addWaiting(db, APPROVALS + 1, { location: 'Replica Bench Close {g} East' });
  });
  await caughtUp();
  const times = [];
  let missed = 0;
  for (const { documentId, location } of waiting.slice(0, APPROVALS)) {
    // Asked once before: the answer (not listed) is what a visitor would have in the cms's cache.
    if (await listed(REPLICA, location)) throw new Error(`${location} was listed before its approval`);
    await approve(REPLICA, admin, documentId);
    const t = performance.now();
    for (;;) {
      if (await listed(REPLICA, location)) break;
      missed++;
      if (performance.now() - t > 10_000) throw new Error(`${location} not listed 10 s after its approval`);
      await sleep(5);
    }
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`\n== Freshness: ${APPROVALS} approvals in a row through the replica cms\n`);
  console.log(
    `from the approval's answer to listed: p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, max ${ms(times.at(-1))} (target p95 ≤ 1 s); answers that did not show it yet: ${missed}`,
  );
  return waiting[APPROVALS];
}

async function standbyKilled() {
  const tail = await longTail(50_000, 11);
  let i = 0;
  const load = loadTest(REPLICA, {
    connections: CONNECTIONS,
    seconds: FAULT_SECONDS,
    nextPath: () => tail[i++ % tail.length].ours,
  });
  await sleep(15_000);
  replica('kill-standby');
  await sleep(15_000);
  replica('start-standby');
  const restarted = performance.now();
  let back = null;
  while (performance.now() - restarted < 60_000) {
    const before = await standbyNode();
    if (before.up) {
      await sleep(1000);
      const after = await standbyNode();
      if (after.up && after.selects > before.selects) {
        back = (performance.now() - restarted) / 1000;
        break;
      }
    } else await sleep(500);
  }
  const r = await load;
  console.log(
    `\n== The standby killed 15 s into a ${FAULT_SECONDS} s listing load on the replica cms (${CONNECTIONS} connections), started at 30 s\n`,
  );
  const fiveHundreds = Object.entries(r.statuses)
    .filter(([s]) => Number(s) >= 500)
    .reduce((a, [, n]) => a + n, 0);
  console.log(
    `${r.requests} answers: ${Object.entries(r.statuses)
      .map(([s, n]) => `${n} × ${s}`)
      .join(
        ', ',
      )}; 5xx: ${fiveHundreds}; network errors ${r.errorKinds.network}, time-outs ${r.errorKinds.timeouts}; p95 ${ms(r.p95)}`,
  );
  console.log(
    back === null
      ? 'the standby was not answering reads again within 60 s of its restart'
      : `the standby answered reads again ${back.toFixed(1)} s after its restart (target ≤ 30 s)`,
  );
}

/** Whether the primary has the standby streaming (its walsender for the standby's slot). */
const streaming = () =>
  withClient(
    ADMIN_URL,
    async (db) =>
      (
        await db.query(
          "select 1 from pg_stat_replication where application_name = $1 and state = 'streaming'",
          [SLOT],
        )
      ).rows.length > 0,
  ).catch(() => false);

/**
 * The way back under steady traffic: one reader, a listing every 250 ms, so the replica cms's few
 * connections are used again and again but seldom at the instant pgpool takes the standby back (a
 * session busy then is ended by pgpool, which would move it by chance).
 */
async function wayBack() {
  await caughtUp();
  const tail = await longTail(50_000, 13);
  const statuses = {};
  let done = false;
  let i = 0;
  const reader = (async () => {
    while (!done) {
      const status = await fetch(`${REPLICA}${tail[i++ % tail.length].ours}`).then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => 0,
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
      await sleep(250);
    }
  })();
  /** The standby's share of the reads pgpool load-balanced over `ms` (select_cnt of each node). */
  const share = async (ms) => {
    const a = await standbyNode();
    await sleep(ms);
    const b = await standbyNode();
    const standby = b.selects - a.selects;
    const all = standby + b.primarySelects - a.primarySelects;
    return all > 0 ? standby / all : 0;
  };
  let before, restartTook, streamingAfter, upAfter, backAfter;
  const shares = [];
  try {
    await sleep(3000);
    before = await share(3000);
    await replicaAsync('kill-standby');
    await sleep(10_000);
    const t = performance.now();
    await replicaAsync('start-standby');
    restartTook = (performance.now() - t) / 1000;
    while (!(await streaming()) && performance.now() - t < 60_000) await sleep(100);
    const s = performance.now();
    streamingAfter = (s - t) / 1000;
    while (performance.now() - s < 60_000) {
      if (upAfter === undefined && (await standbyNode()).up) upAfter = (performance.now() - s) / 1000;
      const x = await share(2000);
      shares.push(`${((performance.now() - s) / 1000).toFixed(0)} s ${x.toFixed(2)}`);
      if (x > 0.5) {
        backAfter = (performance.now() - s) / 1000;
        break;
      }
    }
  } finally {
    done = true;
    await reader;
  }
  console.log(
    '\n== The way back under steady traffic: one reader, a listing every 250 ms; the standby killed for 10 s\n',
  );
  console.log(
    `before the kill ${(before * 100).toFixed(0)}% of the reads on the standby; start-standby took ${restartTook.toFixed(1)} s; streaming ${streamingAfter.toFixed(1)} s after it was started; after that, pgpool had it up at ${upAfter === undefined ? 'never' : `${upAfter.toFixed(1)} s`}, and most reads were on it at ${backAfter === undefined ? 'never (60 s)' : `${backAfter.toFixed(1)} s`} (target ≤ 30 s)`,
  );
  console.log(`the standby's share of the reads, window by window: ${shares.join(', ')}`);
  console.log(
    `answers: ${Object.entries(statuses)
      .map(([st, n]) => `${n} × ${st}`)
      .join(', ')}`,
  );
}

async function replayPaused(admin, last) {
  await caughtUp();
  replica('pause');
  try {
    await approve(REPLICA, admin, last.documentId);
    const t = performance.now();
    let answers = 0;
    let older = 0;
    while (performance.now() - t < 5_000) {
      answers++;
      if (!(await listed(REPLICA, last.location))) older++;
    }
    console.log(
      `\n== Replay paused, then a listing approved: ${answers} searches for it in the next 5 s, ${older} without it (target 0)`,
    );
  } finally {
    replica('resume');
  }
}

async function main() {
  console.log(`machine: ${machine()}`);
  await build();
  await ensureDatabase(ADMIN_URL, dbName);
  const work = mkdtempSync(join(tmpdir(), 'fie-bench-replica-'));
  mkdirSync(join(work, 'public', 'uploads'), { recursive: true });
  const children = [];
  try {
    children.push(startBenchCms({ port: 1481, dbUrl, publicDir: join(work, 'public') }));
    await waitForHttp(`${DIRECT}/_health`, { timeoutMs: 240_000, isUp: (r) => r.status === 204 });
    const filled = await fillTo(dbUrl, TARGET);
    console.log(`properties: ${filled.count} (bulk insert ${filled.seconds.toFixed(1)} s)`);
    replica('stop');
    const started = performance.now();
    replica('start');
    console.log(
      `standby and pgpool started in ${((performance.now() - started) / 1000).toFixed(1)} s (pg_basebackup of the server)`,
    );
    children.push(
      startBenchCms({
        port: 1482,
        dbUrl,
        publicDir: join(work, 'public'),
        env: { DATABASE_REPLICA_URL: replicaUrl },
      }),
    );
    await waitForHttp(`${REPLICA}/_health`, { timeoutMs: 240_000, isUp: (r) => r.status === 204 });
    await caughtUp();
    await overhead();
    const admin = await signIn(REPLICA, 'superadmin@fiehomes.local', 'FieSuper2026!');
    const last = await freshness(admin);
    await standbyKilled();
    await wayBack();
    await replayPaused(admin, last);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on('exit', r)))));
    replica('stop');
    if (!KEEP_DB)
      await withClient(ADMIN_URL, (db) => db.query(`drop database if exists ${dbName} with (force)`));
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
