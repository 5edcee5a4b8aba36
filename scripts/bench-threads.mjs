#!/usr/bin/env node
// `npm run bench:threads`: conversations at scale, on PostgreSQL.
//
// Creates a fresh database (dropped at the end), starts the built cms on it (the demo data's accounts)
// and one site process in front of it. Writes BENCH_THREADS enquiries (default 20,000) of the demo
// seeker, each with its thread, and BENCH_MESSAGES messages (default 1,000,000) spread over them, in
// a few statements. Then measures, each BENCH_REQUESTS times (default 300), one request at a time:
// - a staff inbox page (GET /api/threads, 20 a page, a random page of the first 50; and ?unread=1);
// - a thread page (GET /api/enquiries/:id/messages, a random thread, as staff);
// - a post (POST /api/enquiries/:id/messages, a random thread, as staff);
// and prints p50, p95 and max of each. Target: p95 <= 50 ms.
// Then opens BENCH_STREAMS Server-Sent Events streams (default 2,000) on the one site process, all as
// the demo superadmin (staff are told of every thread), posts a message, and prints how long each
// stream took to get it (max, p95). Target: every stream within 2 s.
// BENCH_DATABASE_URL: default postgres://postgres@127.0.0.1:5432/postgres. BENCH_BUILD=false skips
// building what is out of date.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine, ROOT, waitForHttp } from './lib.mjs';
import { build } from './build.mjs';
import { benchDatabase, ensureDatabase, startBenchCms, withClient } from './bench-db.mjs';

const THREADS = Number(process.env.BENCH_THREADS ?? 20_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2_000);
const PORT = Number(process.env.BENCH_PORT ?? 1391);
const SITE_PORT = PORT + 1;
const TARGET_MS = 50;
const PURGE_TOKEN = 'bench-threads-purge-token-0123456789';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { name: dbName, url: dbUrl, kept } = benchDatabase(ADMIN_URL, 'fie_bench_threads');
const CMS = `http://127.0.0.1:${PORT}`;
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const SUPERADMIN = { email: 'superadmin@fiehomes.local', password: 'FieSuper2026!' };
const SEEKER = { email: 'ama@fiehomes.local', password: 'FieSeeker2026!' };

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));
const pick = (n) => Math.floor(Math.random() * n);

if (process.env.BENCH_BUILD !== 'false') await build();
const work = mkdtempSync(join(tmpdir(), 'fie-bench-threads-'));
mkdirSync(join(work, 'uploads'), { recursive: true });
await ensureDatabase(ADMIN_URL, dbName);
const cms = startBenchCms({
  port: PORT,
  dbUrl,
  publicDir: work,
  stderr: process.env.BENCH_VERBOSE ? 'inherit' : 'ignore',
  env: { CRON_ENABLED: 'false', CACHE_PURGE_TOKEN: PURGE_TOKEN, SITE_URL: SITE },
});
let site = null;

async function stopProcess(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => {
    const force = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
  });
}

async function signIn(account) {
  const res = await fetch(`${CMS}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${account.email}: ${res.status}`);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('fie_refresh=')) ?? '').split(';')[0];
  return { token: (await res.json()).token, cookie };
}

/** Runs `call` REQUESTS times, one at a time, and answers the sorted times in ms (every answer must be `ok`). */
async function timed(label, call) {
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const res = await call(i);
    const body = await res.text();
    if (!res.ok) throw new Error(`${label}: ${res.status} ${body.slice(0, 200)}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  console.log(
    `${label.padEnd(34)} p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms ${p95 <= TARGET_MS ? '✓' : '✗'} (target p95 <= ${TARGET_MS} ms)`,
  );
  return p95;
}

/** Opens one Server-Sent Events stream on the site; `onEvent` gets the time each event came. */
function openStream(cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const req = request(
      `${SITE}/api/threads/events`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
          let end;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            if (/^data: /m.test(block)) onEvent(performance.now());
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

try {
  await waitForHttp(`${CMS}/_health`, { timeoutMs: 300_000, isUp: (res) => res.status === 204 || res.ok });
  const staff = await signIn(SUPERADMIN);
  const seeker = await signIn(SEEKER);
  const seekerId = (
    await (
      await fetch(`${CMS}/api/threads/identity`, { headers: { authorization: `Bearer ${seeker.token}` } })
    ).json()
  ).user;

  // The seeker's enquiries and their threads, then the messages: 50 a thread, staff and seeker in turn,
  // a minute apart, the last ones unread by staff on every fourth thread.
  const seedStarted = Date.now();
  const perThread = Math.max(1, Math.floor(MESSAGES / THREADS));
  await withClient(dbUrl, async (db) => {
    await db.query(
      `insert into enquiries (document_id, name, phone_number, message, status, priority, enquiry_date, source, created_at, updated_at)
       select 'bq' || lpad(g::text, 22, '0'), 'Bench Seeker ' || g, '["+233241234567"]', 'Is it still free?',
              'Pending', 'Moderate', now() - (g || ' minutes')::interval, 'dashboard', now(), now()
       from generate_series(1, $1) g`,
      [THREADS],
    );
    await db.query(
      `insert into enquiries_owner_lnk (enquiry_id, user_id) select id, $1::int from enquiries where document_id like 'bq%'`,
      [seekerId],
    );
    await db.query(
      `insert into threads (document_id, kind, subject_id, seeker_id, label, last_seq, last_message_at,
         last_seeker_seq, last_staff_seq, seeker_read_seq, staff_read_seq, seeker_notified_seq,
         staff_notified_seq, created_at, updated_at, published_at)
       select 'bt' || substr(e.document_id, 3), 'enquiry', e.document_id, $1::int, 'House in Bench Street, Osu',
              $2::int, now() - (e.id % 1000 || ' minutes')::interval,
              case when $2::int % 2 = 1 then $2::int else $2::int - 1 end, case when $2::int % 2 = 0 then $2::int else $2::int - 1 end,
              $2::int, case when e.id % 4 = 0 then $2::int - 2 else $2::int end, 0, 0, now(), now(), now()
       from enquiries e where e.document_id like 'bq%'`,
      [seekerId, perThread],
    );
    await db.query(
      `insert into thread_messages (document_id, thread_id, seq, author_id, author_role, author_name, text,
         status, flagged, flag_reasons, sent_at, created_at, updated_at, published_at)
       select 'bm' || lpad((t.id * 1000 + s)::text, 22, '0'), t.id, s,
              $1, case when s % 2 = 1 then 'seeker' else 'staff' end, 'Bench',
              'Message ' || s || ' of a bench conversation about the house, with a few words to read.',
              'sent', false, '[]', now() - ((${perThread} - s) || ' minutes')::interval, now(), now(), now()
       from threads t cross join generate_series(1, $2) s where t.document_id like 'bt%'`,
      [seekerId, perThread],
    );
    await db.query(
      'analyze threads; analyze thread_messages; analyze enquiries; analyze enquiries_owner_lnk',
    );
  });
  const counts = await withClient(dbUrl, async (db) => ({
    threads: Number((await db.query('select count(*) from threads')).rows[0].count),
    messages: Number((await db.query('select count(*) from thread_messages')).rows[0].count),
  }));
  console.log(
    `bench:threads on ${machine()}, PostgreSQL: ${counts.threads.toLocaleString('en-GB')} threads, ${counts.messages.toLocaleString('en-GB')} messages (written in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s)`,
  );
  const ids = (
    await withClient(dbUrl, (db) => db.query(`select subject_id from threads where document_id like 'bt%'`))
  ).rows.map((r) => r.subject_id);
  const auth = { authorization: `Bearer ${staff.token}` };

  const results = {};
  results.inbox = await timed('staff inbox page (20 threads)', () =>
    fetch(`${CMS}/api/threads?page=${1 + pick(50)}`, { headers: auth }),
  );
  results.unread = await timed('staff inbox, unread only', () =>
    fetch(`${CMS}/api/threads?unread=1&page=${1 + pick(20)}`, { headers: auth }),
  );
  results.thread = await timed('thread page (50 messages)', () =>
    fetch(`${CMS}/api/enquiries/${ids[pick(ids.length)]}/messages`, { headers: auth }),
  );
  results.post = await timed('post a message', (i) =>
    fetch(`${CMS}/api/enquiries/${ids[pick(ids.length)]}/messages`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `Bench reply ${i}: the viewing can be on Saturday at 10:00.` }),
    }),
  );

  // The streams: one site process, STREAMS browsers' connections.
  site = spawn(process.execPath, [join(ROOT, 'site', 'server', 'main.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(SITE_PORT),
      CMS_URL: CMS,
      SITE_URL: SITE,
      CACHE_PURGE_TOKEN: PURGE_TOKEN,
    },
  });
  await waitForHttp(`${SITE}/_health`, { timeoutMs: 60_000, isUp: (res) => res.status === 204 || res.ok });
  await sleep(1000); // the site's own connection to the cms's events
  const arrivals = [];
  const streams = [];
  const opening = performance.now();
  for (let i = 0; i < STREAMS; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(STREAMS, i + 100); j++)
      batch.push(openStream(staff.cookie, (at) => arrivals.push({ stream: j, at })));
    streams.push(...(await Promise.all(batch)));
  }
  console.log(
    `${STREAMS} streams open on one site process in ${((performance.now() - opening) / 1000).toFixed(1)} s`,
  );
  await sleep(500);
  const posted = performance.now();
  const post = await fetch(`${CMS}/api/enquiries/${ids[0]}/messages`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'To every stream.' }),
  });
  if (post.status !== 201) throw new Error(`the streams' message: ${post.status}`);
  const deadline = posted + 10_000;
  while (new Set(arrivals.map((a) => a.stream)).size < STREAMS && performance.now() < deadline)
    await sleep(20);
  const firsts = new Map();
  for (const a of arrivals) if (!firsts.has(a.stream)) firsts.set(a.stream, a.at - posted);
  const delays = [...firsts.values()].sort((a, b) => a - b);
  const max = delays.at(-1) ?? Infinity;
  console.log(
    `stream delivery: ${firsts.size.toLocaleString('en-GB')} of ${STREAMS.toLocaleString('en-GB')} streams got the message; p95 ${percentile(delays, 0.95).toFixed(0)} ms, max ${max.toFixed(0)} ms ${firsts.size === STREAMS && max <= 2000 ? '✓' : '✗'} (target: all within 2,000 ms)`,
  );
  for (const req of streams) req.destroy();
  const ok =
    Object.values(results).every((p95) => p95 <= TARGET_MS) && firsts.size === STREAMS && max <= 2000;
  process.exitCode = ok ? 0 : 1;
} finally {
  await stopProcess(site);
  await stopProcess(cms);
  rmSync(work, { recursive: true, force: true });
  if (!kept) await withClient(ADMIN_URL, (db) => db.query(`drop database if exists ${dbName} with (force)`));
}
