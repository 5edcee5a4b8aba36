#!/usr/bin/env node
// Starts the built cms as CMS_WORKERS processes sharing its one port (node:cluster), by default one per
// core but one on PostgreSQL: a Node process answers on one core, and the core left is PostgreSQL's,
// which runs on the same machine (docker-compose). Measured on 2 cores at a million listings, a second
// cms process there slowed every public read (it and PostgreSQL took turns on the cores). The processes share
// nothing in memory that matters: limits, caches' invalidation and scheduled work go through the
// database (several cms processes behind one address are tested as such). SQLite keeps one process,
// which owns its file.
//
// The first worker starts alone (it makes or updates the schema, indexes and triggers), the others once
// it listens. A worker that dies is started again; SIGTERM and SIGINT stop them all (each Strapi closes
// its own connections).
import cluster from 'node:cluster';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const postgres = (process.env.DATABASE_CLIENT ?? 'sqlite') === 'postgres';
const asked = process.env.CMS_WORKERS?.trim();
const count = !postgres ? 1 : asked ? Number(asked) : Math.max(1, availableParallelism() - 1);
if (!Number.isInteger(count) || count < 1 || count > 64)
  throw new Error(`CMS_WORKERS must be a whole number from 1 to 64 (got ${asked})`);

async function startStrapi() {
  // Strapi's CommonJS build, as `strapi start` loads it (its ES build's imports do not resolve under Node).
  const { createStrapi } = createRequire(import.meta.url)('@strapi/strapi');
  await createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).start();
}

if (count === 1 || !cluster.isPrimary) {
  // A worker whose primary is gone (killed outright) stops too, rather than holding the port alone.
  if (cluster.isWorker) process.on('disconnect', () => process.exit(1));
  await startStrapi();
} else {
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`[fie] cms worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    // Not unref'd: when every worker has died, this timer is what keeps the launcher alive to start them again.
    setTimeout(fork, 1000);
  });
  cluster.on('listening', (worker) => console.log(`[fie] cms worker ${worker.process.pid} listening`));
  const first = fork();
  first.once('listening', () => {
    for (let i = 1; i < count; i++) fork();
  });
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  }
}
