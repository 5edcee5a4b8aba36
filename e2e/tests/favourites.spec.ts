// Favourites, against the real cms: a heart saved while signed out follows the seeker into the account
// at sign-in and is listed on the dashboard's Saved tab, where it is removed; without JavaScript the
// heart is a link to sign in that comes back; a favourite whose property left the listing stays on the
// Saved tab as "No longer available" until removed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { seekerAddedByStaff, PASSWORD, signInThroughForm, uniqueEmail } from './account-support';
import { apiToken, DEMO, demoPhoto, expectNoAxeViolations } from './site-support';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const cards = (page: Page) => page.getByTestId('property-list').getByRole('article');
const saved = (page: Page) => page.getByRole('tabpanel').getByTestId('saved-property');

/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the screens for a person to look at. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-favourites-${name}.png`), fullPage });
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openSavedTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Saved' }).click();
  await expect(page).toHaveURL(/#saved$/);
}

/** A card's heart once its script has made it a toggle button. */
const heartOf = (card: Locator) => card.locator('button[data-heart]');

test.describe('favourites', () => {
  test('signed out, a heart on the listing follows the seeker into the account; the Saved tab lists and removes it', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'hearts');
    await seekerAddedByStaff(request, email);

    await page.goto('/properties');
    const card = cards(page).nth(1);
    const title = ((await card.getByRole('heading').textContent()) ?? '').trim();
    const heart = heartOf(card);
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart).toHaveAccessibleName('Save to favourites');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart).toHaveAccessibleName('Remove from favourites');
    await expect(page.getByRole('status').filter({ hasText: 'Saved in this browser' })).toBeVisible();
    const id = (await heart.getAttribute('data-heart'))!;
    expect(await page.evaluate(() => localStorage.getItem('favourites'))).toBe(JSON.stringify([id]));
    // The heart's tap saved, it did not open the property under the card-wide link.
    await expect(page).toHaveURL(/\/properties$/);
    await expectNoAxeViolations(page, '/properties with a saved heart');
    await keepScreenshot(page, testInfo, 'listing-signed-out');

    // A page swapped in place (the next page and back) keeps the heart's state.
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.goBack();
    await expect(heartOf(cards(page).nth(1))).toHaveAttribute('aria-pressed', 'true');

    await signIn(page, email);
    expect(await page.evaluate(() => localStorage.getItem('favourites'))).toBeNull();
    await openSavedTab(page);
    await expect(saved(page)).toHaveCount(1);
    await expect(saved(page).getByRole('link', { name: title })).toHaveAttribute('href', `/property/${id}`);
    await expect(saved(page)).toContainText('GH₵');
    await expectNoAxeViolations(page, '/dashboard#saved');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByRole('button', { name: /1\s*Saved properties/ })).toBeVisible();
    await keepScreenshot(page, testInfo, 'overview');

    // The listing now shows the account's heart, and the property page too.
    await page.goto('/properties');
    await expect(heartOf(cards(page).nth(1))).toHaveAttribute('aria-pressed', 'true');
    await expect(heartOf(cards(page).first())).toHaveAttribute('aria-pressed', 'false');
    await keepScreenshot(page, testInfo, 'listing-signed-in');
    await page.goto(`/property/${id}`);
    const pageHeart = page.locator('main button[data-heart]');
    await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');
    await expect(pageHeart).toHaveAccessibleName('Remove from favourites');
    await keepScreenshot(page, testInfo, 'property-page');

    // Removed on the Saved tab: gone there, and gone for good.
    await page.goto('/dashboard#saved');
    await saved(page)
      .getByRole('button', { name: `Remove ${title} from favourites` })
      .click();
    await expect(page.getByRole('tabpanel')).toContainText('No Saved Properties');
    await page.reload();
    await expect(page.getByRole('tabpanel')).toContainText('No Saved Properties');

    // Signing out leaves none of the account's hearts in this browser.
    await page.goto('/properties');
    await heartOf(cards(page).first()).click();
    await expect(heartOf(cards(page).first())).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('favourites'))).toBeNull();
    await page.goto('/properties');
    await expect(heartOf(cards(page).first())).toHaveAttribute('aria-pressed', 'false');
  });

  test('a favourite whose property left the listing shows as no longer available, and can be removed', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'gone');
    const seekerToken = await seekerAddedByStaff(request, email);
    const superToken = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    const location = `Heart Lane ${testInfo.project.name}${Date.now().toString(36)}, Osu`;
    const created = await request.post('/api/products', {
      ...auth(superToken),
      data: {
        location,
        nearestLandmark: 'Osu Castle',
        price: 1800,
        propertyType: 'Apartment',
        leaseType: 'Rent',
        images: [await demoPhoto(request)],
      },
    });
    expect(created.status()).toBe(201);
    const goneId = ((await created.json()) as { _id: string })._id;
    const listed = await request.get('/api/products?pageSize=2');
    const [kept] = ((await listed.json()) as { _id: string }[]).filter((p) => p._id !== goneId);
    for (const id of [kept!._id, goneId])
      expect((await request.put(`/api/favourites/${id}`, auth(seekerToken))).status()).toBe(201);
    expect((await request.delete(`/api/products/${goneId}`, auth(superToken))).status()).toBe(200);

    await signIn(page, email);
    await openSavedTab(page);
    await expect(saved(page)).toHaveCount(2);
    const gone = saved(page).first(); // newest first
    await expect(gone).toContainText('No longer available');
    await expect(gone).toContainText(`Apartment in ${location}`);
    await expect(gone.getByRole('link')).toHaveCount(0);
    await expect(gone.locator('img')).toHaveCount(0);
    await expect(saved(page).nth(1).getByRole('link')).toHaveAttribute('href', `/property/${kept!._id}`);
    await expectNoAxeViolations(page, '/dashboard#saved with a property no longer listed');
    await keepScreenshot(page, testInfo, 'saved-tab');
    await keepScreenshot(page, testInfo, 'saved-tab-full', true);

    await gone.getByRole('button', { name: 'Remove' }).click();
    await expect(saved(page)).toHaveCount(1);
    await page.reload();
    await expect(saved(page)).toHaveCount(1);
    await expect(saved(page)).not.toContainText('No longer available');
  });
});

test.describe('favourites without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the heart is a link to sign in that comes back to the page', async ({ page }) => {
    await page.goto('/properties?leaseType=Rent');
    const heart = cards(page).first().getByRole('link', { name: 'Save to favourites' });
    await expect(heart).toHaveAttribute('href', '/login?next=%2Fproperties%3FleaseType%3DRent');
    const box = (await heart.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await heart.click();
    await expect(page).toHaveURL(/\/login\?next=%2Fproperties%3FleaseType%3DRent$/);

    await page.goto('/properties');
    const href = (await cards(page).first().getByRole('heading').getByRole('link').getAttribute('href'))!;
    await page.goto(href);
    await expect(page.getByRole('main').getByRole('link', { name: 'Save to favourites' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(href)}`,
    );
  });
});
