// What the site's HTTP server lets through to the cms, against the built site and a stand-in cms
// that records every path it is asked for. The proxy must never carry a visitor past /api and
// /uploads: /api/../admin/… would reach the cms's admin panel API (its first-admin registration too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { siteBuilt, startBuiltSite } from './built-site';

let cms: Server;
let site: Awaited<ReturnType<typeof startBuiltSite>> | undefined;
const asked: string[] = [];

beforeAll(async () => {
  if (!siteBuilt) return;
  cms = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((r) => cms.listen(0, '127.0.0.1', r));
  site = await startBuiltSite({ CMS_URL: `http://127.0.0.1:${(cms.address() as AddressInfo).port}` });
}, 60_000);

afterAll(async () => {
  site?.stop();
  await new Promise((r) => (cms ? cms.close(r) : r(null)));
});

/** A request with its path exactly as written (as `curl --path-as-is` sends it): nothing resolves `..` on the way. */
function raw(method: string, path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: new URL(site!.base).port, method, path, agent: false },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

describe.skipIf(!siteBuilt)('paths through the site (built site)', () => {
  const ambiguous = [
    ['GET', '/api/../admin/init'],
    ['GET', '/api/%2e%2e/admin/project-type'],
    ['GET', '/api/%2E%2E/admin/init'],
    ['GET', '/api/.%2e/admin/init'],
    ['POST', '/api/../admin/register-admin'],
    ['GET', '/api/..%2fadmin/init'],
    ['GET', '/api%2f..%2fadmin/init'],
    ['GET', '/uploads/../admin/init'],
    ['GET', '/uploads/%2e%2e%2fadmin/init'],
    ['GET', '/api/..%5cadmin/init'],
    ['GET', '/api/..\\admin/init'],
    ['GET', '/api/./products'],
    ['GET', '/properties/../api/products'],
    ['GET', '//api/products'],
  ] as const;

  it.each(ambiguous)('%s %s is refused with 400 and never reaches the cms', async (method, path) => {
    const before = asked.length;
    const res = await raw(method, path);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toBe('This address is not valid.');
    expect(asked.length).toBe(before);
  });

  // Bytes Node's client will not put in a path: written to the socket as an attacker's tool would.
  const rawSocket = (path: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(site!.base).port), '127.0.0.1');
      let answer = '';
      socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 'latin1');
    });

  it.each([
    ['a tab inside a dot segment', '/api/.\t./admin/init'],
    ['a form feed inside one', '/api/.\f./admin/init'],
    ['a fragment after a dot segment', '/api/..#'],
    ['a raw non-ASCII byte', '/api/\xe9/products'],
  ])('%s (%j) never reaches the cms: the URL parser would read it differently', async (_what, path) => {
    const before = asked.length;
    const answer = await rawSocket(path);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(asked.length).toBe(before);
  });

  it('the API and uploads still reach the cms exactly as asked', async () => {
    for (const path of [
      '/api/products?search=east%20legon',
      '/api/products/abc123',
      '/uploads/photo_1.jpg',
    ]) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(200);
      expect(asked.at(-1)).toBe(path);
    }
  });

  it('a page with an encoded character that is not a dot or slash is served as before', async () => {
    const res = await raw('GET', '/properties/east%20legon');
    expect(res.status).not.toBe(400);
  });
});
