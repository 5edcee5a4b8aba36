// The signed /preview route, against the built site (server/main.mjs + dist) and a stand-in cms that,
// like the real one (cms/src/http/public-content-router.ts), answers the draft only to a request
// with a good draft-read header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signPreviewLink, verifyPreviewLink, applyPreviewHeaders } from '../server/preview.mjs';
import { siteBuilt, startBuiltSite } from './built-site';

const SECRET = 'site-test-preview-secret-0123456789';
const PURGE = 'site-test-purge-token';
const PUBLISHED = 'Find your next home in Ghana';
const DRAFT = 'A draft hero title nobody may see';
const built = siteBuilt;

const hmac = (payload: string) => createHmac('sha256', SECRET).update(payload).digest('base64url');
const now = () => Math.floor(Date.now() / 1000);
const link = (path: string, status = 'draft', expires = now() + 600) =>
  signPreviewLink({ path, status, secret: SECRET, expires });

/** What the stand-in cms was asked for home-page. */
const homeReads: { draft: boolean; signed: boolean }[] = [];
const proxied: IncomingMessage['headers'][] = [];

function draftReadOk(header: string | string[] | undefined): boolean {
  const m = /^(\d+)\.(.+)$/.exec(String(header ?? ''));
  return Boolean(m && Number(m[1]) >= now() && m[2] === hmac(`draft-read\n${m[1]}`));
}

let cms: Server;
let site: ChildProcess;
let base = '';
let cmsOrigin = '';

beforeAll(async () => {
  if (!built) return;
  cms = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cms');
    if (url.pathname === '/api/home-page') {
      const signed = draftReadOk(req.headers['x-fie-draft-read']);
      const draft = url.searchParams.get('status') === 'draft' && signed;
      homeReads.push({ draft: url.searchParams.get('status') === 'draft', signed });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { heroTitle: draft ? DRAFT : PUBLISHED } }));
      return;
    }
    if (url.pathname === '/api/echo') proxied.push(req.headers);
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Not found' }));
  });
  await new Promise<void>((r) => cms.listen(0, '127.0.0.1', r));
  cmsOrigin = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
  const started = await startBuiltSite({
    CMS_URL: cmsOrigin,
    PREVIEW_SECRET: SECRET,
    CACHE_PURGE_TOKEN: PURGE,
  });
  base = started.base;
  site = started.process;
}, 60_000);

afterAll(async () => {
  site?.kill('SIGTERM');
  await new Promise((r) => (cms ? cms.close(r) : r(null)));
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

describe.skipIf(!built)('the preview route (built site)', () => {
  it('renders the draft, never cached, noindex, frameable by the cms only', async () => {
    const res = await get(link('/'));
    expect(res.status).toBe(200);
    expect(res.text).toContain(DRAFT);
    expect(res.headers.get('cache-control')).toBe('no-store, private');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('etag')).toBeNull();
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`frame-ancestors ${cmsOrigin}`);
    expect(policy).not.toContain("frame-ancestors 'none'");
    // The page's script hashes (Astro's security.csp) are kept.
    expect(policy).toMatch(/script-src 'self'[^;]*'sha256-/);
    expect(homeReads.at(-1)).toEqual({ draft: true, signed: true });
  });

  it('shows the published copy when the panel asks for it', async () => {
    const res = await get(link('/', 'published'));
    expect(res.status).toBe(200);
    expect(res.text).toContain(PUBLISHED);
    expect(res.headers.get('cache-control')).toBe('no-store, private');
  });

  it('leaves the public page and its cache with the published copy', async () => {
    await fetch(`${base}/_cache/purge`, { method: 'POST', headers: { authorization: `Bearer ${PURGE}` } });
    await get(link('/'));
    const first = await get('/');
    expect(first.text).toContain(PUBLISHED);
    expect(first.text).not.toContain(DRAFT);
    expect(first.headers.get('cache-control')).toMatch(/s-maxage=/);
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    expect(first.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    await get(link('/'));
    const reads = homeReads.length;
    const second = await get('/');
    expect(second.text).toContain(PUBLISHED);
    expect(homeReads.length).toBe(reads); // served from the cache, which the preview never entered
  });

  it("never treats a visitor's own headers as a preview or a draft read", async () => {
    await fetch(`${base}/_cache/purge`, { method: 'POST', headers: { authorization: `Bearer ${PURGE}` } });
    const forged = {
      'x-fie-preview': 'draft',
      'x-fie-draft-read': `${now() + 30}.${hmac(`draft-read\n${now() + 30}`)}`,
    };
    const res = await get('/', forged);
    expect(res.text).toContain(PUBLISHED);
    expect(homeReads.at(-1)).toEqual({ draft: false, signed: false });
    await get('/api/echo?status=draft', forged);
    expect(proxied.at(-1)).not.toHaveProperty('x-fie-draft-read');
    expect(proxied.at(-1)).not.toHaveProperty('x-fie-preview');
  });

  it('refuses a tampered, expired or incomplete link with a clear 4xx', async () => {
    const good = new URL(link('/about-us'), base);
    good.searchParams.set('path', '/');
    const tampered = await get(`${good.pathname}${good.search}`);
    expect(tampered.status).toBe(403);
    expect(tampered.text).toMatch(/not valid/);
    expect(tampered.headers.get('cache-control')).toBe('no-store, private');
    const expired = await get(link('/', 'draft', now() - 5));
    expect(expired.status).toBe(410);
    expect(expired.text).toMatch(/expired/);
    expect((await get('/preview?path=/&status=draft')).status).toBe(400);
    expect(homeReads.every((r) => !r.draft || r.signed)).toBe(true);
  });
});

describe('preview link checks', () => {
  const t = Date.UTC(2026, 0, 1);
  const q = (path: string, status: string, expires: number, secret = SECRET) =>
    new URL(signPreviewLink({ path, status, secret, expires }), 'http://x').searchParams;

  it('accept a good link until it expires', () => {
    expect(verifyPreviewLink(q('/terms', 'draft', t / 1000 + 60), SECRET, t)).toEqual({
      ok: true,
      path: '/terms',
      status: 'draft',
    });
    expect(verifyPreviewLink(q('/terms', 'draft', t / 1000 + 60), SECRET, t + 61_000)).toMatchObject({
      ok: false,
      code: 410,
    });
  });

  it('refuse a signed link that claims to last longer than the 30 minutes the cms gives one', () => {
    // Issued now by the cms: 30 minutes (a minute's difference between the two clocks is allowed).
    expect(verifyPreviewLink(q('/about', 'draft', t / 1000 + 30 * 60), SECRET, t)).toMatchObject({
      ok: true,
    });
    expect(verifyPreviewLink(q('/about', 'draft', t / 1000 + 31 * 60), SECRET, t)).toMatchObject({
      ok: true,
    });
    for (const hours of [1, 12, 23]) {
      expect(
        verifyPreviewLink(q('/about', 'draft', t / 1000 + hours * 3600), SECRET, t),
        `${hours} h`,
      ).toMatchObject({ ok: false, code: 403 });
    }
  });

  it('refuse a link signed with another secret, or with a changed status', () => {
    expect(
      verifyPreviewLink(q('/', 'draft', t / 1000 + 60, 'another-secret-0123456789abcdef'), SECRET, t),
    ).toMatchObject({ ok: false, code: 403 });
    const changed = q('/', 'published', t / 1000 + 60);
    changed.set('status', 'draft');
    expect(verifyPreviewLink(changed, SECRET, t)).toMatchObject({ ok: false, code: 403 });
  });

  it('refuse paths that are not pages of this site, even signed', () => {
    for (const path of [
      '//evil.example/',
      'https://evil.example/',
      '/api/home-page',
      '/preview',
      '/_cache/purge',
      '/a\\b',
      'about-us',
    ]) {
      expect(verifyPreviewLink(q(path, 'draft', t / 1000 + 60), SECRET, t), path).toMatchObject({
        ok: false,
        code: 400,
      });
    }
  });

  it('replace only frame-ancestors in the page policy', () => {
    const headers = applyPreviewHeaders(
      {
        'content-security-policy':
          "default-src 'self'; frame-ancestors 'none'; script-src 'self' 'sha256-abc='",
        'x-frame-options': 'DENY',
        'cache-control': 'public, s-maxage=30',
      },
      { frameAncestor: 'https://cms.fiehomes.com.gh' },
    );
    expect(headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors https://cms.fiehomes.com.gh",
    );
    expect(headers).not.toHaveProperty('x-frame-options');
    expect(headers['cache-control']).toBe('no-store, private');
  });
});
