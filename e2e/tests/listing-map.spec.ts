// The listing's map view, against the real cms (demo listings with points) and the site with the
// suite's local tile server: the Map button fetches the map's code only when pressed; the results show as
// named, keyboard-reachable markers (clustered where dense) opening a small card; panning and "Search this
// area" put the map's bounds in the address (bbox) and change the list and the markers alike; the list
// stays the default, and axe finds nothing on the map view.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Response, type TestInfo } from '@playwright/test';
import { E2E } from '../scripts/ports';
import { expectNoAxeViolations } from './site-support';

const TILES_ORIGIN = new URL(E2E.tilesUrl.replace(/\{[a-z]\}/g, '0')).origin;

/** What the Map button's first press may fetch of scripts, gzip (scripts/bench-site.mjs prints the parts). */
const MAP_BUTTON_BUDGET = 60 * 1024;

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-listing-map-${name}.png`) });
}

/** Every marker and cluster the map shows now (each a named button). */
const markersOf = (page: Page) => page.locator('#listing-map .leaflet-marker-icon');

/** The names of the markers shown (clusters say how many they hold). */
async function markerNames(page: Page): Promise<string[]> {
  return markersOf(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
}

test.describe("the listing's map view", () => {
  test('Map shows the results; pan, Search this area: the list, the markers and the address follow', async ({
    page,
  }, testInfo) => {
    const mapCode: string[] = [];
    page.on('request', (r) => {
      if (/\/_astro\/(listing-map|leaflet)/.test(r.url())) mapCode.push(r.url());
    });
    await page.goto('/properties?city=accra');
    await page.waitForLoadState('networkidle');
    // The list is the default; nothing of the map is fetched until it is asked for.
    await expect(page.getByTestId('property-list')).toBeVisible();
    expect(mapCode).toEqual([]);
    const toggle = page.getByRole('button', { name: 'Map', exact: true });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    const before = (await page.locator('#listing-subtitle').textContent())!;

    await toggle.click();
    await expect(page.getByRole('button', { name: 'Hide map' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\/properties\?city=accra#map$/);
    const status = page.locator('#listing-map [role="status"]');
    await expect(status).toHaveText(/\d+ propert(y|ies) on the map\./);
    const onMap = Number((await status.textContent())!.match(/(\d+) propert/)![1]);
    expect(onMap).toBeGreaterThan(3);
    expect(mapCode.length).toBeGreaterThan(0);
    await expect(markersOf(page).first()).toBeVisible();
    // Each marker is a named button; a cluster tells how many it holds.
    const names = await markerNames(page);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names)
      expect(name).toMatch(/^(GH₵|\$)[\d,.]+( a month)?, .+, .+|^\d+ properties here: zoom in$/);
    await expectNoAxeViolations(page, 'listing with the map open');
    await keepScreenshot(page, testInfo, 'open');
    // Scrolled under the fixed header, the map's markers stay beneath it (Leaflet's panes have high
    // z-indexes): a marker moved right behind the header's middle is not what is found there.
    const headerOnTop = await page.evaluate(() => {
      const header = document.querySelector('header')!;
      const marker = document.querySelector('#listing-map .leaflet-marker-icon')!;
      const middle = () => header.getBoundingClientRect().top + header.getBoundingClientRect().height / 2;
      const m = marker.getBoundingClientRect();
      window.scrollBy(0, m.top + m.height / 2 - middle());
      const r = marker.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = middle();
      return {
        markerBehind: r.top < y && r.bottom > y,
        header: header.contains(document.elementFromPoint(x, y)),
      };
    });
    expect(headerOnTop).toEqual({ markerBehind: true, header: true });
    await page.evaluate(() => window.scrollTo(0, 0));

    // A marker reached by keyboard opens its card.
    const single = markersOf(page)
      .filter({ hasNot: page.locator('.fie-cluster') })
      .first();
    if ((await single.count()) === 0) {
      // Everything clustered at this size: zoom into the first cluster with the keyboard.
      await markersOf(page).first().focus();
      await page.keyboard.press('Enter');
    }
    const marker = markersOf(page)
      .filter({ hasNot: page.locator('.fie-cluster') })
      .first();
    await marker.focus();
    await page.keyboard.press('Enter');
    const popup = page.locator('#listing-map .leaflet-popup');
    await expect(popup.getByRole('link', { name: 'View property' })).toHaveAttribute(
      'href',
      /^\/property\/[a-z0-9]+$/,
    );
    await expect(popup.locator('.fie-card-price')).toHaveText(/^(GH₵|\$)[\d,.]+( a month)?$/);
    await page.keyboard.press('Escape');

    // Pan east (towards Spintex and Tema) with the keyboard, zoomed in a step, then search that area.
    const region = page.getByRole('region', { name: 'Map of the results' });
    await region.focus();
    await page.keyboard.press('Equal');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    const searchArea = page.getByRole('button', { name: 'Search this area' });
    await expect(searchArea).toBeVisible();
    await searchArea.click();
    await expect(page).toHaveURL(/[?&]bbox=-?\d+(\.\d+)?%2C\d+(\.\d+)?%2C-?\d+(\.\d+)?%2C\d+(\.\d+)?.*#map$/);
    expect(new URL(page.url()).searchParams.get('city')).toBe('accra');
    await expect(page.getByText('Only homes in the area you chose on the map.')).toBeVisible();
    await expect(page.locator('#listing-subtitle')).not.toHaveText(before);
    await expect(status).toHaveText(/on the map\.|has a place on the map\./);
    const after = status.textContent();
    expect(Number((await after)!.match(/(\d+) propert/)?.[1] ?? 0)).toBeLessThan(onMap);
    // The list holds the area's homes: as many as the map (one page of them at most).
    const listed = await page.getByTestId('property-list').locator(':scope > li').count();
    expect(listed).toBe(Math.min(8, Number((await status.textContent())!.match(/(\d+) propert/)?.[1] ?? 0)));
    await keepScreenshot(page, testInfo, 'area');

    // The address, opened afresh, shows the same: the map open on the same area. (The text is read
    // before the reload: after it, the status first says the map is loading.)
    const areaStatus = (await status.textContent())!;
    await page.reload();
    await expect(page.getByRole('button', { name: 'Hide map' })).toBeVisible();
    await expect(status).toHaveText(areaStatus);
    // Show all areas drops the area and keeps the city.
    await page.getByRole('link', { name: 'Show all areas' }).click();
    await expect(page).toHaveURL(/\/properties\?city=accra(#map)?$/);
    await expect(page.locator('#listing-subtitle')).toHaveText(before);
    // Hide map: the list alone again.
    await page.getByRole('button', { name: 'Hide map' }).click();
    await expect(page.locator('#listing-map')).toBeHidden();
  });

  test("the Map button's first press fetches at most 60 KB of script (gzip) @desktop", async ({ page }) => {
    await page.goto('/properties');
    await page.waitForLoadState('networkidle');
    const scripts: Response[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(page.locator('#listing-map [role="status"]')).toHaveText(/propert(y|ies) on the map\./);
    await expect(markersOf(page).first()).toBeVisible();
    let bytes = 0;
    for (const res of scripts) bytes += gzipSync(await res.body(), { level: 9 }).length;
    const files = scripts.map((res) => new URL(res.url()).pathname.replace('/_astro/', '')).sort();
    // Leaflet, its clustering plugin and the map view at least: what is measured is the map.
    expect(files.some((f) => f.startsWith('leaflet-base.'))).toBe(true);
    expect(files.some((f) => f.startsWith('leaflet.markercluster'))).toBe(true);
    expect(files.some((f) => f.startsWith('listing-map.'))).toBe(true);
    const figure = `${(bytes / 1024).toFixed(1)} KB gzip in ${files.length} files (${files.join(', ')})`;
    console.log(`The Map button fetched ${figure}`);
    expect(bytes, figure).toBeLessThanOrEqual(MAP_BUTTON_BUDGET);
  });

  test('with no tiles reachable, the results stay on the map on a plain background, with a notice', async ({
    page,
  }, testInfo) => {
    await page.route(`${TILES_ORIGIN}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/properties?city=accra#map');
    const status = page.locator('#listing-map [role="status"]');
    await expect(status).toContainText(
      "The map's streets could not be loaded, so the results are shown on a plain background.",
    );
    await expect(status).toHaveText(/^\d+ propert(y|ies) on the map\./);
    await expect(markersOf(page).first()).toBeVisible();
    expect((await markerNames(page)).length).toBeGreaterThan(0);
    // The list below is untouched; the notice is shown under the map, not only announced.
    await expect(page.getByTestId('property-list').locator(':scope > li').first()).toBeVisible();
    await status.scrollIntoViewIfNeeded();
    await expect(status).toBeVisible();
    await keepScreenshot(page, testInfo, 'no-tiles');
  });
});
