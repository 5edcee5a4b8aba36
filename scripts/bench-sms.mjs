#!/usr/bin/env node
// `npm run bench:sms`: 5,000 reminder texts through the outbox to a local SMSC, with 2 cms processes.
//
// Creates a fresh PostgreSQL database (dropped at the end), starts the built cms on it with
// CMS_WORKERS=2 (two processes, each with its outbox worker and its own SMPP session) and texts on,
// pointed at a real SMPP listener (@fie/smscatcher) in this process. Once the cms is up, BENCH_TEXTS
// reminder texts (default 5,000; each to a number of its own, each the 2-hour reminder's wording) are
// written to the outbox in one statement, due at once, as a reminders run at a busy hour writes them.
// Then, measured until every one is sent or BENCH_DRAIN_SECONDS (default 120) pass:
// - texts a second, from the moment they were due to the last one the SMSC accepted;
// - the time from due to submitted (the outbox's `sent_at`) per text: p50, p95, max;
// - duplicates: texts the SMSC received more than once for one number (target 0);
// - receipts recorded on the outbox's rows.
// Target: 5,000 in <= 60 s, 0 duplicates. Needs PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres). BENCH_BUILD=false skips building what is out of date.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine, waitForHttp } from './lib.mjs';
import { build } from './build.mjs';
import { benchDatabase, ensureDatabase, startBenchCms, withClient } from './bench-db.mjs';

const TEXTS = Number(process.env.BENCH_TEXTS ?? 5_000);
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 120);
const WORKERS = 2;
const TARGET_SECONDS = 60;
const PORT = Number(process.env.BENCH_PORT ?? 1390);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { name: dbName, url: dbUrl, kept } = benchDatabase(ADMIN_URL, 'fie_bench_sms');

const { startSmsCatcher } = await import('@fie/smscatcher');
const { viewingText } = await import('@fie/domain');

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const ms = (n) => `${Math.round(n).toLocaleString('en-GB')} ms`;
const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));

if (process.env.BENCH_BUILD !== 'false') await build();
const sms = await startSmsCatcher({ port: 0, systemId: 'bench', password: 'bench', maxTexts: TEXTS * 2 });
// Every text the SMSC took, counted per number: a number counted twice is a duplicate.
const received = new Map();
const work = mkdtempSync(join(tmpdir(), 'fie-bench-sms-'));
mkdirSync(join(work, 'uploads'), { recursive: true });
await ensureDatabase(ADMIN_URL, dbName);

const cms = startBenchCms({
  port: PORT,
  dbUrl,
  publicDir: work,
  workers: WORKERS,
  stderr: process.env.BENCH_VERBOSE ? 'inherit' : 'ignore',
  env: {
    DEMO_DATA: 'false',
    CRON_ENABLED: 'false',
    SMS_ENABLED: 'true',
    SMPP_URL: `smpp://bench:bench@127.0.0.1:${sms.port}`,
    SMS_SENDER: 'FieHomes',
    OUTBOX_POLL_MS: '500',
  },
});
let stopped = false;
async function stop() {
  if (stopped) return;
  stopped = true;
  cms.kill('SIGTERM');
  await new Promise((resolve) => {
    const force = setTimeout(() => {
      cms.kill('SIGKILL');
      resolve();
    }, 15_000);
    cms.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
  });
  await sms.close();
  rmSync(work, { recursive: true, force: true });
  if (!kept) await withClient(ADMIN_URL, (db) => db.query(`drop database if exists ${dbName} with (force)`));
}

try {
  await waitForHttp(`http://127.0.0.1:${PORT}/_health`, {
    timeoutMs: 300_000,
    isUp: (res) => res.status === 204 || res.ok,
  });
  // Both processes bind at start; wait until the SMSC has both sessions.
  for (let i = 0; i < 100 && sms.boundClients < WORKERS; i++) await sleep(100);
  console.log(
    `bench:sms on ${machine()}, PostgreSQL, ${WORKERS} cms processes, ${sms.boundClients} SMPP sessions`,
  );

  const at = new Date(Date.now() + 2 * 3600_000);
  const words = viewingText('en', 'reminder2h', {
    title: 'Apartment in East Legon, Accra',
    at,
    link: 'https://fiehomes.com.gh/dashboard',
  });
  const due = new Date();
  await withClient(dbUrl, (db) =>
    db.query(
      `insert into outbox_messages (document_id, message_id, to_address, subject, html, text, channel, kind,
         attempts, next_attempt_at, discard_after, created_at, updated_at)
       select 'bench' || g, '<bench-' || g || '@fiehomes.local>', '+23324' || lpad(g::text, 7, '0'),
              'viewing', '', $1, 'sms', 'viewing', 0, $2, $3, $2, $2
       from generate_series(1, $4) g`,
      [words, due, at, TEXTS],
    ),
  );
  const written = Date.now();
  let sent = 0;
  while (Date.now() - written < DRAIN_SECONDS * 1000) {
    sent = sms.texts.length;
    if (sent >= TEXTS) break;
    await sleep(100);
  }
  for (const text of sms.texts) received.set(text.to, (received.get(text.to) ?? 0) + 1);
  // Receipts come a moment after each text: give the last ones time to be recorded.
  await sleep(3_000);

  const rows = await withClient(
    dbUrl,
    async (db) =>
      (
        await db.query(
          `select extract(epoch from (sent_at - next_attempt_at)) * 1000 as wait_ms, sent_at, delivery_status
         from outbox_messages where channel = 'sms' and kind = 'viewing'`,
        )
      ).rows,
  );
  const sentRows = rows.filter((r) => r.sent_at !== null);
  const waits = sentRows.map((r) => Number(r.wait_ms)).sort((a, b) => a - b);
  const last = Math.max(...sentRows.map((r) => new Date(r.sent_at).getTime()));
  const seconds = (last - due.getTime()) / 1000;
  const duplicates = [...received.values()].filter((n) => n > 1).length;
  const receipts = rows.filter((r) => r.delivery_status === 'delivered').length;
  console.log(`\n${TEXTS.toLocaleString('en-GB')} reminder texts written due at once:`);
  console.log(`  submitted        ${sentRows.length.toLocaleString('en-GB')} in ${seconds.toFixed(1)} s`);
  console.log(`  texts a second   ${(sentRows.length / seconds).toFixed(0)}`);
  console.log(
    `  due → submitted  p50 ${ms(percentile(waits, 0.5))}, p95 ${ms(percentile(waits, 0.95))}, max ${ms(waits.at(-1) ?? NaN)}`,
  );
  console.log(
    `  the SMSC took    ${sms.texts.length.toLocaleString('en-GB')} texts, ${duplicates} numbers twice`,
  );
  console.log(`  receipts         ${receipts.toLocaleString('en-GB')} recorded as delivered`);
  const met = sentRows.length === TEXTS && seconds <= TARGET_SECONDS && duplicates === 0;
  console.log(
    met
      ? `\nTarget met: ${TEXTS} in <= ${TARGET_SECONDS} s, no duplicates.`
      : `\nTarget NOT met (${TEXTS} in <= ${TARGET_SECONDS} s, no duplicates).`,
  );
  process.exitCode = met ? 0 : 1;
} finally {
  await stop();
}
