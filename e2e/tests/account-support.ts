// Shared steps of the account end-to-end specs: unique addresses, codes read from the e-mails the
// real SMTP listener kept in .data/e2e-mail, accounts made through the API, and axe checks.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

// E2E_MAIL_DIR as scripts/start-cms.mjs reads it (a run of its own beside another).
export const MAIL_DIR = process.env.E2E_MAIL_DIR
  ? resolve(process.env.E2E_MAIL_DIR)
  : resolve(__dirname, '..', '..', '.data', 'e2e-mail');
export const PASSWORD = 'Akwaaba2026';

export function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `${label}-${testInfo.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

/** An e-mail the SMTP listener kept: its file (the .txt rendering), that text and its subject. */
export interface KeptMail {
  file: string;
  text: string;
  subject: string;
}

/**
 * What `read` finds in the newest e-mail to that address whose subject holds `subjectPart`, waiting
 * for it to arrive (while `read` answers null, the newest such e-mail is read again).
 */
export async function fromNewestMail<T>(
  email: string,
  subjectPart: string,
  read: (mail: KeptMail) => T | null,
  timeout = 15_000,
): Promise<T> {
  let found: T | null = null;
  await expect
    .poll(
      () => {
        const files = readdirSync(MAIL_DIR)
          .filter((f) => f.endsWith('.txt'))
          .sort()
          .reverse();
        for (const file of files) {
          const text = readFileSync(join(MAIL_DIR, file), 'utf8');
          const to = /^To: (.*)$/m.exec(text)?.[1] ?? '';
          const subject = /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
          if (!to.split(', ').includes(email.toLowerCase()) || !subject.includes(subjectPart)) continue;
          found = read({ file: join(MAIL_DIR, file), text, subject });
          return found;
        }
        return null;
      },
      { message: `an e-mail "${subjectPart}" to ${email}`, timeout },
    )
    .not.toBeNull();
  return found!;
}

/** The 4-digit code of the newest e-mail of that kind to that address, waiting for it to arrive. */
export function codeFromEmail(
  email: string,
  kind: 'verification' | 'password reset',
  skip: string[] = [],
): Promise<string> {
  return fromNewestMail(email, `${kind} code`, ({ subject }) => {
    const code = /\b(\d{4})\b/.exec(subject)?.[1] ?? null;
    return code && !skip.includes(code) ? code : null;
  });
}

/**
 * A confirmed seeker added by the demo superadmin (the back-office's Add user), signed in; answers the
 * access token. Every spec that is not about signing up makes its seekers this way: each sign-up
 * e-mails a code, and the cms allows one network address 20 of those an hour, which the whole suite,
 * run from one address at two widths, would pass.
 */
export async function seekerAddedByStaff(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const boss = await request.post('/api/login', {
    data: { email: 'superadmin@fiehomes.local', password: 'FieSuper2026!', isAdminLogin: true },
  });
  expect(boss.status()).toBe(200);
  const added = await request.post('/api/add-admin', {
    data: { email, password, role: 'user' },
    headers: { Authorization: `Bearer ${(await boss.json()).token}` },
  });
  expect(added.status()).toBe(201);
  const login = await request.post('/api/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

/** Types a code into the four boxes the way a person does: one key after another from the first box. */
export async function typeCode(page: Page, code: string, firstBox = 'Digit 1 of 4'): Promise<void> {
  await page.getByLabel(firstBox).click();
  await page.keyboard.type(code, { delay: 30 });
}

/**
 * axe (WCAG and best-practice rules) finds nothing on the page as it is now. Finite CSS animations (a
 * toast sliding in or fading out, a dialog opening) are let finish first: axe reads colours mid-fade
 * as blended with the page behind and reports a contrast failure no one ever sees at rest. Endless
 * ones (spinners, skeletons) are not waited for. An animation can also start while axe reads the page
 * (a toast's 5 s end and its fade-out fell inside one analysis in CI): such a reading is not of the
 * page at rest, so it is taken again once the page is still, and only a still page's result counts.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  let summary: string[] = [];
  for (let reading = 0; reading < 4; reading++) {
    await waitForFiniteAnimations(page);
    await page.evaluate(() => {
      const w = window as unknown as { __axeMoved?: boolean; __axeWatch?: boolean };
      w.__axeMoved = false;
      if (w.__axeWatch) return;
      w.__axeWatch = true;
      const moved = (): void => {
        w.__axeMoved = true;
      };
      for (const type of ['animationstart', 'transitionstart', 'transitionrun'])
        document.addEventListener(type, moved, true);
    });
    const results = await new AxeBuilder({ page }).analyze();
    summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    const still = await page.evaluate(
      () =>
        !(window as unknown as { __axeMoved?: boolean }).__axeMoved &&
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    );
    if (still || summary.length === 0) break;
  }
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

async function waitForFiniteAnimations(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 5_000 },
  );
}

export async function signInThroughForm(
  page: Page,
  email: string,
  password: string,
  options: { admin?: boolean } = {},
): Promise<void> {
  // The form opens on the mobile number; these accounts are known by their e-mail.
  await page.getByRole('button', { name: 'E-mail', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (options.admin) await page.getByLabel('Sign in as admin').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}
