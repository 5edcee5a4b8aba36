// The site's own reads of the cms carry the visitor's address: the cms shares its uncached searches
// fairly between visitors, and would otherwise see every page's reads as one visitor (the site).
// Against the built site (server/main.mjs + dist) and a stand-in cms that records what it was sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { siteBuilt, startBuiltSite } from './built-site';

const listingReads: IncomingHttpHeaders[] = [];
let cms: Server;
let base = '';
let stop = () => {};

beforeAll(async () => {
  if (!siteBuilt) return;
  cms = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cms');
    if (url.pathname === '/api/products') {
      listingReads.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '0' });
      res.end('[]');
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Not found' }));
  });
  await new Promise<void>((r) => cms.listen(0, '127.0.0.1', r));
  const site = await startBuiltSite({ CMS_URL: `http://127.0.0.1:${(cms.address() as AddressInfo).port}` });
  base = site.base;
  stop = site.stop;
  // One render first: a freshly started site's first page can take seconds on a busy machine, and a
  // read it makes late must not land in a test's list.
  await getFrom('127.0.0.4', '/properties');
  listingReads.length = 0;
}, 60_000);

afterAll(async () => {
  stop();
  await new Promise((r) => (cms ? cms.close(r) : r(null)));
});

/** A page asked for from a chosen local address (fetch cannot pick one), with extra headers. */
function getFrom(localAddress: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const req = request(`${base}${path}`, { localAddress, agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!siteBuilt)("the site's reads name the visitor to the cms (built site)", () => {
  it('a listing search rendered for one visitor reaches the cms with that visitor’s address', async () => {
    listingReads.length = 0;
    expect(await getFrom('127.0.0.5', '/properties?search=osu+badu')).toBe(200);
    expect(listingReads.map((h) => h['x-forwarded-for'])).toEqual(['127.0.0.5']);
  }, 20_000);

  it('what a visitor claims in X-Forwarded-For is not passed on: the cms hears the address it came from', async () => {
    listingReads.length = 0;
    expect(
      await getFrom('127.0.0.6', '/properties?search=east+legon', {
        'x-forwarded-for': '198.51.100.1',
        forwarded: 'for=198.51.100.2',
      }),
    ).toBe(200);
    expect(listingReads.map((h) => h['x-forwarded-for'])).toEqual(['127.0.0.6']);
  }, 20_000);
});
