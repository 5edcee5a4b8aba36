// The site and cms as an attacker meets them, over plain HTTP: forged forwarding headers, a poisoned
// Host, odd methods, large bodies and photos through the site's proxy, and sign-in behind an https
// address. Runs once (project "http"), not per browser width.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E } from '../scripts/ports';
import { DEMO } from './site-support';
import { PASSWORD, codeFromEmail } from './account-support';

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** node:http, so Host and the client's own address (a loopback alias) can be chosen. */
function call(
  base: string,
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
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest(`${base}${path}`, { method, headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end(body);
  });
}
const json = (a: Answer) => JSON.parse(a.body.toString('utf8'));
const site = (path: string, options?: Parameters<typeof call>[2]) => call(E2E.siteUrl, path, options);

async function signIn(base: string, who: { email: string; password: string }, localAddress?: string) {
  return call(base, '/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...who, isAdminLogin: true }),
    localAddress,
  });
}

/** A real, decodable JPEG of `bytes` bytes (to 3 bytes): camera-like noise, topped up with comment segments. */
async function jpegOfSize(bytes: number): Promise<Buffer> {
  const encode = (width: number) =>
    sharp({
      create: {
        width,
        height: Math.round((width * 3) / 4),
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
  // About 0.95 bytes a pixel at this quality; aim a little under and shrink if over.
  let width = Math.round(Math.sqrt(((bytes * 0.93) / 0.95) * (4 / 3)));
  let jpeg = await encode(width);
  while (jpeg.length > bytes) {
    width = Math.floor(width * Math.sqrt((bytes * 0.93) / jpeg.length));
    jpeg = await encode(width);
  }
  const segments: Buffer[] = [];
  let missing = bytes - jpeg.length;
  while (missing >= 4) {
    const length = Math.min(65535, missing - 2); // a COM segment: FF FE, a length that counts itself, the text
    segments.push(
      Buffer.concat([Buffer.from([0xff, 0xfe, length >> 8, length & 0xff]), Buffer.alloc(length - 2, 0x20)]),
    );
    missing -= length + 2;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

function multipart(file: Buffer, name: string, type: string) {
  const boundary = `----fie${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

test.describe('what the site trusts', () => {
  test('a poisoned Host or X-Forwarded-Host leaves the cached page clean for everyone', async () => {
    const path = `/about-us?poison=${Date.now()}`;
    const poisoned = await site(path, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    });
    expect(poisoned.status).toBe(200);
    const clean = await site(path);
    for (const page of [poisoned, clean]) {
      const html = page.body.toString('utf8');
      expect(html).not.toContain('evil.example');
      expect(html).toContain(`<link rel="canonical" href="${E2E.siteUrl}/about-us"`);
    }
  });

  test('TRACE and unknown methods get a JSON 405, not a 500', async () => {
    for (const method of ['TRACE', 'PROPFIND']) {
      const res = await site('/', { method });
      expect(res.status, method).toBe(405);
      expect(json(res).message).toBe('Method not allowed');
    }
  });

  test('two clients behind the site keep separate sign-in throttles, and a forged X-Forwarded-For changes nothing', async () => {
    // 127.0.0.2 fails 30 sign-ins (the per-address limit) with addresses that do not exist…
    for (let i = 0; i < 30; i += 1) {
      const res = await call(E2E.siteUrl, '/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody-${i}-${Date.now()}@example.com`, password: 'Wrong-pass1' }),
        localAddress: '127.0.0.2',
      });
      expect(res.status).toBe(401);
    }
    // …and is then refused, even with the right password, and even claiming to be someone else.
    expect((await signIn(E2E.siteUrl, DEMO.admin, '127.0.0.2')).status).toBe(429);
    const disguised = await call(E2E.siteUrl, '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.23' },
      body: JSON.stringify({ ...DEMO.admin, isAdminLogin: true }),
      localAddress: '127.0.0.2',
    });
    expect(disguised.status).toBe(429);
    // Another visitor is not locked out, not even by claiming the blocked address.
    expect((await signIn(E2E.siteUrl, DEMO.admin, '127.0.0.3')).status).toBe(200);
    const framed = await call(E2E.siteUrl, '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.2' },
      body: JSON.stringify({ ...DEMO.admin, isAdminLogin: true }),
      localAddress: '127.0.0.3',
    });
    expect(framed.status).toBe(200);
  });
});

test.describe('bodies through the site', () => {
  let token = '';
  test.beforeAll(async () => {
    token = json(await signIn(E2E.siteUrl, DEMO.admin, '127.0.0.4')).token;
  });

  for (const [label, bytes] of [
    ['2.6 MB', 2.6],
    ['9.9 MB', 9.9],
  ] as const) {
    test(`an admin uploads a real ${label} phone photo through the site`, async () => {
      const photo = await jpegOfSize(Math.floor(bytes * 1024 * 1024));
      const form = multipart(photo, 'IMG_2041.jpg', 'image/jpeg');
      const res = await site('/api/upload', {
        method: 'POST',
        body: form.body,
        headers: { authorization: `Bearer ${token}`, 'content-type': form.type },
      });
      expect(res.status, res.body.toString('utf8').slice(0, 200)).toBe(201);
      const [stored] = json(res);
      expect(stored.url).toMatch(/^\/uploads\/.+\.jpe?g$/);
      const served = await site(stored.url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    });
  }

  test('a 10.1 MB photo is refused through the site with its message', async () => {
    const photo = await jpegOfSize(Math.ceil(10.1 * 1024 * 1024));
    const form = multipart(photo, 'IMG_2042.jpg', 'image/jpeg');
    const res = await site('/api/upload', {
      method: 'POST',
      body: form.body,
      headers: { authorization: `Bearer ${token}`, 'content-type': form.type },
    });
    expect(res.status).toBe(413);
    expect(json(res).message).toBe('File size too large. Maximum size is 10MB.');
  });

  test('a 5 MB JSON body gets the cms’s 413 through the site, not a 502', async () => {
    const res = await site('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(5 * 1024 * 1024, 0x20),
    });
    expect(res.status).toBe(413);
    expect(json(res).message).toBeTruthy();
  });
});

test.describe('behind an https address', () => {
  const port = E2E.sitePort + 20;
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  test.beforeAll(async () => {
    // A second site process whose public address is https (TLS would end at a front proxy).
    child = spawn(process.execPath, [resolve(__dirname, '..', '..', 'site', 'server', 'main.mjs')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        CMS_URL: E2E.cmsUrl,
        SITE_URL: 'https://fiehomes.example',
      },
      stdio: 'ignore',
    });
    await expect
      .poll(async () => (await call(base, '/_health').catch(() => ({ status: 0 }))).status, {
        timeout: 30_000,
      })
      .toBe(204);
  });
  test.afterAll(() => {
    child?.kill('SIGTERM');
  });

  test('pages there carry HSTS and upgrade insecure requests', async () => {
    const res = await call(base, '/login');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  test('sign-in answers 200 with a Secure refresh cookie (not a 500)', async () => {
    const res = await signIn(base, DEMO.admin, '127.0.0.5');
    expect(res.status, res.body.toString('utf8')).toBe(200);
    const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('fie_refresh='));
    expect(cookie).toMatch(/;\s*secure/i);
    expect(cookie).toMatch(/;\s*httponly/i);
  });

  test('verifying a sign-up code answers 200 with a Secure refresh cookie', async () => {
    const email = `https-signup-${Date.now().toString(36)}@example.com`;
    const post = (path: string, data: unknown) =>
      call(base, path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(data),
        localAddress: '127.0.0.5',
      });
    expect((await post('/api/signup', { email, password: PASSWORD })).status).toBe(201);
    const code = await codeFromEmail(email, 'verification');
    const res = await post('/api/otp/verify', { email, userOtp: code });
    expect(res.status, res.body.toString('utf8')).toBe(200);
    expect((res.headers['set-cookie'] ?? []).find((c) => c.startsWith('fie_refresh='))).toMatch(
      /;\s*secure/i,
    );
  });
});
