// The move-in cost, against the real cms: a visitor opens a Rent listing's page and sees what moving in
// costs (the advance, the agency fee and the registration fee, and their total), tries another advance
// with the calculator, and reads the Act 220 note beyond six months; without JavaScript the figures
// still read. A Rent listing without an advance says "Advance: ask us"; cards name the advance.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { apiToken, DEMO, demoPhoto, expectNoAxeViolations } from './site-support';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const ACT_220 = 'The Rent Act 1963 (Act 220) limits an advance to six months.';

/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the screens for a person to look at. */
async function keepScreenshot(target: Page | Locator, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: join(dir, `${testInfo.project.name}-move-in-${name}.png`) });
}

/** A Rent listing of a superadmin (approved at once), GH₵ 2,000 a month, with the given terms. */
async function rentListing(
  request: APIRequestContext,
  token: string,
  location: string,
  terms: Record<string, unknown>,
): Promise<string> {
  const created = await request.post('/api/products', {
    ...auth(token),
    data: {
      images: [await demoPhoto(request)],
      propertyType: 'Apartment',
      leaseType: 'Rent',
      price: 2000,
      currency: 'GHS',
      location,
      city: 'accra',
      nearestLandmark: 'Oxford Street',
      numberOfBedrooms: 2,
      numberOfBathrooms: 1,
      ...terms,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

const place = (testInfo: TestInfo, label: string) =>
  `${label} Lane ${testInfo.project.name} ${Date.now().toString(36)}, Osu, Accra`;

test.describe('the move-in cost', () => {
  test('a visitor sees the total and its parts, tries another advance, and reads the Act 220 note', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const token = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    const location = place(testInfo, 'Advance');
    const id = await rentListing(request, token, location, {
      advanceMonths: 12,
      agencyFeePercent: 10,
      registrationFee: 500,
    });
    try {
      await page.goto(`/property/${id}`);
      const block = page.getByRole('region', { name: /^To move in:/ });
      await expect(block.getByRole('heading', { level: 2 })).toHaveText('To move in: GH₵26,900');
      await expect(block.getByRole('definition')).toHaveText(['GH₵24,000', 'GH₵2,400', 'GH₵500']);
      await expect(block.getByRole('term')).toHaveText([
        "12 months' advance",
        'Agency fee (10% of the advance)',
        'Registration fee (non-refundable)',
      ]);
      await expect(block.getByText(ACT_220)).toBeVisible();
      const months = block.getByLabel('Try another advance');
      await expect(months).toHaveValue('12');
      await expect(block.getByText('Only where the landlord accepts a different advance')).toBeVisible();
      await block.scrollIntoViewIfNeeded();
      await keepScreenshot(block, testInfo, 'block-12-months');
      await expectNoAxeViolations(page, 'the property page with its move-in cost');

      // Six months: within the Act's limit, so no note.
      await months.selectOption('6');
      await expect(block.getByRole('heading', { level: 2 })).toHaveText('To move in: GH₵13,700');
      await expect(block.getByRole('term').first()).toHaveText("6 months' advance");
      await expect(block.getByRole('definition')).toHaveText(['GH₵12,000', 'GH₵1,200', 'GH₵500']);
      await expect(block.getByText(ACT_220)).toBeHidden();
      await keepScreenshot(block, testInfo, 'block-6-months');

      await months.selectOption('24');
      await expect(block.getByRole('heading', { level: 2 })).toHaveText('To move in: GH₵53,300');
      await expect(block.getByText(ACT_220)).toBeVisible();
      await keepScreenshot(page, testInfo, 'page');

      // Without JavaScript the listed figures read the same; the picker, which needs a script, is not shown.
      const plain = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
      try {
        const noScript = await plain.newPage();
        await noScript.goto(`/property/${id}`);
        const still = noScript.getByRole('region', { name: /^To move in:/ });
        await expect(still.getByRole('heading', { level: 2 })).toHaveText('To move in: GH₵26,900');
        await expect(still.getByText(ACT_220)).toBeVisible();
        await expect(still.getByLabel('Try another advance')).toBeHidden();
      } finally {
        await plain.close();
      }

      // Its card on the listing names the advance.
      await page.goto(`/properties?search=${encodeURIComponent(location)}`);
      const card = page.getByTestId('property-list').getByRole('article');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText("12 months' advance");
      await keepScreenshot(card, testInfo, 'card');
    } finally {
      await request.delete(`/api/products/${id}`, auth(token));
    }
  });

  test('a Rent listing without an advance says "Advance: ask us"; demo cards name theirs', async ({
    page,
    request,
  }, testInfo) => {
    const token = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    const id = await rentListing(request, token, place(testInfo, 'Ask'), {});
    try {
      await page.goto(`/property/${id}`);
      await expect(page.getByText('Advance: ask us')).toBeVisible();
      await expect(page.getByRole('link', { name: 'ask us' })).toHaveAttribute('href', '#enquire');
      await expect(page.getByRole('region', { name: /^To move in:/ })).toHaveCount(0);
      await expect(page.getByText(ACT_220)).toHaveCount(0);
      await keepScreenshot(page.getByText('Advance: ask us'), testInfo, 'ask-us');
    } finally {
      await request.delete(`/api/products/${id}`, auth(token));
    }

    await page.goto('/properties?leaseType=Rent');
    const cards = page.getByTestId('property-list').getByRole('article');
    await expect(cards.first()).toBeVisible();
    const withAdvance = cards.filter({ hasText: /\d+ months' advance/ });
    await expect(withAdvance.first()).toBeVisible();
    await withAdvance.first().scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'rent-cards');
  });
});
