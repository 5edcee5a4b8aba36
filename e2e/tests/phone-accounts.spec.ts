// A seeker known by a mobile number: signs up with it (the code read from the texts the local SMSC
// kept in .data/e2e-sms), signs in with the password, then with a code texted in place of it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { bookableDates } from '@fie/domain';
import { expectNoAxeViolations, PASSWORD, signInThroughForm, typeCode } from './account-support';
import { DEMO } from './site-support';
import { E2E } from '../scripts/ports';

// E2E_SMS_DIR as scripts/start-cms.mjs reads it.
const SMS_DIR = process.env.E2E_SMS_DIR
  ? resolve(process.env.E2E_SMS_DIR)
  : resolve(__dirname, '..', '..', '.data', 'e2e-sms');

/** The 4-digit code of the newest text to `phone` whose words match, waiting for it to arrive. */
async function codeFromText(phone: string, words: RegExp, skip: string[] = []): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      () => {
        const files = readdirSync(SMS_DIR)
          .filter((f) => f.endsWith('.txt'))
          .sort()
          .reverse();
        for (const file of files) {
          const kept = readFileSync(join(SMS_DIR, file), 'utf8');
          if (/^To: (.*)$/m.exec(kept)?.[1] !== phone || !words.test(kept)) continue;
          const found = /\b(\d{4})\b/.exec(kept.split('\n\n').slice(1).join('\n'))?.[1] ?? null;
          code = found && !skip.includes(found) ? found : null;
          return code;
        }
        return null;
      },
      { message: `a text matching ${words} to ${phone}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return code!;
}

/** The texts the SMSC kept for `phone` whose words match. */
function textsTo(phone: string, words: RegExp): string[] {
  return readdirSync(SMS_DIR)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => readFileSync(join(SMS_DIR, f), 'utf8'))
    .filter((kept) => /^To: (.*)$/m.exec(kept)?.[1] === phone && words.test(kept));
}

/** A number of this run and project, in a range nobody else's test uses. */
function freshNumber(testInfo: TestInfo): { e164: string; local: string } {
  const project = testInfo.project.name === 'phone' ? '7' : '8';
  const tail = String(Date.now() % 100_000).padStart(5, '0');
  const national = `55${project}${tail.slice(0, 1)}${tail.slice(1)}`.slice(0, 9).padEnd(9, '0');
  return {
    e164: `+233${national}`,
    local: `0${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`,
  };
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: join(dir, `${testInfo.project.name}-${name}.png`), fullPage: true });
}

// One number through both tests: each code text counts against this machine's hourly texts, which the
// suite shares at two widths.
test.describe.configure({ mode: 'serial' });

test.describe('a seeker known by a mobile number', () => {
  let number: { e164: string; local: string };

  test('signs up with the number, gets the code by text, and signs in with the password', async ({
    page,
  }, testInfo) => {
    number = freshNumber(testInfo);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const planLoads = () => requested.filter((url) => /\/_astro\/phone-reader\.[\w-]+\.js$/.test(url));
    await page.goto('/register');
    // The number comes first: in Ghana the phone is a person's address.
    await expect(page.getByRole('button', { name: 'Mobile number' })).toHaveAttribute('aria-pressed', 'true');
    // The numbering plan is not part of the page's first load: it comes at the first focus or tap.
    await page.waitForLoadState('networkidle');
    expect(planLoads()).toEqual([]);
    const create = page.getByRole('button', { name: 'Create account' });
    await page.getByLabel('Mobile number').click();
    await expect.poll(() => planLoads().length).toBe(1);
    // A range no network uses looks like a number: the plan refuses it here, before anything is sent.
    await page.getByLabel('Mobile number').fill('011 123 4567');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await create.click();
    await expect(page.getByText('Enter a Ghana phone number, like 024 412 3456')).toBeVisible();
    expect(requested.filter((url) => url.includes('/api/signup'))).toEqual([]);
    await page.getByLabel('Mobile number').fill('030 212 3456');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await create.click();
    await expect(
      page.getByText('This is a landline. Enter a mobile number, like 024 412 3456'),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/register (a landline refused)');
    await shot(page, testInfo, 'register-phone-landline');

    await page.getByLabel('Mobile number').fill(number.local);
    await create.click();
    await expect(page).toHaveURL(/\/verify-otp$/);
    await expect(page.getByText('We sent a code by text. Please check your phone.')).toBeVisible();
    await expect(page.getByText(number.local)).toBeVisible();
    // A texted code lives 10 minutes.
    await expect(page.getByTestId('otp-countdown')).toHaveText(/^(10:00|09:5\d)$/);
    await expectNoAxeViolations(page, '/verify-otp (by text)');
    await shot(page, testInfo, 'verify-phone');

    const code = await codeFromText(number.e164, /sign-up code/);
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Verify and create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Number verified! Your account is ready.')).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Mobile number' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Mobile number').fill(number.local);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expectNoAxeViolations(page, '/login (by number)');
    await shot(page, testInfo, 'login-phone');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signs in with a code texted in place of the password', async ({ page }, testInfo) => {
    await page.goto('/login');
    await page.getByLabel('Mobile number').fill(number.local);
    await page.getByRole('button', { name: 'Text me a code instead' }).click();
    await expect(page.getByText('We sent a code by text. Please check your phone.')).toBeVisible();
    await expect(page.getByText(number.local)).toBeVisible();
    await expectNoAxeViolations(page, '/login (code by text)');
    await shot(page, testInfo, 'login-phone-code');

    const code = await codeFromText(number.e164, /sign-in code/);
    await typeCode(page, code === '0000' ? '1111' : '0000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(/invalid|wrong/i).first()).toBeVisible();
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a booking is texted; Settings turn texts off and on; STOP by text turns them off', async ({
    page,
    request,
  }, testInfo) => {
    const login = await request.post('/api/login', { data: { phone: number.e164, password: PASSWORD } });
    expect(login.status()).toBe(200);
    const auth = { Authorization: `Bearer ${(await login.json()).token}` };
    // A listing and slots of this project's own, apart from the other specs' (they take the newest).
    const listings = await (await request.get('/api/products?pageSize=8&sort=newest')).json();
    // One listing per booking: a seeker books a listing once.
    const mine = testInfo.project.name === 'phone' ? [listings[4], listings[5]] : [listings[6], listings[7]];
    const book = async (request: APIRequestContext, date: string) => {
      const property = mine.shift();
      const [{ slots }] = await (
        await request.get(`/api/products/${property._id}/slots?date=${date}`)
      ).json();
      const booked = await request.post(`/api/appointments/book/${property._id}`, {
        headers: auth,
        data: { date, time: slots[0], comments: '' },
      });
      expect(booked.status(), await booked.text()).toBe(201);
    };
    const dates = bookableDates(new Date());
    await book(request, dates.at(-1)!);
    await expect.poll(() => textsTo(number.e164, /viewing booked/).length, { timeout: 15_000 }).toBe(1);
    expect(textsTo(number.e164, /viewing booked/)[0]).toContain('Pay no one before you view.');

    await page.goto('/login?next=%2Fsettings%23notifications');
    await page.getByLabel('Mobile number').fill(number.local);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/settings#notifications$/);
    // Viewings by text off; alerts by text stay on until STOP, which turns both off.
    const texts = page.getByRole('group', { name: 'Viewings' }).getByLabel(`Texts to ${number.local}`);
    const alertTexts = page.getByRole('group', { name: 'Alerts' }).getByLabel(`Texts to ${number.local}`);
    await expect(texts).toBeChecked();
    await expect(alertTexts).toBeChecked();
    // Known by its number alone: no e-mail box to tick.
    await expect(page.getByRole('group', { name: 'Viewings' }).getByRole('checkbox').first()).toBeDisabled();
    await expectNoAxeViolations(page, '/settings (texts)');
    await shot(page, testInfo, 'settings-texts');
    await texts.uncheck();
    await expect(page.getByText('Texts are off.')).toBeVisible();

    // Texts off: the next booking is not texted. The first booking's text came within a second or
    // two; this one is given longer before its absence counts.
    await book(request, dates.at(-2)!);
    await page.waitForTimeout(5_000);
    expect(textsTo(number.e164, /viewing booked/)).toHaveLength(1);

    await texts.check();
    await expect(page.getByText('Texts are on.')).toBeVisible();
    const stop = await request.post(E2E.smsInboundUrl, { data: { from: number.e164, text: 'STOP' } });
    expect(stop.status()).toBe(204);
    await expect
      .poll(() => textsTo(number.e164, /texts to this number are now off/).length, { timeout: 15_000 })
      .toBe(1);
    await page.reload();
    await expect(texts).not.toBeChecked();
    await expect(alertTexts).not.toBeChecked();
  });

  test("staff find the seeker by number in Users and see today's texts on the dashboard", async ({
    page,
  }, testInfo) => {
    await page.goto('/login?next=%2Fadmin-dashboard');
    await signInThroughForm(page, DEMO.admin.email, DEMO.admin.password, { admin: true });
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    const texts = page.getByRole('region', { name: 'Texts today' });
    await expect(texts).toBeVisible();
    // This seeker's sign-up and sign-in codes, a booking and the STOP reply are among today's texts.
    await expect(texts.getByRole('progressbar')).toBeVisible();
    const codes = Number(
      (await texts.getByText('Codes').locator('xpath=following-sibling::dd').innerText()).replace(/,/g, ''),
    );
    expect(codes).toBeGreaterThanOrEqual(2);
    await texts.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'dashboard-texts');

    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search users by email' }).fill(number.local);
    const rows = page.getByTestId(testInfo.project.name === 'phone' ? 'account-card' : 'account-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(number.local);
    await expectNoAxeViolations(page, '/admin/users (by number)');
    await shot(page, testInfo, 'users-by-number');
  });
});
