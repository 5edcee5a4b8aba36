// Privacy of place, over plain HTTP against the real cms and site with demo data: a Ghana Post GPS
// address names a square of about 5 m, so, like the exact map point, no public page, JSON-LD, listing
// answer or sitemap carries it, in any language; staff still read it. Runs once (project "http").
import { expect, test } from '@playwright/test';
import { apiToken, DEMO } from './site-support';

// The Ghana Post GPS form: region letters, district digits, four digits (GA-058-2217).
const GPS = /\b[A-Z]{2}-\d{1,4}-\d{4}\b/;

test('no public page, answer or sitemap carries a GPS address; staff read them', async ({ request }) => {
  // The company's own office address (marketing's site settings, in every page's footer) may name its
  // GPS address: that is the one a visitor is meant to find.
  const settings = await (await request.get('/api/site-setting')).text();
  const office = new Set(settings.match(new RegExp(GPS.source, 'g')) ?? []);
  const listingsIn = (text: string) =>
    text.match(new RegExp(GPS.source, 'g'))?.filter((g) => !office.has(g)) ?? [];
  const token = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
  // Other specs add listings without a GPS address, and the whole suite may have added many before this
  // one runs: the pages are walked until four listings that have one are found.
  const withGps: string[] = [];
  for (let page = 1; withGps.length < 4 && page <= 20; page += 1) {
    const listed = await request.get(`/api/products?page=${page}&pageSize=50`);
    expect(listed.status()).toBe(200);
    const listingText = await listed.text();
    expect(listingText).not.toMatch(GPS);
    const ids = (JSON.parse(listingText) as { _id: string }[]).map((p) => p._id);
    if (ids.length === 0) break;
    // The demo listings have GPS addresses: staff read them, so the checks below are not vacuous.
    for (const id of ids) {
      if (withGps.length >= 4) break;
      const staff = await request.get(`/api/products/${id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const gps = ((await staff.json()) as { digitalAddress?: string | null }).digitalAddress;
      if (gps) withGps.push(id);
    }
  }
  expect(withGps.length).toBeGreaterThan(3);
  for (const id of withGps.slice(0, 4)) {
    expect(await (await request.get(`/api/products/${id}`)).text()).not.toMatch(GPS);
    for (const prefix of ['', '/fr', '/es']) {
      const page = await request.get(`${prefix}/property/${id}`);
      expect(page.status()).toBe(200);
      const html = await page.text();
      expect(listingsIn(html), `${prefix}/property/${id}`).toEqual([]);
      // Asked twice: the cached copy is the same page.
      expect(listingsIn(await (await request.get(`${prefix}/property/${id}`)).text())).toEqual([]);
    }
  }
  for (const path of [
    '/properties',
    '/fr/properties',
    '/es/properties',
    '/sitemap.xml',
    '/api/products/map',
    '/api/products/map/clusters',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(listingsIn(await res.text()), path).toEqual([]);
  }
});
