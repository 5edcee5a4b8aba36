#!/usr/bin/env node
// `npm test`: builds what is missing, then runs every suite: domain, mail catcher, cms (real
// Strapi; on PostgreSQL when DATABASE_URL is set), site, and end-to-end in Chromium.
// Ends with one line "N passed, N failed" over all suites.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';
import { build } from './build.mjs';

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

  const suites = [
    { name: 'domain', workspace: '@fie/domain' },
    { name: 'mailcatcher', workspace: '@fie/mailcatcher' },
    { name: 'cms', workspace: 'cms' },
    { name: 'site', workspace: 'site' },
  ];
  const summary = [];
  for (const suite of suites) {
    if (!wants(suite.name)) continue;
    const out = join(RESULTS, `${suite.name}.json`);
    const code = await runSuite(suite.name, 'npm', [
      'run',
      'test',
      '-w',
      suite.workspace,
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
    ]);
    summary.push({ name: suite.name, code, counts: vitestCounts(out) });
  }

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
      const code = await runSuite('e2e (Chromium)', 'npm', ['run', 'test', '-w', 'e2e'], {
        env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
      });
      summary.push({ name: 'e2e', code, counts: playwrightCounts(out) });
    }
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
