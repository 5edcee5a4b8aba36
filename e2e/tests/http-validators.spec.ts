// Independent checkers over the built site as the real cms (demo data) serves it, each page once (project
// "http"): the W3C Nu HTML checker (vnu.jar, run with the machine's Java) on every public page in
// English, French and Spanish; pa11y's HTML_CodeSniffer runner (WCAG 2 AA) on the pages most visited, in
// Debian's Chromium (pa11y's puppeteer never downloads a browser); and the property page's listing data
// (JSON-LD) as schema.org has it.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext } from '@playwright/test';
import pa11y from 'pa11y';
import { MAX_PAGE_SIZE, roundCoordinate } from '@fie/domain';
import { E2E } from '../scripts/ports';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import { indexablePaths } from '../../site/src/lib/site-map';
import { apiToken, DEMO } from './site-support';

const run = promisify(execFile);
const VNU_JAR = join(
  createRequire(__filename).resolve('vnu-jar/package.json'),
  '..',
  'build',
  'dist',
  'vnu.jar',
);

// The public pages: those search engines are given, a filtered listing, the account screens a visitor
// reaches signed out, the pages that answer a form or a link without JavaScript, and the not-found page.
const PUBLIC = [
  ...indexablePaths(),
  '/properties?propertyType=Apartment&leaseType=Rent&sort=priceAsc',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-otp',
  '/verify-reset-otp',
  '/dashboard',
  '/profile',
  '/settings',
  '/newsletter',
  '/alerts/unsubscribed?token=not-a-signed-token',
  '/no-such-page',
];
// Pages answered with an error status on purpose; every other page is a 200.
const STATUS: Record<string, number> = { '/alerts/unsubscribed': 400, '/no-such-page': 404 };

const prefixed = (language: string, path: string) =>
  language === 'en' ? path : path === '/' ? `/${language}/` : `/${language}${path}`;

type Listed = { _id: string; leaseType: string; latitude: number | null; longitude: number | null };

async function listed(request: APIRequestContext, query: string): Promise<Listed> {
  const answer = await request.get(`/api/products?pageSize=1&${query}`);
  expect(answer.status(), query).toBe(200);
  const [property] = (await answer.json()) as Listed[];
  expect(property, query).toBeTruthy();
  return property!;
}

type NuMessage = {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
};

test.describe('independent validators', () => {
  test('the W3C Nu HTML checker finds no error on any public page, in English, French and Spanish', async ({
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const dir = testInfo.outputPath('pages');
    mkdirSync(dir, { recursive: true });
    const property = await listed(request, 'sort=newest');
    const files = new Map<string, string>();
    for (const path of [...PUBLIC, `/property/${property._id}`])
      for (const language of ['en', 'fr', 'es']) {
        const address = prefixed(language, path);
        const answer = await request.get(address, { maxRedirects: 0 });
        expect(answer.status(), address).toBe(STATUS[path.split('?')[0]!] ?? 200);
        expect(answer.headers()['content-type'], address).toMatch(/^text\/html/);
        const file = join(dir, `${address.replace(/[^a-z0-9]+/gi, '_')}.html`);
        writeFileSync(file, await answer.body());
        files.set(file, address);
      }
    // A page with a known error, so a checker that looked at nothing cannot pass.
    const canary = join(dir, 'canary.html');
    writeFileSync(canary, '<!doctype html><html lang="en"><title>c</title><p>x</p></html><script></script>');
    // One Java process checks them all (a start costs seconds). Warnings and notes are not counted.
    let out: string;
    try {
      ({ stdout: out } = await run(
        'java',
        [
          '-jar',
          VNU_JAR,
          ...['--format', 'json', '--stdout', '--errors-only', '--exit-zero-always'],
          canary,
          ...files.keys(),
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      ));
    } catch (error) {
      throw new Error(
        `The Nu checker could not run (it needs Java 17 or newer: sudo apt-get install -y default-jre-headless): ${(error as Error).message}`,
      );
    }
    const messages = (JSON.parse(out) as { messages: NuMessage[] }).messages.filter(
      (m) => m.type === 'error' || m.type === 'non-document-error',
    );
    // The checker names a file as a file: URL.
    const pathOf = (m: NuMessage) => (m.url ?? '').replace(/^file:/, '');
    expect(messages.filter((m) => pathOf(m) === canary).map((m) => m.message)).toContain(
      'Stray start tag “script”.',
    );
    const errors = messages
      .filter((m) => pathOf(m) !== canary)
      .map((m) => `${files.get(pathOf(m)) ?? m.url} line ${m.lastLine}: ${m.message} [${m.extract ?? ''}]`);
    console.log(`Nu checker: ${files.size} pages, ${errors.length} errors (pages kept in ${dir})`);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  test('pa11y (HTML_CodeSniffer, WCAG 2 AA) finds no error on the home page, the listing, a property and sign-in', async ({
    request,
  }) => {
    test.setTimeout(240_000);
    const property = await listed(request, 'sort=newest');
    const found: string[] = [];
    for (const path of ['/', '/properties', `/property/${property._id}`, '/login', '/fr/properties']) {
      const result = await pa11y(`${E2E.siteUrl}${path}`, {
        runners: ['htmlcs'],
        standard: 'WCAG2AA',
        timeout: 90_000,
        viewport: { width: 1280, height: 800 },
        chromeLaunchConfig: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      });
      for (const issue of result.issues.filter((i) => i.type === 'error'))
        found.push(`${path}: ${issue.code} at ${issue.selector}\n    ${issue.context.slice(0, 200)}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  test("the property page's listing data: the public point as GeoCoordinates, the business function as a URL", async ({
    request,
  }) => {
    const listingData = async (id: string) => {
      const html = await (await request.get(`/property/${id}`)).text();
      const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
      expect(json, id).toBeTruthy();
      return JSON.parse(json!);
    };
    const token = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    for (const [lease, businessFunction] of [
      ['Rent', 'http://purl.org/goodrelations/v1#LeaseOut'],
      ['Sale', 'http://purl.org/goodrelations/v1#Sell'],
    ] as const) {
      // A demo listing with a point (other specs add listings without one).
      const answer = await request.get(`/api/products?pageSize=${MAX_PAGE_SIZE}&leaseType=${lease}`);
      expect(answer.status()).toBe(200);
      const property = ((await answer.json()) as Listed[]).find((p) => p.latitude !== null);
      expect(property, `a ${lease} listing with a point`).toBeTruthy();
      const ld = await listingData(property!._id);
      expect(ld.offers.businessFunction).toEqual({ '@id': businessFunction });
      // The point the public API answers (rounded to 3 decimals, about 110 m)...
      expect(ld.about.geo).toEqual({
        '@type': 'GeoCoordinates',
        latitude: property!.latitude,
        longitude: property!.longitude,
      });
      // ...which is the exact point staff see, rounded, and not that point (the demo's have 6 decimals).
      const exact = (await (
        await request.get(`/api/products/${property!._id}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as Listed;
      expect([exact.latitude, exact.longitude]).not.toEqual([ld.about.geo.latitude, ld.about.geo.longitude]);
      expect(roundCoordinate(exact.latitude!)).toBe(ld.about.geo.latitude);
      expect(roundCoordinate(exact.longitude!)).toBe(ld.about.geo.longitude);
    }
  });
});
