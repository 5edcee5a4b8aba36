// The Strapi admin panel as marketing staff use it: a Marketing-role user (the demo seed's
// marketing@fiehomes.local) edits the home page's hero title as a draft, sees the draft in the
// panel's preview (the site's signed /preview route in a frame), the public home keeps the published
// title, and after Publish the public home shows the new title within the one-minute freshness promise.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { E2E } from '../scripts/ports';

const MARKETING = { email: 'marketing@fiehomes.local', password: 'FieMarketing2026!' };
const HOME_EDIT = `${E2E.cmsUrl}/admin/content-manager/single-types/api::home-page.home-page`;
const SHOTS = join(process.cwd(), 'test-results', 'marketing-panel');

/** The title the public home shows now (its hero heading). */
async function publicHeroTitle(page: Page): Promise<string> {
  await page.goto('/');
  return (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
}

async function signInToPanel(page: Page): Promise<void> {
  await page.goto(`${E2E.cmsUrl}/admin/auth/login`);
  await page.getByLabel('Email').fill(MARKETING.email);
  await page.getByLabel('Password').fill(MARKETING.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 30_000 });
}

test.describe('marketing staff in the admin panel', () => {
  test('a draft hero title shows in the preview only; after Publish the public home shows it within a minute', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    const published = await publicHeroTitle(page);
    expect(published.length).toBeGreaterThan(0);
    const draft = `Homes checked by our team ${Date.now().toString(36)}`;

    await signInToPanel(page);
    await page.goto(HOME_EDIT);
    const heroTitle = page.getByLabel(/^Hero title/);
    await expect(heroTitle).toBeVisible({ timeout: 30_000 });
    await expect(heroTitle).toHaveValue(published);
    await heroTitle.fill(draft);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(/Saved document|Saved/).first()).toBeVisible();

    // The preview: the site's signed route in the panel's frame, rendering the draft.
    await page.getByRole('link', { name: 'Open preview' }).click();
    const frame = page.frameLocator('[data-testid="preview-iframe"]');
    await expect(frame.getByRole('heading', { level: 1 }).first()).toHaveText(draft, { timeout: 30_000 });
    const src = await page.locator('[data-testid="preview-iframe"]').getAttribute('src');
    expect(src).toMatch(new RegExp(`^${E2E.siteUrl}/preview\\?`));
    await expect(frame.getByRole('status').filter({ hasText: 'Draft preview' })).toBeVisible();
    await expect(page.getByText('Saved document')).toBeHidden({ timeout: 15_000 });
    await page.screenshot({ path: join(SHOTS, 'panel-preview-desktop.png') });
    // The panel's own phone-size frame.
    await page.getByRole('combobox', { name: 'Select device type' }).click();
    await page.getByRole('option', { name: 'Mobile' }).click();
    await expect(frame.getByRole('heading', { level: 1 }).first()).toHaveText(draft);
    await page.screenshot({ path: join(SHOTS, 'panel-preview-phone.png') });

    // The same signed link at phone and desktop width, as the site renders it.
    for (const [name, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      const context = await browser.newContext({ viewport });
      const shot = await context.newPage();
      const res = await shot.goto(src!);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['cache-control']).toBe('no-store, private');
      expect(res?.headers()['x-robots-tag']).toContain('noindex');
      expect(res?.headers()['content-security-policy']).toContain(`frame-ancestors ${E2E.cmsUrl}`);
      await expect(shot.getByRole('heading', { level: 1 }).first()).toHaveText(draft);
      await shot.screenshot({ path: join(SHOTS, `preview-${name}.png`) });
      await context.close();
    }

    // The public home still shows the published title, and its API answers the published copy.
    expect(await publicHeroTitle(page)).toBe(published);
    const api = await page.request.get('/api/home-page?status=draft');
    expect((await api.json()).data.heroTitle).toBe(published);

    // Publish: the cms's purge refreshes the site; the promise is one minute at most.
    await page.goto(HOME_EDIT);
    await expect(page.getByLabel(/^Hero title/)).toHaveValue(draft, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(/Published document|Published/).first()).toBeVisible();
    const publishedAt = Date.now();
    await expect.poll(() => publicHeroTitle(page), { timeout: 60_000, intervals: [1000] }).toBe(draft);
    console.log(
      `public home showed the new title ${((Date.now() - publishedAt) / 1000).toFixed(1)} s after Publish`,
    );

    // Put the published title back for the specs that run after this one (the phone project's browse spec).
    await page.goto(HOME_EDIT);
    await page.getByLabel(/^Hero title/).fill(published);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => publicHeroTitle(page), { timeout: 60_000, intervals: [1000] }).toBe(published);
  });
});

test.describe('marketing staff writing French', () => {
  test('the French hero title: edited in the French version, previewed on /fr/, published to /fr/ only', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const heroOf = async (path: string) => {
      await page.goto(path);
      return (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
    };
    const english = await heroOf('/');
    const french = await heroOf('/fr/');
    expect(french).not.toBe(english);
    const draft = `Votre maison à Accra, vérifiée ${Date.now().toString(36)}`;

    await signInToPanel(page);
    // The panel's locale switcher opens the French version of the same document.
    await page.goto(`${HOME_EDIT}?plugins[i18n][locale]=fr`);
    const heroTitle = page.getByLabel(/^Hero title/);
    await expect(heroTitle).toHaveValue(french, { timeout: 30_000 });
    await heroTitle.fill(draft);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(/Saved document|Saved/).first()).toBeVisible();

    // Its preview is the French page.
    await page.getByRole('link', { name: 'Open preview' }).click();
    const frame = page.frameLocator('[data-testid="preview-iframe"]');
    await expect(frame.getByRole('heading', { level: 1 }).first()).toHaveText(draft, { timeout: 30_000 });
    await expect(frame.locator('html')).toHaveAttribute('lang', 'fr');
    const src = await page.locator('[data-testid="preview-iframe"]').getAttribute('src');
    expect(new URL(src!).searchParams.get('path')).toBe('/fr/');
    expect(await heroOf('/fr/')).toBe(french);

    await page.goto(`${HOME_EDIT}?plugins[i18n][locale]=fr`);
    await expect(page.getByLabel(/^Hero title/)).toHaveValue(draft, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(/Published document|Published/).first()).toBeVisible();
    const publishedAt = Date.now();
    await expect.poll(() => heroOf('/fr/'), { timeout: 60_000, intervals: [1000] }).toBe(draft);
    console.log(
      `/fr/ showed the new title ${((Date.now() - publishedAt) / 1000).toFixed(1)} s after Publish`,
    );
    // The English home keeps its own title.
    expect(await heroOf('/')).toBe(english);

    await page.goto(`${HOME_EDIT}?plugins[i18n][locale]=fr`);
    await page.getByLabel(/^Hero title/).fill(french);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => heroOf('/fr/'), { timeout: 60_000, intervals: [1000] }).toBe(french);
  });
});
