#!/usr/bin/env node
// npm run bench:busy: seekers' reset-code checks through the site while the machine is busy.
// It starts the end-to-end cms (e2e/scripts/start-cms.mjs: SQLite, demo data, a real SMTP listener)
// and the built site, puts busy loops on every core (BUSY_LOOPS, default 3 on top of whatever else the
// machine runs) and two writers on the cms (code requests and failed sign-ins from many addresses),
// then, as the account journey does:
//  - FLOWS times: a seeker asks for a reset code through the site, the code is read from the e-mail,
//    and 5 to 7 s after the request (the time a seeker takes to type it) the code is checked through
//    the site: every check must answer 200;
//  - SAMPLES times: the site's /api/auth-config after the same kind of pause.
// Each answer other than 2xx is printed with where it came from: the site's proxy (Retry-After 30,
// the cms not reached) or the cms (its own 503 has Retry-After 5), and the site's log line saying why.
// Target: no failed check.
// Then a crowd: CROWD (default 24) clients at once on the cms for CROWD_SECONDS (60), each signing up,
// trying a wrong code and a wrong password in turn, all writing to the one SQLite connection, with the
// busy loops still on: how long answers wait, and whether any fails for the database's sake (5xx).
// BENCH_ONLY=checks|crowd runs one part. Ports: E2E_PORT_OFFSET (default 700) moves the end-to-end ports.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, waitForHttp } from './lib.mjs';
import { build } from './build.mjs';

const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 700);
const CMS = `http://127.0.0.1:${1447 + OFFSET}`;
const SITE = `http://127.0.0.1:${4431 + OFFSET}`;
const FLOWS = Number(process.env.FLOWS ?? 12); // under the 20 code requests an hour one address may make
const SAMPLES = Number(process.env.SAMPLES ?? 60);
const BUSY_LOOPS = Number(process.env.BUSY_LOOPS ?? 3);
const CROWD = Number(process.env.CROWD ?? 24);
const CROWD_SECONDS = Number(process.env.CROWD_SECONDS ?? 60);
const ONLY = process.env.BENCH_ONLY ?? '';
const work = mkdtempSync(join(tmpdir(), 'fie-bench-busy-'));
const mailDir = join(work, 'mail');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const children = [];
function start(args, env, { keep = false } = {}) {
  const child = spawn(process.execPath, args, {
    cwd: join(ROOT, 'e2e'),
    env: { ...process.env, ...env },
    stdio: ['ignore', keep ? 'pipe' : 'ignore', keep ? 'pipe' : 'ignore'],
    detached: true,
  });
  children.push(child);
  return child;
}
function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(work, { recursive: true, force: true });
}
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

const counts = new Map();
const times = [];
const siteLog = [];
let failed = 0;
/** Counts an answer; a failure is no answer, a 5xx, or anything but 200 for a call through the site. */
function record(what, status, source, body = '') {
  const key = `${what}: ${status}${source ? ` (${source})` : ''}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if (typeof status !== 'number' || status >= 500 || (what.startsWith('site:') && status !== 200)) {
    failed += 1;
    console.log(`${new Date().toISOString()} ${key} ${String(body).slice(0, 120)}`);
  }
}
async function call(what, url, init, { timed = false } = {}) {
  const at = performance.now();
  try {
    const res = await fetch(url, init);
    const body = await res.text();
    if (timed) times.push(performance.now() - at);
    const source =
      res.status === 503
        ? res.headers.get('retry-after') === '30'
          ? 'the site: cms not reached'
          : 'the cms'
        : '';
    record(what, res.status, source, res.ok ? '' : body);
    return res.ok ? JSON.parse(body) : null;
  } catch (error) {
    record(what, error.cause?.code ?? error.message, 'no answer');
    return null;
  }
}
const post = (data, headers = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(data),
});

async function codeFor(email) {
  for (let i = 0; i < 600; i++) {
    for (const file of readdirSync(mailDir).filter((f) => f.endsWith('.txt'))) {
      const text = readFileSync(join(mailDir, file), 'utf8');
      if (/^To: (.*)$/m.exec(text)?.[1] === email && /password reset code/.test(text))
        return /\b(\d{4})\b/.exec(/^Subject: (.*)$/m.exec(text)?.[1] ?? '')?.[1];
    }
    await sleep(100);
  }
  throw new Error(`no reset code e-mailed to ${email}`);
}

async function main() {
  await build();
  console.log(
    `bench:busy: ${cpus().length} cores (${cpus()[0]?.model}), Node ${process.versions.node}, ${BUSY_LOOPS} busy loops`,
  );
  start(['scripts/start-cms.mjs'], { E2E_PORT_OFFSET: String(OFFSET), E2E_MAIL_DIR: mailDir });
  const site = start(
    ['../site/server/main.mjs'],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(4431 + OFFSET),
      CMS_URL: CMS,
      SITE_URL: SITE,
      CACHE_PURGE_TOKEN: `e2e-cache-purge-token-${OFFSET}`,
    },
    { keep: true },
  );
  site.stderr.on('data', (d) => siteLog.push(...String(d).trim().split('\n')));
  await waitForHttp(`${CMS}/_health`, { timeoutMs: 300_000 });
  await waitForHttp(SITE);

  for (let i = 0; i < BUSY_LOOPS; i++) start(['-e', 'for (;;) {}'], {});
  let writing = true;
  const writer = async (n) => {
    for (let i = 0; writing; i++) {
      const ip = `10.${n}.${(i >> 8) & 255}.${i & 255}`;
      const email = `writer${n}-${i}@example.com`;
      await call(
        'writer: code request',
        `${CMS}/api/otp`,
        post({ email, purpose: 'register', msg: 'x' }, { 'x-forwarded-for': ip }),
      );
      await call(
        'writer: sign-in',
        `${CMS}/api/login`,
        post({ email, password: 'Wrong12345' }, { 'x-forwarded-for': ip }),
      );
    }
  };
  const writers = [writer(1), writer(2)];

  if (ONLY !== 'crowd') await checks();
  writing = false;
  await Promise.all(writers);
  if (ONLY !== 'checks') await crowd();

  console.log('\nanswers:');
  for (const [key, n] of [...counts].sort()) console.log(`  ${key}: ${n}`);
  const proxyLines = siteLog.filter((l) => /proxying .* failed/.test(l));
  console.log(
    `the site's log, proxy failures: ${proxyLines.length ? `\n  ${proxyLines.join('\n  ')}` : 'none'}`,
  );
  console.log(failed ? `✖ ${failed} calls failed` : '✔ no call failed');
  process.exitCode = failed ? 1 : 0;
}

const quantiles = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]?.toFixed(0);
  return `p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms (${sorted.length} answers)`;
};

/** The journey's code checks, then the cheaper samples, through the site after a seeker's pause. */
async function checks() {
  const boss = await call(
    'superadmin sign-in',
    `${CMS}/api/login`,
    post({ email: 'superadmin@fiehomes.local', password: 'FieSuper2026!', isAdminLogin: true }),
  );
  for (let f = 0; f < FLOWS; f++) {
    const email = `busy-${Date.now().toString(36)}-${f}@example.com`;
    await call(
      'add a seeker',
      `${CMS}/api/add-admin`,
      post({ email, password: 'Akwaaba2026', role: 'user' }, { authorization: `Bearer ${boss.token}` }),
    );
    const asked = Date.now();
    await call(
      'site: POST /api/otp',
      `${SITE}/api/otp`,
      post({ email, purpose: 'reset', msg: 'Password reset code' }),
    );
    const code = await codeFor(email);
    await sleep(Math.max(0, 5_000 + Math.random() * 2_000 - (Date.now() - asked)));
    await call(
      'site: POST /api/otp/verify',
      `${SITE}/api/otp/verify`,
      post({ email, userOtp: code, purpose: 'reset' }),
      { timed: true },
    );
  }
  for (let s = 0; s < SAMPLES; s++) {
    await call('site: GET /api/auth-config', `${SITE}/api/auth-config`, undefined, { timed: true });
    await sleep(5_000 + Math.random() * 2_000);
  }
  console.log(`site calls after a pause: ${quantiles(times)}`);
}

/** CROWD clients at once on the cms, every request a write on its one SQLite connection. */
async function crowd() {
  const waits = [];
  const end = Date.now() + CROWD_SECONDS * 1000;
  const timed = async (what, path, data, ip) => {
    const at = performance.now();
    await call(`crowd: ${what}`, `${CMS}${path}`, post(data, { 'x-forwarded-for': ip }));
    waits.push(performance.now() - at);
  };
  await Promise.all(
    Array.from({ length: CROWD }, async (_, n) => {
      for (let i = 0; Date.now() < end; i++) {
        const ip = `10.${100 + n}.${(i >> 8) & 255}.${i & 255}`;
        const email = `crowd${n}-${i}@example.com`;
        await timed('sign-up', '/api/signup', { email, password: 'Akwaaba2026', language: 'en' }, ip);
        await timed('wrong code', '/api/otp/verify', { email, userOtp: '0000', purpose: 'register' }, ip);
        await timed('wrong password', '/api/login', { email, password: 'Wrong12345' }, ip);
      }
    }),
  );
  console.log(`crowd of ${CROWD} for ${CROWD_SECONDS} s: ${quantiles(waits)}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => process.exit());
