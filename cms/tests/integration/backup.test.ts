// npm run db:backup / db:restore (cms/scripts/db-backup.mjs), run as a person would: a backup of a
// live cms (SQLite, or PostgreSQL when DATABASE_URL is set) restored into a fresh database and a fresh
// uploads folder serves the same listing and signs in the same accounts.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CMS_DIR, createPostgresDatabase, startCms, type TestCms, type TestDatabase } from '../helpers/strapi';
import { client, createAccount } from '../helpers/http';

const SCRIPT = path.join(CMS_DIR, 'scripts', 'db-backup.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'fie-backup-test-'));
const started: TestCms[] = [];
afterAll(async () => {
  for (const cms of started) await cms.stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

/** The command as npm runs it, with the cms settings of `db` and `publicDir` in its environment. */
function db(command: string[], database: TestDatabase, publicDir: string) {
  const env: Record<string, string | undefined> = { ...process.env, PUBLIC_DIR: publicDir, INIT_CWD: work };
  if (database.client === 'postgres') Object.assign(env, { DATABASE_CLIENT: 'postgres', DATABASE_URL: database.url });
  else Object.assign(env, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: database.filename, DATABASE_URL: undefined });
  return spawnSync(process.execPath, [SCRIPT, ...command], { env: env as NodeJS.ProcessEnv, encoding: 'utf8', cwd: CMS_DIR });
}

async function freshDatabase(): Promise<TestDatabase> {
  if (process.env.DATABASE_URL) {
    const made = await createPostgresDatabase(process.env.DATABASE_URL);
    return { client: 'postgres', ...made };
  }
  const dir = mkdtempSync(path.join(work, 'db-'));
  return { client: 'sqlite', filename: path.join(dir, 'data.db'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

describe('a backup restored into a fresh database', () => {
  it('serves the same listing and signs in the same accounts, with the uploaded files back', async () => {
    const publicDir = path.join(work, 'public-before');
    mkdirSync(path.join(publicDir, 'uploads', 'sub'), { recursive: true });
    writeFileSync(path.join(publicDir, 'uploads', 'sub', 'photo.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    const before = await startCms({ env: { PUBLIC_DIR: publicDir } });
    started.push(before);
    let api = client(before.url);
    await createAccount(before.strapi, 'keeper@backup.example.com', 'GoodPass123', 'superadmin');
    await createAccount(before.strapi, 'seeker@backup.example.com', 'GoodPass123', 'authenticated');
    const staff = (await api.post('/api/login', { email: 'keeper@backup.example.com', password: 'GoodPass123' })).body.token;
    for (const location of ['Backup Lane 1, Osu', 'Backup Lane 2, Labone', 'Backup Lane 3, Cantonments']) {
      const res = await api.post('/api/products', { location, nearestLandmark: 'Mall', price: 2500, currency: 'GHS', propertyType: 'House', leaseType: 'Rent', images: ['https://images.example.com/b.jpg'] }, { token: staff });
      expect(res.status).toBe(201);
    }
    const listing = await api.get('/api/products?pageSize=50&sort=newest');
    expect(listing.body).toHaveLength(3);

    // Backed up while the cms runs.
    const out = 'backup-1';
    const made = db(['backup', '--out', out], before.database, publicDir);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^backed up the (sqlite|postgres) database \(\d+ tables, \d+ rows\) and 1 uploaded file to /);
    const manifest = JSON.parse(readFileSync(path.join(work, out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, client: before.database.client, uploads: 1 });
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
    expect(restored.stdout).toMatch(/^restored the (sqlite|postgres) database of .+ \(\d+ tables, every row count checked\) and 1 uploaded file from /);
    expect(readFileSync(path.join(publicAfter, 'uploads', 'sub', 'photo.jpg'))).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(existsSync(path.join(publicAfter, 'uploads', 'stray.txt'))).toBe(false);

    const after = await startCms({ database, env: { PUBLIC_DIR: publicAfter } });
    started.push(after);
    api = client(after.url);
    const again = await api.get('/api/products?pageSize=50&sort=newest');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-total-count')).toBe('3');
    expect(again.body).toEqual(listing.body);
    const login = await api.post('/api/login', { email: 'seeker@backup.example.com', password: 'GoodPass123' });
    expect(login.status).toBe(200);
    expect((await api.get('/api/profile', { token: login.body.token })).body.email).toBe('seeker@backup.example.com');
    expect((await api.post('/api/login', { email: 'keeper@backup.example.com', password: 'GoodPass123' })).status).toBe(200);
  });

  it('refuses a folder that is not a backup, a backup of the other kind of database, and a manifest naming a file outside the folder', async () => {
    const database = await freshDatabase();
    try {
      const empty = mkdtempSync(path.join(work, 'empty-'));
      const notBackup = db(['restore', empty], database, path.join(work, 'p'));
      expect(notBackup.status).toBe(1);
      expect(notBackup.stderr).toMatch(/holds no manifest\.json: not a backup made by db:backup/);
      const other = mkdtempSync(path.join(work, 'other-'));
      const otherClient = database.client === 'sqlite' ? 'postgres' : 'sqlite';
      writeFileSync(path.join(other, 'manifest.json'), JSON.stringify({ format: 1, client: otherClient, database: 'x', tables: {} }));
      const mismatch = db(['restore', other], database, path.join(work, 'p'));
      expect(mismatch.status).toBe(1);
      expect(mismatch.stderr).toContain(`the backup is of a ${otherClient} database, the cms is set up for ${database.client}`);
      // A manifest that points the database file out of the folder is refused before anything is touched.
      const hostile = mkdtempSync(path.join(work, 'hostile-'));
      writeFileSync(path.join(hostile, 'manifest.json'), JSON.stringify({ format: 1, client: database.client, database: '../../../../etc/passwd', tables: {} }));
      const escaped = db(['restore', hostile], database, path.join(work, 'p'));
      expect(escaped.status).toBe(1);
      expect(escaped.stderr).toMatch(/the manifest names "\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd" as the database: a backup holds database\.(dump|sqlite)/);
      if (database.client === 'sqlite') expect(existsSync(database.filename)).toBe(false);
    } finally {
      await database.drop();
    }
  });
});
