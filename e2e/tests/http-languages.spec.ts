// The site in French and Spanish, as a search engine and a plain HTTP client meet it: every public and
// seeker page answers at /fr/… and /es/… with its language, its alternates and its own canonical
// address; the back-office has no such twin; the sitemap lists every language; and a visitor's
// Accept-Language never changes a cached page. Runs once (project "http").
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E } from '../scripts/ports';
import { indexablePaths } from '../../site/src/lib/site-map';

// The pages search engines are given, and the account screens (not indexed, but addressed all the same).
const PAGES = [
  ...indexablePaths(),
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-otp',
  '/verify-reset-otp',
  '/dashboard',
  '/profile',
  '/settings',
];

// Written out here rather than taken from the site's own code, so the test holds the addresses to what
// they must be.
const prefixed = (language: string, path: string) =>
  language === 'en' ? path : path === '/' ? `/${language}/` : `/${language}${path}`;

async function firstPropertyPath(request: APIRequestContext) {
  const answer = await request.get('/api/products?pageSize=1&sort=newest');
  expect(answer.status()).toBe(200);
  const [property] = (await answer.json()) as Array<{ _id: string }>;
  return `/property/${property!._id}`;
}

/** The page's language, canonical address and alternates, read from its HTML. */
function head(html: string) {
  const lang = /<html lang="([^"]+)"/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  const alternates = Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
  );
  return { lang, canonical, alternates };
}

test.describe('the site in three languages', () => {
  test('every public and seeker page, and a property, answers in French and Spanish with lang, hreflang and canonical', async ({
    request,
  }) => {
    const pages = [...PAGES, await firstPropertyPath(request)];
    for (const path of pages) {
      for (const [language, lang] of [
        ['en', 'en-GH'],
        ['fr', 'fr'],
        ['es', 'es'],
      ] as const) {
        const address = prefixed(language, path);
        const answer = await request.get(address, { maxRedirects: 0 });
        expect(answer.status(), address).toBe(200);
        const page = head(await answer.text());
        expect(page.lang, address).toBe(lang);
        expect(page.canonical, address).toBe(`${E2E.siteUrl}${address}`);
        expect(page.alternates, address).toEqual({
          en: `${E2E.siteUrl}${path}`,
          fr: `${E2E.siteUrl}${prefixed('fr', path)}`,
          es: `${E2E.siteUrl}${prefixed('es', path)}`,
          'x-default': `${E2E.siteUrl}${path}`,
        });
      }
    }
  });

  test('a redirect stays in its language', async ({ request }) => {
    for (const [from, to] of [
      ['/fr/contact', '/fr/contact-us'],
      ['/es/properties/ACCRA', '/es/properties/accra'],
      ['/contact', '/contact-us'],
    ]) {
      const answer = await request.get(from!, { maxRedirects: 0 });
      expect(answer.status(), from).toBe(301);
      expect(new URL(answer.headers().location!, E2E.siteUrl).pathname, from).toBe(to);
    }
  });

  test('the back-office has no French or Spanish twin, and English has no prefix', async ({ request }) => {
    for (const address of [
      '/fr/admin/users',
      '/es/admin-dashboard',
      '/fr/super-admin-dashboard',
      '/en/about-us',
      '/de/',
      // One file for every language: no prefixed copy.
      '/fr/sitemap.xml',
      '/es/robots.txt',
    ])
      expect((await request.get(address)).status(), address).toBe(404);
    expect((await request.get('/admin/users')).status()).toBe(200);
  });

  test('the sitemap lists every page in every language', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const property = await firstPropertyPath(request);
    for (const path of ['/', '/properties/accra', '/about-us', property])
      for (const language of ['en', 'fr', 'es'])
        expect(sitemap, `${language} ${path}`).toContain(
          `<loc>${E2E.siteUrl}${prefixed(language, path)}</loc>`,
        );
  });

  test("the switcher's links carry a hostile query escaped, on the cached page as on the first", async ({
    request,
  }) => {
    const hostile = '/fr/properties?search=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E';
    for (let i = 0; i < 2; i += 1) {
      const html = await (await request.get(hostile)).text();
      // It appears raw only inside quoted attributes (the search box's value, the sharing title), whose
      // quote it cannot close: every appearance follows an escaped quote.
      const raw = html.split('<script>alert(1)').length - 1;
      expect(raw).toBeGreaterThan(0);
      expect(html.split('&quot;><script>alert(1)').length - 1).toBe(raw);
      // The query is kept in the other languages' links, encoded.
      expect(html).toContain('href="/es/properties?search=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E"');
    }
  });

  test("a visitor's Accept-Language never changes a page: the address alone says the language", async ({
    request,
  }) => {
    for (let i = 0; i < 2; i += 1) {
      // Twice each: the second answer may come from the page cache, which must not mix them up.
      expect(head(await (await request.get('/', { headers: { 'accept-language': 'fr' } })).text()).lang).toBe(
        'en-GH',
      );
      expect(
        head(await (await request.get('/fr/', { headers: { 'accept-language': 'es' } })).text()).lang,
      ).toBe('fr');
      expect(
        head(await (await request.get('/es/', { headers: { 'accept-language': 'en' } })).text()).lang,
      ).toBe('es');
    }
  });
});
