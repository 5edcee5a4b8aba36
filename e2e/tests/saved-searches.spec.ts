// Saved searches, against the real cms: a seeker saves the listing's filters from the listing page
// (signed out, the button leads to sign in and back, with the panel open), manages them on the
// dashboard's Saved tab (frequency, alerts on and off, delete), and follows a real alert e-mail's
// unsubscribe link to the page that asks, whose button turns the alerts off and offers Undo.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import {
  fromNewestMail,
  seekerAddedByStaff,
  PASSWORD,
  signInThroughForm,
  uniqueEmail,
} from './account-support';
import { apiToken, DEMO, demoPhoto, expectNoAxeViolations } from './site-support';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const searches = (page: Page) => page.getByRole('tabpanel').getByTestId('saved-search');
const LISTING = '/properties?leaseType=Rent&city=accra';

/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the screens for a person to look at. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-saved-searches-${name}.png`), fullPage });
}

/** Scrolls an element to the top of the screen, below the sticky site header. */
const scrollBelowHeader = (element: Element) => {
  element.scrollIntoView();
  window.scrollBy(0, -96);
};

/** The List-Unsubscribe address of the newest saved-search alert to `email`, waiting for it to come. */
function unsubscribeUrlFromAlert(email: string): Promise<string> {
  return fromNewestMail(
    email,
    'matches your search',
    ({ file }) => {
      const raw = readFileSync(file.replace(/\.txt$/, '.eml'), 'utf8');
      const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      return /^List-Unsubscribe:\s*<([^>]+)>/im.exec(head)?.[1] ?? null;
    },
    30_000,
  );
}

async function listOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/saved-searches', auth(token));
  expect(res.status()).toBe(200);
  return (await res.json()) as Array<{ id: string; active: boolean; frequency: string; label: string }>;
}

test.describe('saved searches', () => {
  test('saved from the listing (after signing in), then changed, switched off and deleted on the dashboard', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'searches');
    const token = await seekerAddedByStaff(request, email);

    // Signed out: the button leads to sign in, and back here with the panel open.
    await page.goto(LISTING);
    const save = page.getByRole('button', { name: 'Save this search' });
    await expect(save).toHaveAttribute('aria-expanded', 'false');
    const box = (await save.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await save.click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await signInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL(LISTING);
    const panel = page.getByRole('form', { name: 'Get new matches by e-mail' });
    await expect(panel).toBeVisible();
    await expect(save).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toContainText('Saving: Properties for rent in Accra');
    await expect(panel.getByRole('radio', { name: /Daily/ })).toBeChecked();
    await expectNoAxeViolations(page, `${LISTING} with the save-search panel`);
    await keepScreenshot(page, testInfo, 'listing-panel');

    // The filters changed in place after the panel was closed and opened again: what is saved is what is shown.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel).toBeHidden();
    await page.getByLabel('Property type').selectOption('House');
    await expect(page).toHaveURL(/propertyType=House/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('House Properties');
    await page.getByRole('button', { name: 'Save this search' }).click();
    await expect(panel).toContainText('Saving: Houses for rent in Accra');
    await panel.getByRole('button', { name: 'Save search' }).click();
    const status = panel.getByRole('status');
    await expect(status).toContainText('Search saved. We will e-mail you new matches.');
    await keepScreenshot(page, testInfo, 'listing-saved');
    expect(await listOf(request, token)).toMatchObject([
      { label: 'Houses for rent in Accra', frequency: 'daily', active: true },
    ]);

    // The same search again: the server's reason, with the way to the one saved.
    await page.reload();
    await page.getByRole('button', { name: 'Save this search' }).click();
    await panel.getByRole('button', { name: 'Save search' }).click();
    await expect(panel.getByRole('alert')).toContainText('You have already saved this search.');

    // A city page saves its city from the path.
    await page.goto('/properties/kumasi?leaseType=Sale');
    await page.getByRole('button', { name: 'Save this search' }).click();
    await expect(panel).toContainText('Saving: Properties for sale in Kumasi');
    await panel.getByRole('radio', { name: /Instant/ }).check();
    await panel.getByRole('button', { name: 'Save search' }).click();
    await expect(status).toContainText('Search saved.');
    await status.getByRole('link', { name: 'Manage saved searches' }).click();

    // The dashboard's Saved tab: both, newest first.
    await expect(page).toHaveURL(/\/dashboard#saved$/);
    await expect(searches(page)).toHaveCount(2);
    const houses = searches(page).filter({ hasText: 'Houses for rent in Accra' });
    await expect(houses).toContainText('Daily alerts by e-mail');
    await expect(houses.getByRole('link', { name: 'View listings' })).toHaveAttribute(
      'href',
      '/properties?city=accra&propertyType=House&leaseType=Rent',
    );
    await expect(searches(page).first()).toContainText('Properties for sale in Kumasi');
    await expectNoAxeViolations(page, '/dashboard#saved with saved searches');
    await page.getByRole('heading', { name: 'Saved searches' }).evaluate(scrollBelowHeader);
    await keepScreenshot(page, testInfo, 'dashboard');
    await keepScreenshot(page, testInfo, 'dashboard-full', true);

    await houses.getByLabel('E-mail me').selectOption('weekly');
    await expect(page.getByText('Alert frequency updated')).toBeVisible();
    const alerts = houses.getByRole('switch', { name: 'Alerts' });
    await expect(alerts).toHaveAttribute('aria-checked', 'true');
    await alerts.click();
    await expect(alerts).toHaveAttribute('aria-checked', 'false');
    await expect(houses).toContainText('Alerts off');
    await page.reload();
    await expect(houses.getByLabel('E-mail me')).toHaveValue('weekly');
    await expect(houses.getByRole('switch', { name: 'Alerts' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('heading', { name: 'Saved searches' }).evaluate(scrollBelowHeader);
    await keepScreenshot(page, testInfo, 'dashboard-alerts-off');

    await houses.getByRole('button', { name: 'Delete saved search: Houses for rent in Accra' }).click();
    await expect(houses.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await houses.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByText('Saved search deleted')).toBeVisible();
    await expect(searches(page)).toHaveCount(1);
    await searches(page)
      .getByRole('button', { name: /^Delete saved search/ })
      .click();
    await searches(page).getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('No Saved Searches');
    await keepScreenshot(page, testInfo, 'dashboard-empty');
    expect(await listOf(request, token)).toEqual([]);
  });

  test('an alert’s unsubscribe link asks, its button turns the alerts off, and Undo turns them back on', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'unsub');
    const token = await seekerAddedByStaff(request, email);
    // A price no other listing has, so the alert is this test's own.
    const price = 60_000 + Math.floor(Math.random() * 30_000);
    const saved = await request.post('/api/saved-searches', {
      ...auth(token),
      data: {
        query: { city: 'accra', leaseType: 'Rent', minPrice: price, maxPrice: price },
        frequency: 'instant',
      },
    });
    expect(saved.status()).toBe(201);
    const label = ((await saved.json()) as { label: string }).label;

    const superToken = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    const listed = await request.post('/api/products', {
      ...auth(superToken),
      data: {
        location: `Alert Close ${testInfo.project.name}, Osu`,
        nearestLandmark: 'Osu Castle',
        price,
        currency: 'GHS',
        propertyType: 'Apartment',
        leaseType: 'Rent',
        city: 'accra',
        images: [await demoPhoto(request)],
      },
    });
    expect(listed.status()).toBe(201);

    const link = await unsubscribeUrlFromAlert(email);
    expect(new URL(link).pathname).toBe('/api/saved-searches/unsubscribe');
    const linkToken = new URL(link).searchParams.get('token')!;

    // Followed in the browser (a fetch, as a link scanner's would be): nothing changes yet; the site's
    // page names the search and asks.
    await page.goto(link);
    // The page takes the token out of the address bar at once (as it does any ?token=), so it is not
    // bookmarked, shared or sent on; the form holds it.
    await expect(page).toHaveURL(/\/alerts\/unsubscribe$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop these e-mail alerts?');
    await expect(page.getByText(`You get e-mails about new listings for “${label}”.`)).toBeVisible();
    expect((await listOf(request, token))[0]!.active).toBe(true);
    await expectNoAxeViolations(page, '/alerts/unsubscribe');
    await keepScreenshot(page, testInfo, 'unsubscribe');

    // The button POSTs: off, and the next page says so.
    await page.getByRole('button', { name: 'Turn off alerts' }).click();
    await expect(page).toHaveURL(/\/alerts\/unsubscribed$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerts turned off');
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `You will no longer get e-mails for “${label}”.`,
    );
    expect((await listOf(request, token))[0]!.active).toBe(false);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('link', { name: 'Manage your saved searches' })).toHaveAttribute(
      'href',
      '/dashboard#saved',
    );
    await expectNoAxeViolations(page, '/alerts/unsubscribed');
    await keepScreenshot(page, testInfo, 'unsubscribed');

    // Undo: a plain form post, back to the same page, now on.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerts are on');
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`Alerts are on for “${label}”.`);
    expect((await listOf(request, token))[0]!.active).toBe(true);
    await keepScreenshot(page, testInfo, 'resubscribed');

    // The alert's own link never turns alerts back on: off again, its page offers no Undo.
    await page.goto(link);
    await page.getByRole('button', { name: 'Turn off alerts' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerts turned off');
    await page.goto(`/alerts/unsubscribed?token=${encodeURIComponent(linkToken)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerts turned off');
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect(page.getByText('To turn them back on, sign in and open your saved searches.')).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerts turned off');
    await expect(page.getByText(`Alerts for “${label}” are already off.`)).toBeVisible();

    // The page is never kept by a cache; a link that is not ours says so with 400, a deleted search with 404.
    const fresh = await request.get(`/alerts/unsubscribed?token=${encodeURIComponent(linkToken)}`);
    expect(fresh.status()).toBe(200);
    expect(fresh.headers()['cache-control']).toMatch(/no-store/);
    const bad = await request.get('/alerts/unsubscribed?token=not-a-token');
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain('This unsubscribe link is not valid.');
    const [search] = await listOf(request, token);
    expect((await request.delete(`/api/saved-searches/${search!.id}`, auth(token))).status()).toBe(204);
    const gone = await request.get(`/alerts/unsubscribed?token=${encodeURIComponent(linkToken)}`);
    expect(gone.status()).toBe(404);
    expect(await gone.text()).toContain('This saved search was deleted');
    await page.goto('/alerts/unsubscribed?token=not-a-token');
    await keepScreenshot(page, testInfo, 'invalid-link');
  });
});

test.describe('saved searches without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Save this search is a link to sign in that comes back to the listing', async ({ page }) => {
    await page.goto(LISTING);
    const link = page.getByRole('link', { name: 'Save this search' });
    await expect(link).toHaveAttribute('href', `/login?next=${encodeURIComponent(`${LISTING}#save-search`)}`);
    await expect(page.getByRole('form', { name: 'Get new matches by e-mail' })).toBeHidden();
  });
});
