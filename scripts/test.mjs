#!/usr/bin/env node
// `npm test`: builds what is missing, then runs every suite: domain, mail catcher, site, cms (real
// Strapi; on PostgreSQL when DATABASE_URL is set, and once more on PostgreSQL when ALSO_POSTGRES_URL
// is set), and end-to-end in Chromium. The end-to-end suite, one browser waiting on real servers most
// of its time, runs beside the cms suites rather than after them; its output is printed when it ends.
// When the end-to-end suite fails, the servers' logs it kept (e2e/test-results/servers/) are named and
// their lines around each failed test printed. Ends with one line "N passed, N failed" over all suites.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';
import { build } from './build.mjs';
import { serverLogReport } from '../e2e/scripts/server-logs.mjs';

const RESULTS = join(ROOT, '.data', 'test-results');

export function findChromium(env = process.env) {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

function runSuite(name, cmd, args, options = {}) {
  return new Promise((resolve) => {
    console.log(`\n━━ ${name} ━━`);
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Runs a suite beside others with its output kept in `logFile`, printed whole once it ends. */
function runSuiteBeside(name, cmd, args, logFile, options = {}) {
  console.log(`\n━━ ${name}: started beside the others; its output follows when it ends ━━`);
  const started = Date.now();
  const log = openSync(logFile, 'w');
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', log, log], ...options });
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      closeSync(log);
      resolve({
        code: code ?? 1,
        print() {
          const minutes = ((Date.now() - started) / 60_000).toFixed(1);
          console.log(`\n━━ ${name} (ended after ${minutes} min) ━━`);
          process.stdout.write(readFileSync(logFile, 'utf8'));
        },
      });
    });
  });
}

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numRuntimeErrors ?? 0),
    skipped: r.numPendingTests + r.numTodoTests,
  };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  return { passed: s.expected, failed: s.unexpected + s.flaky, skipped: s.skipped };
}

async function main() {
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const wants = (name) => only.length === 0 || only.includes(name);
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });

  await build();

  const summary = [];
  /** A vitest suite, its results kept as `<name>.json` and counted under `name`. */
  const vitestSuite = async (name, workspace, { label = name, env = process.env } = {}) => {
    const out = join(RESULTS, `${name}.json`);
    const code = await runSuite(
      label,
      'npm',
      ['run', 'test', '-w', workspace, '--', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
      { env },
    );
    summary.push({ name, code, counts: vitestCounts(out) });
  };
  // The browser tests take longest: they start first (their cms seeds its demo data meanwhile) and run
  // beside every other suite.
  let e2e = null;
  if (wants('e2e')) {
    const chromium = findChromium();
    if (!chromium) {
      const message =
        'e2e: NOT RUN: no Chromium found (looked at $CHROMIUM_PATH, /usr/bin/chromium). Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu) or set CHROMIUM_PATH.';
      console.log(`\n${message}`);
      summary.push({
        name: 'e2e',
        code: process.env.REQUIRE_E2E === '1' ? 1 : 0,
        counts: null,
        note: 'not run: no Chromium',
      });
    } else {
      const out = join(RESULTS, 'e2e.json');
      // Its cms runs on a SQLite file of its own (e2e/scripts/start-cms.mjs), whatever DATABASE_URL says.
      e2e = runSuiteBeside('e2e (Chromium)', 'npm', ['run', 'test', '-w', 'e2e'], join(RESULTS, 'e2e.log'), {
        env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
      }).then((ended) => ({ ...ended, out }));
    }
  }

  if (wants('domain')) await vitestSuite('domain', '@fie/domain');
  if (wants('mailcatcher')) await vitestSuite('mailcatcher', '@fie/mailcatcher');
  if (wants('smscatcher')) await vitestSuite('smscatcher', '@fie/smscatcher');
  if (wants('site')) await vitestSuite('site', 'site');

  if (wants('cms')) {
    await vitestSuite('cms', 'cms');
    const alsoPostgres = process.env.ALSO_POSTGRES_URL;
    if (alsoPostgres)
      await vitestSuite('cms-postgres', 'cms', {
        label: 'cms on PostgreSQL',
        env: { ...process.env, DATABASE_URL: alsoPostgres },
      });
  }

  if (e2e) {
    const ended = await e2e;
    ended.print();
    // The servers' own logs: where they are, and what they printed while each failed test ran.
    if (ended.code !== 0) console.log(`\n━━ e2e servers' logs ━━\n${serverLogReport(ended.out)}`);
    summary.push({ name: 'e2e', code: ended.code, counts: playwrightCounts(ended.out) });
  }

  let passed = 0;
  let failed = 0;
  console.log('\n━━ summary ━━');
  for (const s of summary) {
    const c = s.counts;
    if (c) {
      passed += c.passed;
      failed += c.failed;
    }
    if (s.code !== 0 && (!c || c.failed === 0)) failed += 1; // a suite that crashed counts as a failure
    const detail = c
      ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`
      : (s.note ?? 'no results');
    console.log(`${s.code === 0 ? '✔' : '✖'} ${s.name.padEnd(12)} ${detail}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(summary.some((s) => s.code !== 0) ? 1 : 0);
}

main().catch((error) => {
  console.error(`test run failed: ${error.stack ?? error}`);
  process.exit(1);
});
