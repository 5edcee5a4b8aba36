// The database going away under a running cms: PostgreSQL's connections are cut
// (pg_terminate_backend, as a restart does) or refused for a while. The cms process must stay up,
// answer 503 with a clear message meanwhile (never a 500), and serve again once the database is back.
// PostgreSQL only: SQLite is a file in the cms's own process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, createAccount } from '../helpers/http';
import { MESSAGES } from '@fie/domain';
import { isDatabaseUnavailable } from '../../src/middlewares/database-unavailable';

const require = createRequire(import.meta.url);
// The server's address as given (startCms points DATABASE_URL at the test's own database).
const SERVER_URL = process.env.DATABASE_URL;
const onPostgres = SERVER_URL?.startsWith('postgres') ?? false;
let cms: TestCms;
let api: ReturnType<typeof client>;
let token = '';

async function admin<T>(sql: string): Promise<T[]> {
  const { Client } = require('pg');
  const c = new Client({ connectionString: SERVER_URL });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}
const name = () => (cms.database.client === 'postgres' ? cms.database.name : '');
const cut = () =>
  admin(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name()}' and pid <> pg_backend_pid()`,
  );

// Defined only on PostgreSQL (the SQLite run has nothing to cut); the classification below runs on both.
if (onPostgres)
  describe('the database going away', () => {
    beforeAll(async () => {
      cms = await startCms();
      api = client(cms.url);
      await createAccount(cms.strapi, 'outage@outage.example.com', 'GoodPass123', 'authenticated');
      token = (await api.post('/api/login', { email: 'outage@outage.example.com', password: 'GoodPass123' }))
        .body.token;
    });
    afterAll(async () => {
      if (cms?.database.client === 'postgres')
        await admin(`alter database ${name()} allow_connections true`).catch(() => {});
      await cms?.stop();
    });

    it('connections cut: no 500, and answers are 200 again at once', async () => {
      expect((await api.get('/api/products')).status).toBe(200);
      await cut();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await api.get(`/api/products?search=cut${i}`)).status);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect(statuses.at(-1)).toBe(200);
    });

    it('refused for a while: 503 with a clear message, then 200 within 10 s of its return', async () => {
      await admin(`alter database ${name()} allow_connections false`);
      await cut();
      const during: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await api.get(`/api/products?search=during${i}`);
        during.push({ status: res.status, body: res.body });
      }
      for (const answer of during) {
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({
          message: MESSAGES.serviceUnavailable,
          error: { status: 503, name: 'ServiceUnavailableError' },
        });
      }
      // A signed-in request too: its session is read from the database first, and a session that
      // cannot be read is not a signed-out one (503, not 401).
      const signedIn = await api.get('/api/profile', { token });
      expect(signedIn.status).toBe(503);
      await admin(`alter database ${name()} allow_connections true`);
      const back = Date.now();
      let status = 0;
      while (Date.now() - back < 10_000) {
        status = (await api.get(`/api/products?search=back${Date.now()}`)).status;
        if (status === 200) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);
      expect((await api.get('/api/profile', { token })).status).toBe(200);
    });
  });

describe('what counts as the database being unavailable', () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
  it('connection failures and a server shutting down or refusing connections, also when wrapped', () => {
    expect(
      isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Knex: Timeout acquiring a connection. The pool is probably full.')),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('query failed', { cause: pgError('57P03', 'the database system is starting up') }),
      ),
    ).toBe(true);
  });
  it('not a wrong query or a broken rule: those stay errors of their own', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(pgError('42601', 'syntax error at or near "form"'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
