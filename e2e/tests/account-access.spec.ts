import { expect, test } from '@playwright/test';
import {
  seekerAddedByStaff,
  expectNoAxeViolations,
  PASSWORD,
  signInThroughForm,
  uniqueEmail,
} from './account-support';

test.describe('accounts: sign-in routing, guards, profile and settings', () => {
  test('signed-out visitors are sent to sign in and come back to the page that asked', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);
    await page.goto('/login?next=%2F%2Fevil.example%2F');
    await signInThroughForm(page, 'ama@fiehomes.local', 'FieSeeker2026!');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/admin-dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin-dashboard$/);
    await page.goto('/super-admin-dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('staff land on their dashboards; an admin is kept out of superadmin pages', async ({ page }) => {
    await page.goto('/login');
    await signInThroughForm(page, 'ama@fiehomes.local', 'FieSeeker2026!', { admin: true });
    await expect(page.getByRole('alert')).toContainText('This is not an admin account.');

    await signInThroughForm(page, 'admin@fiehomes.local', 'FieAdmin2026!', { admin: true });
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.goto('/admin/unapproved-deals');
    await expect(page).toHaveURL(/\/dashboard$/);

    // Sign out the way a person does. (Clearing localStorage and navigating raced the page's own
    // redirect to sign in, which aborted the navigation: a flaky ERR_ABORTED in CI.)
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, 'superadmin@fiehomes.local', 'FieSuper2026!');
    await expect(page).toHaveURL(/\/super-admin-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'SuperAdmin Dashboard' })).toBeVisible();
    await expectNoAxeViolations(page, '/super-admin-dashboard');
  });

  test('the social sign-in return stores the session and opens the dashboard', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'social');
    await page.goto('/');
    test.skip(
      (await page.locator('[data-account-menu]').count()) === 0,
      'the session script rides on AccountMenu, which the lead adds to Base.astro',
    );
    const token = await seekerAddedByStaff(request, email);
    const profile = await (
      await request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    await page.goto(`/?${new URLSearchParams({ token, id: profile._id, email, role: 'user' })}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${email.split('@')[0]}!`);
  });

  test('profile and settings edit the real account', async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'profile');
    await seekerAddedByStaff(request, email);
    await page.goto('/login?next=%2Fprofile');
    await signInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Not provided')).toHaveCount(2);
    await expectNoAxeViolations(page, '/profile');

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Full name').fill('Abena Owusu');
    await page.getByLabel('Phone', { exact: true }).fill('024 123');
    await page.getByLabel('Location').fill('Kumasi');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Enter a Ghana phone number, like 024 412 3456')).toBeVisible();
    await expectNoAxeViolations(page, '/profile (editing, with an error)');
    await page.getByLabel('Phone', { exact: true }).fill('024 123 4567');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abena Owusu');
    await expect(page.getByText('024 123 4567')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('main').getByText('Kumasi', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').fullName)).toBe(
      'Abena Owusu',
    );

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Abena Owusu');
    await expectNoAxeViolations(page, '/settings (account)');

    // Each channel is saved on the server as it is clicked; texts wait for a verified number.
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const alertEmails = page.getByRole('group', { name: 'Alerts' }).getByLabel('E-mail');
    await expect(alertEmails).toBeChecked();
    await expect(page.getByRole('group', { name: 'Viewings' }).getByLabel(/^Texts \(SMS\)/)).toBeDisabled();
    await alertEmails.uncheck();
    await expect(page.getByText('E-mails are off.')).toBeVisible();
    await expectNoAxeViolations(page, '/settings (notifications)');
    await page.reload();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByRole('group', { name: 'Alerts' }).getByLabel('E-mail')).not.toBeChecked();
    await expect(page.getByRole('group', { name: 'Viewings' }).getByLabel('E-mail')).toBeChecked();

    await page.getByRole('tab', { name: 'Security' }).click();
    await expectNoAxeViolations(page, '/settings (security)');
    await page.getByRole('tab', { name: 'Password' }).click();
    const change = page.getByRole('button', { name: 'Change password' });
    await page.getByLabel('Current password').fill('WrongPass2026');
    await page.getByLabel('New password', { exact: true }).fill('Brandnew2027');
    await page.getByLabel('Confirm new password').fill('Brandnew2027');
    await expectNoAxeViolations(page, '/settings (password)');
    await change.click();
    await expect(page.getByRole('alert')).toContainText('Your current password is incorrect.');
    await page.getByLabel('Current password').fill(PASSWORD);
    await change.click();
    await expect(
      page.getByText('Password changed. You were signed out on your other devices.'),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Sign out of this device' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, email, 'Brandnew2027');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
