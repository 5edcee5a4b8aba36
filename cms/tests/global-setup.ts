// The run's template database (helpers/strapi.ts, startTemplate) is removed when the run ends, and
// any left by a run that was killed (its process gone) when the next one starts.
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { templateRun } from './helpers/template-names';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function removeTemplates(which: (pid: number) => boolean): Promise<void> {
  for (const entry of readdirSync(tmpdir())) {
    const run = templateRun(entry);
    if (run !== undefined && which(run)) rmSync(path.join(tmpdir(), entry), { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query(`select datname from pg_database where datname like 'fie\\_tpl\\_%'`);
    for (const { datname } of rows as { datname: string }[]) {
      const run = templateRun(datname);
      if (run !== undefined && which(run))
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

export async function setup(): Promise<void> {
  await removeTemplates((pid) => !alive(pid));
}

export async function teardown(): Promise<void> {
  await removeTemplates((pid) => pid === process.pid);
}
