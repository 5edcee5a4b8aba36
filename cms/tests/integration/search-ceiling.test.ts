// What a search may cost the public listing: a floor on what it must hold (at least 3 letters or
// digits), a time ceiling on every listing statement (PostgreSQL: the listing pool's
// statement_timeout; SQLite: a progress limit inside the statement), and at most a few uncached
// searches read at once per process. Runs on SQLite and, in the PostgreSQL run, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { request } from 'node:http';
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

  it('a NUL in a search or a body is a clear 400, and other control characters no 500', async () => {
    // PostgreSQL refuses a NUL in text: it is turned away before any query runs.
    for (const path of [
      '/api/products?search=osu%00badu',
      '/api/users?search=%00',
      '/api/deals?search=a%00',
    ]) {
      const res = await api.get(path, { token: staff });
      expect(res.status, path).toBe(400);
      expect(res.body.error.message).toBe('Text may not contain a NUL character.');
    }
    const enquiry = await api.post('/api/enquiries', { fullName: 'Ama\u0000', message: 'hello' });
    expect(enquiry.status).toBe(400);
    expect(enquiry.body.error.message).toBe('Text may not contain a NUL character.');
    // Other control characters are spaces to the staff lists' searches.
    for (const path of [
      '/api/products?search=%01%02osu%7F',
      '/api/users?search=024%01412',
      '/api/appointments/all?search=a%1Fb',
      '/api/enquiries/admin?search=%01osu',
      '/api/products/unapproved?search=osu%02',
      '/api/deals?search=%01%7F',
    ]) {
      const res = await api.get(path, { token: staff });
      expect([200, 400], `${path} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
      if (path.startsWith('/api/products?')) continue;
      expect(res.status, path).toBe(200);
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
      const unlock = await lockProperties();
      try {
        const started = Date.now();
        const res = await api.get('/api/products?search=legon&sort=priceAsc');
        expect(res.status).toBe(503);
        expect(res.body.message ?? res.body.error?.message).toBe(MESSAGES.searchTooSlow);
        expect(Date.now() - started).toBeLessThan(3000);
      } finally {
        await unlock();
      }
      expect((await api.get('/api/products?search=legon&sort=priceAsc')).status).toBe(200);
    },
  );
});

describe('uncached searches at once', () => {
  it('beyond those running and waiting, a search gets 429 with Retry-After; a waiting one that waits too long too', async () => {
    const gate = createSearchGate({ running: 2, waiting: 1, perVisitor: 8, waitMs: 100 });
    const a = await gate.enter();
    const b = await gate.enter();
    const waiting = gate.enter(); // queued
    expect(gate.load()).toEqual({ active: 2, waiting: 1, visitors: 1 });
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
    expect(gate.load()).toEqual({ active: 2, waiting: 0, visitors: 0 });
    b();
    c();
    expect(gate.load()).toEqual({ active: 0, waiting: 0, visitors: 0 });
  });

  it('one visitor flooding the gate is refused, and everyone else still gets a turn', async () => {
    const gate = createSearchGate({ running: 2, waiting: 4, perVisitor: 8, waitMs: 5_000 });
    const flood = '203.0.113.66';
    // Alone, a visitor may use every place within its budget (many phones share one address behind a
    // carrier's NAT).
    const leaves = [await gate.enter(flood), await gate.enter(flood)];
    const waits = [1, 2, 3, 4].map(() => gate.enter(flood));
    const outcome = waits.map((w) =>
      w.then(
        () => 'admitted',
        (e: Error) => e.message,
      ),
    );
    expect(gate.load()).toEqual({ active: 2, waiting: 4, visitors: 1 });
    // The queue is full: the flood's next search is refused at once (and before Koa: refuses()).
    expect(gate.refuses(flood)).toBe(true);
    await expect(gate.enter(flood)).rejects.toMatchObject({ message: MESSAGES.searchesBusy });
    // Other visitors are not: each takes the waiting place of the flood's newest search, which gets 429.
    const others = ['198.51.100.7', '2001:db8:7::/64', '192.0.2.1', '192.0.2.2'];
    const admitted = others.map((visitor) => {
      expect(gate.refuses(visitor)).toBe(false);
      return gate.enter(visitor);
    });
    expect(await Promise.all(outcome)).toEqual(Array(4).fill(MESSAGES.searchesBusy));
    // One waiting each, and the flood reading two: a newcomer would leave nobody better off.
    expect(gate.load()).toEqual({ active: 2, waiting: 4, visitors: 4 });
    expect(gate.refuses('192.0.2.3')).toBe(true);
    expect(gate.refuses(flood)).toBe(true);
    // Places given back go to the visitors in turn, the longest waiting first.
    const order: string[] = [];
    admitted.forEach((a, i) => void a.then(() => order.push(others[i]!)));
    const tick = () => new Promise((r) => setTimeout(r, 0));
    leaves[0]!();
    leaves[1]!();
    await tick();
    expect(order).toEqual(others.slice(0, 2));
    (await admitted[0]!)();
    (await admitted[1]!)();
    await tick();
    expect(order).toEqual(others);
    for (const a of admitted.slice(2)) (await a)();
    expect(gate.load()).toEqual({ active: 0, waiting: 0, visitors: 0 });
  });

  it('a visitor holds at most its budget of places, even with places free; others are not held by it', async () => {
    const gate = createSearchGate({ running: 4, waiting: 64, perVisitor: 3, waitMs: 5_000 });
    const held = [
      await gate.enter('203.0.113.9'),
      await gate.enter('203.0.113.9'),
      gate.enter('203.0.113.9'),
    ];
    expect(gate.refuses('203.0.113.9')).toBe(true);
    await expect(gate.enter('203.0.113.9')).rejects.toMatchObject({ message: MESSAGES.searchesBusy });
    // The same /64 is the same visitor; another network is not held back.
    expect(gate.refuses('2001:db8:1:2::/64')).toBe(false);
    const other = await gate.enter('2001:db8:1:2::/64');
    expect(gate.load()).toEqual({ active: 4, waiting: 0, visitors: 0 });
    other();
    for (const leave of held) (await leave)();
    expect(gate.refuses('203.0.113.9')).toBe(false);
    expect(gate.load()).toEqual({ active: 0, waiting: 0, visitors: 0 });
  });

  itOnPostgres(
    'over HTTP: with one search reading and one waiting, a third answers 429 at once; filters without a search are not held (PostgreSQL)',
    async () => {
      const unlock = await lockProperties();
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
        await unlock();
      }
      // The one reading ends at its ceiling or once the lock goes; the one that waited past its 500 ms gets 429.
      expect([200, 503]).toContain((await first!).status);
      expect([200, 429]).toContain((await second!).status);
      expect((await api.get('/api/products?city=accra&pageSize=13')).status).toBe(200);
    },
  );

  itOnPostgres(
    'over HTTP, per visitor: a flood is refused while another visitor through the site is read; a forged X-Forwarded-For does not make the flood someone else (PostgreSQL)',
    async () => {
      const unlock = await lockProperties();
      // The flood calls the cms directly from 127.0.0.2, which TRUSTED_PROXIES does not name: its
      // X-Forwarded-For is not believed, whatever it says.
      const flood = (search: string, forwardedFor?: string) =>
        getFrom('127.0.0.2', `/api/products?search=${search}`, forwardedFor);
      let reading: Promise<number> | undefined;
      let waiting: Promise<number> | undefined;
      let visitor: Promise<number> | undefined;
      try {
        reading = flood('tema&pageSize=3');
        await new Promise((r) => setTimeout(r, 100));
        waiting = flood('tema&pageSize=4');
        await new Promise((r) => setTimeout(r, 100));
        // The gate is full: the flood's next search, claiming to be another client, is refused at once.
        for (const forged of ['198.51.100.20', '198.51.100.21, 198.51.100.22', ''])
          expect(await flood('tema&pageSize=5', forged || undefined), forged).toBe(429);
        // A visitor through the site (the trusted peer, 127.0.0.1, naming the visitor) takes the
        // place of the flood's waiting search, which gets 429.
        visitor = getFrom('127.0.0.1', '/api/products?search=osu&pageSize=6', '198.51.100.30');
        expect(await waiting).toBe(429);
      } finally {
        await unlock();
      }
      expect([200, 503]).toContain(await reading);
      expect(await visitor).toBe(200);
    },
  );
  itOnPostgres(
    'the same search asked by many at once is read once: none waits for a place of its own, none is refused (PostgreSQL)',
    async () => {
      const unlock = await lockProperties();
      let answers: Promise<{ status: number; body: unknown }>[] = [];
      try {
        // One place reading and one waiting: without sharing, the third and later would be refused.
        answers = [1, 2, 3, 4, 5].map((i) =>
          api.get('/api/products?search=legon&pageSize=17', {
            headers: { 'x-forwarded-for': `198.51.100.${40 + i}` },
          }),
        );
        await new Promise((r) => setTimeout(r, 150));
      } finally {
        await unlock();
      }
      const replies = await Promise.all(answers);
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      for (const r of replies) expect(r.body).toEqual(replies[0]!.body);
      expect((replies[0]!.body as unknown[]).length).toBe(1);
    },
  );
});

/** Locks the properties table (PostgreSQL), so that listing reads wait on it; answers the unlock. */
async function lockProperties(): Promise<() => Promise<void>> {
  const { Client } = require('pg');
  const locker = new Client({ connectionString: (cms.database as { url: string }).url });
  await locker.connect();
  await locker.query('begin');
  await locker.query('lock table properties in access exclusive mode');
  return async () => {
    await locker.query('rollback').catch(() => {});
    await locker.end();
  };
}

/** A GET from a chosen local address (node:http: fetch cannot pick one), with an X-Forwarded-For if given. */
function getFrom(localAddress: string, path: string, forwardedFor?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${cms.url}${path}`,
      {
        localAddress,
        agent: false,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
