#!/usr/bin/env node
// `npm run bench:explain` (measure before tuning the listing's queries): the plans PostgreSQL runs
// for each shape of listing the public site asks for, at BENCH_PROPERTIES rows (default 1,000,000),
// as EXPLAIN (ANALYZE, BUFFERS) gives them. The plans are the cms's own: auto_explain is turned on
// for the bench database, the built cms answers one request per shape (listing cache off), and the
// plans of its statements are read back from PostgreSQL's log. Prints, per shape, each statement's
// time and its plan.
// Needs PostgreSQL on this machine (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres),
// its log readable (PG_LOG, default /var/log/postgresql/postgresql-<version>-main.log) and auto_explain
// (in PostgreSQL's own packages). BENCH_DB=name keeps the filled database for the next run (as bench:api).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  readdirSync,
  rmSync,
  statSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForHttp, machine } from './lib.mjs';
import { build } from './build.mjs';
import { benchDatabase, ensureDatabase, fillTo, startBenchCms, withClient } from './bench-db.mjs';

const TARGET = Number(process.env.BENCH_PROPERTIES ?? 1_000_000);
const PORT = 1638;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { name: dbName, url: dbUrl, kept: KEEP_DB } = benchDatabase(ADMIN_URL, 'fie_bench_explain');
const version = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql')[0] : '15';
const PG_LOG = process.env.PG_LOG ?? `/var/log/postgresql/postgresql-${version}-main.log`;

// Each shape of listing the site asks for: the filters of the listing page, each sort, a text search
// alone and with filters, and a deep page. Different filters each, so no count is kept for another.
const SHAPES = [
  ['no filter, newest', '/api/products?sort=newest'],
  ['no filter, price low-high', '/api/products?sort=priceAsc'],
  ['no filter, price high-low', '/api/products?sort=priceDesc'],
  ['city', '/api/products?city=accra'],
  ['city + rent, price low-high', '/api/products?city=kumasi&leaseType=Rent&sort=priceAsc'],
  [
    'type + price band, price high-low',
    '/api/products?propertyType=Apartment&minPrice=5000&maxPrice=50000&sort=priceDesc',
  ],
  ['bedrooms + furnishing', '/api/products?bedrooms=3&furnishStatus=Fully%20furnished'],
  ['text search', '/api/products?search=east'],
  ['text search + city + rent', '/api/products?search=osu&city=accra&leaseType=Rent'],
  ['text search + bedrooms (a place many rows share)', '/api/products?search=kumasi&bedrooms=3'],
  // Sorted by price where the matches sit at the far end of the order (dear places, one-bedroom homes in a city).
  ['text search, price high-low, page 3', '/api/products?search=ahodwo&sort=priceDesc&page=3'],
  ['city + bedrooms, price high-low, page 3', '/api/products?city=accra&bedrooms=1&sort=priceDesc&page=3'],
  ['page 500, newest', '/api/products?sort=newest&page=500'],
  ['city, page 500, price low-high', '/api/products?city=accra&sort=priceAsc&page=500'],
  // The same deep pages as Next reaches them: after the last property of page 499 (a keyset cursor).
  ['page 500 by Next, newest', (base) => afterPage(base, '/api/products?sort=newest', 499)],
  [
    'city, page 500 by Next, price low-high',
    (base) => afterPage(base, '/api/products?city=accra&sort=priceAsc', 499),
  ],
];

/** The address of the page after page `page` of `path`, as its Next link gives it (the last property's id). */
async function afterPage(base, path, page) {
  const items = await (await fetch(`${base}${path}&page=${page}`)).json();
  return `${path}&page=${page + 1}&after=${items[items.length - 1]._id}`;
}

/** What PostgreSQL appended to its log since `from` (bytes). */
function logSince(from) {
  const size = statSync(PG_LOG).size;
  const fd = openSync(PG_LOG, 'r');
  try {
    const buffer = Buffer.alloc(size - from);
    readSync(fd, buffer, 0, buffer.length, from);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The auto_explain entries of the bench database in a piece of the log: statement time, text and plan. */
function plansIn(text) {
  const entries = [];
  // An entry starts with the log line prefix; its plan continues on the lines that do not.
  const lines = text.split('\n');
  let current = null;
  for (const line of lines) {
    if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(line)) {
      if (current) entries.push(current);
      const m =
        line.includes(`${dbName} `) || line.includes(`@${dbName}`)
          ? /duration: ([\d.]+) ms\s+plan:/.exec(line)
          : null;
      current = m ? { ms: Number(m[1]), lines: [] } : null;
    } else if (current) {
      current.lines.push(line);
    }
  }
  if (current) entries.push(current);
  return entries.map((e) => {
    const lines = e.lines.map((l) => l.replace(/^\t/, ''));
    const q = lines.findIndex((l) => l.includes('Query Text:'));
    const firstNode = lines.findIndex((l, i) => i > q && /\(cost=/.test(l));
    const query = lines
      .slice(q, firstNode < 0 ? undefined : firstNode)
      .join(' ')
      .replace('Query Text:', '')
      .replace(/\s+/g, ' ')
      .trim();
    const plan = (firstNode < 0 ? [] : lines.slice(firstNode))
      .filter((l) => l.trim() !== '')
      // Costs are the planner's guesses; the actual times and rows are what happened.
      .map((l) => l.replace(/\s*\(cost=[^)]*\)/, ''))
      .join('\n');
    return { ms: e.ms, query, plan };
  });
}

async function main() {
  console.log(`machine: ${machine()}`);
  if (!existsSync(PG_LOG)) throw new Error(`PostgreSQL's log is not at ${PG_LOG} (set PG_LOG)`);
  await build();
  await ensureDatabase(ADMIN_URL, dbName);
  const work = mkdtempSync(join(tmpdir(), 'fie-bench-explain-'));
  mkdirSync(join(work, 'public', 'uploads'), { recursive: true });
  // auto_explain for every new session of the bench database; the fill turns it off for its own.
  await withClient(ADMIN_URL, async (db) => {
    for (const [key, value] of [
      ['session_preload_libraries', 'auto_explain'],
      ['auto_explain.log_min_duration', '0'],
      ['auto_explain.log_analyze', 'on'],
      ['auto_explain.log_buffers', 'on'],
      ['auto_explain.log_timing', 'on'],
      ['auto_explain.log_nested_statements', 'on'],
    ]) {
      await db.query(`alter database ${dbName} set ${key} = '${value}'`);
    }
  });
  let cms = startBenchCms({
    port: PORT,
    dbUrl,
    publicDir: join(work, 'public'),
    env: { LISTING_CACHE_MS: '0' },
  });
  try {
    await waitForHttp(`${BASE}/_health`, { timeoutMs: 240_000, isUp: (r) => r.status === 204 });
    const filled = await fillTo(dbUrl, TARGET);
    const approved = await withClient(
      dbUrl,
      async (db) =>
        (await db.query("select count(*)::int as n from properties where approval_status = 'approved'"))
          .rows[0].n,
    );
    console.log(
      `properties: ${filled.count} (${approved} approved; bulk insert ${filled.seconds.toFixed(1)} s${KEEP_DB ? `, database ${dbName} kept` : ''}), listing cache off, PostgreSQL ${version}\n`,
    );
    // A fresh start after the fill: nothing kept from before it, and the statistics of the filled table.
    cms.kill('SIGTERM');
    await new Promise((r) => cms.on('exit', r));
    cms = startBenchCms({
      port: PORT,
      dbUrl,
      publicDir: join(work, 'public'),
      env: { LISTING_CACHE_MS: '0' },
    });
    await waitForHttp(`${BASE}/_health`, { timeoutMs: 240_000, isUp: (r) => r.status === 204 });
    // The facets (catalogue/listing-facets.ts) are read once per catalogue version and process, in the
    // background, on the first listing: a listing of none of the shapes' filters starts that read,
    // and the shapes are asked once it is done, as on a cms that has been serving for a few seconds.
    const facetsFrom = statSync(PG_LOG).size;
    await (await fetch(`${BASE}/api/products?furnishStatus=Semi%20furnished&sort=newest`)).arrayBuffer();
    let facetRead;
    for (let i = 0; i < 60 && !facetRead; i++) {
      await new Promise((r) => setTimeout(r, 500));
      facetRead = plansIn(logSince(facetsFrom)).find((p) => p.query.startsWith('with g as materialized'));
    }
    console.log(
      facetRead
        ? `the facets read in ${facetRead.ms.toFixed(0)} ms:\n\`\`\`\n${facetRead.plan}\n\`\`\`\n`
        : 'the facets were not read within 30 s\n',
    );

    for (const [name, shape] of SHAPES) {
      const path = typeof shape === 'function' ? await shape(BASE) : shape;
      const from = statSync(PG_LOG).size;
      const t0 = performance.now();
      const res = await fetch(`${BASE}${path}`);
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      await new Promise((r) => setTimeout(r, 300)); // the log catches up
      const plans = plansIn(logSince(from)).filter((p) => /\bproperties\b/.test(p.query));
      console.log(`## ${name}: \`${path}\``);
      console.log(
        `answer ${res.status} in ${ms.toFixed(0)} ms, X-Total-Count ${res.headers.get('x-total-count')} (${res.headers.get('x-total-count-relation')}); ${plans.length} statement(s):\n`,
      );
      for (const p of plans) {
        console.log(
          `- ${p.ms.toFixed(1)} ms: \`${p.query.slice(0, 400)}${p.query.length > 400 ? '…' : ''}\``,
        );
        console.log('```');
        console.log(p.plan);
        console.log('```');
      }
      console.log('');
    }
  } finally {
    cms.kill('SIGTERM');
    await new Promise((r) => cms.on('exit', r));
    await withClient(ADMIN_URL, (db) => db.query(`alter database ${dbName} reset all`)).catch(() => {});
    if (!KEEP_DB)
      await withClient(ADMIN_URL, (db) => db.query(`drop database if exists ${dbName} with (force)`));
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench:explain failed: ${error.stack ?? error}`);
  process.exitCode = 1;
});
