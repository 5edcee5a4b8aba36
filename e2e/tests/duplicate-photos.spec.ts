// Copied photos in Pending Properties, against the real cms: an admin posts two listings, the second
// with a cropped, smaller WEBP copy of the first's photo (a real photograph); the superadmin's queue
// says "This photo is also on listing X" on both, with a link to the other listing.
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { signInThroughForm } from './account-support';
import { apiToken, DEMO, expectNoAxeViolations } from './site-support';

const PHOTO = resolve(__dirname, '..', '..', 'cms', 'tests', 'fixtures', 'photos', 'coffee.jpg');
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-${name}.png`), fullPage });
}

async function upload(
  request: APIRequestContext,
  token: string,
  name: string,
  buffer: Buffer,
  mimeType: string,
) {
  const res = await request.post('/api/upload', {
    ...auth(token),
    multipart: { files: { name, mimeType, buffer } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as Array<{ url: string }>)[0]!.url;
}

/** An admin's listing (it waits in the queue) at `location`, showing `image`; answers its id. */
async function postListing(request: APIRequestContext, token: string, location: string, image: string) {
  const created = await request.post('/api/products', {
    ...auth(token),
    data: {
      location,
      nearestLandmark: 'Osu Castle',
      price: 1800,
      propertyType: 'Apartment',
      leaseType: 'Rent',
      images: [image],
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

test('the approval queue names the other listing that shows the same photo', async ({
  page,
  request,
}, testInfo) => {
  const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  const superToken = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const original = readFileSync(PHOTO);
  const { width, height } = await sharp(original).metadata();
  const copy = await sharp(original)
    .extract({ left: Math.round(width! * 0.03), top: 0, width: Math.round(width! * 0.97), height: height! })
    .resize(400)
    .webp()
    .toBuffer();
  const ids: string[] = [];
  for (const [where, image] of [
    ['Original Lane', await upload(request, adminToken, 'cafe.jpg', original, 'image/jpeg')],
    ['Copycat Close', await upload(request, adminToken, 'cafe copy.webp', copy, 'image/webp')],
  ] as const)
    ids.push(await postListing(request, adminToken, `${where} ${tag}, Accra`, image));

  await page.goto('/login');
  await signInThroughForm(page, DEMO.superadmin.email, DEMO.superadmin.password, { admin: true });
  await expect(page).toHaveURL(/\/super-admin-dashboard$/);
  await page.goto('/admin/unapproved-properties');
  await page.getByRole('searchbox', { name: /Search pending properties/ }).fill(tag);
  const item = page.getByTestId(
    testInfo.project.name === 'phone' ? 'pending-property-card' : 'pending-property-row',
  );
  await expect(item).toHaveCount(2);
  // Each names the other: the original's note links to the copy's listing and the other way round.
  const notes = item.getByTestId('duplicate-photos');
  await expect(notes).toHaveCount(2);
  for (const note of await notes.all()) await expect(note).toContainText('This photo is also on listing');
  const links = await notes.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(links.sort()).toEqual(ids.map((id) => `/property/${id}`).sort());
  await keepScreenshot(page, testInfo, 'duplicate-photos-queue');
  await expectNoAxeViolations(page, '/admin/unapproved-properties with copied photos');

  // The same in Edit Property, from All Properties (newest first: the copy is on the first page).
  await page.goto('/admin/properties');
  const row = page
    .getByTestId(testInfo.project.name === 'phone' ? 'property-card' : 'property-row')
    .filter({ hasText: `Copycat Close ${tag}`.slice(0, 25) });
  await row.getByRole('button', { name: /^Edit / }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Property' });
  const copied = edit.getByTestId('listing-copied-photos');
  await expect(copied).toContainText('This photo is also on listing');
  await expect(copied.getByRole('link')).toHaveAttribute('href', `/property/${ids[0]}`);
  await copied.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'duplicate-photos-edit', false);
  await page.keyboard.press('Escape');

  for (const id of ids)
    expect((await request.delete(`/api/products/${id}`, auth(superToken))).status()).toBe(200);
});

test('a photo on a dozen listings: the queue names the 10 closest and counts the rest', async ({
  page,
  request,
}, testInfo) => {
  const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  const superToken = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
  const tag = `${testInfo.project.name}${Date.now().toString(36)}stock`;
  const image = await upload(request, adminToken, 'stock.jpg', readFileSync(PHOTO), 'image/jpeg');
  const ids: string[] = [];
  for (let i = 1; i <= 12; i++)
    ids.push(await postListing(request, adminToken, `Stock Street ${i} ${tag}, Accra`, image));

  await page.goto('/login');
  await signInThroughForm(page, DEMO.superadmin.email, DEMO.superadmin.password, { admin: true });
  await expect(page).toHaveURL(/\/super-admin-dashboard$/);
  await page.goto('/admin/unapproved-properties');
  await page.getByRole('searchbox', { name: /Search pending properties/ }).fill(tag);
  const item = page
    .getByTestId(testInfo.project.name === 'phone' ? 'pending-property-card' : 'pending-property-row')
    .first();
  // Each of the 12 shares the photo with 11 others: 10 named, 1 counted.
  await expect(item.getByTestId('duplicate-photos').getByRole('link')).toHaveCount(10);
  await expect(item.getByTestId('duplicate-photos-more')).toHaveText('and 1 other listing');
  await item.getByTestId('duplicate-photos-more').scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'duplicate-photos-more', false);

  for (const id of ids)
    expect((await request.delete(`/api/products/${id}`, auth(superToken))).status()).toBe(200);
});
