import { expect, test } from '@playwright/test';

test.describe('browsing the demo catalogue', () => {
  test('the home page lists demo properties from the cms and each opens its own page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next home in Ghana');
    const cards = page.getByTestId('property-list').getByRole('article');
    await expect(cards).toHaveCount(8);

    const firstTitle = (await cards.first().getByRole('heading').textContent())?.trim() ?? '';
    expect(firstTitle).toMatch(/^(Apartment|House|Townhouse|Villa|Land|Commercial) in .+/);

    // The cover image is served through the site's /uploads proxy and really loads.
    const cover = cards.first().locator('img');
    await expect(cover).toHaveAttribute('src', /^\/uploads\//);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await cards.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/property\/[a-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
    await expect(page.getByText(/Listed on/)).toBeVisible();
  });

  test('pagination walks through the whole catalogue', async ({ page }) => {
    await page.goto('/');
    const subtitle = await page.locator('h1 + p').textContent();
    const total = Number(/(\d+) properties/.exec(subtitle ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(60);
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByText(`Page 2 of ${Math.ceil(total / 8)}`)).toBeVisible();
  });

  test('the site proxies /api to the cms on the same origin', async ({ request }) => {
    const res = await request.get('/api/products?pageSize=3&sort=priceAsc');
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body).toHaveLength(3);
    expect(Number(res.headers()['x-total-count'])).toBeGreaterThanOrEqual(60);
    expect(body[0].priceGhs).toBeLessThanOrEqual(body[1].priceGhs);
  });

  test('a missing property and an unknown path show not-found pages', async ({ page }) => {
    const missing = await page.goto('/property/doesnotexist123');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property not found');
    const unknown = await page.goto('/no/such/page');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
