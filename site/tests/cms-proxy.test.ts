import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCmsProxy, isCmsPath } from '../server/cms-proxy.mjs';
import { createRequestTrust } from '../server/request-trust.mjs';

// A real HTTP server stands in for the cms: the proxy's job is HTTP forwarding, whatever answers.
type Seen = { method?: string; url?: string; bytes: number; body: string; headers: IncomingHttpHeaders };
let cms: Server;
let site: Server;
let cmsUrl = '';
let siteUrl = '';
const seen: Seen[] = [];
const LISTING = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, location: `East Legon ${i}` })),
});

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`),
    ),
  );
}

beforeAll(async () => {
  cms = createServer((req, res) => {
    // Like the cms: a body over its limit is refused with 413, after the rest of the body has been
    // read and dropped. (A server that answers and closes while the body is still arriving makes
    // Node's HTTP client, and so any Node proxy, see EPIPE instead of the answer.)
    if (req.url === '/api/limited') {
      let bytes = 0;
      req.on('data', (c: Buffer) => (bytes += c.length));
      req.on('end', () => {
        res.writeHead(bytes > 256 * 1024 ? 413 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Payload Too Large' }));
      });
      return;
    }
    const entry: Seen = { method: req.method, url: req.url, bytes: 0, body: '', headers: req.headers };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      entry.bytes += c.length;
      if (chunks.length < 4) chunks.push(c);
    });
    req.on('end', () => {
      entry.body = Buffer.concat(chunks).toString('utf8').slice(0, 200);
      seen.push(entry);
      if (req.url?.startsWith('/uploads/page.html')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<script>alert(1)</script>');
      }
      if (req.url?.startsWith('/uploads/photo.jpg')) {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '4000' });
        return res.end(Buffer.alloc(4000, 7));
      }
      res.setHeader('set-cookie', 'fie_refresh=abc; Path=/api; HttpOnly');
      res.setHeader('x-total-count', '200');
      res.statusCode = req.url?.startsWith('/api/missing') ? 404 : 200;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(
        req.url?.startsWith('/api/products') ? LISTING : JSON.stringify({ ok: true, bytes: entry.bytes }),
      );
    });
  });
  cmsUrl = await listen(cms);
  const proxy = createCmsProxy({ cmsUrl });
  const trust = createRequestTrust({ siteUrl: 'https://fiehomes.example', host: '127.0.0.1', port: 4321 });
  site = createServer((req, res) => proxy(trust.normalise(req), res));
  siteUrl = await listen(site);
});
afterAll(async () => {
  await new Promise<void>((r) => site.close(() => r()));
  await new Promise<void>((r) => cms.close(() => r()));
});

/**
 * node:http, not fetch: fetch forbids some headers and decodes bodies; we want what was sent. One
 * connection per call: Node's keep-alive agent would reuse the connection of an answered upload
 * while its body is still being sent, which no browser does.
 */
function call(
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
    localAddress,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    localAddress?: string;
  } = {},
) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(`${siteUrl}${path}`, { method, headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('which paths go to the cms', () => {
  it('the API and uploads, nothing else', () => {
    expect(['/api', '/api/products', '/uploads/a.jpg'].every(isCmsPath)).toBe(true);
    expect(['/', '/apis', '/properties', '/uploadsx', '/_astro/x.js'].some(isCmsPath)).toBe(false);
  });
});

describe('the cms proxy over real HTTP', () => {
  it('forwards method, path, query, body and authorization, and returns status, headers and cookies', async () => {
    const res = await call('/api/login?x=1', {
      method: 'POST',
      body: '{"email":"a@b.co"}',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']?.[0]).toContain('fie_refresh=abc');
    expect(res.headers['x-total-count']).toBe('200');
    const last = seen.at(-1)!;
    expect([last.method, last.url, last.body, last.headers.authorization]).toEqual([
      'POST',
      '/api/login?x=1',
      '{"email":"a@b.co"}',
      'Bearer t',
    ]);
  });

  it('sets the forwarding headers itself: a client’s X-Forwarded-For, Host or proto are not passed on', async () => {
    await call('/api/profile', {
      headers: {
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
        forwarded: 'for=203.0.113.9',
        host: 'evil.example',
      },
      localAddress: '127.0.0.2',
    });
    const { headers } = seen.at(-1)!;
    expect(headers['x-forwarded-for']).toBe('127.0.0.2');
    expect(headers['x-forwarded-host']).toBe('fiehomes.example');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers.host).toBe('fiehomes.example');
    expect(headers.forwarded).toBeUndefined();
  });

  it('passes error statuses through unchanged', async () => {
    expect((await call('/api/missing')).status).toBe(404);
  });

  it('streams a 12 MB body to the cms whole (no limit of its own; the cms decides)', async () => {
    const body = Buffer.alloc(12 * 1024 * 1024, 1);
    const res = await call('/api/upload', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString()).bytes).toBe(body.length);
  });

  it('relays the cms’s 413 when it refuses a body part-way, instead of a 502', async () => {
    const res = await call('/api/limited', {
      method: 'POST',
      body: Buffer.alloc(5 * 1024 * 1024, 0x20),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.toString()).message).toBe('Payload Too Large');
  });

  it('compresses JSON once, in the encoding the client accepts, and not at all when it accepts none', async () => {
    const gz = await call('/api/products', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/);
    expect(gunzipSync(gz.body).toString()).toBe(LISTING);
    const br = await call('/api/products', { headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await call('/api/products', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(LISTING);
  });

  it('sends images as they are, with nosniff', async () => {
    const res = await call('/uploads/photo.jpg', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.length).toBe(4000);
  });

  it('lets other sites show an uploaded image (alert e-mails, link previews) and nothing else it relays', async () => {
    const photo = await call('/uploads/photo.jpg');
    expect(photo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Whatever the cms said (it may be an older cms that sends none), the site decides for its hop.
    for (const path of ['/uploads/page.html', '/api/products', '/api/missing'])
      expect((await call(path)).headers['cross-origin-resource-policy'], path).toBe('same-origin');
  });

  it('never lets a non-image under /uploads render on our origin: sandboxed and downloaded', async () => {
    const res = await call('/uploads/page.html');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 503 "temporarily unavailable" with Retry-After when the cms cannot be reached, and logs why', async () => {
    const down = createCmsProxy({ cmsUrl: 'http://127.0.0.1:9' });
    const server = createServer((req, res) => down(req, res));
    const url = await listen(server);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await fetch(`${url}/api/products?code=1234`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect((await res.json()).message).toMatch(/temporarily unavailable/);
      // The cause in the site's log (the query left out: it may carry a code); one line, not one a
      // call, while the cms stays away.
      expect((await fetch(`${url}/api/products`)).status).toBe(503);
      expect(logged.mock.calls.map((c) => c.join(' '))).toEqual([
        expect.stringMatching(
          /^site: proxying GET \/api\/products to the cms failed: ECONNREFUSED .*answered 503$/,
        ),
      ]);
    } finally {
      logged.mockRestore();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('never sends a request on a connection the cms has closed while idle, even when this process stalls as the cms closes it', async () => {
    // The cms as it was: Node's HTTP server with its default keep-alive, which drops a connection
    // idle for 5 s (plus Node's one-second grace). In a process of its own, so that it closes the
    // connection on time while this one is busy.
    const upstream: ChildProcess = spawn(
      process.execPath,
      [
        '-e',
        `const s = require('node:http').createServer((q, r) => { q.resume(); q.on('end', () => r.end('{"ok":true}')); });
         s.listen(0, '127.0.0.1', () => console.log(s.address().port));`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const upstreamPort = await new Promise<string>((resolve) =>
      upstream.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())),
    );
    const proxy = createCmsProxy({ cmsUrl: `http://127.0.0.1:${upstreamPort}` });
    const server = createServer((req, res) => proxy(req, res));
    const url = new URL(await listen(server));
    // One kept-alive connection from the browser, as Chromium keeps it between a page's calls.
    const browser = connect(Number(url.port), '127.0.0.1');
    try {
      await new Promise((resolve) => browser.once('connect', resolve));
      const first = answer(browser);
      browser.write(verifyRequest(url.host));
      expect(await first).toMatch(/^HTTP\/1\.1 200 /);

      // The seeker reads the e-mail and types the code: 5.5 s without a call to the cms. The second
      // call arrives just before the cms drops the idle connection, and this process (the site) is
      // starved of CPU from then until after the drop, as on a loaded machine: the call and the
      // connection's end wait together.
      await new Promise((r) => setTimeout(r, 5_500));
      const second = answer(browser);
      browser.write(verifyRequest(url.host));
      const stalledUntil = Date.now() + 1_500;
      while (Date.now() < stalledUntil); // the stall
      expect(await second).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      browser.destroy();
      upstream.kill();
      await new Promise<void>((r) => server.close(() => r()));
    }
  }, 20_000);
});

/** The journey's code check, as one HTTP/1.1 request on a kept-alive connection. */
function verifyRequest(host: string): string {
  const body = JSON.stringify({ email: 'ama@example.com', userOtp: '1234', purpose: 'reset' });
  return `POST /api/otp/verify HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** The next answer's status line and headers on `socket` (the body is left unread: answers here are small). */
function answer(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve(text.slice(0, end));
    };
    const onClose = () => reject(new Error(`connection closed; read: ${text}`));
    socket.on('data', onData);
    socket.once('close', onClose);
  });
}
