// The plain public listing and its map are answered by the cms's HTTP server ahead of Koa (src/http/
// listing-before-koa.ts). Its answers must be Koa's, byte for byte and header for header: each request
// below is sent to the cms and to a second server on the same Strapi that has only Koa's handler,
// and the two answers compared. Whatever the HTTP server does not take (bad input, staff lists, a
// cross-origin read) must still get Koa's answer from the cms. Runs on SQLite and on PostgreSQL.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_DIR, startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';

const require = createRequire(import.meta.url);
// The module the running cms loaded, not a second copy from src/.
const { beforeKoa } = require(
  path.join(CMS_DIR, 'dist', 'src', 'http', 'listing-before-koa.js'),
) as typeof import('../../src/http/listing-before-koa');

let cms: TestCms;
let koaOnly: Server;
let koaUrl = '';
let staff = '';
let seeker = '';

beforeAll(async () => {
  // Without the listing's short-lived cache, each asking reads the database again.
  cms = await startCms({ env: { LISTING_CACHE_MS: '0' } });
  const api = client(cms.url);
  const signed = await signInAccounts(cms.strapi, api, 'before-koa.example.com', {
    boss: 'superadmin',
    ama: 'authenticated',
  });
  staff = signed.token.boss!;
  seeker = signed.token.ama!;
  const listings = [
    propertyAt('Osu Badu Street', { bedrooms: 2, price: 3000 }),
    propertyAt('East Legon Hills', { bedrooms: 3, price: 5200, leaseType: 'Sale' }),
    propertyAt('Tema Community 5', { bedrooms: 1, price: 1800, propertyType: 'Apartment' }),
  ];
  for (const body of listings)
    expect((await api.post('/api/products', body, { token: staff })).status).toBe(201);
  koaOnly = createServer(cms.strapi.server.app.callback());
  await new Promise<void>((resolve) => koaOnly.listen(0, '127.0.0.1', resolve));
  koaUrl = `http://127.0.0.1:${(koaOnly.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (koaOnly) await new Promise((resolve) => koaOnly.close(resolve));
  await cms?.stop();
});

// Headers that differ between any two answers, whoever writes them. (X-Listing-Plan, outside
// production only, says how the page was found: the second of two askings finds counts kept.)
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-listing-plan']);

async function answer(base: string, url: string, headers: Record<string, string>) {
  const res = await fetch(`${base}${url}`, { headers });
  const kept = [...res.headers].filter(([name]) => !PER_ANSWER.has(name));
  return { status: res.status, headers: Object.fromEntries(kept), body: await res.text() };
}

const PLAIN = [
  '/api/products?pageSize=5',
  '/api/products/?pageSize=2&page=2',
  '/api/products?leaseType=Rent&sort=priceAsc&minPrice=1000',
  '/api/products?search=osu%20badu&bedrooms=2',
  '/api/products?approval=approved&propertyType=Apartment',
  '/api/products?page=40&pageSize=10',
  '/api/products?bbox=-3.5,4.5,1.5,11.5&sort=priceDesc',
  '/api/products/map?leaseType=Rent',
  '/api/products/map?bbox=-0.3,5.5,0.1,5.7&search=legon%20hills',
  '/api/products/map/clusters?bedrooms=2',
  '/api/products/map/clusters?bbox=-3.5,4.5,1.5,11.5&propertyType=House',
];

describe('the public listing answered ahead of Koa', () => {
  it.each(PLAIN)('%s: the same status, headers and body as Koa gives', async (url) => {
    const asked: Record<string, string>[] = [
      {},
      { 'accept-language': 'fr' },
      { authorization: `Bearer ${seeker}`, cookie: 'fie_refresh=anything; koa.sess=x' },
      { 'x-forwarded-for': '203.0.113.9' },
      { 'accept-encoding': 'gzip, deflate, br' },
    ];
    for (const headers of asked) {
      const before = beforeKoa.answered;
      const ours = await answer(cms.url, url, headers);
      expect(beforeKoa.answered, 'answered ahead of Koa').toBe(before + 1);
      const koa = await answer(koaUrl, url, headers);
      expect(ours.status).toBe(200);
      expect(ours).toEqual(koa);
      expect(ours.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('logs each request as Strapi’s logger does for Koa’s answers', async () => {
    const lines: string[] = [];
    const http = cms.strapi.log.http;
    cms.strapi.log.http = (line: string) => void lines.push(line);
    try {
      await answer(cms.url, '/api/products?pageSize=1', {});
    } finally {
      cms.strapi.log.http = http;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/api\/products\?pageSize=1 \(\d+ ms\) 200$/);
  });

  it('holds listings (the comparison is not of empty pages)', async () => {
    const ours = await answer(cms.url, '/api/products?pageSize=5', {});
    expect(JSON.parse(ours.body)).toHaveLength(3);
    expect(ours.headers['x-total-count']).toBe('3');
    // The public never gets what pinpoints a home.
    expect(JSON.parse(ours.body)[0]).not.toHaveProperty('digitalAddress');
  });

  it.each([
    [
      'bad input: Koa words the error, in the reader’s language',
      '/api/products?pageSize=abc',
      { 'accept-language': 'fr' },
      400,
    ],
    ['a staff list without a sign-in', '/api/products?approval=unapproved', {}, 401],
    ['a map area that is not one', '/api/products/map?bbox=1,2,3', {}, 400],
    // Hostile: a filter given as an object (qs brackets), a page size past the limit, another site.
    ['a search given as an object', '/api/products?search[$ne]=x', {}, 400],
    ['a page size past the limit', '/api/products?pageSize=100000', {}, 400],
    ['another site’s cross-origin read', '/api/products?pageSize=1', { origin: 'https://evil.example' }, 200],
    ['a map without a query', '/api/products/map/clusters', {}, 200],
    [
      'a cross-origin read (CORS is Koa’s)',
      '/api/products?pageSize=1',
      { origin: 'http://127.0.0.1:4321' },
      200,
    ],
  ])('%s goes through Koa', async (_what, url, headers, status) => {
    const before = beforeKoa.answered;
    const ours = await answer(cms.url, url, headers);
    expect(beforeKoa.answered).toBe(before);
    expect(ours.status).toBe(status);
    expect(ours).toEqual(await answer(koaUrl, url, headers));
  });

  it('a staff list with a sign-in goes through Koa and holds what the public never sees', async () => {
    const before = beforeKoa.answered;
    const ours = await answer(cms.url, '/api/products?approval=all', { authorization: `Bearer ${staff}` });
    expect(beforeKoa.answered).toBe(before);
    expect(ours.status).toBe(200);
    expect(JSON.parse(ours.body)[0]).toHaveProperty('digitalAddress');
  });
});
