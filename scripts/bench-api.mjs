#!/usr/bin/env node
// `npm run bench:api`: the catalogue listing at 100,000 properties on PostgreSQL, and the staff
// lists (scripts/bench-staff.mjs) at 20,000 users, 50,000 appointments and enquiries, 5,000 deals.
// Creates a fresh database (dropped at the end), starts the built cms on it with the demo data,
// clones the demo listings up to 100,000 rows (with their city and image links), then loads
// GET /api/products (our endpoint) and the same query through Strapi's stock REST endpoint
// (/api/properties, with a read-only API token) with autocannon at 32 connections.
// Needs: PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTest, waitForHttp, machine } from './lib.mjs';
import { build } from './build.mjs';
import {
  benchDatabase,
  databaseQuiet,
  ensureDatabase,
  fillTo,
  startBenchCms,
  withClient,
} from './bench-db.mjs';
import { longTail } from './long-tail.mjs';
import { benchStaff, fillStaff } from './bench-staff.mjs';
import { benchProbe } from './bench-probe.mjs';

const TARGET = Number(process.env.BENCH_PROPERTIES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const PORT = 1637;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_DB=name keeps the database (made and filled on first use, reused after) for repeated runs.
const { name: dbName, url: dbUrl, kept: KEEP_DB } = benchDatabase(ADMIN_URL, 'fie_bench');
// BENCH_ONLY=listing, map, probe or staff runs one section (all by default); BENCH_PROBE_SECONDS sets the
// probe's length (30 s by default).
const ONLY = process.env.BENCH_ONLY ?? 'all';
// BENCH_CMS_WORKERS: how many cms processes serve (by default as `npm start` runs them in production:
// one per core but one, which PostgreSQL has).
const WORKERS = Number(process.env.BENCH_CMS_WORKERS ?? Math.max(1, availableParallelism() - 1));
if (!['all', 'listing', 'map', 'probe', 'staff'].includes(ONLY))
  throw new Error(`BENCH_ONLY must be listing, map, probe or staff (got ${ONLY})`);

// The same four listings, in our API's words and in Strapi's stock REST words.
const SCENARIOS = [
  {
    name: 'newest, no filter',
    ours: '/api/products?page=1&pageSize=8&sort=newest',
    stock: 'sort[0]=createdAt:desc',
  },
  {
    name: 'city + rent, price low-high',
    ours: '/api/products?city=accra&leaseType=Rent&sort=priceAsc&page=2',
    stock:
      'filters[city][slug][$eq]=accra&filters[leaseType][$eq]=Rent&sort[0]=priceGhs:asc&pagination[page]=2',
  },
  {
    name: 'type + price range, high-low, page 3',
    ours: '/api/products?propertyType=Apartment&minPrice=5000&maxPrice=50000&sort=priceDesc&page=3',
    stock:
      'filters[propertyType][$eq]=Apartment&filters[priceGhs][$gte]=5000&filters[priceGhs][$lte]=50000&sort[0]=priceGhs:desc&pagination[page]=3',
  },
  {
    name: 'text search + bedrooms',
    ours: '/api/products?search=kumasi&bedrooms=3',
    stock:
      'filters[$or][0][location][$containsi]=kumasi&filters[$or][1][propertyType][$containsi]=kumasi&filters[numberOfBedrooms][$eq]=3',
  },
];

/**
 * The listing's map view of a city's bounds (all of Accra's demo neighbourhoods): its 500 points. Our
 * endpoint only; Strapi's stock endpoint has no such view. Once as one visitor's area asked again and
 * again (as the listings above), and once a different area per request (panned a little each time),
 * which the listing's cache cannot answer.
 */
const MAP_AREA = '/api/products/map?city=accra&bbox=-0.3,5.5,0,5.76';
const mapAreas = () =>
  Array.from({ length: 5000 }, (_, i) => {
    const west = -0.3 + (i % 50) * 0.001;
    const south = 5.5 + Math.floor(i / 50) * 0.0005;
    return `/api/products/map?city=accra&bbox=${west.toFixed(3)},${south.toFixed(4)},${(west + 0.3).toFixed(3)},${(south + 0.26).toFixed(4)}`;
  });

/**
 * The same areas as the map shows them zoomed out (GET /api/products/map/clusters: counts per cell of
 * 0.01 degree, kept by the database), and streets zoomed in (an area of 0.01 by 0.008 degree, about 1 km,
 * as a phone shows at zoom 15-16: its points, GET /api/products/map).
 */
const CLUSTER_AREA = MAP_AREA.replace('/api/products/map?', '/api/products/map/clusters?');
const clusterAreas = () =>
  mapAreas().map((path) => path.replace('/api/products/map?', '/api/products/map/clusters?'));
const streetAreas = () =>
  Array.from({ length: 5000 }, (_, i) => {
    const west = -0.3 + (i % 100) * 0.0029;
    const south = 5.5 + Math.floor(i / 100) * 0.0049;
    return `/api/products/map?city=accra&bbox=${west.toFixed(4)},${south.toFixed(4)},${(west + 0.01).toFixed(4)},${(south + 0.008).toFixed(4)}`;
  });

const stockPath = (extra) =>
  `/api/properties?filters[approvalStatus][$eq]=approved&${extra}&pagination[pageSize]=8&pagination[withCount]=true&populate[images]=true&populate[city][fields][0]=name&populate[city][fields][1]=slug`;

/** Our total agrees with the stock endpoint's exact one: equal, or, where ours is bounded ("10,000+"), the bound with more behind it. */
const agrees = (ours, oursTotal, stockTotal) =>
  ours.headers.get('x-total-count-relation') === 'gte' ? stockTotal > oursTotal : oursTotal === stockTotal;
const totalOf = (ours) =>
  `${ours.headers.get('x-total-count')}${ours.headers.get('x-total-count-relation') === 'gte' ? '+' : ''}`;

const fmtLoad = (r) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  errors ${r.errors}`;

/**
 * The crowd the loads stand for: 1,000 visitors, each request naming one in turn, as the site names
 * them to the cms (X-Forwarded-For from a trusted proxy; the bench calls from 127.0.0.1, as the site
 * does). The search gate shares places between visitors.
 */
const VISITORS = 1000;

/** After a stock load: waits for the stock queries it left behind (databaseQuiet), and says when it did. */
async function afterStock() {
  const waited = await databaseQuiet(dbUrl);
  if (waited > 2)
    console.log(`(waited ${waited.toFixed(0)} s for stock Strapi's queries left behind to end)`);
}

/** Loads one URL; latencies are recorded per response so p50 and p95 are exact. */
const load = (path, headers = {}) =>
  loadTest(`${BASE}${path}`, { connections: CONNECTIONS, seconds: SECONDS, headers, visitors: VISITORS });

async function main() {
  console.log(`machine: ${machine()}; cms processes: ${WORKERS}`);
  await build();
  await ensureDatabase(ADMIN_URL, dbName);
  const work = mkdtempSync(join(tmpdir(), 'fie-bench-api-'));
  mkdirSync(join(work, 'public', 'uploads'), { recursive: true });
  const cms = startBenchCms({ port: PORT, dbUrl, publicDir: join(work, 'public'), workers: WORKERS });
  try {
    await waitForHttp(`${BASE}/_health`, { timeoutMs: 240_000, isUp: (r) => r.status === 204 });
    const filled = await fillTo(dbUrl, TARGET);
    console.log(
      `properties: ${filled.count} (bulk insert ${filled.seconds.toFixed(1)} s${KEEP_DB ? `, database ${dbName} kept` : ''}), ${CONNECTIONS} connections, ${SECONDS} s per run, listing cache ${process.env.LISTING_CACHE_MS === '0' ? 'off' : 'on'}\n`,
    );

    if (ONLY === 'all' || ONLY === 'listing') await benchListing();
    if (ONLY === 'all' || ONLY === 'map') await benchMap();
    if (ONLY === 'all' || ONLY === 'probe')
      await benchProbe({ base: BASE, seconds: Number(process.env.BENCH_PROBE_SECONDS ?? 30) });
    if (ONLY === 'all' || ONLY === 'staff') {
      const staff = await withClient(dbUrl, fillStaff);
      console.log(
        `\nstaff data: ${staff.users} users, ${staff.appointments} appointments, ${staff.enquiries} enquiries, ${staff.deals} deals (filled in ${staff.seconds.toFixed(1)} s)`,
      );
      await benchStaff({ base: BASE, seconds: SECONDS });
    }
  } finally {
    cms.kill('SIGTERM');
    await new Promise((r) => cms.on('exit', r));
    if (!KEEP_DB)
      await withClient(ADMIN_URL, (db) => db.query(`drop database if exists ${dbName} with (force)`));
    rmSync(work, { recursive: true, force: true });
  }
}

/** The public listing, ours against Strapi's stock endpoint (four listings and a long tail). */
async function benchListing() {
  // A read-only API token for the stock endpoint, made by the demo panel admin.
  const login = await (
    await fetch(`${BASE}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cms-admin@fiehomes.local', password: 'FieCms2026!' }),
    })
  ).json();
  const token = await (
    await fetch(`${BASE}/admin/api-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` },
      body: JSON.stringify({
        name: `bench ${new Date().toISOString()}`,
        type: 'read-only',
        lifespan: null,
        description: 'bench:api',
      }),
    })
  ).json();
  const stockHeaders = { authorization: `Bearer ${token.data.accessKey}` };

  const rows = [];
  for (const s of SCENARIOS) {
    // Both answer the same listing: check once before loading.
    const ours = await fetch(`${BASE}${s.ours}`);
    const stock = await fetch(`${BASE}${stockPath(s.stock)}`, { headers: stockHeaders });
    const oursTotal = Number(ours.headers.get('x-total-count'));
    const stockTotal = (await stock.json()).meta?.pagination?.total;
    if (!ours.ok || !stock.ok || !agrees(ours, oursTotal, stockTotal))
      throw new Error(
        `${s.name}: endpoints disagree (ours ${ours.status} ${totalOf(ours)}, stock ${stock.status} ${stockTotal})`,
      );
    await load(s.ours); // warm-up
    const a = await load(s.ours);
    const b = await load(stockPath(s.stock), stockHeaders);
    await afterStock();
    rows.push({ s, a, b, total: totalOf(ours) });
  }

  // The long tail: both endpoints agree on a sample, then each is loaded with the same sequence
  // (after a warm-up on a different one, so the run starts with nothing of it cached).
  const tailListings = await longTail(50_000);
  for (const entry of tailListings.slice(0, 25)) {
    const ours = await fetch(`${BASE}${entry.ours}`);
    const stock = await fetch(`${BASE}${stockPath(entry.stock)}`, { headers: stockHeaders });
    const oursTotal = Number(ours.headers.get('x-total-count'));
    const stockTotal = (await stock.json()).meta?.pagination?.total;
    if (!ours.ok || !stock.ok || !agrees(ours, oursTotal, stockTotal))
      throw new Error(
        `long tail ${entry.ours}: endpoints disagree (ours ${ours.status} ${totalOf(ours)}, stock ${stock.status} ${stockTotal})`,
      );
  }
  const sequence = (list, path) => {
    let i = 0;
    const asked = new Set();
    return {
      next: () => {
        const p = path(list[i++ % list.length]);
        asked.add(p);
        return p;
      },
      asked,
      count: () => i,
    };
  };
  await loadTest(BASE, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    visitors: VISITORS,
    nextPath: sequence(await longTail(50_000, 7), (e) => e.ours).next,
  });
  const tailOurs = sequence(tailListings, (e) => e.ours);
  const a = await loadTest(BASE, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    visitors: VISITORS,
    nextPath: tailOurs.next,
  });
  const tailStock = sequence(tailListings, (e) => stockPath(e.stock));
  const b = await loadTest(BASE, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: stockHeaders,
    visitors: VISITORS,
    nextPath: tailStock.next,
  });
  await afterStock();

  for (const { s, a, b, total } of rows) {
    console.log(`${s.name} (${total} matches)`);
    console.log(`  ours  /api/products    ${fmtLoad(a)}`);
    console.log(`  stock /api/properties  ${fmtLoad(b)}`);
    console.log(
      `  ratio ours/stock: ${(a.rps / b.rps).toFixed(2)}x req/s, p95 ${(a.p95 / b.p95).toFixed(2)}x\n`,
    );
  }
  console.log(
    `long tail: a different listing per request (ours: ${tailOurs.count()} requests, ${tailOurs.asked.size} different listings; stock: ${tailStock.count()} requests)`,
  );
  console.log(`  ours  /api/products    ${fmtLoad(a)}`);
  console.log(`  stock /api/properties  ${fmtLoad(b)}`);
  console.log(
    `  ratio ours/stock: ${(a.rps / b.rps).toFixed(2)}x req/s, p95 ${(a.p95 / b.p95).toFixed(2)}x\n`,
  );
}

/** The listing's map view (MAP_AREA): its answer checked, then loaded, one area and then many. */
async function benchMap() {
  const map = await fetch(`${BASE}${MAP_AREA}`);
  const points = await map.json();
  if (!map.ok || points.length !== 500 || map.headers.get('x-has-more') !== 'true')
    throw new Error(
      `map view: expected 500 points and more (got ${map.status}, ${points.length}, ${map.headers.get('x-has-more')})`,
    );
  // As a browser asks (the site's proxy passes the encoding on): a city's points are sent gzipped.
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const zipped = await fetch(`${BASE}${MAP_AREA}`, { headers: browser });
  const zippedKb = Number(zipped.headers.get('content-length') ?? NaN) / 1024;
  await load(MAP_AREA, browser); // warm-up
  const one = await load(MAP_AREA, browser);
  const areas = mapAreas();
  let i = 0;
  const many = await loadTest(BASE, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: browser,
    visitors: VISITORS,
    nextPath: () => areas[i++ % areas.length],
  });
  console.log(
    `map view: Accra's bounds, 500 points (${(JSON.stringify(points).length / 1024).toFixed(1)} KB, ${zippedKb.toFixed(1)} KB gzipped)`,
  );
  console.log(`  one area, asked again    ${fmtLoad(one)}`);
  console.log(
    `  a different area each    ${fmtLoad(many)}  (${Math.min(i, areas.length)} different areas)\n`,
  );

  // Zoomed out, as the site's map asks: the counts per cell.
  const clusters = await (await fetch(`${BASE}${CLUSTER_AREA}`)).json();
  if (!Array.isArray(clusters.clusters) || clusters.clusters.length === 0 || clusters.points)
    throw new Error(`map clusters: expected counts per cell (got ${JSON.stringify(clusters).slice(0, 200)})`);
  const clustersZipped = await fetch(`${BASE}${CLUSTER_AREA}`, { headers: browser });
  const clustersKb = Number(clustersZipped.headers.get('content-length') ?? NaN) / 1024;
  await load(CLUSTER_AREA, browser);
  const oneCluster = await load(CLUSTER_AREA, browser);
  const cAreas = clusterAreas();
  let c = 0;
  const manyClusters = await loadTest(BASE, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: browser,
    visitors: VISITORS,
    nextPath: () => cAreas[c++ % cAreas.length],
  });
  console.log(
    `map view zoomed out: Accra's bounds as counts, ${clusters.clusters.length} cells of ${clusters.cell} degree, ${clusters.total} properties (${(JSON.stringify(clusters).length / 1024).toFixed(1)} KB, ${clustersKb.toFixed(1)} KB gzipped)`,
  );
  console.log(`  one area, asked again    ${fmtLoad(oneCluster)}`);
  console.log(
    `  a different area each    ${fmtLoad(manyClusters)}  (${Math.min(c, cAreas.length)} different areas)`,
  );
  const streets = streetAreas();
  let st = 0;
  const manyStreets = await loadTest(BASE, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: browser,
    visitors: VISITORS,
    nextPath: () => streets[st++ % streets.length],
  });
  console.log(
    `map view zoomed in (about 1 km, its points), a different area each    ${fmtLoad(manyStreets)}  (${Math.min(st, streets.length)} different areas)\n`,
  );
}

main().catch((error) => {
  console.error(`bench:api failed: ${error.stack ?? error}`);
  process.exitCode = 1;
});
