import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';

// The security headers every answer carries. Strapi's security middleware is extended to build its
// helmet once (src/http/middlewares-made-once.ts); these are the headers Strapi 5.54's own sent
// with config/middlewares.ts, so a change to either shows here.
let cms: TestCms;
beforeAll(async () => {
  cms = await startCms();
});
afterAll(async () => {
  await cms?.stop();
});

const EXPECTED = {
  // Nothing the cms answers may be embedded by another site, except uploaded images (below).
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy':
    "connect-src 'self' https:;img-src 'self' data: blob: res.cloudinary.com;media-src 'self' data: blob: res.cloudinary.com;default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline'",
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
};
// X-Powered-By only tells an attacker which software to aim at.
const ABSENT = [
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-xss-protection',
  'x-powered-by',
];

describe('security headers', () => {
  it.each([
    ['the public listing', 'GET', '/api/products?pageSize=1', 200],
    ['a refused request', 'GET', '/api/profile', 401],
    ['a JSON post with bad input', 'POST', '/api/newsletter', 400],
    ['a page that does not exist', 'GET', '/no-such-page', 404],
  ])('are sent on %s', async (_what, method, path, status) => {
    const res = await fetch(`${cms.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? JSON.stringify({ email: 'not an address' }) : undefined,
    });
    expect(res.status).toBe(status);
    for (const [name, value] of Object.entries(EXPECTED)) expect(res.headers.get(name), name).toBe(value);
    for (const name of ABSENT) expect(res.headers.get(name), name).toBeNull();
  });

  it('an uploaded image may be shown anywhere (an alert e-mail shows listing photos); any other file in /uploads may not', async () => {
    const uploads = path.join(cms.strapi.dirs.static.public, 'uploads');
    writeFileSync(path.join(uploads, 'corp-photo.png'), Buffer.from('not really a png, served by name'));
    writeFileSync(path.join(uploads, 'corp-page.html'), '<p>a file from before the image rule</p>');
    const photo = await fetch(`${cms.url}/uploads/corp-photo.png`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const page = await fetch(`${cms.url}/uploads/corp-page.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('a JSON body is still read (the answer names the bad field)', async () => {
    const res = await fetch(`${cms.url}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not an address' }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/e-?mail/i);
  });
});

describe('cross-origin calls (CORS)', () => {
  // The helper leaves SITE_URL unset, so the site is the default http://127.0.0.1:4321.
  const SITE = 'http://127.0.0.1:4321';

  it('the site origin may call with credentials', async () => {
    const res = await fetch(`${cms.url}/api/products?pageSize=1`, { headers: { origin: SITE } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const preflight = await fetch(`${cms.url}/api/login`, {
      method: 'OPTIONS',
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
  });

  it.each([
    ['the public listing', 'GET', '/api/products?pageSize=1'],
    ['a refused request', 'GET', '/api/profile'],
    ['a preflight', 'OPTIONS', '/api/login'],
  ])(
    'a request without an Origin (%s: the site’s server, a same-origin read) gets no CORS header at all, not an empty one',
    async (_what, method, path) => {
      const res = await fetch(`${cms.url}${path}`, {
        method,
        headers: method === 'OPTIONS' ? { 'access-control-request-method': 'POST' } : {},
      });
      expect(res.status).toBeLessThan(500);
      // (Access-Control-Expose-Headers is the listing controllers' own: what an allowed caller may read.)
      const granted = [...res.headers.keys()].filter(
        (name) => name.startsWith('access-control-') && name !== 'access-control-expose-headers',
      );
      expect(granted).toEqual([]);
      // Still marked as depending on Origin, for any cache between.
      expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
    },
  );

  it.each(['https://evil.example', 'http://127.0.0.1:4321.evil.example', 'null'])(
    'any other origin (%s) gets no Access-Control-Allow-Origin',
    async (origin) => {
      const res = await fetch(`${cms.url}/api/products?pageSize=1`, { headers: { origin } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      const preflight = await fetch(`${cms.url}/api/login`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    },
  );
});

describe("users-permissions' removed routes", () => {
  it.each([
    ['POST', '/api/auth/local'],
    ['POST', '/api/auth/local/register'],
    ['POST', '/api/auth/forgot-password'],
    ['POST', '/api/auth/reset-password'],
    ['POST', '/api/auth/change-password'],
    ['GET', '/api/auth/email-confirmation'],
    ['GET', '/api/users/me'],
    ['GET', '/api/users/1'],
    ['PUT', '/api/users/1'],
    ['DELETE', '/api/users/1'],
    ['GET', '/api/users/count'],
    ['GET', '/api/users-permissions/roles'],
    ['GET', '/api/users-permissions/permissions'],
  ])('%s %s answers a JSON 404 or 405 with a message', async (method, path) => {
    const res = await fetch(`${cms.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{}',
    });
    expect([404, 405]).toContain(res.status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body.message).toEqual(expect.any(String));
    if (res.status === 405) expect(res.headers.get('allow')).toMatch(/GET/);
  });

  it('POST /api/auth/local is a 405 naming the methods its path allows', async () => {
    const res = await fetch(`${cms.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('HEAD, GET');
    expect(await res.json()).toMatchObject({ message: 'Method Not Allowed', error: { status: 405 } });
  });
});

describe('the favicon', () => {
  it('a browser’s GET /favicon.ico gets the icon, not a 500', async () => {
    const res = await fetch(`${cms.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
