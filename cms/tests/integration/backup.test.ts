// npm run db:backup / db:restore (cms/scripts/db-backup.mjs), run as a person would: a backup of a
// live cms (SQLite, or PostgreSQL when DATABASE_URL is set) restored into a fresh database and a fresh
// uploads folder serves the same listing and signs in the same accounts.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CMS_DIR,
  createPostgresDatabase,
  itOnPostgres,
  startCms,
  type TestCms,
  type TestDatabase,
} from '../helpers/strapi';
import { client, createAccount } from '../helpers/http';
import { postgresTarget } from '../../scripts/db-backup.mjs';
import { testImage } from '../helpers/images';

const SCRIPT = path.join(CMS_DIR, 'scripts', 'db-backup.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'fie-backup-test-'));
const started: TestCms[] = [];
afterAll(async () => {
  for (const cms of started) await cms.stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

/** The command as npm runs it, with the cms settings of `db` and `publicDir` in its environment. */
function db(
  command: string[],
  database: TestDatabase,
  publicDir: string,
  extra: Record<string, string> = {},
) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PUBLIC_DIR: publicDir,
    INIT_CWD: work,
    ...extra,
  };
  if (database.client === 'postgres')
    Object.assign(env, { DATABASE_CLIENT: 'postgres', DATABASE_URL: extra.DATABASE_URL ?? database.url });
  else
    Object.assign(env, {
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: database.filename,
      DATABASE_URL: undefined,
    });
  return spawnSync(process.execPath, [SCRIPT, ...command], {
    env: env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    cwd: CMS_DIR,
  });
}

async function freshDatabase(): Promise<TestDatabase> {
  if (process.env.DATABASE_URL) {
    const made = await createPostgresDatabase(process.env.DATABASE_URL);
    return { client: 'postgres', ...made };
  }
  const dir = mkdtempSync(path.join(work, 'db-'));
  return {
    client: 'sqlite',
    filename: path.join(dir, 'data.db'),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

describe('a backup restored into a fresh database', () => {
  it('serves the same listing and signs in the same accounts, with the uploaded files back', async () => {
    const publicDir = path.join(work, 'public-before');
    mkdirSync(path.join(publicDir, 'uploads', 'sub'), { recursive: true });
    writeFileSync(
      path.join(publicDir, 'uploads', 'sub', 'photo.jpg'),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    );
    const before = await startCms({ env: { PUBLIC_DIR: publicDir } });
    started.push(before);
    let api = client(before.url);
    await createAccount(before.strapi, 'keeper@backup.example.com', 'GoodPass123', 'superadmin');
    await createAccount(before.strapi, 'seeker@backup.example.com', 'GoodPass123', 'authenticated');
    const staff = (
      await api.post('/api/login', { email: 'keeper@backup.example.com', password: 'GoodPass123' })
    ).body.token;
    for (const location of ['Backup Lane 1, Osu', 'Backup Lane 2, Labone', 'Backup Lane 3, Cantonments']) {
      const res = await api.post(
        '/api/products',
        {
          location,
          nearestLandmark: 'Mall',
          price: 2500,
          currency: 'GHS',
          propertyType: 'House',
          leaseType: 'Rent',
          images: [testImage('b')],
        },
        { token: staff },
      );
      expect(res.status).toBe(201);
    }
    const listing = await api.get('/api/products?pageSize=50&sort=newest');
    expect(listing.body).toHaveLength(3);

    // Backed up while the cms runs: the photo placed by hand and the listings' imported image (with its sizes).
    const out = 'backup-1';
    const uploaded = (readdirSync(path.join(publicDir, 'uploads'), { recursive: true }) as string[]).filter(
      (f) => lstatSync(path.join(publicDir, 'uploads', f)).isFile(),
    ).length;
    expect(uploaded).toBeGreaterThan(1);
    const made = db(['backup', '--out', out], before.database, publicDir);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(
      new RegExp(
        `^backed up the (sqlite|postgres) database \\(\\d+ tables, \\d+ rows\\) and ${uploaded} uploaded files to `,
      ),
    );
    const manifest = JSON.parse(readFileSync(path.join(work, out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, client: before.database.client, uploads: uploaded });
    expect(manifest.tables.properties).toBe(3);
    expect(manifest.tables.up_users).toBe(2);
    // A second backup into the same folder is refused rather than mixed with the first.
    expect(db(['backup', '--out', out], before.database, publicDir).stderr).toMatch(/is not empty/);
    await before.stop();
    started.pop();

    const database = await freshDatabase();
    const publicAfter = path.join(work, 'public-after');
    mkdirSync(path.join(publicAfter, 'uploads'), { recursive: true });
    writeFileSync(path.join(publicAfter, 'uploads', 'stray.txt'), 'not in the backup');
    const restored = db(['restore', out], database, publicAfter);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(
      new RegExp(
        `^restored the (sqlite|postgres) database of .+ \\(\\d+ tables, every row count checked\\) and ${uploaded} uploaded files from `,
      ),
    );
    expect(readFileSync(path.join(publicAfter, 'uploads', 'sub', 'photo.jpg'))).toEqual(
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    );
    expect(existsSync(path.join(publicAfter, 'uploads', 'stray.txt'))).toBe(false);

    const after = await startCms({ database, env: { PUBLIC_DIR: publicAfter } });
    started.push(after);
    api = client(after.url);
    const again = await api.get('/api/products?pageSize=50&sort=newest');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-total-count')).toBe('3');
    expect(again.body).toEqual(listing.body);
    const login = await api.post('/api/login', {
      email: 'seeker@backup.example.com',
      password: 'GoodPass123',
    });
    expect(login.status).toBe(200);
    expect((await api.get('/api/profile', { token: login.body.token })).body.email).toBe(
      'seeker@backup.example.com',
    );
    expect(
      (await api.post('/api/login', { email: 'keeper@backup.example.com', password: 'GoodPass123' })).status,
    ).toBe(200);
    // Two cms starts, a backup and a restore: 15 s alone, four times that beside CI's browser tests.
  }, 180_000);

  it('refuses a folder that is not a backup, a backup of the other kind of database, and a manifest naming a file outside the folder', async () => {
    const database = await freshDatabase();
    try {
      const empty = mkdtempSync(path.join(work, 'empty-'));
      const notBackup = db(['restore', empty], database, path.join(work, 'p'));
      expect(notBackup.status).toBe(1);
      expect(notBackup.stderr).toMatch(/holds no manifest\.json: not a backup made by db:backup/);
      const other = mkdtempSync(path.join(work, 'other-'));
      const otherClient = database.client === 'sqlite' ? 'postgres' : 'sqlite';
      writeFileSync(
        path.join(other, 'manifest.json'),
        JSON.stringify({ format: 1, client: otherClient, database: 'x', tables: {} }),
      );
      const mismatch = db(['restore', other], database, path.join(work, 'p'));
      expect(mismatch.status).toBe(1);
      expect(mismatch.stderr).toContain(
        `the backup is of a ${otherClient} database, the cms is set up for ${database.client}`,
      );
      // A manifest that points the database file out of the folder is refused before anything is touched.
      const hostile = mkdtempSync(path.join(work, 'hostile-'));
      writeFileSync(
        path.join(hostile, 'manifest.json'),
        JSON.stringify({
          format: 1,
          client: database.client,
          database: '../../../../etc/passwd',
          tables: {},
        }),
      );
      const escaped = db(['restore', hostile], database, path.join(work, 'p'));
      expect(escaped.status).toBe(1);
      expect(escaped.stderr).toMatch(
        /the manifest names "\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd" as the database: a backup holds database\.(dump|sqlite)/,
      );
      if (database.client === 'sqlite') expect(existsSync(database.filename)).toBe(false);
    } finally {
      await database.drop();
    }
  });
});

/** One Strapi at a time in this process: the cms still running from a test before is stopped first. */
async function startOnly(env: Record<string, string>): Promise<TestCms> {
  for (const running of started.splice(0)) await running.stop();
  const cms = await startCms({ env });
  started.push(cms);
  return cms;
}

/** Every folder and file under `dir` with its permission bits. */
function modesUnder(dir: string): Array<[string, string]> {
  const out: Array<[string, string]> = [[path.basename(dir), (statSync(dir).mode & 0o777).toString(8)]];
  for (const name of readdirSync(dir, { recursive: true }) as string[])
    out.push([name, (lstatSync(path.join(dir, name)).mode & 0o777).toString(8)]);
  return out;
}

describe('what a backup lets others see', () => {
  it('folders are 0700 and files 0600, whatever the umask and the uploads’ own modes', async () => {
    const publicDir = path.join(work, 'public-modes');
    mkdirSync(path.join(publicDir, 'uploads', 'sub'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(publicDir, 'uploads', 'sub', 'photo.jpg'), 'jpeg', { mode: 0o644 });
    const cms = await startOnly({ PUBLIC_DIR: publicDir });
    try {
      const made = db(['backup', '--out', 'nested/backup-modes'], cms.database, publicDir);
      expect(made.status, made.stderr).toBe(0);
      const modes = modesUnder(path.join(work, 'nested'));
      const files = modes.filter(([name]) => /\.(json|dump|sqlite|jpg)$/.test(name));
      expect(files.map(([name]) => name).sort()).toEqual(
        expect.arrayContaining(['backup-modes/manifest.json', 'backup-modes/uploads/sub/photo.jpg']),
      );
      for (const [name, mode] of modes)
        expect(`${name} ${mode}`).toBe(`${name} ${files.some(([f]) => f === name) ? '600' : '700'}`);
    } finally {
      await cms.stop();
      started.pop();
    }
  });

  it('a restore copies no symbolic link (a file or a folder leading elsewhere) into the served uploads, and refuses a linked database file', async () => {
    const publicDir = path.join(work, 'public-links');
    mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(publicDir, 'uploads', 'photo.jpg'), 'jpeg');
    const cms = await startOnly({ PUBLIC_DIR: publicDir });
    const out = 'backup-links';
    expect(db(['backup', '--out', out], cms.database, publicDir).status).toBe(0);
    await cms.stop();
    started.pop();
    // Someone who could write in the backup folder plants links to files of this machine.
    const secret = path.join(work, 'secret.txt');
    writeFileSync(secret, 'not for the public');
    symlinkSync(secret, path.join(work, out, 'uploads', 'evil.jpg'));
    symlinkSync(work, path.join(work, out, 'uploads', 'linked-folder'));

    const database = await freshDatabase();
    try {
      const publicAfter = path.join(work, 'public-links-after');
      const restored = db(['restore', out], database, publicAfter);
      expect(restored.status, restored.stderr).toBe(0);
      expect(restored.stderr).toMatch(/skipped .*evil\.jpg: a symbolic link/);
      expect(restored.stderr).toMatch(/skipped .*linked-folder: a symbolic link/);
      expect(readdirSync(path.join(publicAfter, 'uploads')).sort()).toEqual(['photo.jpg']);
      expect(lstatSync(path.join(publicAfter, 'uploads', 'photo.jpg')).isFile()).toBe(true);

      // The database file itself replaced by a link is refused before anything is restored.
      const dbFile = path.join(
        work,
        out,
        JSON.parse(readFileSync(path.join(work, out, 'manifest.json'), 'utf8')).database,
      );
      rmSync(dbFile);
      symlinkSync(secret, dbFile);
      const refused = db(['restore', out], database, path.join(work, 'public-links-again'));
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/is not a regular file: a backup holds its own files, not links/);
    } finally {
      await database.drop();
    }
  });
});

describe('the database password', () => {
  it('is taken out of the URL for PGPASSWORD, decoded, with the rest kept', () => {
    expect(postgresTarget('postgres://fie:p%40ss%3Aword@db.example:5433/fie?sslmode=require')).toEqual({
      url: 'postgres://fie@db.example:5433/fie?sslmode=require',
      env: { PGPASSWORD: 'p@ss:word' },
    });
    expect(postgresTarget('postgres://postgres@127.0.0.1:5432/test')).toEqual({
      url: 'postgres://postgres@127.0.0.1:5432/test',
      env: {},
    });
  });

  itOnPostgres(
    'never reaches pg_dump’s or pg_restore’s command line, which `ps` shows to everyone (PostgreSQL run)',
    async () => {
      // Stand-ins first on the PATH record the arguments and the password they were given, then run the real tools.
      const bin = mkdtempSync(path.join(work, 'bin-'));
      const seen = path.join(work, 'seen.txt');
      for (const tool of ['pg_dump', 'pg_restore']) {
        const real = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
        expect(real, `${tool} on the PATH`).not.toBe('');
        writeFileSync(
          path.join(bin, tool),
          `#!/bin/sh\nprintf '%s argv=%s PGPASSWORD=%s\\n' ${tool} "$*" "$PGPASSWORD" >> '${seen}'\nexec '${real}' "$@"\n`,
        );
        chmodSync(path.join(bin, tool), 0o755);
      }
      const PASSWORD = 'not-on-the-command-line-7Qx';
      const withPassword = (url: string) => {
        const u = new URL(url);
        u.password = PASSWORD; // the local server trusts the connection; the password only has to travel
        return u.toString();
      };
      const publicDir = path.join(work, 'public-argv');
      mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
      const cms = await startOnly({ PUBLIC_DIR: publicDir });
      const pathEnv = { PATH: `${bin}:${process.env.PATH}` };
      const made = db(['backup', '--out', 'backup-argv'], cms.database, publicDir, {
        ...pathEnv,
        DATABASE_URL: withPassword((cms.database as { url: string }).url),
      });
      expect(made.status, made.stderr).toBe(0);
      await cms.stop();
      started.pop();
      const database = await freshDatabase();
      try {
        const restored = db(['restore', 'backup-argv'], database, path.join(work, 'public-argv-after'), {
          ...pathEnv,
          DATABASE_URL: withPassword((database as { url: string }).url),
        });
        expect(restored.status, restored.stderr).toBe(0);
      } finally {
        await database.drop();
      }
      const lines = readFileSync(seen, 'utf8').trim().split('\n');
      expect(lines.map((l) => l.split(' ')[0])).toEqual(['pg_dump', 'pg_restore']);
      for (const line of lines) {
        expect(line.slice(0, line.indexOf(' PGPASSWORD='))).not.toContain(PASSWORD);
        expect(line.endsWith(`PGPASSWORD=${PASSWORD}`)).toBe(true);
      }
    },
  );
});
