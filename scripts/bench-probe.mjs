// bench:api's adversarial probe: what the public listing answers, and what an ordinary visitor gets,
// while 32 clients each send a random search of 2 letters with a random page size (the searches
// that gave the trigram indexes nothing to use, read by a full scan), then the same with random
// 3-letter searches (valid, and mostly matching nothing: each one a new, uncached search).
// An ordinary listing (the long tail's browsing, a different listing per request, at 8 connections)
// is measured alone first (quiet), then during each probe, with visitors' own searches sampled.
// Everyone comes as through the site: the bench calls the cms from 127.0.0.1 (a trusted proxy, as the
// site is) naming the client in X-Forwarded-For, the probe as one source and each sampled search as
// a visitor of its own, so the search gate's per-visitor share is what is measured.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadTest } from './lib.mjs';
import { longTail } from './long-tail.mjs';

const PROBE_CONNECTIONS = 32;
const ORDINARY_CONNECTIONS = 8;
/** The probe's one source (a documentation address, RFC 5737). */
const PROBE_SOURCE = '203.0.113.66';
/** The i-th sampled visitor's address. */
const visitorAddress = (i) => `198.51.100.${1 + (i % 250)}`;

function seeded(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Random searches of `letters` letters, each with a random page size (1-50) and sort. */
function probePaths(letters, seed) {
  const random = seeded(seed);
  const sorts = ['newest', 'priceAsc', 'priceDesc'];
  return () => {
    let word = '';
    for (let i = 0; i < letters; i++) word += LETTERS[Math.floor(random() * LETTERS.length)];
    return `/api/products?search=${word}&pageSize=${1 + Math.floor(random() * 50)}&sort=${sorts[Math.floor(random() * 3)]}`;
  };
}

const fmt = (r) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms`;
const statuses = (r) =>
  Object.entries(r.statuses)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');

/**
 * Visitors' own searches during a probe, one at a time (a place people look for, a page size not
 * asked before, so never kept): how many are read and how long they take, or refused while the
 * probe holds every search's place.
 */
async function sampleSearches(base, until) {
  const places = ['east legon', 'osu', 'airport', 'cantonments', 'ahodwo', 'tema', 'spintex', 'labone'];
  const times = [];
  const statuses = {};
  for (let i = 0; Date.now() < until; i++) {
    const started = performance.now();
    const res = await fetch(
      `${base}/api/products?search=${encodeURIComponent(places[i % places.length])}&pageSize=${1 + (i % 50)}&page=${1 + (i % 3)}`,
      { headers: { 'x-forwarded-for': visitorAddress(i) } },
    );
    await res.arrayBuffer();
    times.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    await new Promise((r) => setTimeout(r, 100));
  }
  times.sort((a, b) => a - b);
  return {
    sent: times.length,
    statuses,
    answered: (statuses[200] ?? 0) / Math.max(1, times.length),
    p95: times[Math.floor(0.95 * times.length)] ?? NaN,
  };
}

/**
 * The probe's load, from a process of its own at a lower priority: an attacker's load generator runs
 * on the attacker's machine, so here it must neither share the event loop that times the ordinary
 * visitors' answers nor take the cms's CPU before the cms does.
 */
function probeInChild(base, seconds, letters, seed) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), base, String(seconds), String(letters), String(seed)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      setPriority(child.pid, 10);
    } catch {
      // (not allowed here: it runs at the same priority)
    }
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the probe's process exited with ${code}`)),
    );
  });
}

export async function benchProbe({ base, seconds }) {
  // The ordinary listing: visitors browsing with filters, sorts and pages (the long tail without its
  // text searches, which are sampled on their own below).
  const tail = (await longTail(50_000, 11)).filter((e) => !e.ours.includes('search='));
  let i = 0;
  const ordinaryPath = () => tail[i++ % tail.length].ours;
  const browsing = { connections: ORDINARY_CONNECTIONS, nextPath: ordinaryPath, visitors: 1000 };
  await loadTest(base, { ...browsing, seconds: 5 }); // warm-up
  const quiet = await loadTest(base, { ...browsing, seconds });
  console.log(
    `\nadversarial probe (${PROBE_CONNECTIONS} connections of searches, ${seconds} s each) beside an ordinary listing (the long tail's browsing at ${ORDINARY_CONNECTIONS} connections)`,
  );
  console.log(`  ordinary, quiet              ${fmt(quiet)}  (${statuses(quiet)})`);
  const results = { quiet };
  for (const [name, letters, seed] of [
    ['2-letter searches', 2, 101],
    ['3-letter searches', 3, 202],
  ]) {
    const [probe, ordinary, searches] = await Promise.all([
      probeInChild(base, seconds, letters, seed),
      loadTest(base, { ...browsing, seconds }),
      sampleSearches(base, Date.now() + seconds * 1000),
    ]);
    console.log(`  probe: ${name.padEnd(21)} ${fmt(probe)}  (${statuses(probe)})`);
    console.log(
      `  ordinary, during it          ${fmt(ordinary)}  (${statuses(ordinary)})  p95 ${(ordinary.p95 / quiet.p95).toFixed(2)}x quiet`,
    );
    console.log(
      `  visitors' searches, during it: ${searches.sent} one at a time, each from a visitor of its own, ${(100 * searches.answered).toFixed(1)} % answered 200, p95 ${searches.p95.toFixed(1)} ms  (${statuses(searches)})`,
    );
    results[name] = { probe, ordinary, searches };
  }
  return results;
}

// Run as a script: the probe's own process (probeInChild), printing its figures as JSON.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [base, seconds, letters, seed] = process.argv.slice(2);
  const result = await loadTest(base, {
    connections: PROBE_CONNECTIONS,
    seconds: Number(seconds),
    headers: { 'x-forwarded-for': PROBE_SOURCE },
    nextPath: probePaths(Number(letters), Number(seed)),
  });
  process.stdout.write(JSON.stringify(result));
}
