// A listing's map point, against the real cms: a superadmin types the point into the property form
// (one coordinate alone is refused with the API's message), then moves it with a click on the form's
// map; the public page links to the area at the rounded point, which is all a visitor's answer carries,
// and its map shows that area.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { MESSAGES } from '@fie/domain';
import { signInThroughForm } from './account-support';
import { apiToken, DEMO, demoPhoto, expectNoAxeViolations } from './site-support';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const phone = (testInfo: TestInfo) => testInfo.project.name === 'phone';
const rows = (page: Page, testInfo: TestInfo): Locator =>
  page.getByTestId(phone(testInfo) ? 'property-card' : 'property-row');

async function keepScreenshot(target: Page | Locator, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: join(dir, `${testInfo.project.name}-map-point-${name}.png`) });
}

test.describe('the map point', () => {
  test('a superadmin types a point in the property form; the public page shows the rounded area', async ({
    page,
    request,
  }, testInfo) => {
    const token = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    const location = `Pin Close ${testInfo.project.name} ${Date.now().toString(36)}, East Legon, Accra`;
    const made = await request.post('/api/products', {
      ...auth(token),
      data: {
        images: [await demoPhoto(request)],
        propertyType: 'Apartment',
        leaseType: 'Rent',
        price: 4500,
        currency: 'GHS',
        advanceMonths: 6,
        location,
        city: 'accra',
        nearestLandmark: 'A&C Mall',
        numberOfBedrooms: 2,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const id = ((await made.json()) as { _id: string })._id;
    try {
      // Without a point the page offers no map link.
      await page.goto(`/property/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'See the area on OpenStreetMap' })).toHaveCount(0);

      await page.goto('/login');
      await signInThroughForm(page, DEMO.superadmin.email, DEMO.superadmin.password, { admin: true });
      await expect(page).toHaveURL(/\/super-admin-dashboard$/);
      await page.goto('/admin/properties');
      await page.getByLabel('Search properties by location, type or price').fill(location);
      const row = rows(page, testInfo).filter({ hasText: location.slice(0, 30) });
      await row.getByRole('button', { name: /^Edit / }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Property' });
      await expect(edit.getByLabel('Latitude')).toHaveValue('');
      await edit.getByLabel('Latitude').fill('5.635549');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit.getByText(MESSAGES.coordinatesBoth, { exact: true })).toBeVisible();
      await edit.getByLabel('Longitude').fill('-0.161249');
      await edit.getByLabel('Latitude').scrollIntoViewIfNeeded();
      await keepScreenshot(edit, testInfo, 'form');
      await expectNoAxeViolations(page, 'the Edit Property dialog with a map point');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit).toBeHidden();
      await expect(
        page
          .getByRole('main')
          .getByRole('status')
          .getByText('Property updated successfully', { exact: true }),
      ).toBeVisible();

      // Staff read back the exact point; the form shows it when opened again.
      const staffView = await (await request.get(`/api/products/${id}`, auth(token))).json();
      expect(staffView).toMatchObject({ latitude: 5.635549, longitude: -0.161249 });
      await row.getByRole('button', { name: /^Edit / }).click();
      await expect(edit.getByLabel('Latitude')).toHaveValue('5.635549');
      await expect(edit.getByLabel('Longitude')).toHaveValue('-0.161249');

      // The same point set with the map: it opens with the pin on the typed point; a click moves it there.
      await edit.getByRole('button', { name: 'Pick on the map' }).click();
      await expect(edit.locator('[data-pin-map-state="shown"]')).toBeVisible();
      const pinMap = edit.getByRole('region', { name: /^Map to pick the point/ });
      await expect(pinMap.locator('.fie-pin')).toBeVisible();
      await pinMap.scrollIntoViewIfNeeded();
      const box = (await pinMap.boundingBox())!;
      await pinMap.click({ position: { x: box.width * 0.75, y: box.height * 0.3 } });
      await expect(edit.getByLabel('Latitude')).not.toHaveValue('5.635549');
      const latitude = Number(await edit.getByLabel('Latitude').inputValue());
      const longitude = Number(await edit.getByLabel('Longitude').inputValue());
      // North-east of the old point, a few hundred metres at the map's street zoom.
      expect(latitude).toBeGreaterThan(5.635549);
      expect(longitude).toBeGreaterThan(-0.161249);
      expect(latitude - 5.635549).toBeLessThan(0.01);
      await keepScreenshot(edit, testInfo, 'pin');
      await expectNoAxeViolations(page, 'the Edit Property dialog with its map');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit).toBeHidden();
      expect(await (await request.get(`/api/products/${id}`, auth(token))).json()).toMatchObject({
        latitude,
        longitude,
      });

      // A visitor: the answer and the page carry the area only (3 decimals, about 100 m).
      const round3 = (v: number) => Math.round(v * 1000) / 1000;
      const publicView = await (await request.get(`/api/products/${id}`)).json();
      expect(publicView).toMatchObject({ latitude: round3(latitude), longitude: round3(longitude) });
      // The page is rendered on the server as for anyone (signed in or not, it is the same page).
      await page.goto(`/property/${id}`);
      const link = page.getByRole('link', { name: 'See the area on OpenStreetMap' });
      await expect(link).toHaveAttribute(
        'href',
        `https://www.openstreetmap.org/?mlat=${round3(latitude)}&mlon=${round3(longitude)}#map=16/${round3(latitude)}/${round3(longitude)}`,
      );
      const html = await page.content();
      expect(html).not.toContain(String(latitude));
      expect(html).not.toContain(String(longitude));
      // The page's map shows the area at the rounded point.
      await page.getByRole('heading', { name: 'Where it is' }).scrollIntoViewIfNeeded();
      await expect(page.locator('[data-area-map-state="shown"]')).toBeVisible();
      await expect(
        page.getByRole('region', { name: /^Map of the area around Pin Close/ }).locator('svg path'),
      ).toHaveCount(1);
      await keepScreenshot(page, testInfo, 'page');
    } finally {
      await request.delete(`/api/products/${id}`, auth(token));
    }
  });
});
