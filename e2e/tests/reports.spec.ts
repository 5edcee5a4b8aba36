// Reports of a listing, against the real cms: a signed-out visitor reports a listing from its page
// (the form's code loads only when it is opened), and staff see the report in /admin/reports, with
// the open count in the menu, and resolve it with a note.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { reportListSchema } from '@fie/domain';
import { signInThroughForm } from './account-support';
import { apiToken, DEMO, expectNoAxeViolations } from './site-support';

const phone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** Set E2E_SCREENSHOTS to a folder to keep screenshots for a person to look at. */
async function keepScreenshot(target: Page | Locator, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: join(dir, `${testInfo.project.name}-reports-${name}.png`) });
}

/** The menu's navigation: the docked sidebar's, or on phones the drawer's (opened here). */
async function openMenu(page: Page, testInfo: TestInfo) {
  if (phone(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Back office' });
  }
  return page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('navigation', { name: 'Back office' });
}

test.describe('reporting a listing', () => {
  test('a visitor reports a listing from its page, and staff resolve it in /admin/reports', async ({
    page,
    request,
  }, testInfo) => {
    // Each width reports its own listing (one address may report a listing twice a day).
    const listing = await request.get('/api/products?pageSize=8');
    expect(listing.status()).toBe(200);
    const property = ((await listing.json()) as Array<{ _id: string }>)[phone(testInfo) ? 7 : 6]!;
    const details = `Let last month, the caretaker says (${testInfo.project.name} ${Date.now().toString(36)})`;

    // The form's code is not part of the page's first load.
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`/property/${property._id}`);
    const open = page.getByRole('button', { name: 'Report this listing' });
    await expect(open).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((u) => /report-listing/.test(u))).toBe(false);

    // The form's code comes slowly, as on a poor line: "Send report" pressed before it has come is held
    // until it has (not sent the plain way, which would reload the page).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/report-listing/, async (route) => {
      await held;
      await route.continue();
    });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => scripts.some((u) => /report-listing/.test(u))).toBe(true);
    // Sending without a reason says what is missing, without a request.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    release();
    await expect(dialog.getByRole('alert')).toHaveText('Choose why you are reporting this listing');

    await dialog.getByRole('radio', { name: 'Already let or sold' }).check();
    await expect(dialog.getByRole('alert')).toBeEmpty();
    await dialog.getByLabel('Details (optional)').fill(details);
    await expect(dialog.getByText(`${details.length} / 1,000 characters`)).toBeVisible();
    await expectNoAxeViolations(page, 'report form');
    await keepScreenshot(page, testInfo, 'form');

    const sent = page.waitForResponse(
      (r) => r.url().endsWith(`/api/products/${property._id}/reports`) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Send report' }).click();
    expect((await sent).status()).toBe(201);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Thank you. Our team will look into this listing.')).toBeVisible();
    await keepScreenshot(page.locator('#report'), testInfo, 'sent');

    // Staff: the admin at desktop width, the superadmin on the phone (both may act on reports).
    const who = phone(testInfo) ? DEMO.superadmin : DEMO.admin;
    const token = await apiToken(request, who.email, who.password);
    const openCount = Number(
      (
        await request.get('/api/reports?status=open&pageSize=1', {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).headers()['x-total-count'],
    );
    expect(openCount).toBeGreaterThan(0);

    await page.goto('/login');
    await signInThroughForm(page, who.email, who.password, { admin: !phone(testInfo) });
    await expect(page).toHaveURL(/dashboard$/);
    const menu = await openMenu(page, testInfo);
    await expect(
      menu.getByRole('link', { name: `Reports (${openCount} waiting)`, exact: true }),
    ).toBeVisible();
    await menu.getByRole('link', { name: /^Reports/ }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole('heading', { name: 'Reported Listings', level: 2 })).toBeVisible();

    const item = page
      .getByTestId(phone(testInfo) ? 'report-card' : 'report-row')
      .filter({ hasText: details });
    await expect(item).toBeVisible();
    await expect(item.getByText('Already let or sold')).toBeVisible();
    await expect(item.getByText('Signed-out visitor')).toBeVisible();
    await expect(
      item.getByRole('link', { name: /^(House|Apartment|Land|Commercial|Townhouse)/ }),
    ).toHaveAttribute('href', `/property/${property._id}`);
    await expectNoAxeViolations(page, '/admin/reports');
    await keepScreenshot(page, testInfo, 'admin-list');

    await item.getByRole('button', { name: /^Resolve report about/ }).click();
    const decide = page.getByRole('dialog', { name: 'Resolve report' });
    await expect(decide).toBeVisible();
    await decide.getByLabel(/^Note/).fill('Landlord confirmed it is let; listing marked unavailable.');
    await keepScreenshot(page, testInfo, 'resolve-dialog');
    await decide.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(decide).toBeHidden();
    await expect(page.getByText('Report resolved').first()).toBeVisible();
    await expect(item).toHaveCount(0);

    // Under "Resolved" it shows with the note and who acted.
    await page.getByLabel('Filter by status').selectOption('resolved');
    const done = page
      .getByTestId(phone(testInfo) ? 'report-card' : 'report-row')
      .filter({ hasText: details });
    await expect(done).toBeVisible();
    await expect(done.getByText('Landlord confirmed it is let; listing marked unavailable.')).toBeVisible();
    await expect(done.getByText(`by ${who.email}`)).toBeVisible();

    const resolved = reportListSchema.parse(
      await (
        await request.get('/api/reports?status=resolved&pageSize=100', {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    expect(resolved.find((r) => r.details === details)).toMatchObject({
      status: 'resolved',
      reason: 'already-let',
      actedByEmail: who.email,
      property: { _id: property._id },
    });
  });
});
