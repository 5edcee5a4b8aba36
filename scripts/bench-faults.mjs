#!/usr/bin/env node
// npm run bench:faults: what visitors get while a part fails, measured and printed.
// It starts its own cms (demo data on a fresh PostgreSQL database) and site, puts a steady load on
// them (pages and the listing API through the site, the API also from the cms directly), and then:
//  1. PostgreSQL goes away for a few seconds: `pg_ctlcluster <version> main restart` where this
//     machine runs the cluster (as here; it needs root), otherwise every connection of the cms's
//     database is cut and new ones refused for FAULT_SECONDS (default 5). Target: the cms process
//     stays up, answers 503 with a clear message meanwhile (never another 5xx), and 200 again within
//     10 s of the database's return.
//  2. The cms goes away (killed): the site keeps serving its cached pages; what it cannot serve
//     answers a friendly page or a JSON message, never a stack trace.
//  3. The mail server goes away (the SMTP catcher closed) while visitors sign up: no request fails
//     because of it, and every code e-mail arrives once the mail server is back (the cms's outbox).
// Every answer is counted per second by status. Needs PostgreSQL (BENCH_DATABASE_URL or
// 127.0.0.1:5432) and, for the restart, pg_ctlcluster and root.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startMailCatcher } from '@fie/mailcatcher';
import { ROOT, waitForHttp, machine } from './lib.mjs';
import { startBenchCms } from './bench-db.mjs';
import { build } from './build.mjs';
import { generateSecrets } from '../cms/scripts/check-env.mjs';

const CMS_PORT = 1737;
const SITE_PORT = 4737;
const CMS = `http://127.0.0.1:${CMS_PORT}`;
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `fie_bench_faults_${Date.now().toString(36)}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const FAULT_SECONDS = Number(process.env.FAULT_SECONDS ?? 5);
const SMTP_PORT = 2737;
const SIGNUPS = 15; // under the 20 code requests an hour one network address may make
const WORKERS = 16;

const children = [];
const work = mkdtempSync(join(tmpdir(), 'fie-bench-faults-'));
mkdirSync(join(work, 'public', 'uploads'), { recursive: true });
const secrets = generateSecrets();

function startCms() {
  const cms = startBenchCms({
    port: CMS_PORT,
    dbUrl,
    publicDir: join(work, 'public'),
    env: { ...secrets, SMTP_PORT: String(SMTP_PORT), SITE_URL: SITE },
    stderr: process.env.BENCH_VERBOSE ? 'inherit' : 'ignore',
  });
  children.push(cms);
  return cms;
}

async function admin(sql) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

/** A steady load: WORKERS loops, each fetching the next path in turn; every answer is recorded. */
function steadyLoad(targets) {
  const records = [];
  let stop = false;
  let turn = 0;
  const started = Date.now();
  const worker = async () => {
    while (!stop) {
      const t = targets[turn++ % targets.length];
      const url = t.url;
      const at = Date.now();
      let status = 0;
      let body = '';
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
        status = res.status;
        body = await res.text();
      } catch {
        status = 0; // no answer at all (connection refused, reset, or timed out)
      }
      records.push({
        at: at - started,
        ms: Date.now() - at,
        status,
        kind: t.kind,
        path: new URL(url).pathname,
        trace: /\bat .+\(.+:\d+:\d+\)/.test(body),
      });
    }
  };
  const running = Array.from({ length: WORKERS }, worker);
  return {
    started,
    records,
    async end() {
      stop = true;
      await Promise.all(running);
      return records;
    },
  };
}

/** Answers per second of the run, by status, as a table row per second. */
function perSecond(records, from, to) {
  const rows = [];
  for (let s = from; s < to; s++) {
    const inSecond = records.filter((r) => r.at >= s * 1000 && r.at < (s + 1) * 1000);
    const count = (pred) => inSecond.filter(pred).length;
    rows.push({
      s,
      total: inSecond.length,
      ok: count((r) => r.status >= 200 && r.status < 400),
      s502: count((r) => r.status === 502),
      s503: count((r) => r.status === 503),
      other5xx: count((r) => r.status >= 500 && ![502, 503].includes(r.status)),
      none: count((r) => r.status === 0),
    });
  }
  return rows;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function restartPostgres() {
  const version = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql')[0] : undefined;
  if (version && process.getuid?.() === 0) {
    const t0 = Date.now();
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'stop'], {
      stdio: 'ignore',
    });
    const down = Date.now();
    await sleep(FAULT_SECONDS * 1000);
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], {
      stdio: 'ignore',
    });
    return {
      how: `pg_ctlcluster ${version} main stop, ${FAULT_SECONDS} s, start`,
      downAt: down,
      upAt: Date.now(),
      stopMs: down - t0,
    };
  }
  await admin(`alter database ${dbName} allow_connections false`);
  await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}'`);
  const down = Date.now();
  await sleep(FAULT_SECONDS * 1000);
  await admin(`alter database ${dbName} allow_connections true`);
  return {
    how: `connections cut and refused for ${FAULT_SECONDS} s (pg_terminate_backend, allow_connections false)`,
    downAt: down,
    upAt: Date.now(),
    stopMs: 0,
  };
}

function printSeconds(rows) {
  console.log('| second | answers | 2xx/3xx | 502 | 503 | other 5xx | no answer |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows)
    console.log(`| ${r.s} | ${r.total} | ${r.ok} | ${r.s502} | ${r.s503} | ${r.other5xx} | ${r.none} |`);
}

async function main() {
  console.log(`machine: ${machine()}`);
  await build();
  await admin(`create database ${dbName}`);
  let cms = startCms();
  await waitForHttp(`${CMS}/_health`, { timeoutMs: 240_000, isUp: (r) => r.status === 204 });
  const site = spawn(process.execPath, ['site/server/main.mjs'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(SITE_PORT),
      CMS_URL: CMS,
      SITE_URL: SITE,
    },
  });
  children.push(site);
  await waitForHttp(`${SITE}/_health`, { timeoutMs: 60_000, isUp: (r) => r.status === 204 });
  const ids = (await (await fetch(`${CMS}/api/products?pageSize=6`)).json()).map((p) => p._id);
  const pages = ['/', '/properties', ...ids.map((id) => `/property/${id}`)];
  for (const p of pages) await fetch(`${SITE}${p}`); // the site's cache holds them now
  // The API with a search never asked before, so the cms's listing cache cannot answer for the database.
  let n = 0;
  const targets = [
    ...pages.map((p) => ({ kind: 'page', url: `${SITE}${p}` })),
    {
      kind: 'api via site',
      get url() {
        return `${SITE}/api/products?search=a${n++}`;
      },
    },
    {
      kind: 'api direct',
      get url() {
        return `${CMS}/api/products?search=b${n++}`;
      },
    },
  ];

  // 1. PostgreSQL goes away.
  console.log(`\n## 1. PostgreSQL goes away under load (${WORKERS} clients)\n`);
  const load = steadyLoad(targets);
  await sleep(4_000);
  const cmsPid = cms.pid;
  const fault = await restartPostgres();
  const upSecond = (fault.upAt - load.started) / 1000;
  await sleep(14_000);
  const records = await load.end();
  const downSecond = (fault.downAt - load.started) / 1000;
  console.log(
    `fault: ${fault.how}; database down at ${downSecond.toFixed(1)} s, back at ${upSecond.toFixed(1)} s of the run\n`,
  );
  printSeconds(perSecond(records, 0, Math.ceil(records.at(-1).at / 1000)));
  const after = records.filter((r) => r.at >= fault.upAt - load.started && r.kind !== 'page');
  const firstOk = after.find((r) => r.status === 200);
  const lastBad = [...after].reverse().find((r) => r.status !== 200);
  const others = records.filter((r) => r.status >= 500 && r.status !== 503 && r.status !== 502);
  const alive = cms.exitCode === null && cms.pid === cmsPid;
  console.log(`\ncms process: ${alive ? 'still running (same pid)' : `gone (exit ${cms.exitCode})`}`);
  console.log(
    `API answers after the database's return: first 200 after ${firstOk ? ((firstOk.at + load.started - fault.upAt) / 1000).toFixed(2) : 'never'} s; last non-200 at ${lastBad ? ((lastBad.at + load.started - fault.upAt) / 1000).toFixed(2) : '-'} s`,
  );
  console.log(
    `answers other than 2xx, 502 or 503: ${others.length}; answers carrying a stack trace: ${records.filter((r) => r.trace).length}`,
  );
  console.log(
    `pages (from the site's cache) answered 200 throughout: ${records.filter((r) => r.kind === 'page' && r.status !== 200).length === 0 ? 'yes' : 'no'}`,
  );
  const api = records
    .filter((r) => r.kind !== 'page')
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  console.log(
    `API answer times over the run: p50 ${api[Math.floor(api.length / 2)]} ms, p99 ${api[Math.floor(api.length * 0.99)]} ms, slowest ${api.at(-1)} ms`,
  );

  // 2. The cms goes away.
  console.log(`\n## 2. The cms is killed under load, then started again\n`);
  for (const p of pages) await fetch(`${SITE}${p}`);
  const load2 = steadyLoad(targets.filter((t) => t.kind !== 'api direct'));
  await sleep(3_000);
  cms.kill('SIGKILL');
  const killedAt = Date.now();
  await sleep(6_000);
  cms = startCms();
  await waitForHttp(`${CMS}/_health`, { timeoutMs: 240_000, isUp: (r) => r.status === 204 });
  const backAt = Date.now();
  await sleep(3_000);
  const records2 = await load2.end();
  console.log(
    `cms killed at ${((killedAt - load2.started) / 1000).toFixed(1)} s, answering again at ${((backAt - load2.started) / 1000).toFixed(1)} s of the run\n`,
  );
  printSeconds(perSecond(records2, 0, Math.ceil(records2.at(-1).at / 1000)));
  const during = records2.filter((r) => r.at >= killedAt - load2.started && r.at < backAt - load2.started);
  const kinds = [...new Set(during.map((r) => r.kind))];
  for (const kind of kinds) {
    const of = during.filter((r) => r.kind === kind);
    const paths = kind === 'page' ? [...new Set(of.map((r) => r.path))] : [null];
    for (const path of paths) {
      const mine = of.filter((r) => path === null || r.path === path);
      const statuses = [...new Set(mine.map((r) => r.status))]
        .sort()
        .map((st) => `${st} ×${mine.filter((r) => r.status === st).length}`)
        .join(', ');
      console.log(`while the cms was down, ${path ?? kind}: ${statuses}`);
    }
  }
  console.log(`answers carrying a stack trace: ${records2.filter((r) => r.trace).length}`);

  // 3. The mail server goes away.
  console.log(`\n## 3. The mail server goes away while ${SIGNUPS} visitors sign up, and comes back\n`);
  let mail = await startMailCatcher({ port: SMTP_PORT, maxMessages: 5000 });
  await sleep(1_000);
  await mail.close();
  const load3 = steadyLoad(targets.filter((t) => t.kind !== 'api direct'));
  const signups = [];
  const tag = Date.now().toString(36);
  for (let i = 0; i < SIGNUPS; i++) {
    const email = `faults.${tag}.${i}@example.com`;
    const at = Date.now();
    const res = await fetch(`${SITE}/api/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'Passw0rdOk' }),
    });
    const body = await res.json().catch(() => ({}));
    signups.push({ email, at, ms: Date.now() - at, status: res.status, delayed: body.emailDelayed === true });
    await sleep(400);
  }
  const backAt3 = Date.now();
  mail = await startMailCatcher({ port: SMTP_PORT, maxMessages: 5000 });
  const codeMail = (email) =>
    mail.messages.filter((m) => m.to.includes(email) && /verification code/.test(m.subject));
  while (Date.now() - backAt3 < 60_000 && signups.some((s) => codeMail(s.email).length === 0))
    await sleep(200);
  const records3 = await load3.end();
  await mail.close();
  const arrived = signups.map((s) => ({ ...s, letters: codeMail(s.email) }));
  const delivered = arrived.filter((s) => s.letters.length > 0);
  const statuses = [...new Set(signups.map((s) => s.status))]
    .map((st) => `${st} ×${signups.filter((s) => s.status === st).length}`)
    .join(', ');
  const times = signups.map((s) => s.ms).sort((a, b) => a - b);
  console.log(
    `sign-ups while the mail server was away: ${statuses}; answered in p50 ${times[Math.floor(times.length / 2)]} ms, slowest ${times.at(-1)} ms; ${signups.filter((s) => s.delayed).length} said the code is on its way (emailDelayed)`,
  );
  // The catcher stamps no arrival time of its own; the Date header is when the cms sent it.
  const lastSent = Math.max(...delivered.map((s) => s.letters[0].date.getTime()));
  console.log(
    `code e-mails delivered after the mail server's return: ${delivered.length} of ${SIGNUPS}, the last sent ${((lastSent - backAt3) / 1000).toFixed(1)} s after it (retries 5 s, 10 s, 20 s … apart)`,
  );
  console.log(
    `messages per address: ${[...new Set(arrived.map((s) => s.letters.length))].join(', ')}; distinct Message-IDs per address: ${[...new Set(arrived.map((s) => new Set(s.letters.map((l) => l.messageId)).size))].join(', ')}`,
  );
  const bad3 = records3.filter((r) => r.status >= 500 || r.status === 0);
  console.log(
    `page and API answers during the outage: ${records3.length}, of which 5xx or none: ${bad3.length}`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const c of children) c.kill('SIGTERM');
    await sleep(1_000);
    await admin(`drop database if exists ${dbName} with (force)`).catch((e) =>
      console.error(`could not drop ${dbName}: ${e.message}`),
    );
    rmSync(work, { recursive: true, force: true });
    process.exit();
  });
