// The property page's map of the area, against the real cms and the site with the suite's local tile
// server: nothing of the map (its island, Leaflet, a tile) is fetched on the first load; scrolled into
// view, it shows the rounded point's area as a circle on the tiles, with the attribution; with the tiles
// unreachable it stays, on a plain background, with a notice; without JavaScript the links remain.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './site-support';
import { E2E } from '../scripts/ports';

const TILES_ORIGIN = new URL(E2E.tilesUrl.replace(/\{[a-z]\}/g, '0')).origin;

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-area-map-${name}.png`) });
}

/** A listed demo property with a map point, and its public (rounded) point. */
async function pointedProperty(page: Page): Promise<{ _id: string; latitude: number; longitude: number }> {
  const res = await page.request.get('/api/products?city=accra&pageSize=20');
  expect(res.status()).toBe(200);
  const found = (
    (await res.json()) as { _id: string; latitude: number | null; longitude: number | null }[]
  ).find((p) => p.latitude !== null && p.longitude !== null);
  expect(found, 'a demo listing in Accra with a point').toBeDefined();
  return found as { _id: string; latitude: number; longitude: number };
}

/** The requests of the map: its island and Leaflet (lazy chunks named after the island), and tiles. */
function watchMapRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (url.startsWith(TILES_ORIGIN) || /\/_astro\/area-map\./.test(url)) seen.push(url);
  });
  return seen;
}

test.describe("the property page's map", () => {
  test('loads only when scrolled into view, then shows the area with the attribution', async ({
    page,
  }, testInfo) => {
    const property = await pointedProperty(page);
    const mapRequests = watchMapRequests(page);
    await page.goto(`/property/${property._id}`, { waitUntil: 'load' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const section = page.getByRole('heading', { name: 'Where it is' });
    await expect(section).not.toBeInViewport();
    // The page settles with nothing of the map fetched.
    await page.waitForLoadState('networkidle');
    expect(mapRequests).toEqual([]);

    await section.scrollIntoViewIfNeeded();
    const map = page.getByRole('region', { name: /^Map of the area around / });
    await expect(page.locator('[data-area-map-state="shown"]')).toBeVisible();
    await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
    // The area as a circle (an SVG path), not a pin.
    await expect(map.locator('svg path')).toHaveCount(1);
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(0);
    expect(mapRequests.some((u) => u.startsWith(TILES_ORIGIN))).toBe(true);
    expect(mapRequests.some((u) => u.includes('/_astro/area-map.'))).toBe(true);
    await expect(page.getByText('Map data Test tiles')).toBeVisible();
    await expect(page.getByText('The circle shows the area, not the exact home.')).toBeVisible();
    // The phone's maps app and OpenStreetMap, at the rounded point.
    await expect(page.getByRole('link', { name: 'Open in your maps app' })).toHaveAttribute(
      'href',
      `geo:${property.latitude},${property.longitude}?z=16`,
    );
    await expect(page.getByRole('link', { name: 'See the area on OpenStreetMap' })).toHaveAttribute(
      'href',
      new RegExp(`mlat=${property.latitude}&mlon=${property.longitude}`),
    );
    await expectNoAxeViolations(page, 'property page with its map');
    await map.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'shown');
  });

  test('with no tiles reachable, the area is shown on a plain background with a notice', async ({
    page,
  }, testInfo) => {
    const property = await pointedProperty(page);
    await page.route(`${TILES_ORIGIN}/**`, (route) => route.abort('connectionrefused'));
    await page.goto(`/property/${property._id}`);
    await page.getByRole('heading', { name: 'Where it is' }).scrollIntoViewIfNeeded();
    await expect(
      page.getByText("The map's streets could not be loaded, so the area is shown on a plain background."),
    ).toBeVisible();
    const map = page.getByRole('region', { name: /^Map of the area around / });
    await expect(map.locator('svg path')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await map.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'no-tiles');
  });

  test('without JavaScript the page keeps its links to the area', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E.siteUrl });
    const page = await context.newPage();
    try {
      const property = await pointedProperty(page);
      await page.goto(`/property/${property._id}`);
      await expect(page.getByRole('heading', { name: 'Where it is' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'See the area on OpenStreetMap' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open in your maps app' })).toBeVisible();
      // (Playwright turns scripts off without the parser's noscript mode, so the note is checked in the HTML.)
      expect(await page.content()).toMatch(
        /<noscript><p[^>]*>The map needs JavaScript; the links below show the area\.<\/p><\/noscript>/,
      );
    } finally {
      await context.close();
    }
  });
});
