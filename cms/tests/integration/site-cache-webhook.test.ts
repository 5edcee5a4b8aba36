import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import {
  ensureSiteCacheWebhook,
  SITE_CACHE_WEBHOOK_NAME,
} from '../../src/plugins/site-cache/server/src/services/webhook.service';
import { testImage } from '../helpers/images';

// A stand-in for the site's purge endpoint: a real HTTP listener that records what it receives.
const received: { url: string; authorization: string | undefined; event: string }[] = [];
let site: Server;
let cms: TestCms;
let api: ReturnType<typeof client>;
const token: Record<string, string> = {};
const PURGE_TOKEN = 'test-purge-token-0123456789';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  site = createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({
      url: req.url ?? '',
      authorization: req.headers.authorization,
      event: JSON.parse(body || '{}').event,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"purged":1}');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const port = (site.address() as { port: number }).port;
  cms = await startCms({
    env: { CACHE_PURGE_TOKEN: PURGE_TOKEN, SITE_CACHE_PURGE_URL: `http://127.0.0.1:${port}/_cache/purge` },
  });
  api = client(cms.url);
  Object.assign(
    token,
    (
      await signInAccounts(cms.strapi, api, 'webhook.example.com', {
        admin: 'admin',
        superadmin: 'superadmin',
      })
    ).token,
  );
});
afterAll(async () => {
  await cms?.stop();
  await new Promise<void>((resolve) => site?.close(() => resolve()));
});

describe('the site cache purge webhook', () => {
  it('is a normal Strapi webhook, kept in step with the environment', async () => {
    const hooks = await cms.strapi.get('webhookStore').findWebhooks();
    const hook = hooks.find((w: { name: string }) => w.name === SITE_CACHE_WEBHOOK_NAME);
    expect(hook).toBeDefined();
    expect(hook.url).toMatch(/\/_cache\/purge$/);
    expect(hook.headers).toEqual({ Authorization: `Bearer ${PURGE_TOKEN}` });
    expect(hook.events).toEqual(expect.arrayContaining(['entry.update', 'entry.publish']));
  });

  it('tells the site to purge when a superadmin approves a property through the API', async () => {
    const created = await api.post(
      '/api/products',
      {
        location: 'Airport Residential, Accra',
        nearestLandmark: 'Marina Mall',
        price: 9000,
        currency: 'GHS',
        propertyType: 'House',
        leaseType: 'Rent',
        images: [testImage('a')],
        city: 'accra',
      },
      { token: token.admin },
    );
    expect(created.status).toBe(201);
    // Creating it already notified the site (webhooks are sent after the answer): wait for that first.
    await expect.poll(() => received.map((r) => r.event), { timeout: 10_000 }).toContain('entry.create');
    received.length = 0;
    const approved = await api.put(
      `/api/products/approve/${created.body._id}`,
      { action: 'approve' },
      { token: token.superadmin },
    );
    expect(approved.status).toBe(200);
    await expect.poll(() => received.map((r) => r.event), { timeout: 10_000 }).toContain('entry.update');
    for (const r of received)
      expect(r).toMatchObject({ url: '/_cache/purge', authorization: `Bearer ${PURGE_TOKEN}` });
  });

  it('tells the site when marketing content is published', async () => {
    received.length = 0;
    const home = await cms.strapi.documents('api::home-page.home-page').findFirst({});
    await cms.strapi
      .documents('api::home-page.home-page')
      .update({ documentId: home.documentId, data: { heroTitle: 'Find your next home' } });
    await cms.strapi.documents('api::home-page.home-page').publish({ documentId: home.documentId });
    await expect.poll(() => received.map((r) => r.event), { timeout: 10_000 }).toContain('entry.publish');
  });

  it('is removed when no purge token is configured', async () => {
    const saved = process.env.CACHE_PURGE_TOKEN;
    delete process.env.CACHE_PURGE_TOKEN;
    try {
      await ensureSiteCacheWebhook(cms.strapi);
      const hooks = await cms.strapi.get('webhookStore').findWebhooks();
      expect(hooks.find((w: { name: string }) => w.name === SITE_CACHE_WEBHOOK_NAME)).toBeUndefined();
    } finally {
      process.env.CACHE_PURGE_TOKEN = saved;
      await ensureSiteCacheWebhook(cms.strapi);
    }
  });
});
