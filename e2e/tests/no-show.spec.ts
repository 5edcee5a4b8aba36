// The no-show rule end to end at both widths: staff record that a client did not attend (the row's
// action and the edit dialog's checkbox); the seeker's booking modal says why booking is paused and
// from which day before any slot is offered, and so does their dashboard; an admin sees the pause on
// the Users screen and lifts it, and the seeker may book again.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  seekerAddedByStaff,
  expectNoAxeViolations,
  PASSWORD,
  signInThroughForm,
  uniqueEmail,
} from './account-support';
import { apiToken, DEMO, demoPhoto } from './site-support';

const DAY = 86_400_000;

/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the screens for a person to look at. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-${name}.png`), fullPage: true });
}

/** yyyy-MM-dd, `days` from today (Africa/Accra is UTC all year). */
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** "Monday 14 December 2026", as the site and the cms name a day. */
const dayLabel = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`);
  const weekday = d.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  const month = d.toLocaleDateString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${weekday} ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
};

test('staff record two missed viewings; the seeker is told booking is paused; an admin lifts it', async ({
  page,
  request,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const seeker = uniqueEmail(testInfo, 'noshow');
  const seekerToken = await seekerAddedByStaff(request, seeker);
  const superToken = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
  const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  const created = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${superToken}` },
    data: {
      location: `Missed Viewing Close ${testInfo.project.name}${Date.now().toString(36)}, Osu`,
      nearestLandmark: 'Osu Castle',
      price: 2800,
      currency: 'GHS',
      propertyType: 'Apartment',
      leaseType: 'Rent',
      images: [await demoPhoto(request)],
    },
  });
  expect(created.status()).toBe(201);
  const propertyId = (await created.json())._id as string;

  // Two viewings the seeker booked, which staff then closed as Unsuccessful on the days they were
  // held, 10 and 3 days ago (a viewing that is not active may be moved anywhere, the past included).
  const slots = (await (await request.get(`/api/products/${propertyId}/slots`)).json()) as {
    date: string;
    slots: string[];
  }[];
  const free = slots.find((d) => d.slots.length > 0)!;
  const missedDays = [dayFromToday(-10), dayFromToday(-3)];
  for (const day of missedDays) {
    const booked = await request.post(`/api/appointments/book/${propertyId}`, {
      headers: { Authorization: `Bearer ${seekerToken}` },
      data: { date: free.date, time: free.slots[0], comments: '' },
    });
    expect(booked.status()).toBe(201);
    const closed = await request.put(`/api/appointments/appointment/${(await booked.json())._id}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { status: 'Unsuccessful', date: day, time: '10:00' },
    });
    expect(closed.status()).toBe(200);
  }
  const reopens = dayLabel(
    new Date(Date.parse(`${missedDays[1]}T00:00:00Z`) + 30 * DAY).toISOString().slice(0, 10),
  );

  // The admin records both: one from its row, one in the edit dialog.
  await page.goto('/login');
  await signInThroughForm(page, DEMO.admin.email, DEMO.admin.password, { admin: true });
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto('/admin/appointments');
  await page.getByRole('searchbox', { name: 'Search appointments' }).fill(seeker);
  const rows = page.getByTestId(phone ? 'appointment-card' : 'appointment-row');
  await expect(rows).toHaveCount(2);
  await rows
    .first()
    .getByRole('button', { name: /did not attend/ })
    .click();
  await expect(
    page.getByText('Appointment marked as Unsuccessful: the client did not attend').first(),
  ).toBeVisible();
  await expect(rows.first().getByText('Client did not attend', { exact: true })).toBeVisible();

  await rows
    .nth(1)
    .getByRole('button', { name: /^Edit appointment/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Update Appointment' });
  await dialog.getByLabel('Client did not attend').check();
  await expectNoAxeViolations(page, 'update appointment with no-show');
  await dialog.getByRole('button', { name: 'Update Appointment' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows.nth(1).getByText('Client did not attend', { exact: true })).toBeVisible();

  // The Users screen shows the pause.
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users by email' }).fill(seeker);
  const account = page.getByTestId(phone ? 'account-card' : 'account-row');
  await expect(account).toHaveCount(1);
  await expect(account.getByText(`Booking paused: can book from ${reopens}`)).toBeVisible();
  await expectNoAxeViolations(page, 'users with a booking pause');
  await keepScreenshot(page, testInfo, 'no-show-users-row');

  // The seeker, signed in, is told before any slot is offered; the dashboard says so too.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await signInThroughForm(page, seeker, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/property/${propertyId}`);
  await page.getByRole('button', { name: 'Book a Viewing' }).click();
  const modal = page.getByRole('dialog', { name: 'Book a Property Viewing' });
  const notice = modal.getByTestId('booking-restriction');
  await expect(notice).toContainText(`You can book viewings again from ${reopens}.`);
  await expect(notice).toContainText('missed 2 viewings within 90 days');
  await expect(modal.getByRole('radio')).toHaveCount(0);
  await expectNoAxeViolations(page, 'booking modal while booking is paused');
  await keepScreenshot(page, testInfo, 'no-show-booking-modal');
  await modal.getByRole('button', { name: 'Close', exact: true }).last().click();

  await page.goto('/dashboard');
  const paused = page.getByTestId('booking-restriction');
  await expect(paused.getByRole('heading', { name: 'Viewing bookings paused' })).toBeVisible();
  await expect(paused).toContainText(`You can book viewings again from ${reopens}.`);
  await keepScreenshot(page, testInfo, 'no-show-dashboard');

  // An admin lifts it on the Users screen, and the seeker may book again.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await signInThroughForm(page, DEMO.admin.email, DEMO.admin.password, { admin: true });
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users by email' }).fill(seeker);
  await account.getByRole('button', { name: `Lift booking restriction of ${seeker}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Lift booking restriction' });
  await confirm.getByRole('button', { name: 'Lift restriction' }).click();
  await expect(
    page.getByText('Booking restriction lifted: this user can book viewings again.').first(),
  ).toBeVisible();
  await expect(account.getByText(/Booking paused/)).toHaveCount(0);

  const after = await request.get('/api/appointments/booking-restriction', {
    headers: { Authorization: `Bearer ${seekerToken}` },
  });
  expect((await after.json()).restricted).toBe(false);
});

test('the terms state the rule with the numbers of the system settings @desktop', async ({ page }) => {
  await page.goto('/terms');
  await expect(
    page.getByText(
      'Repeated no-shows restrict booking: 2 missed viewings within 90 days pause booking for 30 days.',
    ),
  ).toBeVisible();
  await expect(page.getByText('{{noShowRule}}')).toHaveCount(0);
});
