// Conversations across processes: two cms processes and two site processes on one PostgreSQL, each
// site in front of its own cms. A seeker holds a Server-Sent Events stream on the second site while
// staff post through the first: each message reaches the stream within 2 s, and 1,000 messages
// arrive in order, none lost and none twice, though the seeker's site is restarted in the middle
// (the stream reconnects with its Last-Event-ID, as a browser's EventSource does).
// Run in the PostgreSQL run of the cms suite only (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type TestDatabase } from '../helpers/strapi';
import { freePort, spawnCms, spawnSite, type Running } from '../helpers/processes';
import { generateSecrets } from '../../scripts/check-env.mjs';
import { uploadTestImage } from '../helpers/images';

const PASSWORD = 'ClusterPass1';
const SUPERADMIN = 'boss@threads-cluster.example.com';
const PURGE_TOKEN = 'threads-cluster-purge-token-0123456789';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let database: TestDatabase;
const cms: Running[] = [];
const sites: Running[] = [];
let sitePorts: number[] = [];
let siteEnv: Record<string, string> = {};

/** The public origin a request to `base` comes from: a cms's site (each cms's SITE_URL), or the site itself. */
const originFor = (base: string) => {
  const i = cms.findIndex((c) => c.url === base);
  return i >= 0 ? `http://127.0.0.1:${sitePorts[i]}` : base;
};

async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      origin: originFor(base),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: any = text; // eslint-disable-line @typescript-eslint/no-explicit-any -- an answer read field by field
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

async function signIn(base: string, email: string) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: originFor(base) },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('fie_refresh=')) ?? '').split(';')[0]!;
  return { token: ((await res.json()) as { token: string }).token, cookie };
}

/**
 * A browser's EventSource, by hand: follows `url` with the session cookie, hands each event (its id,
 * data and arrival time) to `onEvent`, and when the stream ends or cannot be had, connects again after
 * `retryMs` with the last id it had as Last-Event-ID.
 */
function followEvents(
  url: () => string,
  cookie: string,
  onEvent: (event: { id: number; data: Record<string, unknown>; at: number }) => void,
) {
  let lastId: number | null = null;
  let stopped = false;
  let controller: AbortController | null = null;
  let connections = 0;
  let opened: () => void = () => {};
  const firstOpen = new Promise<void>((resolve) => (opened = resolve));
  void (async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        const res = await fetch(url(), {
          headers: {
            cookie,
            accept: 'text/event-stream',
            ...(lastId === null ? {} : { 'last-event-id': String(lastId) }),
          },
          signal: controller.signal,
        });
        if (res.status === 200 && res.body) {
          connections++;
          opened();
          let text = '';
          const decoder = new TextDecoder();
          for await (const chunk of res.body) {
            text += decoder.decode(chunk, { stream: true });
            let end: number;
            while ((end = text.indexOf('\n\n')) >= 0) {
              const block = text.slice(0, end);
              text = text.slice(end + 2);
              const id = /^id: (\d+)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (id && data) {
                lastId = Number(id);
                onEvent({ id: lastId, data: JSON.parse(data), at: Date.now() });
              }
            }
          }
        }
      } catch {
        // the site went away: connect again
      }
      if (!stopped) await sleep(200);
    }
  })();
  return {
    opened: firstOpen,
    get connections() {
      return connections;
    },
    stop() {
      stopped = true;
      controller?.abort();
    },
  };
}

beforeAll(async () => {
  database = { client: 'postgres', ...(await createPostgresDatabase(process.env.DATABASE_URL!)) };
  const shared = {
    ...generateSecrets(),
    SUPERADMIN_EMAIL: SUPERADMIN,
    SUPERADMIN_PASSWORD: PASSWORD,
    CACHE_PURGE_TOKEN: PURGE_TOKEN,
    DEMO_DATA: 'false',
    SERVE_ADMIN_PANEL: 'false',
    STRAPI_TELEMETRY_DISABLED: 'true',
  };
  sitePorts = [await freePort(), await freePort()];
  for (let i = 0; i < 2; i++)
    cms.push(
      await spawnCms(database, {
        ...shared,
        NODE_ENV: 'production',
        SITE_URL: `http://127.0.0.1:${sitePorts[i]}`,
      }),
    );
  siteEnv = { CACHE_PURGE_TOKEN: PURGE_TOKEN };
  for (let i = 0; i < 2; i++) sites.push(await spawnSite(cms[i]!.url, siteEnv, sitePorts[i]));
}, 300_000);

afterAll(async () => {
  for (const p of [...sites, ...cms]) await p.stop();
  await database?.drop();
});

describe('conversations across two cms and two site processes', () => {
  it('each message reaches a stream on the other site within 2 s; 1,000 arrive in order across a site restart', async () => {
    const boss = await signIn(cms[0]!.url, SUPERADMIN);
    for (const [email, role] of [
      ['admin@threads-cluster.example.com', 'admin'],
      ['seeker@threads-cluster.example.com', 'user'],
    ])
      expect(
        (
          await call(cms[0]!.url, 'POST', '/api/add-admin', {
            token: boss.token,
            body: { email, password: PASSWORD, role },
          })
        ).status,
      ).toBe(201);
    const admin = await signIn(sites[0]!.url, 'admin@threads-cluster.example.com');
    // The seeker signs in on the second site, whose stream they will hold.
    const seeker = await signIn(sites[1]!.url, 'seeker@threads-cluster.example.com');
    const photo = await uploadTestImage(cms[0]!.url, boss.token, { origin: originFor(cms[0]!.url) });
    const listing = await call(cms[0]!.url, 'POST', '/api/products', {
      token: boss.token,
      body: {
        location: 'Stream Street, Osu',
        nearestLandmark: 'Mall',
        price: 2500,
        currency: 'GHS',
        propertyType: 'House',
        leaseType: 'Rent',
        images: [photo],
      },
    });
    expect(listing.status).toBe(201);
    const enquiry = await call(sites[1]!.url, 'POST', '/api/enquiries', {
      token: seeker.token,
      body: {
        name: 'Stream Seeker',
        phoneNumber: ['0241234567'],
        message: 'Hello',
        product: listing.body._id,
      },
    });
    expect(enquiry.status).toBe(201);
    const path = `/api/enquiries/${enquiry.body._id}/messages`;

    const received: { id: number; data: Record<string, unknown>; at: number }[] = [];
    const stream = followEvents(
      () => `${sites[1]!.url}/api/threads/events`,
      seeker.cookie,
      (e) => received.push(e),
    );
    await stream.opened;

    // One message through the first site and cms: on the second site's stream within 2 s.
    const sentAt = Date.now();
    expect(
      (await call(sites[0]!.url, 'POST', path, { token: admin.token, body: { text: 'Welcome!' } })).status,
    ).toBe(201);
    for (let i = 0; i < 40 && received.length === 0; i++) await sleep(50);
    expect(received).toHaveLength(1);
    expect(received[0]!.data).toMatchObject({
      kind: 'enquiry',
      subject: enquiry.body._id,
      seq: 1,
      from: 'staff',
    });
    expect(received[0]!.data).not.toHaveProperty('seeker');
    expect(received[0]!.at - sentAt).toBeLessThan(2000);

    // 1,000 more, from two staff members on both sites at once, with the seeker's site restarted midway.
    const posters = [
      { base: () => sites[0]!.url, token: admin.token },
      { base: () => sites[0]!.url, token: boss.token },
    ];
    let posted = 0;
    let restarted = false;
    const post = async (poster: (typeof posters)[number], count: number) => {
      for (let i = 0; i < count; i++) {
        const res = await call(poster.base(), 'POST', path, {
          token: poster.token,
          body: { text: `Message ${posted + 1}` },
        });
        expect(res.status).toBe(201);
        posted++;
      }
    };
    const restart = (async () => {
      while (posted < 400) await sleep(20);
      await sites[1]!.stop();
      sites[1] = await spawnSite(cms[1]!.url, siteEnv, sitePorts[1]);
      restarted = true;
    })();
    await Promise.all([post(posters[0]!, 500), post(posters[1]!, 500), restart]);
    const deadline = Date.now() + 20_000;
    while (received.length < 1001 && Date.now() < deadline) await sleep(50);
    stream.stop();

    expect(restarted).toBe(true);
    expect(stream.connections).toBeGreaterThanOrEqual(2);
    const seqs = received.map((e) => e.data.seq);
    expect(seqs).toEqual(Array.from({ length: 1001 }, (_, i) => i + 1));
    const ids = received.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
