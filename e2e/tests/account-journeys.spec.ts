import { expect, test, type Page } from '@playwright/test';
import { bookableDates } from '@fie/domain';
import {
  codeFromEmail,
  seekerAddedByStaff,
  expectNoAxeViolations,
  PASSWORD,
  signInThroughForm,
  typeCode,
  uniqueEmail,
} from './account-support';
import { apiToken, DEMO } from './site-support';

/**
 * Stops the page's clock half a second ahead of now. pauseAt must name a time still ahead when it
 * arrives, and on a busy machine the call can take longer than that: then it is tried again from the
 * new now, rather than failing the test.
 */
async function pauseClockAboutNow(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
      return;
    } catch (error) {
      if (attempt >= 5 || !/to the past/.test(String(error))) throw error;
    }
  }
}

test.describe('accounts: the seeker journeys', () => {
  let forgetful = '';
  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    forgetful = uniqueEmail(testInfo, 'forgetful');
    await seekerAddedByStaff(request, forgetful);
    await request.dispose();
  });

  test('register → e-mailed code (Resend held back for 60 s) → dashboard → sign out', async ({
    page,
  }, testInfo) => {
    await page.clock.install();
    const email = uniqueEmail(testInfo, 'newseeker');

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(page.getByText('Admin accounts are created by a superadmin')).toBeVisible();
    await expectNoAxeViolations(page, '/register');
    const create = page.getByRole('button', { name: 'Create account' });
    await page.getByRole('button', { name: 'E-mail', exact: true }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('akwaaba');
    await expect(create).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await expect(create).toBeEnabled();
    await create.click();

    await expect(page).toHaveURL(/\/verify-otp$/);
    // The page's clock stops here, so the 60 s are the page's alone: real seconds spent on a busy
    // machine (an axe scan can take several) would otherwise count toward them.
    await pauseClockAboutNow(page);
    await expect(page.getByText('OTP sent successfully! Please check your email.')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    const resend = page.getByRole('button', { name: 'Resend code' });
    await expect(resend).toBeDisabled();
    await expect(page.getByText(/You can ask for a new code in \d+ s\./)).toBeVisible();
    await expect(page.getByTestId('otp-countdown')).toHaveText(/^(60:00|59:5\d)$/);

    await page.clock.fastForward(50_000);
    await expect(resend).toBeDisabled();
    await page.clock.fastForward(10_000);
    await expect(resend).toBeEnabled();
    await expect(page.getByTestId('otp-countdown')).toHaveText(/^5[89]:\d\d$/);
    await page.clock.resume();
    await expectNoAxeViolations(page, '/verify-otp');

    const code = await codeFromEmail(email, 'verification');
    const wrong = code === '0000' ? '1111' : '0000';
    await typeCode(page, wrong);
    await page.getByRole('button', { name: 'Verify and create account' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid OTP');
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Verify and create account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Email verified! Account created successfully.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${email.split('@')[0]}!`);
    await expectNoAxeViolations(page, '/dashboard (overview)');
    for (const [tab, text] of [
      ['Appointments', 'No Appointments Found'],
      ['Enquiries', 'No Enquiries Found'],
      ['History', 'No Recently Viewed Properties'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel')).toContainText(text);
      await expectNoAxeViolations(page, `/dashboard (${tab})`);
    }
    await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Browse Properties' })).toHaveAttribute(
      'href',
      '/properties',
    );

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    // The server ended the session too: the refresh cookie no longer renews anything.
    expect((await page.request.post('/api/refresh', { data: {} })).status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  });

  test('a seeker cancels a viewing more than 24 hours ahead', async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'viewer');
    const token = await seekerAddedByStaff(request, email);
    const auth = { Authorization: `Bearer ${token}` };
    // A listing with a Ghana Post GPS address (staff read it; the public answer does not carry it).
    const staff = {
      Authorization: `Bearer ${await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password)}`,
    };
    let property: { _id: string; propertyType: string; location: string } | undefined;
    let gps = '';
    for (const p of await (await request.get('/api/products?pageSize=20&sort=newest')).json()) {
      gps =
        (await (await request.get(`/api/products/${p._id}`, { headers: staff })).json()).digitalAddress ?? '';
      if (gps) {
        property = p;
        break;
      }
    }
    if (!property) throw new Error('no listing with a GPS address among the newest 20');
    const date = bookableDates(new Date()).at(-1)!;
    const [{ slots }] = await (await request.get(`/api/products/${property._id}/slots?date=${date}`)).json();
    const time = slots.at(-1 - (testInfo.project.name === 'phone' ? 1 : 0));
    const booked = await request.post(`/api/appointments/book/${property._id}`, {
      headers: auth,
      data: { date, time, comments: 'Is parking available?' },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await page.goto('/dashboard#appointments');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%23appointments$/);
    await signInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard#appointments$/);
    const row = page.getByTestId('appointment');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${property.propertyType} in ${property.location}`);
    await expect(row).toContainText(time);
    await expect(row).toContainText('Ongoing');
    // Where to go, while the viewing is active: the GPS address only its seeker reads.
    await expect(row.getByTestId('viewing-gps')).toHaveText(`GhanaPost GPS: ${gps}`);
    await expectNoAxeViolations(page, '/dashboard (appointments)');

    await row.getByRole('button', { name: 'Cancel viewing' }).click();
    await row.getByRole('button', { name: 'Keep it' }).click();
    await expect(row).toContainText('Ongoing');
    await row.getByRole('button', { name: 'Cancel viewing' }).click();
    await row.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByText('Viewing cancelled')).toBeVisible();
    await expect(row).toContainText('Cancelled');
    await expect(row.getByTestId('viewing-gps')).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Cancel viewing' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByText('No upcoming viewings')).toBeVisible();
  });

  test('forgot password → e-mailed code → new password → sign in with it', async ({ page }) => {
    // The cms sends one code per address per minute: the account was made at the start of the file.
    test.setTimeout(150_000);
    const email = forgetful;

    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goto('/verify-reset-otp');
    await expect(page).toHaveURL(/\/forgot-password$/);

    await expectNoAxeViolations(page, '/forgot-password');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    const wait = page.getByRole('alert').filter({ hasText: /Please wait \d+ seconds/ });
    // Either the code is sent (the page moves on) or the server holds the address back for the rest
    // of its minute. Wait for one of the two: `isVisible` does not wait, so checking it at once
    // missed a "Please wait" that arrived a moment later (a flaky failure in CI).
    const sentPage = /\/verify-reset-otp$/;
    await expect(async () => expect(sentPage.test(page.url()) || (await wait.isVisible())).toBe(true)).toPass(
      { timeout: 10_000 },
    );
    if (!sentPage.test(page.url())) {
      // The server's own message is shown; ask again once the minute is over.
      const seconds = Number(/(\d+) seconds/.exec((await wait.textContent()) ?? '')?.[1] ?? 60);
      await page.waitForTimeout((seconds + 1) * 1000);
      await page.getByRole('button', { name: 'Send reset code' }).click();
    }

    await expect(page).toHaveURL(/\/verify-reset-otp$/);
    await expect(page.getByText('OTP sent successfully! Please check your email.')).toBeVisible();
    await expectNoAxeViolations(page, '/verify-reset-otp');
    const code = await codeFromEmail(email, 'password reset');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByRole('alert')).toContainText('Please enter the complete 4-digit OTP');
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Verify code' }).click();

    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByText('OTP verified! You can now reset your password.')).toBeVisible();
    await expectNoAxeViolations(page, '/reset-password');
    const save = page.getByRole('button', { name: 'Reset password' });
    const newPassword = 'NewHome2027';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await expect(save).toBeDisabled();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await expect(save).toBeEnabled();
    await save.click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Password reset successfully! You can now login with your new password.'),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/login');
    await signInThroughForm(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await page.getByRole('button', { name: 'Dismiss error' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await signInThroughForm(page, email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
