import { expect, test } from '@playwright/test';
import { DEMO, apiToken, expectNoAxeViolations } from './site-support';

const cards = (page: import('@playwright/test').Page) =>
  page.getByTestId('property-list').getByRole('article');

test.describe('browsing, searching and viewing properties', () => {
  test('home search → filtered listing → page 2 → property → photo carousel', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next home in Ghana');

    // Rent tab, keyword and type, then Search: the listing opens with those filters and its panel open.
    await page.getByText('Rent', { exact: true }).first().click();
    await page.getByLabel('Keyword').fill('Accra');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/properties\?leaseType=Rent&search=Accra$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“Accra” Properties for Rent');
    await expect(page.locator('#filter-panel')).toHaveAttribute('open', '');
    const subtitle = (await page.locator('#listing-subtitle').textContent()) ?? '';
    const total = Number(/(\d+) propert/.exec(subtitle)?.[1]);
    expect(total).toBeGreaterThan(8);
    await expect(cards(page)).toHaveCount(8);
    for (const badge of await cards(page)
      .getByText(/^For (Rent|Sale)$/)
      .allTextContents())
      expect(badge).toBe('For Rent');

    // Numbered pagination: page 2 is a real link; the address carries it and Back returns to page 1.
    const firstOnPage1 = await cards(page).first().getByRole('heading').textContent();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(
      page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current="page"]'),
    ).toHaveText(/2/);
    await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstOnPage1 ?? '');
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(cards(page).first().getByRole('heading')).toHaveText(firstOnPage1 ?? '');
    await page.goForward();
    await expect(page).toHaveURL(/page=2/);

    // A filter change returns to page 1.
    await page.getByLabel('Sort by').selectOption('priceAsc');
    await expect(page).toHaveURL(/sort=priceAsc/);
    await expect(page).not.toHaveURL(/page=/);

    // The property page, and its carousel: arrows, dots, keys, wrap-around.
    const title = (await cards(page).first().getByRole('heading').textContent())?.trim() ?? '';
    await cards(page).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/property\/[a-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const carousel = page.getByRole('region', { name: `Photos of ${title}` });
    const dots = carousel.locator('[data-dots] button');
    const photos = await dots.count();
    expect(photos).toBeGreaterThan(1);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Next photo' }).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Previous photo' }).click();
    await carousel.getByRole('button', { name: 'Previous photo' }).click();
    await expect(dots.nth(photos - 1)).toHaveAttribute('aria-current', 'true');
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await dots.nth(photos - 1).click();
    await expect(dots.nth(photos - 1)).toHaveAttribute('aria-current', 'true');
    // Swipe left with a pointer: the next photo (wrapping to the first).
    // The track itself is shifted by the current photo; the frame around it is what is on screen.
    const box = (await carousel.locator('[data-track]').locator('..').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + 50);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + 50, { steps: 5 });
    await page.mouse.up();
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    // The visible photo really loaded.
    const photo = carousel.locator('img').first();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  test('an empty search offers to clear the filters', async ({ page }) => {
    await page.goto('/properties?search=zzzz-no-such-place');
    await expect(page.getByRole('heading', { name: 'No Properties Found' })).toBeVisible();
    await expect(page.locator('#listing-subtitle')).toHaveText(
      'No properties match your search. Try adjusting your filters.',
    );
    await page.getByRole('link', { name: 'Clear Filters' }).last().click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(cards(page)).toHaveCount(8);
  });

  test('a missing property and an unknown path show not-found pages', async ({ page }) => {
    const missing = await page.goto('/property/doesnotexist123');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property not found');
    const unknown = await page.goto('/no/such/page');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('booking while signed out asks to log in, comes back to the property, books a free slot and finds it on the dashboard', async ({
    page,
  }, testInfo) => {
    // One demo seeker per browser project, so the two projects' bookings do not meet.
    const seeker = testInfo.project.name === 'phone' ? DEMO.otherSeeker : DEMO.seeker;
    await page.goto('/properties?propertyType=House');
    await cards(page).first().getByRole('link').click();
    const propertyUrl = page.url();
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await page.getByRole('button', { name: 'Book a Viewing' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fproperty%2F/);
    await expect(page.getByText('Please log in to book a viewing')).toBeVisible();
    await page.getByRole('button', { name: 'E-mail', exact: true }).click();
    await page.getByLabel('Email').fill(seeker.email);
    await page.getByLabel('Password', { exact: true }).fill(seeker.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(propertyUrl);

    await page.getByRole('button', { name: 'Book a Viewing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a Property Viewing' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio').first()).toBeAttached();
    await expectNoAxeViolations(page, 'booking modal');
    // Only free slots are offered: the first offered day and time.
    const day = dialog.locator('label:has(input[type="radio"])').first();
    const dayText = (await day.innerText()).replace(/\s+/g, ' ').trim();
    await day.click();
    const time = dialog.getByLabel('Time');
    const firstTime = await time.locator('option:not([value=""])').first().getAttribute('value');
    await time.selectOption(firstTime!);
    await dialog.getByLabel(/Comments/).fill('Please bring the tenancy agreement.');
    await dialog.getByRole('button', { name: 'Confirm viewing' }).click();
    await expect(page.getByText('Appointment booked successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto('/dashboard');
    await page.getByRole('tab', { name: /Appointments/ }).click();
    const row = page.getByText(title).first();
    await expect(row).toBeVisible();
    await expect(page.getByText(firstTime!).first()).toBeVisible();
    console.log(`booked ${title} on ${dayText} at ${firstTime}`);
  });
});

test.describe('the footer newsletter box', () => {
  test('subscribes in place', async ({ page }, testInfo) => {
    await page.goto('/about-us');
    await page
      .getByLabel('E-mail address')
      .fill(`reader-js-${testInfo.project.name}-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(
      page.getByText('Thank you for subscribing. We will e-mail you new listings and news.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/about-us$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the newsletter box posts the form and says it worked', async ({ page }, testInfo) => {
    await page.goto('/services');
    await page
      .getByLabel('E-mail address')
      .fill(`reader-nojs-${testInfo.project.name}-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Thank you for subscribing. We will e-mail you new listings and news.',
    );
  });

  test('search, filter, paginate and open a property with plain forms and links', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Keyword').fill('Accra');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // The Buy tab is chosen by default: Sale.
    await expect(page).toHaveURL(/\/properties\?.*leaseType=Sale/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“Accra” Properties for Sale');

    await page.getByLabel('Property type').selectOption('');
    await page.getByLabel('Rent or buy').selectOption('Rent');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/leaseType=Rent/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“Accra” Properties for Rent');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page).first()).toBeVisible();

    // The title's link (a card's favourite heart is a link too without JavaScript: to sign in).
    await cards(page).first().getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/property\/[a-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ in /);
    await expect(page.getByText('Listed on')).toBeVisible();
    const photo = page.locator('[data-carousel="photos"] img').first();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });
});

test.describe('freshness', () => {
  test('a property approved through the API appears on the listing within 60 seconds', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const admin = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const superadmin = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    const sample = (await (await request.get('/api/products?pageSize=1')).json())[0];
    const place = `Freshness Lane ${testInfo.project.name} ${Date.now().toString(36)}`;
    const created = await request.post('/api/products', {
      headers: { Authorization: `Bearer ${admin}` },
      data: {
        images: sample.images,
        propertyType: 'House',
        leaseType: 'Rent',
        propertyState: 'New',
        price: 4500,
        currency: 'GHS',
        location: place,
        city: 'accra',
        nearestLandmark: 'The test market',
        numberOfBedrooms: 3,
        numberOfBathrooms: 2,
        numberOfWashrooms: 1,
        furnishStatus: 'Semi furnished',
        amenities: ['Garage'],
        available: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json())._id as string;

    // Not public yet, and that answer is now in the page cache.
    const search = `/properties?search=${encodeURIComponent(place)}`;
    await page.goto(search);
    await expect(page.getByRole('heading', { name: 'No Properties Found' })).toBeVisible();

    const approved = await request.put(`/api/products/approve/${id}`, {
      headers: { Authorization: `Bearer ${superadmin}` },
      data: { action: 'approve' },
    });
    expect(approved.status()).toBe(200);
    const started = Date.now();
    await expect
      .poll(
        async () => {
          await page.goto(search);
          return cards(page).count();
        },
        { timeout: 60_000, intervals: [500, 1000, 2000] },
      )
      .toBe(1);
    console.log(`approved listing visible after ${Date.now() - started} ms`);
    await expect(cards(page).first().getByRole('heading')).toHaveText(`House in ${place}`);
  });
});

test.describe('accessibility', () => {
  const pages = [
    '/',
    '/properties',
    '/properties?search=zzzz-nothing',
    '/properties/accra',
    '/locations/kumasi',
    '/about-us',
    '/contact-us',
    '/services',
    '/terms',
    '/privacy',
    '/sitemap',
    '/no/such/page',
  ];
  for (const path of pages) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page, path);
    });
  }
  test('axe finds no violations on a property page', async ({ page }) => {
    await page.goto('/properties');
    await cards(page).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/property\//);
    await expectNoAxeViolations(page, 'property page');
  });
});

test.describe('search engines, sharing and broken images', () => {
  test('a property page has its title, description, canonical URL, sharing tags and listing data', async ({
    page,
  }) => {
    await page.goto('/properties');
    // A listing whose photo the cms stores (the back-office specs also list properties with photos
    // linked from elsewhere): its relative /uploads/ address must become an absolute one for sharing.
    await cards(page)
      .filter({ has: page.locator('img[src*="/uploads/"]') })
      .first()
      .getByRole('link')
      .click();
    const url = new URL(page.url());
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await expect(page).toHaveTitle(`${title} | Fie Homes`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /bedrooms/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${url.origin}${url.pathname}`,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http.*\/uploads\//);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ '@type': 'RealEstateListing', name: title, offers: { '@type': 'Offer' } });
  });

  test('robots.txt and sitemap.xml list the public pages and every listed property', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /fr/dashboard');
    expect(robots).toContain('Disallow: /es/profile');
    expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    const total = Number((await request.get('/api/products?pageSize=1')).headers()['x-total-count']);
    // Each property once per language: English, French and Spanish.
    expect(xml.match(/:\d+\/property\//g)).toHaveLength(total);
    expect(xml.match(/\/fr\/property\//g)).toHaveLength(total);
    expect(xml.match(/\/es\/property\//g)).toHaveLength(total);
    expect(xml).toContain('/properties/accra</loc>');
  });

  test('a photo that fails to load shows "Property Image Not Available"', async ({ page }) => {
    await page.route('**/uploads/**', (route) => route.abort());
    await page.goto('/properties');
    const cover = cards(page).first().locator('img');
    await expect(cover).toHaveAttribute('alt', 'Property Image Not Available');
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });
});

test.describe('the site server', () => {
  test('pages are compressed and cached, and browsers revalidate with an ETag', async ({ request }) => {
    const first = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.status()).toBe(200);
    expect(first.headers()['content-encoding']).toBe('br');
    expect(first.headers()['cache-control']).toContain('s-maxage=');
    const etag = first.headers().etag;
    expect(etag).toBeTruthy();
    const again = await request.get('/', { headers: { 'if-none-match': etag! } });
    expect(again.status()).toBe(304);
  });

  test('the proxy still answers the cms API on the same origin', async ({ request }) => {
    const res = await request.get('/api/products?pageSize=3&sort=priceAsc');
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body).toHaveLength(3);
    expect(body[0].priceGhs).toBeLessThanOrEqual(body[1].priceGhs);
  });
});
