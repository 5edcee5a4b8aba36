#!/usr/bin/env node
// `npm run bench:setup`: what a new engineer waits for. In a fresh clone of this repository
// (committed state), with an empty npm cache, it times: npm install, npm run build, the first
// `npm start` (builds nothing, seeds the demo data) to a served home page, and a restart.
// Uses ports 1537/4521 and SMTP 1125 so it can run beside `npm start`.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, machine } from './lib.mjs';

const work = mkdtempSync(join(tmpdir(), 'fie-bench-setup-'));
const clone = join(work, 'repo');
const cache = join(work, 'npm-cache');
const env = {
  ...process.env,
  CMS_PORT: '1537',
  SITE_PORT: '4521',
  MAIL_CATCHER_PORT: '1125',
  SITE_URL: 'http://127.0.0.1:4521',
};

const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);
function timed(label, command, cwd) {
  const t0 = performance.now();
  try {
    execSync(command, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env, maxBuffer: 256 * 2 ** 20 });
  } catch (error) {
    process.stderr.write(String(error.stdout ?? '') + String(error.stderr ?? ''));
    throw new Error(`${label}: ${command} failed`);
  }
  const s = seconds(t0);
  console.log(`${label.padEnd(44)} ${s} s`);
  return s;
}

async function startUntilServed(label) {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], { cwd: clone, env, stdio: 'ignore', detached: true });
  for (;;) {
    try {
      if ((await fetch('http://127.0.0.1:4521/')).ok) break;
    } catch {
      // not up yet
    }
    if (performance.now() - t0 > 300_000) throw new Error(`${label}: no home page after 300 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const s = seconds(t0);
  console.log(`${label.padEnd(44)} ${s} s`);
  process.kill(-child.pid, 'SIGINT');
  await new Promise((r) => child.on('exit', r));
  return s;
}

try {
  console.log(`machine: ${machine()}`);
  execSync(`git clone -q ${ROOT} ${clone}`);
  timed(
    'npm install (fresh clone, empty npm cache)',
    `npm install --no-audit --no-fund --cache ${cache}`,
    clone,
  );
  timed('npm run build (domain, cms + admin, site)', 'npm run build', clone);
  await startUntilServed('npm start → home page (first run, seeds demo)');
  await startUntilServed('npm start → home page (restart, data kept)');
} finally {
  rmSync(work, { recursive: true, force: true });
}
