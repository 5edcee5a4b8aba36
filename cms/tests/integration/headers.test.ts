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
const ABSENT = ['cross-origin-embedder-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'x-xss-protection'];

describe('security headers', () => {
  it.each([
    ['the public listing', 'GET', '/api/products?pageSize=1', 200],
    ['a refused request', 'GET', '/api/profile', 401],
    ['a JSON post with bad input', 'POST', '/api/newsletter', 400],
    ['a page that does not exist', 'GET', '/no-such-page', 404],
  ])('are sent on %s', async (_what, method, path, status) => {
    const res = await fetch(`${cms.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? JSON.stringify({ email: 'not an address' }) : undefined });
    expect(res.status).toBe(status);
    for (const [name, value] of Object.entries(EXPECTED)) expect(res.headers.get(name), name).toBe(value);
    for (const name of ABSENT) expect(res.headers.get(name), name).toBeNull();
  });

  it('a JSON body is still read (the answer names the bad field)', async () => {
    const res = await fetch(`${cms.url}/api/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'not an address' }) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/e-?mail/i);
  });
});
