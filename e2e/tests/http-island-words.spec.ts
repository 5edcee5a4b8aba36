// The JavaScript a French or Spanish page loads carries no English UI strings: islands take their
// words from the page (a prop), so no English default catalogue may be built into their code. For each
// page, every chunk it references (islands, renderers, scripts, preloads) and every chunk those import,
// statically or on demand (the booking form, the map), is fetched as served and searched for the
// English catalogues' texts: the domain's messages and the site's catalogues the islands speak from.
// Runs once (project "http").
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MESSAGES, type Language } from '@fie/domain';
import { ACCOUNT_AREA, AUTH, DASHBOARD } from '../../site/src/i18n/account';
import { ALERTS } from '../../site/src/i18n/alerts';
import { CONTACT } from '../../site/src/i18n/contact';
import { AREA_MAP, ENQUIRY, VIEWING } from '../../site/src/i18n/property-islands';

type Catalogue = Readonly<Record<string, string>>;
const CATALOGUES: Array<Readonly<Record<Language, Catalogue>>> = [
  VIEWING,
  ENQUIRY,
  AREA_MAP,
  AUTH,
  DASHBOARD,
  ACCOUNT_AREA,
  CONTACT,
  ALERTS,
];

/**
 * The English UI strings to look for on a page in `language`: every domain message, and each site
 * catalogue's English text that the language says otherwise. Only texts of two words or more, so
 * that a word that may occur in a library's code ("Close") is not taken for ours.
 */
function englishTexts(language: Exclude<Language, 'en'>): string[] {
  const texts = new Set<string>(Object.values(MESSAGES));
  for (const catalogue of CATALOGUES)
    for (const [key, english] of Object.entries(catalogue.en))
      if (catalogue[language][key] !== english) texts.add(english);
  return [...texts].filter((text) => /\S\s+\S/.test(text) && text.length >= 8);
}

async function firstPropertyPath(request: APIRequestContext) {
  const answer = await request.get('/api/products?pageSize=1&sort=newest');
  expect(answer.status()).toBe(200);
  const [property] = (await answer.json()) as Array<{ _id: string }>;
  return `/property/${property!._id}`;
}

/** The JavaScript files a page's HTML references: islands, their renderers, scripts and preloads. */
function referencedScripts(html: string, page: URL): string[] {
  const found = [
    ...html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g),
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => new URL(m[1]!.replace(/&amp;/g, '&'), page).href);
  return found.filter((url) => new URL(url).origin === page.origin && /\.m?js(\?|$)/.test(url));
}

/** The chunks a chunk imports: `from"./x.js"`, `import"./x.js"` and `import("./x.js")`. */
function importedChunks(code: string, chunk: string): string[] {
  return [
    ...code.matchAll(/\bfrom\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g),
    ...code.matchAll(/\bimport\s*\(?\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g),
  ].map((m) => new URL(m[1]!, chunk).href);
}

/** Every chunk the page may load, with its code: what it references, and all they import. */
async function chunksOf(request: APIRequestContext, path: string): Promise<Map<string, string>> {
  const answer = await request.get(path);
  expect(answer.status(), path).toBe(200);
  const page = new URL(answer.url());
  const queue = referencedScripts(await answer.text(), page);
  const chunks = new Map<string, string>();
  while (queue.length) {
    const url = queue.shift()!;
    if (chunks.has(url)) continue;
    const chunk = await request.get(url);
    expect(chunk.status(), url).toBe(200);
    const code = await chunk.text();
    chunks.set(url, code);
    queue.push(...importedChunks(code, url));
  }
  return chunks;
}

const PAGES = [
  'property',
  '/',
  '/properties',
  '/contact-us',
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

for (const language of ['fr', 'es'] as const) {
  test(`the islands of /${language}/ pages carry no English UI strings`, async ({ request }) => {
    const property = await firstPropertyPath(request);
    const english = englishTexts(language);
    expect(english.length).toBeGreaterThan(200);
    const found: string[] = [];
    let islands = 0;
    for (const page of PAGES) {
      const path = `/${language}${page === 'property' ? property : page === '/' ? '/' : page}`;
      const chunks = await chunksOf(request, path);
      islands += [...chunks.keys()].length;
      for (const [url, code] of chunks)
        for (const text of english)
          if (code.includes(text)) found.push(`${path} ${new URL(url).pathname}: ${JSON.stringify(text)}`);
    }
    // The pages do load islands: a page whose scripts were not found would pass for nothing.
    expect(islands).toBeGreaterThan(20);
    expect(found.slice(0, 60), `${found.length} English strings`).toEqual([]);
  });
}
