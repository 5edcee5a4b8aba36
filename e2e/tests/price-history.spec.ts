// Price history on the public site, against the real cms: staff cut a listing's price through the API;
// its card in the listing carries a "Reduced" badge, and its page says "Reduced by GH₵ X on DATE" with
// the short price history (GH₵ first, dates in Africa/Accra). Server-rendered: no script is needed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiToken, DEMO, demoPhoto, expectNoAxeViolations } from './site-support';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the screens for a person to look at. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-price-history-${name}.png`), fullPage });
}

const accraToday = () =>
  new Date().toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Accra',
  });

test('a cut price shows as Reduced on the card and with its history on the property page', async ({
  page,
  request,
}, testInfo) => {
  const token = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
  const location = `Reduction Row ${testInfo.project.name} ${Date.now()}, Osu`;
  const created = await request.post('/api/products', {
    ...auth(token),
    data: {
      location,
      nearestLandmark: 'Osu Castle',
      price: 4500,
      currency: 'GHS',
      propertyType: 'Apartment',
      leaseType: 'Rent',
      advanceMonths: 6,
      numberOfBedrooms: 2,
      images: [await demoPhoto(request)],
      city: 'accra',
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json())._id as string;
  for (const price of [3900, 3600])
    expect((await request.put(`/api/products/${id}`, { ...auth(token), data: { price } })).status()).toBe(
      200,
    );

  // Newest first: the listing's first card is this one, with its badge.
  await page.goto('/properties');
  const card = page.getByTestId('property-list').getByRole('article').filter({ hasText: location });
  // "Reduced" to the eye; screen readers hear by how much.
  const badge = card.locator('[data-reduced]');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText('Reduced by GH₵900');
  await expect(badge).toHaveAttribute('data-reduced', '900');
  await expect(badge.locator('.sr-only')).toHaveText('by GH₵900');
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'card');

  await page.goto(`/property/${id}`);
  await expect(page.getByText(`Reduced by GH₵900 on ${accraToday()}`)).toBeVisible();
  const history = page.getByRole('region', { name: 'Price history' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').first()).toContainText('GH₵3,600');
  await expect(history.getByRole('listitem').first()).toContainText(accraToday());
  await expect(history.getByRole('listitem').last()).toContainText('GH₵4,500');
  await expectNoAxeViolations(page, '/property/:id with a reduction');
  await keepScreenshot(page, testInfo, 'page', true);

  // Raised back: no badge, no "Reduced by", the history keeps all four prices.
  expect((await request.put(`/api/products/${id}`, { ...auth(token), data: { price: 4500 } })).status()).toBe(
    200,
  );
  await expect(async () => {
    await page.goto(`/property/${id}`);
    await expect(page.getByText(/^Reduced by/)).toHaveCount(0);
    await expect(history.getByRole('listitem')).toHaveCount(4);
  }).toPass({ timeout: 60_000 });
});
