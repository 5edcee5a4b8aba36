// The cms and the site as separate processes (`strapi start`, `node site/server/main.mjs`), for tests
// that need more than one of them, or one to kill.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CMS_DIR, type TestDatabase } from './strapi';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(CMS_DIR, '..');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Running {
  url: string;
  port: number;
  process: ChildProcess;
  /** What the process printed so far. */
  output(): string;
  /** Stops it: SIGTERM (or SIGKILL), and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

async function launch(
  command: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  port: number,
  what: string,
  cleanup: () => void,
): Promise<Running> {
  let output = '';
  const proc = spawn(process.execPath, command, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const running: Running = {
    url,
    port,
    process: proc,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill(signal);
        await Promise.race([exited, sleep(15_000).then(() => proc.kill('SIGKILL'))]);
        await exited;
      }
      cleanup();
    },
  };
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`${url}/_health`)).status < 500) return running;
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null) break;
    await sleep(100);
  }
  await running.stop('SIGKILL');
  throw new Error(`${what} did not start:\n${output}`);
}

/**
 * The compiled cms (`strapi start`, or the workers' launcher) on `database`, with the secrets and settings of this test
 * process's environment (startCms put them there) plus `env`; its own uploads folder.
 */
export async function spawnCms(
  database: TestDatabase,
  env: Record<string, string> = {},
  { workers }: { workers?: number } = {},
): Promise<Running> {
  const port = await freePort();
  const publicDir = mkdtempSync(path.join(tmpdir(), 'fie-cms-public-'));
  mkdirSync(path.join(publicDir, 'uploads'));
  const strapiBin = path.join(
    path.dirname(require.resolve('@strapi/strapi/package.json')),
    'bin',
    'strapi.js',
  );
  const dbEnv =
    database.client === 'postgres'
      ? { DATABASE_CLIENT: 'postgres', DATABASE_URL: database.url }
      : { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: database.filename, DATABASE_URL: '' };
  return launch(
    // `workers`: as production starts it, that many processes on the port (scripts/start-workers.mjs).
    workers ? [path.join(CMS_DIR, 'scripts', 'start-workers.mjs')] : [strapiBin, 'start'],
    CMS_DIR,
    {
      ...process.env,
      ...dbEnv,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_DIR: publicDir,
      LOG_LEVEL: 'warn',
      ...(workers ? { CMS_WORKERS: String(workers) } : {}),
      ...env,
    },
    port,
    'the cms',
    () => rmSync(publicDir, { recursive: true, force: true }),
  );
}

/**
 * The built site's server (site/dist, `npm run build`), in production mode, in front of `cmsUrl`; on
 * `port` when the cms must know the site's address before the site starts (where it purges).
 */
export async function spawnSite(
  cmsUrl: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<Running> {
  port ??= await freePort();
  return launch(
    ['site/server/main.mjs'],
    ROOT,
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      CMS_URL: cmsUrl,
      SITE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    port,
    'the site',
    () => {},
  );
}
