// The back-office's people and settings, at both widths, against the real cms:
// the superadmin adds an admin who signs in and is then revoked; a seeker deactivated cannot sign in
// and reactivated can; Settings saves the name and notices; the System tab switches maintenance mode;
// the activity log lists each of those actions. Every screen and open dialog is checked with axe.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { bookableDates, MESSAGES } from '@fie/domain';
import { seekerAddedByStaff, PASSWORD, signInThroughForm, uniqueEmail } from './account-support';
import { apiToken, DEMO, expectNoAxeViolations } from './site-support';
import { expectHomeNotices, setMaintenance } from './maintenance-support';

const phone = (testInfo: TestInfo) => testInfo.project.name === 'phone';
const STAFF_PASSWORD = 'StaffPass2026';
const toastSaying = (page: Page, text: string) =>
  page.locator('[role="status"][aria-live="polite"]').filter({ hasText: text });

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
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-people-${name}.png`), fullPage });
}

async function signIn(page: Page, email: string, password: string, admin: boolean): Promise<void> {
  await page.goto('/login');
  await signInThroughForm(page, email, password, { admin });
}

async function signInAsSuperadmin(page: Page): Promise<void> {
  await signIn(page, DEMO.superadmin.email, DEMO.superadmin.password, true);
  await expect(page).toHaveURL(/\/super-admin-dashboard$/);
}

/** A fresh page of its own (its own storage), as another person on another device. */
async function anotherPerson(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** The row (md and up) or card (phones) of one account in the Users or Administrators list. */
const accountEntry = (page: Page, testInfo: TestInfo, email: string) =>
  page.getByTestId(phone(testInfo) ? 'account-card' : 'account-row').filter({ hasText: email });

/** The activity log entry of `action` on `label`, on the superadmin's overview. */
async function expectLogged(page: Page, testInfo: TestInfo, action: string, label: string): Promise<void> {
  await page.goto('/super-admin-dashboard');
  const log = page.getByRole('region', { name: 'Activity log' });
  await expect(
    log
      .getByTestId(phone(testInfo) ? 'activity-card' : 'activity-row')
      .filter({ hasText: label })
      .filter({ hasText: action })
      .first(),
  ).toBeVisible();
}

/** A staff account made by the superadmin through the API, for tests that only need one to exist. */
async function createStaff(
  request: APIRequestContext,
  email: string,
  role: 'admin' | 'user' = 'admin',
): Promise<void> {
  const token = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
  const res = await request.post('/api/add-admin', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email, password: STAFF_PASSWORD, role },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('back office: users, administrators and settings', () => {
  test('the superadmin adds an admin through the UI, who signs in; revoked, the account can no longer open /admin/*', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo, 'new-admin');
    await signInAsSuperadmin(page);
    await page.goto('/admin/admins');
    await expect(page.getByRole('heading', { level: 1, name: 'Administrators' })).toBeVisible();
    await expect(accountEntry(page, testInfo, DEMO.superadmin.email)).toContainText('Super Admin');
    await keepScreenshot(page, testInfo, 'admins');
    await expectNoAxeViolations(page, '/admin/admins');

    // Add: the field messages first, then the account.
    await page.getByRole('button', { name: 'Add New Admin' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Admin' });
    await expect(
      add.getByText('Super admins have the highest access and can manage other administrators.'),
    ).toBeVisible();
    await add.getByRole('button', { name: 'Add Admin' }).click();
    await expect(add.getByText(MESSAGES.invalidEmail)).toBeVisible();
    await expect(add.getByText(MESSAGES.passwordTooShort)).toBeVisible();
    await keepScreenshot(page, testInfo, 'add-admin-dialog', { fullPage: false });
    await expectNoAxeViolations(page, 'the Add New Admin dialog');
    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
    await expect(add.getByLabel('Admin', { exact: true })).toBeChecked();
    await add.getByRole('button', { name: 'Add Admin' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.userAdded }).first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search administrators by email' }).fill(email.toUpperCase());
    await expect(accountEntry(page, testInfo, email)).toContainText('Administrator');
    await expect(page.getByTestId(phone(testInfo) ? 'account-card' : 'account-row')).toHaveCount(1);

    // The new admin signs in and works in the back office.
    const other = await anotherPerson(browser);
    await signIn(other, email, STAFF_PASSWORD, true);
    await expect(other).toHaveURL(/\/admin-dashboard$/);
    await other.goto('/admin/users');
    await expect(other.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    // Admins see the users but neither Add New User nor the actions.
    await expect(other.getByRole('searchbox', { name: 'Search users by email' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Add New User' })).toHaveCount(0);
    await expect(other.getByRole('button', { name: /^Deactivate / })).toHaveCount(0);

    // The server refuses to revoke yourself, and the dialog says why.
    await page.getByRole('searchbox', { name: 'Search administrators by email' }).fill(DEMO.superadmin.email);
    await accountEntry(page, testInfo, DEMO.superadmin.email)
      .getByRole('button', { name: `Revoke ${DEMO.superadmin.email}` })
      .click();
    const refused = page.getByRole('dialog', { name: 'Revoke admin privileges' });
    await refused.getByRole('button', { name: 'Revoke' }).click();
    await expect(refused.getByRole('alert')).toHaveText('You cannot revoke your own admin privileges.');
    await expectNoAxeViolations(page, 'the revoke dialog with the refusal');
    await refused.getByRole('button', { name: 'Cancel' }).click();

    // Revoke the new admin: confirmed, then the list reloads without them.
    await page.getByRole('searchbox', { name: 'Search administrators by email' }).fill(email);
    await accountEntry(page, testInfo, email)
      .getByRole('button', { name: `Revoke ${email}` })
      .click();
    const revoke = page.getByRole('dialog', { name: 'Revoke admin privileges' });
    await expect(revoke).toContainText('Revoking removes admin panel access');
    await keepScreenshot(page, testInfo, 'revoke-dialog', { fullPage: false });
    await expectNoAxeViolations(page, 'the revoke dialog');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(revoke).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.adminRevoked }).first()).toBeVisible();
    await expect(page.getByText('No administrators found')).toBeVisible();

    // The revoked account's session ended: /admin/* sends it to sign in.
    await other.goto('/admin/users');
    await expect(other).toHaveURL(/\/(login|dashboard)/);
    await signIn(other, email, STAFF_PASSWORD, false);
    await expect(other).toHaveURL(/\/dashboard$/);
    await other.goto('/admin/users');
    await expect(other).toHaveURL(/\/(login|dashboard)/);
    await expect(other.getByRole('heading', { level: 1, name: 'Users' })).toHaveCount(0);
    await other.context().close();

    await expectLogged(page, testInfo, 'Added administrator', email);
    await expectLogged(page, testInfo, 'Revoked administrator', email);
  });

  test('a seeker deactivated through the UI cannot sign in, and reactivated can', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo, 'deactivated');
    await seekerAddedByStaff(request, email);
    await signInAsSuperadmin(page);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText(/^Showing 1-\d+ of \d+ users?$/)).toBeVisible();
    await keepScreenshot(page, testInfo, 'users');
    await expectNoAxeViolations(page, '/admin/users');
    await page.getByRole('searchbox', { name: 'Search users by email' }).fill(email.toUpperCase());
    const entry = accountEntry(page, testInfo, email);
    await expect(entry).toContainText('Active');
    await expect(page.getByText('Showing 1-1 of 1 user')).toBeVisible();

    await entry.getByRole('button', { name: `Deactivate ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate user' });
    await expect(confirm).toContainText(email);
    await keepScreenshot(page, testInfo, 'deactivate-dialog', { fullPage: false });
    await expectNoAxeViolations(page, 'the deactivate dialog');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(confirm).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'User deactivated successfully' }).first(),
    ).toBeVisible();
    await expect(entry).toContainText('Deactivated');

    const seeker = await anotherPerson(browser);
    await signIn(seeker, email, PASSWORD, false);
    await expect(seeker.getByText('This account has been blocked. Please contact support.')).toBeVisible();
    await expect(seeker).toHaveURL(/\/login/);

    await entry.getByRole('button', { name: `Reactivate ${email}` }).click();
    const again = page.getByRole('dialog', { name: 'Reactivate user' });
    await expectNoAxeViolations(page, 'the reactivate dialog');
    await again.getByRole('button', { name: 'Reactivate' }).click();
    await expect(again).toBeHidden();
    await expect(entry).toContainText('Active');

    await signIn(seeker, email, PASSWORD, false);
    await expect(seeker).toHaveURL(/\/dashboard$/);
    await seeker.context().close();

    await expectLogged(page, testInfo, 'Deactivated user', email);
    await expectLogged(page, testInfo, 'Reactivated user', email);
  });

  test('the superadmin adds a user through Add New User', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'added-user');
    await signInAsSuperadmin(page);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add New User' }).click();
    const add = page.getByRole('dialog', { name: 'Add New User' });
    await add.getByLabel('Email').fill('not-an-address');
    await add.getByLabel('Password', { exact: true }).fill('short');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByText(MESSAGES.invalidEmail)).toBeVisible();
    await expect(add.getByText(MESSAGES.passwordTooShort)).toBeVisible();
    await keepScreenshot(page, testInfo, 'add-user-dialog', { fullPage: false });
    await expectNoAxeViolations(page, 'the Add New User dialog');
    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Password', { exact: true }).fill('Welcome2026');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.userAdded }).first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users by email' }).fill(email);
    await expect(accountEntry(page, testInfo, email)).toContainText('Active');
    await expectLogged(page, testInfo, 'Added user', email);
  });

  test('Settings saves the full name and the notification choices on the server', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'settings-admin');
    await createStaff(request, email);
    await signIn(page, email, STAFF_PASSWORD, true);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await page.goto('/admin/settings');
    const tabs = page.getByRole('tablist', { name: 'Settings sections' });
    await expect(tabs.getByRole('tab')).toHaveText(['Account Settings', 'Security', 'Notifications']);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await keepScreenshot(page, testInfo, 'settings-account');
    await expectNoAxeViolations(page, '/admin/settings (account)');

    const account = page.getByRole('tabpanel', { name: 'Account Settings' });
    await account.getByLabel('Full name').fill('Abena Owusu');
    await account.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.settingsSaved }).first()).toBeVisible();
    if (!phone(testInfo)) await expect(page.getByRole('banner').getByText('Abena Owusu')).toBeVisible();

    // At phone width the toast lies over the tab bar, and a pointer resting on it pauses its timer (so
    // that it can be read); as a person would, wait for it to go before tapping the next tab.
    await expect(toastSaying(page, MESSAGES.settingsSaved)).toHaveCount(0, { timeout: 15_000 });
    await tabs.getByRole('tab', { name: 'Notifications' }).click();
    const notices = page.getByRole('tabpanel', { name: 'Notifications' });
    await expect(notices.getByLabel(/E-mail notifications/)).toBeChecked();
    await expect(notices.getByLabel(/System alerts/)).toBeChecked();
    await notices.getByLabel(/E-mail notifications/).uncheck();
    await notices.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.settingsSaved }).first()).toBeVisible();
    await keepScreenshot(page, testInfo, 'settings-notifications');
    await expectNoAxeViolations(page, '/admin/settings (notifications)');

    // The save's toast fades out after 5 s; axe would measure its text mid-fade (a passing contrast
    // failure), so the next screen is checked once it has gone.
    await expect(toastSaying(page, MESSAGES.settingsSaved)).toHaveCount(0, { timeout: 15_000 });
    await tabs.getByRole('tab', { name: 'Security' }).click();
    await expect(
      page.getByRole('tabpanel', { name: 'Security' }).getByLabel('Current password'),
    ).toBeVisible();
    await keepScreenshot(page, testInfo, 'settings-security');
    await expectNoAxeViolations(page, '/admin/settings (security)');

    // What the server kept comes back after a reload (which reopens the tab named in the address).
    await page.reload();
    await expect(tabs.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    await tabs.getByRole('tab', { name: 'Account Settings' }).click();
    await expect(
      page.getByRole('tabpanel', { name: 'Account Settings' }).getByLabel('Full name'),
    ).toHaveValue('Abena Owusu');
    await tabs.getByRole('tab', { name: 'Notifications' }).click();
    await expect(notices.getByLabel(/E-mail notifications/)).not.toBeChecked();
    await expect(notices.getByLabel(/System alerts/)).toBeChecked();
  });

  test("the superadmin's System tab turns maintenance mode on and off", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const superadmin = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    // A seeker of this run, added before the switch, and a free slot.
    const seeker = await seekerAddedByStaff(request, uniqueEmail(testInfo, 'maintenance-booker'));
    const [property] = await (await request.get('/api/products?pageSize=1&sort=priceDesc')).json();
    const date = bookableDates(new Date())[4]!;
    const book = async () => {
      const [{ slots }] = await (
        await request.get(`/api/products/${property._id}/slots?date=${date}`)
      ).json();
      return request.post(`/api/appointments/book/${property._id}`, {
        headers: { Authorization: `Bearer ${seeker}` },
        data: { date, time: slots[0] },
      });
    };

    await signInAsSuperadmin(page);
    await page.goto('/admin/settings#system');
    const panel = page.getByRole('tabpanel', { name: 'System Settings' });
    const maintenance = panel.getByLabel(/Maintenance mode/);
    await expect(maintenance).not.toBeChecked();
    await expect(panel.getByLabel('Texts a day')).toHaveValue('2000');
    await keepScreenshot(page, testInfo, 'settings-system');
    await expectNoAxeViolations(page, '/admin/settings (system)');
    try {
      await maintenance.check();
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: MESSAGES.settingsSaved }).first(),
      ).toBeVisible();
      await expectHomeNotices(page, 1);
      const refused = await book();
      expect(refused.status()).toBe(503);
      expect((await refused.json()).message).toBe(MESSAGES.maintenance);

      await page.goto('/admin/settings#system');
      await expect(maintenance).toBeChecked();
      await maintenance.uncheck();
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: MESSAGES.settingsSaved }).first(),
      ).toBeVisible();
    } finally {
      await setMaintenance(request, superadmin, false);
    }
    await expectHomeNotices(page, 0);
    const booked = await book();
    expect(booked.status(), await booked.text()).toBe(201);

    await expectLogged(page, testInfo, 'Changed system settings', 'maintenance mode on');
    await expectLogged(page, testInfo, 'Changed system settings', 'maintenance mode off');
  });
});
