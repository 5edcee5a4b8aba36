// Small helpers shared by the root scripts (start, build, test).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'cms', 'package.json'));

export const STRAPI_BIN = () =>
  join(dirname(require.resolve('@strapi/strapi/package.json')), 'bin', 'strapi.js');

/** Runs a command to completion, streaming its output; rejects on a non-zero exit. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}`)),
    );
  });
}

/** Newest modification time (ms) of the files under the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(join(p, name));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) walk(p);
  return newest;
}

export async function waitForHttp(url, { timeoutMs = 120_000, isUp = (res) => res.ok } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (isUp(res)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Loads `url` with autocannon for `seconds` at `connections`; answers req/s, p50/p95 latency (ms,
 * from every response) and the number of errors (network errors, non-2xx, time-outs). With
 * `nextPath`, each request asks for the path it returns (on the same host) instead of the URL's.
 */
/** The machine a bench ran on, for its first line: cores, CPU model, memory and Node. */
export function machine() {
  return `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`;
}

export async function loadTest(url, { connections, seconds, headers, nextPath, visitors = 0 }) {
  const { default: autocannon } = await import('autocannon');
  return new Promise((resolve, reject) => {
    const times = [];
    // How many answers of each status (the adversarial probe expects 400s and 429s, not errors).
    const statuses = {};
    // `visitors`: each request names one of that many visitors in X-Forwarded-For, in turn, as the
    // site (a proxy the cms trusts) does for the people it serves; the cms shares its uncached
    // searches between visitors, so a crowd must not arrive as one.
    let sent = 0;
    const visitor = () => {
      const n = sent++ % visitors;
      return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    };
    const requests =
      nextPath || visitors > 0
        ? [
            {
              method: 'GET',
              setupRequest: (req) => ({
                ...req,
                ...(nextPath ? { path: nextPath() } : {}),
                ...(visitors > 0 ? { headers: { ...req.headers, 'x-forwarded-for': visitor() } } : {}),
              }),
            },
          ]
        : undefined;
    const instance = autocannon(
      { url, connections, duration: seconds, headers, requests },
      (error, result) => {
        if (error) return reject(error);
        times.sort((a, b) => a - b);
        const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
        resolve({
          rps: result.requests.average,
          p50: at(0.5),
          p95: at(0.95),
          p99: at(0.99),
          // autocannon's `errors` already counts its time-outs.
          errors: result.errors + result.non2xx,
          // What the errors were: a run that counts some says which kind, so it can be looked into.
          errorKinds: {
            network: result.errors - result.timeouts,
            timeouts: result.timeouts,
            non2xx: result.non2xx,
          },
          requests: times.length,
          statuses,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

/**
 * CPU time of the whole machine so far (Linux /proc/stat, in clock ticks): `steal` is time the
 * hypervisor gave this VM's cores to someone else. On a shared VM it swings the figures (the same
 * code at 2x), so the benches print the share stolen during each load. Null where /proc/stat is missing.
 */
export function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/** The share of CPU time stolen between two cpuTicks() readings, in percent (null if unknown). */
export function stolenPercent(before, after) {
  if (!before || !after || after.total <= before.total) return null;
  return (100 * (after.steal - before.steal)) / (after.total - before.total);
}
