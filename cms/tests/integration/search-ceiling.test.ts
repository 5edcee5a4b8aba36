// What a search may cost the public listing: a floor on what it must hold (at least 3 letters or
// digits), a time ceiling on every listing statement (PostgreSQL: the listing pool's
// statement_timeout; SQLite: a progress limit inside the statement), and at most a few uncached
// searches read at once per process. Runs on SQLite and, in the PostgreSQL run, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { MESSAGES } from '@fie/domain';
import path from 'node:path';
import { CMS_DIR, itOnPostgres, startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';
import { createSearchGate } from '../../src/api/property/catalogue/search-gate';

const require = createRequire(import.meta.url);
// The module the running cms loaded (its pool is opened at start), not a second copy from src/.
const { runListingStatement } = require(
  path.join(CMS_DIR, 'dist', 'src', 'api', 'property', 'catalogue', 'listing-statements.js'),
) as typeof import('../../src/api/property/catalogue/listing-statements');
const postgres = Boolean(process.env.DATABASE_URL?.startsWith('postgres'));
let cms: TestCms;
let api: ReturnType<typeof client>;
let staff = '';

beforeAll(async () => {
  cms = await startCms({
    env: {
      LISTING_STATEMENT_MS: '400',
      LISTING_SEARCHES: '1',
      LISTING_SEARCH_QUEUE: '1',
      LISTING_SEARCH_WAIT_MS: '500',
      LISTING_CACHE_MS: '0',
    },
  });
  api = client(cms.url);
  staff = (await signInAccounts(cms.strapi, api, 'ceiling.example.com', { boss: 'superadmin' })).token.boss!;
  for (const place of ['Osu Badu Street', 'East Legon Hills', 'Tema Community 5'])
    expect((await api.post('/api/products', propertyAt(place), { token: staff })).status).toBe(201);
});
afterAll(async () => {
  await cms?.stop();
});

describe('a search needs at least 3 letters or digits', () => {
  it.each(['ab', 'a b', 'a-b', '  x  y  ', '%%', '.!?', '__', 'é1', '--..--'])(
    'search=%j is refused with a clear 400',
    async (search) => {
      const res = await api.get(
        `/api/products?search=${encodeURIComponent(search)}&pageSize=${Math.ceil(Math.random() * 50)}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MESSAGES.searchTooShort);
    },
  );

  it('however the listing path is written, and whichever of a repeated search comes first', async () => {
    for (const path of ['/api/products/?search=ab', '/api/products?search=ab&search=osu']) {
      const res = await api.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.message).toBe(MESSAGES.searchTooShort);
    }
  });

  it('the location filter too', async () => {
    const res = await api.get('/api/products?location=xy');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.locationTooShort);
  });

  it.each([
    ['osu', 1],
    ['O.S.U', 0],
    ['tem', 1],
    ['é12', 0],
    ['legon', 1],
    ['hills!', 0],
  ])('search=%j is read (3 or more, in any script)', async (search, n) => {
    const res = await api.get(`/api/products?search=${encodeURIComponent(search)}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(n);
  });

  it('staff lists, behind a sign-in, take shorter searches', async () => {
    expect((await api.get('/api/products?approval=all&search=os', { token: staff })).status).toBe(200);
    expect((await api.get('/api/products/unapproved?search=os', { token: staff })).status).toBe(200);
  });
});

describe('a listing statement over its time', () => {
  it('ends with 503 and the listing’s message, and the next statement runs as usual', async () => {
    const slow = postgres
      ? 'select pg_sleep(2) as n'
      : // A million rows made one at a time, each passing the listing's progress check.
        'with recursive c(x) as (select 1 union all select x + 1 from c where fie_listing_tick() and x < 100000000) select count(*) as n from c';
    const started = Date.now();
    const error = await runListingStatement(cms.strapi, {
      name: `fie_test_slow_${Date.now()}`,
      text: slow,
      sqliteText: slow,
      values: [],
    }).then(
      () => null,
      (e: unknown) => e as { status?: number; message?: string },
    );
    expect(error?.status).toBe(503);
    expect(error?.message).toBe(MESSAGES.searchTooSlow);
    expect(Date.now() - started).toBeLessThan(1500); // ended near its 400 ms, not after 2 s or a hundred million rows
    const quick = 'select 1 as n';
    expect(
      await runListingStatement(cms.strapi, {
        name: 'fie_test_quick',
        text: quick,
        sqliteText: quick,
        values: [],
      }),
    ).toEqual([{ n: 1 }]);
  });

  itOnPostgres(
    'a listing that cannot be read in time (its table locked) answers 503 over HTTP, then 200 once free (PostgreSQL)',
    async () => {
      const { Client } = require('pg');
      const locker = new Client({ connectionString: (cms.database as { url: string }).url });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table properties in access exclusive mode');
        const started = Date.now();
        const res = await api.get('/api/products?search=legon&sort=priceAsc');
        expect(res.status).toBe(503);
        expect(res.body.message ?? res.body.error?.message).toBe(MESSAGES.searchTooSlow);
        expect(Date.now() - started).toBeLessThan(3000);
      } finally {
        await locker.query('rollback').catch(() => {});
        await locker.end();
      }
      expect((await api.get('/api/products?search=legon&sort=priceAsc')).status).toBe(200);
    },
  );
});

describe('uncached searches at once', () => {
  it('beyond those running and waiting, a search gets 429 with Retry-After; a waiting one that waits too long too', async () => {
    const gate = createSearchGate({ running: 2, waiting: 1, waitMs: 100 });
    const a = await gate.enter();
    const b = await gate.enter();
    const waiting = gate.enter(); // queued
    expect(gate.load()).toEqual({ active: 2, waiting: 1 });
    await expect(gate.enter()).rejects.toMatchObject({
      message: MESSAGES.searchesBusy,
      retryAfterSeconds: 1,
    });
    await expect(waiting).rejects.toMatchObject({ message: MESSAGES.searchesBusy });
    // A place given back goes to the one waiting longest.
    const next = gate.enter();
    a();
    a(); // giving it back twice frees one place only
    const c = await next;
    expect(gate.load()).toEqual({ active: 2, waiting: 0 });
    b();
    c();
    expect(gate.load()).toEqual({ active: 0, waiting: 0 });
  });

  itOnPostgres(
    'over HTTP: with one search reading and one waiting, a third answers 429 at once; filters without a search are not held (PostgreSQL)',
    async () => {
      const { Client } = require('pg');
      const locker = new Client({ connectionString: (cms.database as { url: string }).url });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table properties in access exclusive mode');
      let first: Promise<{ status: number }> | undefined;
      let second: Promise<{ status: number }> | undefined;
      try {
        first = api.get('/api/products?search=tema&pageSize=7');
        await new Promise((r) => setTimeout(r, 100));
        second = api.get('/api/products?search=tema&pageSize=9');
        await new Promise((r) => setTimeout(r, 100));
        const third = await api.get('/api/products?search=tema&pageSize=11');
        expect(third.status).toBe(429);
        expect(third.body.error.message).toBe(MESSAGES.searchesBusy);
        expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await locker.query('rollback').catch(() => {});
        await locker.end();
      }
      // The one reading ends at its ceiling or once the lock goes; the one that waited past its 500 ms gets 429.
      expect([200, 503]).toContain((await first!).status);
      expect([200, 429]).toContain((await second!).status);
      expect((await api.get('/api/products?city=accra&pageSize=13')).status).toBe(200);
    },
  );
});
