// The back-office's deals and approval queues, against the real cms:
// an admin's property rejected with a note and then approved in Pending Properties; a deal added and
// edited by an admin in Property Deals, approved in Pending Deals and deleted; the activity log.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { MAIL_DIR, signInThroughForm } from './account-support';
import { apiToken, DEMO, demoPhoto, expectNoAxeViolations } from './site-support';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const tagOf = (testInfo: TestInfo) => `${testInfo.project.name}${Date.now().toString(36)}`;

/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the screens for a person to look at. */
async function keepScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true } = {},
): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-${name}.png`), fullPage });
}

async function signIn(page: Page, who: 'admin' | 'superadmin'): Promise<void> {
  await page.goto('/login');
  await signInThroughForm(page, DEMO[who].email, DEMO[who].password, { admin: who === 'admin' });
  await expect(page).toHaveURL(who === 'admin' ? /\/admin-dashboard$/ : /\/super-admin-dashboard$/);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).not.toHaveURL(/\/admin/);
}

/** A success message in the green banner or the toast (both say it). */
const said = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** The newest e-mail to `to` whose subject contains `subject`: its whole readable text. */
async function mailTo(to: string, subject: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        for (const file of readdirSync(MAIL_DIR)
          .filter((f) => f.endsWith('.txt'))
          .sort()
          .reverse()) {
          const text = readFileSync(join(MAIL_DIR, file), 'utf8');
          const addressees = /^To: (.*)$/m.exec(text)?.[1] ?? '';
          if (
            addressees.split(', ').includes(to) &&
            (/^Subject: (.*)$/m.exec(text)?.[1] ?? '').includes(subject)
          ) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${to} about "${subject}"`, timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

interface Listed {
  _id: string;
  approvalStatus?: string;
  changesRequested?: string | null;
}

async function adminEntry(
  request: APIRequestContext,
  token: string,
  location: string,
  id: string,
): Promise<Listed | undefined> {
  const res = await request.get(
    `/api/products?approval=all&search=${encodeURIComponent(location)}`,
    auth(token),
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as Listed[]).find((p) => p._id === id);
}

async function publicIds(request: APIRequestContext, location: string): Promise<string[]> {
  const res = await request.get(`/api/products?search=${encodeURIComponent(location)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Listed[]).map((p) => p._id);
}

/** The superadmin's activity log lists each action on the record named `label` among its newest entries. */
async function expectLogged(page: Page, testInfo: TestInfo, label: string, texts: string[]): Promise<void> {
  await page.goto('/super-admin-dashboard');
  const log = page.getByRole('region', { name: 'Activity log' });
  const entries = log.getByTestId(testInfo.project.name === 'phone' ? 'activity-card' : 'activity-row');
  await expect(entries.first()).toBeVisible();
  for (const text of texts)
    await expect(entries.filter({ hasText: text }).filter({ hasText: label }).first()).toBeVisible();
}

test.describe('back office: approval queues and deals', () => {
  test("the superadmin rejects an admin's property with a note, then approves it", async ({
    page,
    request,
  }, testInfo) => {
    const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const tag = tagOf(testInfo);
    const location = `Queue Lane ${tag}, Accra`;
    const created = await request.post('/api/products', {
      ...auth(adminToken),
      data: {
        location,
        nearestLandmark: 'Osu Castle',
        price: 1500,
        propertyType: 'Apartment',
        leaseType: 'Rent',
        images: [await demoPhoto(request)],
      },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as Listed)._id;
    expect(await publicIds(request, location)).not.toContain(id);

    await signIn(page, 'superadmin');
    await page.goto('/admin/unapproved-properties');
    await expect(page.getByRole('heading', { level: 1, name: 'Pending Properties' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Review and approve properties submitted by admins' }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: /Search pending properties/ }).fill(tag);
    const name = `the property at ${location}`;
    await expect(page.getByRole('button', { name: `Approve ${name}` })).toBeVisible();
    await expect(page.getByText(/^Showing 1-1 of 1 property$/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: `View ${name}` })).toHaveAttribute('href', `/property/${id}`);
    await keepScreenshot(page, testInfo, 'pending-properties');
    await expectNoAxeViolations(page, '/admin/unapproved-properties');

    // Reject with a note: it stays unapproved, the note is on the item and goes to the admin by e-mail.
    const note = `Please add photos of the kitchen (${tag}).`;
    await page.getByRole('button', { name: `Reject ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Note to the submitter (optional)').fill(note);
    await keepScreenshot(page, testInfo, 'reject-dialog', { fullPage: false });
    await expectNoAxeViolations(page, 'the Reject dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(said(page, 'Property kept as unapproved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(
      page
        .getByTestId(testInfo.project.name === 'phone' ? 'pending-property-card' : 'pending-property-row')
        .getByTestId('changes-requested'),
    ).toContainText(note);

    expect(await adminEntry(request, adminToken, location, id)).toMatchObject({
      approvalStatus: 'unapproved',
      changesRequested: note,
    });
    const mail = await mailTo(DEMO.admin.email, `Changes requested: listing ${location}`);
    expect(mail).toContain(note);
    expect(await publicIds(request, location)).not.toContain(id);

    // Approve: it leaves the queue, appears on the public listing and the note is gone.
    await page.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(said(page, 'Property approved successfully!')).toBeVisible();
    await expect(page.getByText('No properties found')).toBeVisible();
    await expect.poll(() => publicIds(request, location), { timeout: 15_000 }).toContain(id);
    expect(await adminEntry(request, adminToken, location, id)).toMatchObject({
      approvalStatus: 'approved',
      changesRequested: null,
    });

    await expectLogged(page, testInfo, location, ['Kept unapproved property', 'Approved property']);
    await keepScreenshot(page, testInfo, 'activity-log-approvals', { fullPage: false });

    const superToken = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    expect((await request.delete(`/api/products/${id}`, auth(superToken))).status()).toBe(200);
  });

  test("an admin's delete of an approved property waits in Pending Properties; the superadmin approves the deletion", async ({
    page,
    request,
  }, testInfo) => {
    const superToken = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const tag = tagOf(testInfo);
    const location = `Removal Row ${tag}, Labone`;
    const created = await request.post('/api/products', {
      ...auth(superToken),
      data: {
        location,
        nearestLandmark: 'Labone Junction',
        price: 2200,
        propertyType: 'House',
        leaseType: 'Rent',
        images: [await demoPhoto(request)],
      },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as Listed)._id;

    // The admin deletes it in Properties: the answer says it waits, and it stays public.
    await signIn(page, 'admin');
    await page.goto('/admin/properties');
    await page.getByRole('searchbox').first().fill(tag);
    // (Long locations are shortened in the list.)
    const row = page
      .getByTestId(testInfo.project.name === 'phone' ? 'property-card' : 'property-row')
      .filter({ hasText: location.slice(0, 24) });
    await row.getByRole('button', { name: /^Delete / }).click();
    await page
      .getByRole('dialog', { name: 'Delete Property' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(said(page, "Deletion waits for a superadmin's approval")).toBeVisible();
    expect(await publicIds(request, location)).toContain(id);
    await signOut(page);

    // The superadmin sees it marked in the queue, and approves the deletion.
    await signIn(page, 'superadmin');
    await page.goto('/admin/unapproved-properties');
    await page.getByRole('searchbox', { name: /Search pending properties/ }).fill(tag);
    const name = `the property at ${location}`;
    const queued = page
      .getByTestId(testInfo.project.name === 'phone' ? 'pending-property-card' : 'pending-property-row')
      .filter({ hasText: location.slice(0, 24) });
    await expect(queued).toHaveCount(1);
    await expect(queued.getByText(`Delete requested by ${DEMO.admin.email}`)).toBeVisible();
    await expect(queued.getByRole('button', { name: `Reject deleting ${name}` })).toHaveText('Keep it');
    await keepScreenshot(page, testInfo, 'pending-deletion');
    await expectNoAxeViolations(page, 'a pending deletion in /admin/unapproved-properties');
    await queued.getByRole('button', { name: `Approve deleting ${name}` }).click();
    await expect(said(page, 'Property deleted successfully')).toBeVisible();
    await expect.poll(() => publicIds(request, location), { timeout: 15_000 }).not.toContain(id);
    expect((await request.get(`/api/products/${id}`, auth(adminToken))).status()).toBe(404);
    await expectLogged(page, testInfo, location, ['Asked to delete property', 'Deleted property']);
  });

  test('an admin adds and edits a deal, the superadmin approves it in Pending Deals and deletes it', async ({
    page,
  }, testInfo) => {
    const tag = tagOf(testInfo);
    const tenant = `Tenant ${tag}`;
    await signIn(page, 'admin');
    await page.goto('/admin/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Property Deals' })).toBeVisible();
    await page.getByRole('searchbox', { name: /Search deals/ }).fill(`nothing-${tag}`);
    await expect(page.getByText('No deals found')).toBeVisible();
    await page.getByRole('searchbox', { name: /Search deals/ }).fill('');
    await expect(
      page.getByTestId(testInfo.project.name === 'phone' ? 'deal-card' : 'deal-row').first(),
    ).toBeVisible();
    await expect(page.getByText('Searching…')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'deals');
    await expectNoAxeViolations(page, '/admin/deals');

    // Add New Deal: the deal date defaults to today; the end date may not come before the start.
    await page.getByRole('button', { name: 'Add New Deal' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Deal' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Deal date')).toHaveValue(new Date().toISOString().slice(0, 10));
    await dialog.getByRole('button', { name: 'Add Deal' }).click();
    await expect(dialog.getByText('Tenant name is required')).toBeVisible();
    await dialog.getByLabel('Closer name').fill('Kofi Addo');
    await dialog.getByLabel('Commission', { exact: true }).fill('GH₵ 1,500');
    await dialog.getByLabel('Tenant name').fill(tenant);
    await dialog.getByLabel('Tenant contact').fill('0244123456');
    await dialog.getByLabel('Tenancy start date').fill('2027-01-01');
    await dialog.getByLabel('Tenancy end date').fill('2026-12-01');
    await dialog.getByRole('button', { name: 'Add Deal' }).click();
    await expect(dialog.getByText('Tenancy end date cannot be before the start date')).toBeVisible();
    await dialog.getByLabel('Tenancy end date').fill('2027-12-31');
    await keepScreenshot(page, testInfo, 'deal-dialog', { fullPage: false });
    await expectNoAxeViolations(page, 'the Add New Deal dialog');
    // Escape with unsaved changes asks first.
    await page.keyboard.press('Escape');
    await expect(page.getByText('Discard unsaved changes?')).toBeVisible();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.getByRole('button', { name: 'Add Deal' }).click();
    await expect(said(page, 'Deal created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: /Search deals/ }).fill(tag);
    const edit = page.getByRole('button', { name: `Edit the deal with ${tenant}` });
    await expect(edit).toBeVisible();
    const item = page
      .getByTestId(testInfo.project.name === 'phone' ? 'deal-card' : 'deal-row')
      .filter({ hasText: tenant });
    await expect(item).toContainText('Pending approval');
    await expect(item).toContainText('No agent involved');

    await edit.click();
    dialog = page.getByRole('dialog', { name: 'Edit Deal' });
    await expect(dialog.getByLabel('Tenant name')).toHaveValue(tenant);
    await dialog.getByLabel('Commission', { exact: true }).fill('GH₵ 1,800');
    await dialog.getByLabel('Agent name').fill('Yaw Agent');
    await expectNoAxeViolations(page, 'the Edit Deal dialog');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(said(page, 'Deal updated successfully')).toBeVisible();
    await expect(item).toContainText('GH₵ 1,800');
    await expect(item).toContainText('Agent Yaw Agent');
    await signOut(page);

    // The superadmin approves it in Pending Deals.
    await signIn(page, 'superadmin');
    await page.goto('/admin/unapproved-deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pending Deals' })).toBeVisible();
    await page.getByRole('searchbox', { name: /Search pending deals/ }).fill(tag);
    const queued = page
      .getByTestId(testInfo.project.name === 'phone' ? 'pending-deal-card' : 'pending-deal-row')
      .filter({ hasText: tenant });
    await expect(queued).toContainText('Pending');
    await expect(queued).toContainText(DEMO.admin.email);
    if (testInfo.project.name !== 'phone')
      await expect(page.getByRole('columnheader', { name: 'Logged By' })).toBeVisible();
    await expect(page.getByText('Searching…')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'pending-deals');
    await expectNoAxeViolations(page, '/admin/unapproved-deals');
    await page.getByRole('button', { name: `Approve the deal with ${tenant}` }).click();
    await expect(said(page, 'Deal approved successfully!')).toBeVisible();
    await expect(page.getByText('No deals found')).toBeVisible();

    // It counts now; the superadmin deletes it from Property Deals.
    await page.goto('/admin/deals');
    await page.getByRole('searchbox', { name: /Search deals/ }).fill(tag);
    const row = page
      .getByTestId(testInfo.project.name === 'phone' ? 'deal-card' : 'deal-row')
      .filter({ hasText: tenant });
    await expect(row).toContainText('Approved');
    await page.getByRole('button', { name: `Delete the deal with ${tenant}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Deal' });
    await expect(confirm).toContainText(`Are you sure you want to delete the deal with ${tenant}?`);
    await expectNoAxeViolations(page, 'the Delete Deal dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(said(page, 'Deal deleted successfully')).toBeVisible();
    await expect(page.getByText('No deals found')).toBeVisible();

    await expectLogged(page, testInfo, tenant, [
      'Deleted deal',
      'Approved deal',
      'Edited deal',
      'Created deal',
    ]);
  });
});
