// The built site (server/main.mjs + dist) as a real process, for tests of what its HTTP server does
// in front of Astro: routing, the proxy, the preview route.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const siteDir = fileURLToPath(new URL('..', import.meta.url));
export const siteBuilt = existsSync(`${siteDir}dist/server/entry.mjs`);

async function waitFor(url: string) {
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** A port the system has just handed out and nothing holds (a random pick could meet a port in use). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  return port;
}

/** Starts the built site in production mode with `env` (CMS_URL at least); answers its base URL and a stop. */
export async function startBuiltSite(
  env: Record<string, string>,
): Promise<{ base: string; process: ChildProcess; stop: () => void }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/main.mjs'], {
    cwd: siteDir,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: base,
      ...env,
    },
  });
  await waitFor(`${base}/_health`);
  return { base, process: child, stop: () => child.kill('SIGTERM') };
}
