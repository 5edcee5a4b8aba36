import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { panelToken } from '../helpers/http';
import {
  DRAFT_READ_HEADER,
  draftReadAllowed,
  previewConfig,
  previewLinkPayload,
  signDraftRead,
  signPreviewLink,
} from '../../src/http/site-preview';
import { createHmac } from 'node:crypto';

// Strapi's Preview: the panel's "Open preview" opens the site's signed /preview route, and only a
// request signed with PREVIEW_SECRET reads drafts from the public content API.
const SECRET = 'test-preview-secret-0123456789abcdef';
const SITE_URL = 'http://127.0.0.1:4999';
let cms: TestCms;
let marketing = '';

beforeAll(async () => {
  cms = await startCms({ env: { PREVIEW_SECRET: SECRET, SITE_URL } });
  marketing = await panelToken(cms, 'preview-marketing@example.com', 'fie-marketing');
});
afterAll(async () => {
  delete process.env.PREVIEW_SECRET;
  await cms?.stop();
});

const previewUrl = async (uid: string, query = '') => {
  const res = await fetch(`${cms.url}/content-manager/preview/url/${uid}?${query}`, {
    headers: { authorization: `Bearer ${marketing}` },
  });
  const body = res.status === 204 ? null : ((await res.json()) as { data?: { url?: string } });
  return { status: res.status, url: body?.data?.url as string | undefined };
};

const verify = (link: string) => {
  const url = new URL(link);
  const [path, status, expires, sig] = ['path', 'status', 'expires', 'sig'].map(
    (k) => url.searchParams.get(k) ?? '',
  );
  const wanted = createHmac('sha256', SECRET)
    .update(previewLinkPayload(path, status as 'draft', Number(expires)))
    .digest('base64url');
  return {
    origin: url.origin,
    pathname: url.pathname,
    path,
    status,
    expires: Number(expires),
    signed: sig === wanted,
  };
};

describe("the panel's preview links", () => {
  it("opens the site's signed /preview route on the draft of the home page, about page and settings", async () => {
    for (const [uid, path] of [
      ['api::home-page.home-page', '/'],
      ['api::about-page.about-page', '/about-us'],
      ['api::site-setting.site-setting', '/'],
    ]) {
      const { status, url } = await previewUrl(uid);
      expect(status, uid).toBe(200);
      const link = verify(url!);
      expect(link, uid).toMatchObject({
        origin: SITE_URL,
        pathname: '/preview',
        path,
        status: 'draft',
        signed: true,
      });
      expect(link.expires - Date.now() / 1000).toBeGreaterThan(60);
      expect(link.expires - Date.now() / 1000).toBeLessThanOrEqual(30 * 60 + 1);
    }
  });

  it('shows the published version when the panel\'s "Published" tab asks for it', async () => {
    const { url } = await previewUrl('api::home-page.home-page', 'status=published');
    expect(verify(url!)).toMatchObject({ path: '/', status: 'published', signed: true });
  });

  it('opens a French or Spanish version on its page in that language', async () => {
    const home = await previewUrl('api::home-page.home-page', 'locale=fr');
    expect(verify(home.url!)).toMatchObject({ path: '/fr/', status: 'draft', signed: true });
    const about = await previewUrl('api::about-page.about-page', 'locale=es&status=published');
    expect(verify(about.url!)).toMatchObject({ path: '/es/about-us', status: 'published', signed: true });
    const terms = await cms.strapi
      .documents('api::legal-page.legal-page')
      .findFirst({ filters: { slug: 'terms' }, locale: 'fr' });
    const legal = await previewUrl('api::legal-page.legal-page', `documentId=${terms!.documentId}&locale=fr`);
    expect(verify(legal.url!)).toMatchObject({ path: '/fr/terms', status: 'draft', signed: true });
  });

  it('opens a legal page at its own address', async () => {
    const terms = await cms.strapi
      .documents('api::legal-page.legal-page')
      .create({ data: { slug: 'terms', title: 'Terms', body: 'Draft terms.' } });
    const { url } = await previewUrl('api::legal-page.legal-page', `documentId=${terms.documentId}`);
    expect(verify(url!)).toMatchObject({ path: '/terms', status: 'draft', signed: true });
    const other = await cms.strapi
      .documents('api::legal-page.legal-page')
      .create({ data: { slug: 'cookies', title: 'Cookies', body: 'No page on the site.' } });
    expect((await previewUrl('api::legal-page.legal-page', `documentId=${other.documentId}`)).status).toBe(
      204,
    );
  });

  it("opens a city's public page (cities have no drafts), in the language being edited", async () => {
    const city = await cms.strapi.documents('api::city.city').findFirst({ filters: { slug: 'accra' } });
    expect(city).toBeTruthy();
    const { url } = await previewUrl('api::city.city', `documentId=${city.documentId}`);
    expect(verify(url!)).toMatchObject({ path: '/locations/accra', status: 'published', signed: true });
    const french = await previewUrl('api::city.city', `documentId=${city.documentId}&locale=fr`);
    expect(verify(french.url!)).toMatchObject({ path: '/fr/locations/accra', status: 'published' });
  });

  it('offers no preview for content without a page of its own', async () => {
    const t = await cms.strapi
      .documents('api::testimonial.testimonial')
      .create({ data: { name: 'Kofi', quote: 'Great.' } });
    expect((await previewUrl('api::testimonial.testimonial', `documentId=${t.documentId}`)).status).toBe(204);
  });

  it('is for signed-in panel users only', async () => {
    const res = await fetch(`${cms.url}/content-manager/preview/url/api::home-page.home-page`);
    expect(res.status).toBe(401);
  });
});

describe('draft reads', () => {
  it('answer the draft only to a request signed with PREVIEW_SECRET, never cached', async () => {
    const docs = cms.strapi.documents('api::home-page.home-page');
    const published = (await (await fetch(`${cms.url}/api/home-page`)).json()).data.heroTitle;
    const current = await docs.findFirst({ status: 'draft' });
    await docs.update({ documentId: current.documentId, data: { heroTitle: 'A draft hero title' } });

    const read = (headers: Record<string, string>) =>
      fetch(`${cms.url}/api/home-page?status=draft`, { headers });
    const signed = await read({ [DRAFT_READ_HEADER]: signDraftRead(SECRET) });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('cache-control')).toBe('no-store, private');
    expect((await signed.json()).data.heroTitle).toBe('A draft hero title');

    const good = signDraftRead(SECRET);
    const refused = {
      none: {},
      tampered: { [DRAFT_READ_HEADER]: `${Number(good.split('.')[0]) + 60}.${good.split('.')[1]}` },
      otherSecret: { [DRAFT_READ_HEADER]: signDraftRead('another-secret-0123456789abcdef') },
      expired: { [DRAFT_READ_HEADER]: signDraftRead(SECRET, Date.now() - 120_000) },
      tooLong: { [DRAFT_READ_HEADER]: signDraftRead(SECRET, Date.now(), 3600) },
      rawSecret: { [DRAFT_READ_HEADER]: SECRET },
    };
    for (const [name, headers] of Object.entries(refused)) {
      const res = await read(headers);
      expect(res.status, name).toBe(200);
      expect((await res.json()).data.heroTitle, name).toBe(published);
    }
  });
});

describe('draft reads in another language', () => {
  it('answer a French draft to the signed preview, and the French published version to the public', async () => {
    const docs = cms.strapi.documents('api::home-page.home-page');
    const french = await docs.findFirst({ locale: 'fr' });
    const published = french!.heroTitle;
    await docs.update({
      documentId: french!.documentId,
      locale: 'fr',
      data: { heroTitle: 'Un titre en brouillon' },
    });
    const signed = await fetch(`${cms.url}/api/home-page?populate=*&locale=fr&status=draft`, {
      headers: { [DRAFT_READ_HEADER]: signDraftRead(SECRET) },
    });
    expect((await signed.json()).data.heroTitle).toBe('Un titre en brouillon');
    const anyone = await fetch(`${cms.url}/api/home-page?populate=*&locale=fr&status=draft`);
    expect((await anyone.json()).data.heroTitle).toBe(published);
  });
});

describe('signatures', () => {
  const now = Date.UTC(2026, 0, 1);
  it('accept a good draft-read header and refuse a tampered, expired or foreign one', () => {
    const header = signDraftRead(SECRET, now);
    expect(draftReadAllowed(header, SECRET, now)).toBe(true);
    expect(draftReadAllowed(header, SECRET, now + 61_000)).toBe(false);
    expect(
      draftReadAllowed(
        header.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        SECRET,
        now,
      ),
    ).toBe(false);
    expect(draftReadAllowed(header, 'another-secret', now)).toBe(false);
    expect(draftReadAllowed(header, '', now)).toBe(false);
    expect(draftReadAllowed(undefined, SECRET, now)).toBe(false);
  });

  it('sign a preview link with its path, status and expiry', () => {
    const link = new URL(
      signPreviewLink({ siteUrl: SITE_URL, path: '/about-us', status: 'draft', secret: SECRET, now }),
    );
    expect(link.searchParams.get('expires')).toBe(String(now / 1000 + 30 * 60));
    const sig = createHmac('sha256', SECRET)
      .update(previewLinkPayload('/about-us', 'draft', now / 1000 + 30 * 60))
      .digest('base64url');
    expect(link.searchParams.get('sig')).toBe(sig);
  });

  it('leave preview off when PREVIEW_SECRET is not set', () => {
    const env = (name: string, fallback?: string) =>
      (({ SITE_URL }) as Record<string, string>)[name] ?? fallback;
    expect(previewConfig(env).enabled).toBe(false);
    const on = (name: string, fallback?: string) =>
      (({ SITE_URL, PREVIEW_SECRET: SECRET }) as Record<string, string>)[name] ?? fallback;
    expect(previewConfig(on)).toMatchObject({ enabled: true, config: { allowedOrigins: [SITE_URL] } });
  });
});
