#!/usr/bin/env node
// `npm run bench:profile`: where the long tail's time goes. Starts the built cms on a bench database
// (BENCH_DB, filled to BENCH_PROPERTIES as bench:api fills it) with its inspector open, loads it with
// bench:api's long tail (32 connections, a different listing per request, 1,000 visitors) while V8's
// CPU profiler runs (started and stopped through the inspector, so start-up is not in it), and prints
// the CPU each process used (the cms, PostgreSQL, the load generator) and the cms's time by part
// (Strapi and Koa, the pg driver, our listing code, JSON, the garbage collector, idle) and by function.
// Needs: PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTest, waitForHttp, machine } from './lib.mjs';
import { build } from './build.mjs';
import { benchDatabase, ensureDatabase, fillTo, startBenchCms, withClient } from './bench-db.mjs';
import { longTail } from './long-tail.mjs';

const TARGET = Number(process.env.BENCH_PROPERTIES ?? 1_000_000);
// BENCH_PROFILE=map profiles bench:api's map load instead (a different area of Accra per request).
const WHAT = process.env.BENCH_PROFILE ?? 'tail';
if (!['tail', 'map'].includes(WHAT)) throw new Error(`BENCH_PROFILE must be tail or map (got ${WHAT})`);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const PORT = 1638;
const INSPECTOR_PORT = 9338;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { name: dbName, url: dbUrl, kept: KEEP_DB } = benchDatabase(ADMIN_URL, 'fie_profile');

/** CPU seconds (user + system) a process has used so far, from /proc. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return 0;
  }
}
/** Every PostgreSQL server process's CPU seconds so far. */
function postgresSeconds() {
  const pids = execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).trim().split('\n');
  return pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
}

/** The part of the cms a profile node's time belongs to, by its function's file. */
function partOf(frame) {
  const url = frame.url ?? '';
  if (frame.functionName === '(garbage collector)') return 'garbage collector';
  if (frame.functionName === '(idle)') return 'idle';
  if (frame.functionName === '(program)') return 'V8 and native (program)';
  if (/node_modules\/pg(-[a-z]+)?\//.test(url)) return 'pg driver';
  if (/node_modules\/(koa|@koa|koa-[a-z-]+)\//.test(url)) return 'Koa and its middleware';
  if (/node_modules\/@strapi\//.test(url)) return 'Strapi';
  if (/node_modules\/(knex|tarn)\//.test(url)) return 'knex';
  if (/cms\/dist\/src\//.test(url)) return 'our cms code';
  if (/packages\/domain\//.test(url)) return 'our domain package (zod schemas)';
  if (/node_modules\/zod\//.test(url)) return 'zod';
  if (/node_modules\//.test(url))
    return `other packages (${url.split('node_modules/').at(-1).split('/')[0]})`;
  if (url.startsWith('node:') || url === '') return 'Node and built-ins';
  return 'other';
}

async function main() {
  console.log(`machine: ${machine()}`);
  await build();
  await ensureDatabase(ADMIN_URL, dbName);
  const work = mkdtempSync(join(tmpdir(), 'fie-bench-profile-'));
  mkdirSync(join(work, 'public', 'uploads'), { recursive: true });
  const cms = startBenchCms({
    port: PORT,
    dbUrl,
    publicDir: join(work, 'public'),
    env: { NODE_OPTIONS: `--inspect=127.0.0.1:${INSPECTOR_PORT}` },
  });
  let profile;
  try {
    await waitForHttp(`${BASE}/_health`, { timeoutMs: 240_000, isUp: (r) => r.status === 204 });
    const filled = await fillTo(dbUrl, TARGET);
    console.log(`properties: ${filled.count}${KEEP_DB ? ` (database ${dbName} kept)` : ''}`);
    const next = (list) => {
      let i = 0;
      return () => list[i++ % list.length];
    };
    const paths = async (seed) =>
      WHAT === 'map' ? mapAreas(seed) : (await longTail(50_000, seed)).map((entry) => entry.ours);
    const load = {
      connections: CONNECTIONS,
      seconds: SECONDS,
      visitors: 1000,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    };
    await loadTest(BASE, { ...load, nextPath: next(await paths(7)) }); // warm-up
    const tail = await paths(20261122);
    const inspector = await inspect();
    await inspector.send('Profiler.enable');
    await inspector.send('Profiler.setSamplingInterval', { interval: 500 });
    await inspector.send('Profiler.start');
    const before = { cms: cpuSeconds(cms.pid), postgres: postgresSeconds(), bench: process.cpuUsage() };
    const started = performance.now();
    const result = await loadTest(BASE, { ...load, nextPath: next(tail) });
    const wall = (performance.now() - started) / 1000;
    profile = (await inspector.send('Profiler.stop')).profile;
    inspector.close();
    const bench = process.cpuUsage(before.bench);
    const share = (seconds) => `${((100 * seconds) / wall).toFixed(0)} % of a core`;
    console.log(
      `${WHAT === 'map' ? 'map, a different area each' : 'long tail'}, ${CONNECTIONS} connections, ${SECONDS} s: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, errors ${result.errors}`,
    );
    console.log(
      `CPU during the load: cms ${share(cpuSeconds(cms.pid) - before.cms)}, PostgreSQL ${share(postgresSeconds() - before.postgres)}, load generator ${share((bench.user + bench.system) / 1e6)}`,
    );
  } finally {
    cms.kill('SIGTERM');
    await new Promise((r) => cms.on('exit', r));
  }
  report(profile);
  if (!KEEP_DB)
    await withClient(ADMIN_URL, (db) => db.query(`drop database if exists ${dbName} with (force)`));
  rmSync(work, { recursive: true, force: true });
}

/** Areas of Accra's map, each panned a little from the last (as bench:api's map load), from `seed` on. */
function mapAreas(seed) {
  return Array.from({ length: 5000 }, (_, n) => {
    const i = (n + seed * 997) % 5000;
    const west = -0.3 + (i % 50) * 0.001;
    const south = 5.5 + Math.floor(i / 50) * 0.0005;
    return `/api/products/map?city=accra&bbox=${west.toFixed(3)},${south.toFixed(4)},${(west + 0.3).toFixed(3)},${(south + 0.26).toFixed(4)}`;
  });
}

/** The cms's inspector (the Chrome DevTools protocol over a WebSocket): send(method, params) answers the result. */
async function inspect() {
  const [target] = await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const waiting = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    const answer = waiting.get(message.id);
    if (!answer) return;
    waiting.delete(message.id);
    if (message.error) answer.reject(new Error(`${message.error.message}`));
    else answer.resolve(message.result);
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        id += 1;
        waiting.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Self time by part and by function, over the load (idle apart). */
function report(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const parts = new Map();
  const functions = new Map();
  let busy = 0;
  for (const [id, micros] of self) {
    const frame = byId.get(id).callFrame;
    const part = partOf(frame);
    parts.set(part, (parts.get(part) ?? 0) + micros);
    if (part === 'idle') continue;
    busy += micros;
    const where = `${frame.functionName || '(anonymous)'} ${(frame.url ?? '').replace(/^.*node_modules\//, '').replace(/^.*cms\/dist\//, 'cms/')}:${frame.lineNumber + 1}`;
    functions.set(where, (functions.get(where) ?? 0) + micros);
  }
  const pct = (micros) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %`;
  console.log(`\nthe cms's busy time by part (${(busy / 1e6).toFixed(1)} s busy in the profile):`);
  for (const [part, micros] of [...parts].sort((a, b) => b[1] - a[1]))
    if (part !== 'idle') console.log(`  ${pct(micros)}  ${part}`);
  console.log('\nby function (self time, the 25 largest):');
  for (const [where, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${pct(micros)}  ${where}`);
}

main().catch((error) => {
  console.error(`bench:profile failed: ${error.stack ?? error}`);
  process.exitCode = 1;
});
