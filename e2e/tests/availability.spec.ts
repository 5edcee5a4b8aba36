// Fresh listings: the demo catalogue holds listings confirmed long ago (hidden from the listing, their
// page saying so) and a while ago ("May no longer be available"). A staff member confirms a hidden one
// from the dashboard's "Needs confirming" and sees it back on /properties.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { signInThroughForm } from './account-support';
import { DEMO, expectNoAxeViolations } from './site-support';

async function keepScreenshot(page: Page | Locator, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${testInfo.project.name}-${name}.png`);
  if ('goto' in page) await page.screenshot({ path, fullPage: false });
  else await page.screenshot({ path });
}

/** The listing's cards found by a search for `place`. */
const cardsFor = (page: Page) => page.getByTestId('property-list').locator('article');

test.describe('fresh listings', () => {
  test('cards and pages say how fresh a listing is; an unconfirmed one warns', async ({
    page,
    request,
  }, testInfo) => {
    // A recently confirmed listing: its card and page say when.
    const [fresh] = (await (await request.get('/api/products?pageSize=1&sort=newest')).json()) as Array<{
      _id: string;
      location: string;
      availabilityStatus: string;
    }>;
    expect(fresh!.availabilityStatus).toBe('confirmed');
    await page.goto(`/property/${fresh!._id}`);
    await expect(page.locator('[data-availability="confirmed"]')).toHaveText(
      /^\s*Availability confirmed (today|yesterday|\d+ days ago|on \d+ \w+ \d{4})\s*$/,
    );
    await expect(page.locator('[data-hidden-notice]')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'availability-page-confirmed');

    // One confirmed 31-59 days ago (the demo's Nhyiaeso house): still listed, with the warning.
    await page.goto('/properties?search=Nhyiaeso');
    const unconfirmedCard = cardsFor(page).filter({ hasText: 'May no longer be available — ask us first' });
    await expect(unconfirmedCard.first()).toBeVisible();
    await expect(
      cardsFor(page)
        .filter({ hasText: /Availability confirmed/ })
        .first(),
    ).toBeVisible();
    await keepScreenshot(page.getByTestId('property-list'), testInfo, 'availability-cards');
    await unconfirmedCard.first().getByRole('heading').getByRole('link').click();
    await expect(page.locator('[data-availability="unconfirmed"]')).toHaveText(
      'May no longer be available — ask us first',
    );
    await expect(page.locator('[data-hidden-notice]')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'availability-page-unconfirmed');
  });

  test('a staff member confirms a hidden listing from the dashboard and it returns to /properties', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto('/login');
    await signInThroughForm(page, DEMO.admin.email, DEMO.admin.password, { admin: true });
    await expect(page).toHaveURL(/\/admin-dashboard$/);

    const section = page.getByTestId('needs-confirming');
    await expect(section.getByRole('heading', { name: 'Needs confirming' })).toBeVisible();
    const hiddenRows = section
      .getByTestId('needs-confirming-row')
      .filter({ has: page.getByText('Hidden from the listing', { exact: true }) });
    await expect(hiddenRows.first()).toBeVisible();
    await expect(section.getByTestId('needs-confirming-count')).toHaveText(/^\d+$/);
    await section.scrollIntoViewIfNeeded();
    await keepScreenshot(section, testInfo, 'availability-dashboard-card');
    await expectNoAxeViolations(page, '/admin-dashboard (needs confirming)');

    const row = hiddenRows.first();
    const id = (await row.getAttribute('data-property'))!;
    const location = (await row.getByRole('link').textContent())!.trim();
    const place = location.split(',')[0]!;

    // Before: out of the listing; its page stays, with the notice.
    const visitor = await page.context().newPage();
    await visitor.goto(`/property/${id}`);
    await expect(visitor.locator('[data-hidden-notice]')).toContainText(
      'This home is no longer in our listing until we confirm it is still available.',
    );
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await keepScreenshot(visitor, testInfo, 'availability-page-hidden');
    await visitor.goto(`/properties?search=${encodeURIComponent(place)}`);
    await expect(visitor.locator(`a[href="/property/${id}"]`)).toHaveCount(0);

    // Confirm from the dashboard: a toast, and the row leaves the list.
    await row.getByRole('button', { name: /Confirm still available/ }).click();
    await expect(page.getByText('Confirmed still available. It is back in the listing.')).toBeVisible();
    await expect(section.locator(`[data-property="${id}"]`)).toHaveCount(0);

    // Back on /properties (pages are cached for at most 30 seconds).
    await expect(async () => {
      await visitor.goto(`/properties?search=${encodeURIComponent(place)}`);
      await expect(visitor.locator(`a[href="/property/${id}"]`).first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 45_000, intervals: [2_000] });
    const card = cardsFor(visitor).filter({ has: visitor.locator(`a[href="/property/${id}"]`) });
    await expect(card.locator('[data-availability="confirmed"]')).toHaveText('Availability confirmed today');
    await expect(async () => {
      await visitor.goto(`/property/${id}`);
      await expect(visitor.locator('[data-hidden-notice]')).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 45_000, intervals: [2_000] });
    await expect(visitor.locator('[data-availability="confirmed"]')).toHaveText(
      'Availability confirmed today',
    );
    await visitor.close();
  });
});
