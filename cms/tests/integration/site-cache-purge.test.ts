// The site's page-cache purge: only a change to what the public pages show sets one off (an approval,
// marketing's copy), never a seeker's or a visitor's own record, against a real cms and a real HTTP
// listener standing in for the site's purge endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { testImage } from '../helpers/images';
import {
  PRIVATE_CONTENT_TYPES,
  PUBLIC_CONTENT_TYPES,
} from '../../src/plugins/site-cache/server/src/services/purge.service';

// A stand-in for the site's purge endpoint: a real HTTP listener that records what it receives.
const received: { url: string; authorization: string | undefined; event: string; uid: string }[] = [];
let site: Server;
let cms: TestCms;
let api: ReturnType<typeof client>;
let token: Record<string, string> = {};
const PURGE_TOKEN = 'test-purge-token-0123456789';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

/** Every purge the cms sends within `ms` of now (purges are sent after the answer, so wait a little). */
async function purgesWithin(ms: number, during: () => Promise<void>) {
  const before = received.length;
  await during();
  await new Promise((r) => setTimeout(r, ms));
  return received.slice(before);
}

let listed = '';

beforeAll(async () => {
  site = createServer(async (req, res) => {
    const body = JSON.parse((await readBody(req)) || '{}');
    received.push({ url: req.url ?? '', authorization: req.headers.authorization, ...body });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"purged":1}');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const port = (site.address() as { port: number }).port;
  cms = await startCms({
    env: { CACHE_PURGE_TOKEN: PURGE_TOKEN, SITE_CACHE_PURGE_URL: `http://127.0.0.1:${port}/_cache/purge` },
  });
  api = client(cms.url);
  ({ token } = await signInAccounts(cms.strapi, api, 'purge.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  }));
  const made = await api.post(
    '/api/products',
    {
      location: 'Purge Close, Osu',
      nearestLandmark: 'Osu Castle',
      price: 4000,
      currency: 'GHS',
      propertyType: 'Apartment',
      leaseType: 'Rent',
      images: [testImage('purge-listed')],
      city: 'accra',
    },
    { token: token.superadmin },
  );
  expect(made.status).toBe(201);
  listed = made.body._id;
}, 180_000);
afterAll(async () => {
  await cms?.stop();
  await new Promise<void>((resolve) => site?.close(() => resolve()));
});

describe('what purges the site', () => {
  it('an approval purges, with the shared token, within a second', async () => {
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
    await expect.poll(() => received.map((r) => r.event), { timeout: 10_000 }).toContain('entry.create');
    received.length = 0;
    const started = Date.now();
    const approved = await api.put(
      `/api/products/approve/${created.body._id}`,
      { action: 'approve' },
      { token: token.superadmin },
    );
    expect(approved.status).toBe(200);
    await expect
      .poll(() => received.map((r) => `${r.event} ${r.uid}`), { timeout: 10_000 })
      .toContain('entry.update api::property.property');
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const r of received)
      expect(r).toMatchObject({ url: '/_cache/purge', authorization: `Bearer ${PURGE_TOKEN}` });
  });

  it('publishing marketing copy purges', async () => {
    received.length = 0;
    const home = await cms.strapi.documents('api::home-page.home-page').findFirst({});
    await cms.strapi
      .documents('api::home-page.home-page')
      .update({ documentId: home.documentId, data: { heroTitle: 'Find your next home' } });
    await cms.strapi.documents('api::home-page.home-page').publish({ documentId: home.documentId });
    await expect.poll(() => received.map((r) => r.event), { timeout: 10_000 }).toContain('entry.publish');
  });

  it('a favourite, a saved search and its toggles, a report and a lead send no purge', async () => {
    const seeker = { token: token.seeker };
    const sent = await purgesWithin(1500, async () => {
      expect((await api.put(`/api/favourites/${listed}`, undefined, seeker)).status).toBe(201);
      expect((await api.call('DELETE', `/api/favourites/${listed}`, seeker)).status).toBe(204);
      const search = await api.post(
        '/api/saved-searches',
        { query: { city: 'accra', leaseType: 'Rent' }, frequency: 'instant' },
        seeker,
      );
      expect(search.status).toBe(201);
      expect((await api.put(`/api/saved-searches/${search.body.id}`, { active: false }, seeker)).status).toBe(
        200,
      );
      expect((await api.put(`/api/saved-searches/${search.body.id}`, { active: true }, seeker)).status).toBe(
        200,
      );
      // The alert's unsubscribe link, which needs no sign-in: one-click off, and the page's undo.
      const alertToken = cms.strapi
        .service('api::saved-search.saved-searches')
        .unsubscribeToken(search.body.id);
      const off = await api.post(
        `/api/saved-searches/unsubscribe?token=${encodeURIComponent(alertToken)}`,
        undefined,
        {
          raw: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      );
      expect(off.status).toBe(200);
      if (off.body.undoToken) {
        const on = await api.post('/api/saved-searches/resubscribe', { token: off.body.undoToken });
        expect(on.status).toBe(200);
      }
      const report = await api.post(
        `/api/products/${listed}/reports`,
        { reason: 'wrong-price' },
        { headers: { 'x-forwarded-for': '198.51.100.7' } },
      );
      expect(report.status).toBe(201);
      const lead = await api.post(
        '/api/leads',
        { propertyId: listed, channel: 'whatsapp' },
        { headers: { 'x-forwarded-for': '198.51.100.8' } },
      );
      expect(lead.status).toBe(204);
      // Newsletter sign-ups are a visitor's too.
      expect((await api.post('/api/newsletter', { email: 'news@purge.example.com' })).status).toBeLessThan(
        300,
      );
    });
    expect(sent).toEqual([]);
  });

  it('purges asked for while one is being sent become one more, so the last change is never missed', async () => {
    await new Promise((r) => setTimeout(r, 500));
    received.length = 0;
    const purge = cms.strapi.plugin('site-cache').service('purge') as {
      purge(event: string, uid?: string): void;
      settled(): Promise<void>;
    };
    for (let i = 0; i < 20; i++) purge.purge('entry.update', 'api::property.property');
    await purge.settled();
    expect(received.length).toBe(2);
  });
});

describe('the content types', () => {
  it('every content type of ours is either public (purges) or private (never purges)', () => {
    const ours = Object.keys(cms.strapi.contentTypes).filter(
      (uid) =>
        uid.startsWith('api::') ||
        /^plugin::(accounts|approvals|platform|viewings|site-cache)\./.test(uid) ||
        uid === 'plugin::users-permissions.user',
    );
    const unclassified = ours.filter(
      (uid) => !PUBLIC_CONTENT_TYPES.has(uid) && !PRIVATE_CONTENT_TYPES.has(uid),
    );
    expect(unclassified).toEqual([]);
    for (const uid of PUBLIC_CONTENT_TYPES) expect(PRIVATE_CONTENT_TYPES.has(uid)).toBe(false);
  });

  it('the stored webhook of older versions is removed at start', async () => {
    const hooks = await cms.strapi.get('webhookStore').findWebhooks();
    expect(hooks.map((w: { name: string }) => w.name)).not.toContain('Site cache purge');
  });
});
