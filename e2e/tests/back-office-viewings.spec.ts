// The back-office Appointments and Customer Enquiries screens, end to end at
// both widths: an admin schedules a viewing for a seeker in a free slot through the dialog (its
// pickers search the server), marks it Successful, and the seeker's dashboard shows it; an enquiry
// is created through its dialog, then updated; search and filters narrow both lists.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { seekerAddedByStaff, PASSWORD, signInThroughForm, uniqueEmail } from './account-support';
import { apiToken, DEMO, demoPhoto, expectNoAxeViolations } from './site-support';

/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the screens for a person to look at. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-${name}.png`), fullPage: true });
}

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await signInThroughForm(page, DEMO.admin.email, DEMO.admin.password, { admin: true });
  await expect(page).toHaveURL(/\/admin-dashboard$/);
}

const tag = (testInfo: TestInfo) => `${testInfo.project.name}${Date.now().toString(36)}`;

test.describe('back office: appointments and enquiries', () => {
  test('an admin schedules a viewing for a seeker in a free slot, marks it Successful, and the seeker sees it', async ({
    page,
    request,
  }, testInfo) => {
    const seeker = uniqueEmail(testInfo, 'viewing');
    await seekerAddedByStaff(request, seeker);
    // A property of this run's own, so its slots and its search are this test's alone.
    const place = `Akuafo Lane ${tag(testInfo)}, Osu`;
    const superToken = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    const photo = await demoPhoto(request);
    const created = await request.post('/api/products', {
      headers: { Authorization: `Bearer ${superToken}` },
      data: {
        location: place,
        nearestLandmark: 'Osu Castle',
        price: 3200,
        currency: 'GHS',
        propertyType: 'Townhouse',
        leaseType: 'Rent',
        numberOfBedrooms: 3,
        numberOfBathrooms: 2,
        images: [photo],
      },
    });
    expect(created.status()).toBe(201);
    const propertyId = (await created.json())._id as string;

    await signInAsAdmin(page);
    await page.goto('/admin/appointments');
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Appointments' })).not.toHaveAttribute('aria-busy');
    await expectNoAxeViolations(page, 'appointments');
    await keepScreenshot(page, testInfo, 'appointments');

    await page.getByRole('button', { name: 'Schedule Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Appointment for User' });
    await expect(dialog).toBeVisible();
    // Nothing chosen: a message for each missing choice.
    await dialog.getByRole('button', { name: 'Schedule Appointment' }).click();
    await expect(dialog.getByText('Please select a user')).toBeVisible();
    await expect(dialog.getByText('Please select a time')).toBeVisible();

    // The user picker asks the server with what was typed, 10 at most.
    const usersAsked = page.waitForRequest(
      (r) =>
        r.url().includes('/api/users?') &&
        r.url().includes(`search=${encodeURIComponent(seeker.slice(0, 12))}`),
    );
    await dialog.getByRole('combobox', { name: 'User' }).fill(seeker.slice(0, 12));
    expect(new URL((await usersAsked).url()).searchParams.get('pageSize')).toBe('10');
    await dialog.getByRole('combobox', { name: 'User' }).fill(seeker);
    await dialog.getByRole('option', { name: new RegExp(seeker.replace(/[.+]/g, '\\$&')) }).click();
    await dialog.getByRole('combobox', { name: 'Property' }).fill(place);
    const option = dialog.getByRole('option', { name: new RegExp(place) });
    await expect(option).toContainText('Townhouse · 3 beds · 2 baths');
    await expectNoAxeViolations(page, 'schedule dialog, property list open');
    await option.click();

    // The dates the server offers; the times are exactly the free slots of the chosen date.
    const date = dialog.getByRole('combobox', { name: 'Date' });
    await expect(date).toBeEnabled();
    const day = await date.locator('option:not([disabled])').nth(1).getAttribute('value');
    await date.selectOption(day!);
    const free = (await (await request.get(`/api/products/${propertyId}/slots?date=${day}`)).json())[0]
      .slots as string[];
    const time = dialog.getByRole('combobox', { name: 'Time' });
    expect(
      (
        await time.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value))
      ).slice(1),
    ).toEqual(free);
    const slot = free[free.length - 1]!;
    await time.selectOption(slot);
    await dialog.getByLabel(/Comments/).fill('Booked by phone');
    await expectNoAxeViolations(page, 'schedule dialog');
    await keepScreenshot(page, testInfo, 'schedule-dialog');
    await dialog.getByRole('button', { name: 'Schedule Appointment' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Appointment scheduled successfully' }).first(),
    ).toBeVisible();

    // Newest first: the new viewing is at the top of the list.
    const items = page.locator(
      testInfo.project.name === 'phone'
        ? '[data-testid="appointment-card"]'
        : '[data-testid="appointment-row"]',
    );
    await expect(items.first()).toContainText(seeker);
    await expect(items.first()).toContainText(place);
    // The slot is no longer offered.
    expect(
      (await (await request.get(`/api/products/${propertyId}/slots?date=${day}`)).json())[0].slots,
    ).not.toContain(slot);

    // Search (the property's location) and the status filter narrow the list on the server.
    await page.getByRole('searchbox', { name: 'Search appointments' }).fill(place);
    await expect(items).toHaveCount(1);
    await items
      .first()
      .getByRole('button', { name: /as Successful$/ })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Appointment marked as Successful' }).first(),
    ).toBeVisible();
    await expect(items.first()).toContainText('Successful');
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('Ongoing');
    await expect(page.getByText('No appointments found')).toBeVisible();
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('Successful');
    await expect(items).toHaveCount(1);
    await keepScreenshot(page, testInfo, 'appointments-searched');

    // The edit dialog shows the client and the property.
    await items
      .first()
      .getByRole('button', { name: /^Edit appointment/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Update Appointment' });
    await expect(edit.getByText(seeker)).toBeVisible();
    await expect(edit.getByText(place)).toBeVisible();
    await expect(edit.getByRole('combobox', { name: 'Time' })).toHaveValue(slot);
    await expectNoAxeViolations(page, 'update appointment dialog');
    await keepScreenshot(page, testInfo, 'update-appointment-dialog');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // The seeker's own dashboard shows the new status.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL(/\/login/);
    await signInThroughForm(page, seeker, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('tab', { name: 'Appointments' }).click();
    const viewing = page.getByTestId('appointment').filter({ hasText: place });
    await expect(viewing).toContainText('Successful');
  });

  test('an enquiry created through the dialog, then updated; search and filters narrow the list', async ({
    page,
  }, testInfo) => {
    const name = `Esi Tawiah ${tag(testInfo)}`;
    // A number of this run's own (the desktop and phone runs share one cms).
    const digits = String(Date.now() % 1e7).padStart(7, '0');
    const local = `026${digits}`;
    await signInAsAdmin(page);
    await page.goto('/admin/enquiries');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Enquiries' })).not.toHaveAttribute('aria-busy');
    await expectNoAxeViolations(page, 'enquiries');
    await keepScreenshot(page, testInfo, 'enquiries');

    await page.getByRole('button', { name: 'Create Enquiry' }).click();
    const create = page.getByRole('dialog', { name: 'Create Enquiry' });
    await create.getByRole('button', { name: 'Create Enquiry' }).click();
    await expect(create.getByText('Name is required')).toBeVisible();
    await expect(create.getByText('At least one phone number is required')).toBeVisible();
    await create.getByLabel('Name').fill(`  ${name}  `);
    await create.getByLabel('Phone number').fill('12345');
    await create.getByRole('button', { name: 'Create Enquiry' }).click();
    await expect(create.getByText('Enter a Ghana phone number, like 024 412 3456')).toBeVisible();
    await create.getByLabel('Phone number').fill(`026 ${digits.slice(0, 3)} ${digits.slice(3)}`);
    await create.getByLabel('Location (optional)').fill('Airport Residential');
    await create.getByLabel('Budget (optional)').fill('GH₵ 8,000 a month');
    await create.getByRole('combobox', { name: 'Property type' }).selectOption('Villa');
    await expectNoAxeViolations(page, 'create enquiry dialog');
    await keepScreenshot(page, testInfo, 'create-enquiry-dialog');
    await create.getByRole('button', { name: 'Create Enquiry' }).click();
    await expect(create).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Enquiry created successfully' }).first(),
    ).toBeVisible();

    const items = page.locator(
      testInfo.project.name === 'phone' ? '[data-testid="enquiry-card"]' : '[data-testid="enquiry-row"]',
    );
    await expect(items.first()).toContainText(name);
    // Found by the number typed the local way.
    await page.getByRole('searchbox', { name: 'Search enquiries' }).fill(local);
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(name);
    await expect(items.first()).toContainText(`026 ${digits.slice(0, 3)} ${digits.slice(3)}`);
    await expect(items.first()).toContainText('Moderate priority');

    await items
      .first()
      .getByRole('button', { name: `Edit enquiry from ${name}` })
      .click();
    const update = page.getByRole('dialog', { name: 'Update Enquiry' });
    await expect(update.getByText(name)).toBeVisible();
    await update.getByRole('combobox', { name: 'Priority' }).selectOption('High');
    await update.getByRole('combobox', { name: 'Status' }).selectOption('Appointment booked');
    await update.getByLabel('Comments').fill('Viewing booked for Monday');
    await expectNoAxeViolations(page, 'update enquiry dialog');
    await keepScreenshot(page, testInfo, 'update-enquiry-dialog');
    await update.getByRole('button', { name: 'Update Enquiry' }).click();
    await expect(update).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Enquiry updated successfully' }).first(),
    ).toBeVisible();
    await expect(items.first()).toContainText('High priority');
    await expect(items.first()).toContainText('Appointment booked');

    // The filters narrow on the server.
    await page.getByRole('combobox', { name: 'Filter by priority' }).selectOption('Low');
    await expect(page.getByText('No enquiries found')).toBeVisible();
    await page.getByRole('combobox', { name: 'Filter by priority' }).selectOption('High');
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('Appointment booked');
    await expect(items).toHaveCount(1);
    await keepScreenshot(page, testInfo, 'enquiries-filtered');
  });
});
