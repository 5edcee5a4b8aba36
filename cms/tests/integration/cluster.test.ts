// Many processes on one PostgreSQL: two cms processes and two site processes,
// each site in front of its own cms, behind one round-robin proxy, the sites' page caches joined by
// the purge bus on Redis (127.0.0.1:6379, or REDIS_URL), the e-mail of both cms to one SMTP catcher.
// Run in the PostgreSQL run of the cms suite only (vitest.config.ts): a SQLite file belongs to one
// cms process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import { bookableDates, MESSAGES } from '@fie/domain';
import { startMailCatcher, type MailCatcher } from '@fie/mailcatcher';
import { createPostgresDatabase, type TestDatabase } from '../helpers/strapi';
import { freePort, spawnCms, spawnSite, type Running } from '../helpers/processes';
import { generateSecrets } from '../../scripts/check-env.mjs';
import { uploadTestImage } from '../helpers/images';

const PASSWORD = 'ClusterPass1';
const SUPERADMIN = 'boss@cluster.example.com';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let database: TestDatabase;
const cms: Running[] = [];
const sites: Running[] = [];
let proxy: Server;
let proxyUrl = '';
let mail: MailCatcher;

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- an answer read field by field, as the other suites do
  headers: Headers;
}
async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; cookie?: string } = {},
): Promise<Reply> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      // The sites take writes only from the public origin (a browser on the site behind the proxy).
      origin: proxyUrl,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a page
  }
  return { status: res.status, body, headers: res.headers };
}

/** A session: the access token, and the refresh cookie sign-out needs. */
async function signIn(base: string, email: string) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: proxyUrl },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('fie_refresh=')) ?? '').split(';')[0]!;
  return { token: ((await res.json()) as { token: string }).token, cookie };
}

beforeAll(async () => {
  database = { client: 'postgres', ...(await createPostgresDatabase(process.env.DATABASE_URL!)) };
  mail = await startMailCatcher({ port: 0, maxMessages: 5000 });
  // One set of secrets for every process, as a deployment shares them.
  const shared = {
    ...generateSecrets(),
    SUPERADMIN_EMAIL: SUPERADMIN,
    SUPERADMIN_PASSWORD: PASSWORD,
    CACHE_PURGE_TOKEN: 'cluster-purge-token-0123456789abcdef',
    DEMO_DATA: 'false',
    SMTP_PORT: String(mail.port),
    SERVE_ADMIN_PANEL: 'false',
    STRAPI_TELEMETRY_DISABLED: 'true',
  };
  proxyUrl = `http://127.0.0.1:${await freePort()}`;
  // The first cms makes the schema; the second starts on it.
  for (let i = 0; i < 2; i++) {
    cms.push(
      await spawnCms(database, {
        ...shared,
        NODE_ENV: 'production',
        SITE_URL: proxyUrl,
        SITE_CACHE_PURGE_URL: `${proxyUrl}/_cache/purge`,
      }),
    );
  }
  for (const c of cms)
    sites.push(
      await spawnSite(c.url, { CACHE_PURGE_TOKEN: shared.CACHE_PURGE_TOKEN, REDIS_URL, SITE_URL: proxyUrl }),
    );
  // Round robin over the two sites, as a load balancer would.
  let turn = 0;
  const port = Number(new URL(proxyUrl).port);
  proxy = createServer((req, res) => {
    const site = sites[turn++ % sites.length]!;
    const upstream = request(
      { host: '127.0.0.1', port: site.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  for (const p of [...sites, ...cms]) await p.stop();
  await database?.drop();
  await mail?.close();
});

describe('two cms and two site processes on one PostgreSQL', () => {
  let boss: { token: string; cookie: string };
  let admin: { token: string; cookie: string };
  let photo = '';

  beforeAll(async () => {
    boss = await signIn(cms[0]!.url, SUPERADMIN);
    for (const [email, role] of [
      ['admin@cluster.example.com', 'admin'],
      ['seeker@cluster.example.com', 'user'],
    ]) {
      expect(
        (
          await call(cms[0]!.url, 'POST', '/api/add-admin', {
            token: boss.token,
            body: { email, password: PASSWORD, role },
          })
        ).status,
      ).toBe(201);
    }
    admin = await signIn(cms[1]!.url, 'admin@cluster.example.com');
    // Listings show our own media only; these cms (in production mode) fetch no image from this machine.
    photo = await uploadTestImage(cms[0]!.url, boss.token, { origin: proxyUrl });
  });

  it('a listing approved through one cms shows at once on the pages of both sites, and in both cms listings', async () => {
    const location = `Cluster Court ${Date.now()}, Osu`;
    const created = await call(cms[0]!.url, 'POST', '/api/products', {
      token: admin.token,
      body: {
        location,
        nearestLandmark: 'Mall',
        price: 2500,
        currency: 'GHS',
        propertyType: 'House',
        leaseType: 'Rent',
        images: [photo],
      },
    });
    expect(created.status).toBe(201);
    // Both sites have the listing page cached, and both cms their listing, without it.
    for (const site of sites)
      expect((await call(site.url, 'GET', '/properties')).body).not.toContain(location);
    const before = await Promise.all(cms.map((c) => call(c.url, 'GET', '/api/products?pageSize=50')));
    for (const b of before)
      expect(b.body.some((p: { location: string }) => p.location === location)).toBe(false);

    expect(
      (
        await call(cms[1]!.url, 'PUT', `/api/products/approve/${created.body._id}`, {
          token: boss.token,
          body: { action: 'approve' },
        })
      ).status,
    ).toBe(200);

    // The purge reaches one site through the proxy and the other through Redis; the other cms
    // empties its listing cache when PostgreSQL tells it of the write. Polled for a few seconds.
    const shows = async (site: Running) =>
      String((await call(site.url, 'GET', '/properties')).body).includes(location);
    let both = false;
    for (let i = 0; i < 50 && !both; i++) {
      both = (await shows(sites[0]!)) && (await shows(sites[1]!));
      if (!both) await sleep(100);
    }
    expect(both).toBe(true);
    const after = await Promise.all(cms.map((c) => call(c.url, 'GET', '/api/products?pageSize=50')));
    for (const a of after) {
      expect(a.body.some((p: { location: string }) => p.location === location)).toBe(true);
      expect(a.headers.get('x-total-count')).toBe(after[0]!.headers.get('x-total-count'));
    }
  });

  it('a session made on one cms works on the other, and signed out on one is signed out on both', async () => {
    const seeker = await signIn(sites[0]!.url, 'seeker@cluster.example.com');
    for (const base of [sites[0]!.url, sites[1]!.url, cms[0]!.url, cms[1]!.url]) {
      expect((await call(base, 'GET', '/api/profile', { token: seeker.token })).status, base).toBe(200);
    }
    // Refreshed through the other site (and so the other cms).
    expect(
      (await call(sites[1]!.url, 'POST', '/api/refresh', { cookie: seeker.cookie, body: {} })).status,
    ).toBe(200);

    expect(
      (
        await call(sites[1]!.url, 'POST', '/api/logout', {
          token: seeker.token,
          cookie: seeker.cookie,
          body: {},
        })
      ).status,
    ).toBeLessThan(300);
    for (const base of [cms[0]!.url, cms[1]!.url]) {
      expect((await call(base, 'GET', '/api/profile', { token: seeker.token })).status, base).toBe(401);
    }
    expect(
      (await call(sites[0]!.url, 'POST', '/api/refresh', { cookie: seeker.cookie, body: {} })).status,
    ).toBe(401);
  });

  it('sign-in throttles count across both cms processes', async () => {
    const email = 'seeker@cluster.example.com';
    const statuses: number[] = [];
    // Wrong passwords, alternating between the two processes.
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await call(cms[i % 2]!.url, 'POST', '/api/login', { body: { email, password: 'WrongPass1' } }))
          .status,
      );
    }
    // Five wrong passwords lock the address, wherever they were tried.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    for (const c of cms)
      expect((await call(c.url, 'POST', '/api/login', { body: { email, password: PASSWORD } })).status).toBe(
        429,
      );
  });

  it('e-mail written through both processes is sent once each: every outbox message arrives, none twice', async () => {
    // Sixteen sign-ups at once through the proxy: half through each cms, each writing a code e-mail.
    const signups = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call(proxyUrl, 'POST', '/api/signup', {
          body: { email: `mail${i}@cluster.example.com`, password: PASSWORD },
        }),
      ),
    );
    expect(signups.map((s) => s.status)).toEqual(Array(16).fill(201));
    const { Client } = await import('pg');
    const db = new Client({ connectionString: (database as { url: string }).url });
    await db.connect();
    try {
      const unsent = async () =>
        Number(
          (
            await db.query(
              'select count(*) as n from outbox_messages where sent_at is null and failed_at is null',
            )
          ).rows[0].n,
        );
      for (let i = 0; i < 100 && (await unsent()) > 0; i++) await sleep(100);
      expect(await unsent()).toBe(0);
      const sent = (
        await db.query('select message_id from outbox_messages where sent_at is not null')
      ).rows.map((r: { message_id: string }) => r.message_id);
      const arrived = mail.messages.map((m) => m.messageId);
      expect(new Set(arrived).size, 'no message arrived twice').toBe(arrived.length);
      expect(new Set(arrived)).toEqual(new Set(sent));
      for (let i = 0; i < 16; i++)
        expect(mail.messages.filter((m) => m.to.includes(`mail${i}@cluster.example.com`))).toHaveLength(1);
    } finally {
      await db.end();
    }
  });

  it('50 concurrent bookings of one slot, spread over both cms through the proxy, give exactly one 201', async () => {
    const property = await call(cms[0]!.url, 'POST', '/api/products', {
      token: boss.token,
      body: {
        location: `Busy Lane ${Date.now()}, Labone`,
        nearestLandmark: 'Mall',
        price: 4000,
        currency: 'GHS',
        propertyType: 'Apartment',
        leaseType: 'Rent',
        images: [photo],
      },
    });
    expect(property.status).toBe(201);
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) {
      const email = `crowd${i}@cluster.example.com`;
      expect(
        (
          await call(cms[i % 2]!.url, 'POST', '/api/add-admin', {
            token: boss.token,
            body: { email, password: PASSWORD, role: 'user' },
          })
        ).status,
      ).toBe(201);
      tokens.push((await signIn(cms[i % 2]!.url, email)).token);
    }
    const date = bookableDates(new Date())[3]!;
    const answers = await Promise.all(
      tokens.map((token) =>
        call(proxyUrl, 'POST', `/api/appointments/book/${property.body._id}`, {
          token,
          body: { date, time: '10:00' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(MESSAGES.slotTaken);
  }, 180_000);
});
