// The site's pages under their Content-Security-Policy, in Chromium: every page works with no
// policy violation, an injected script would not run, and a social sign-in return's token leaves
// the address bar before anything else.
import { expect, test, type Page } from '@playwright/test';

/** Console messages that report a blocked script, style, frame or connection. */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test.describe('pages under their Content-Security-Policy', () => {
  test('the public pages and the sign-in screens run with no policy violation', async ({ page, request }) => {
    const [first] = await (await request.get('/api/products?pageSize=1')).json();
    const violations = watchViolations(page);
    for (const path of [
      '/',
      '/properties',
      `/property/${first._id}`,
      '/contact-us',
      '/login',
      '/register',
      '/forgot-password',
    ]) {
      const res = await page.goto(path);
      const policy = res?.headers()['content-security-policy'] ?? '';
      expect(policy, path).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
      expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(policy, path).toContain("frame-ancestors 'none'");
      await page.waitForLoadState('networkidle');
    }
    // The islands hydrated (a React form answers), so the policy let Astro's own scripts run.
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Akwaaba2026');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    expect(violations).toEqual([]);
  });

  test('a script that is not one of the site’s own does not run', async ({ page }) => {
    await page.goto('/about-us');
    const violations = watchViolations(page);
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.append(s);
      await new Promise((r) => setTimeout(r, 100));
      return Boolean((window as unknown as { __injected?: boolean }).__injected);
    });
    expect(ran).toBe(false);
    expect(violations.length).toBeGreaterThan(0);
  });

  test('pages cannot be framed by another site', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.headers()['x-frame-options']).toBe('DENY');
    expect(res?.headers()['x-content-type-options']).toBe('nosniff');
    expect(res?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res?.headers()['permissions-policy']).toContain('camera=()');
  });
});

test('a social sign-in return stores the session, and its token leaves the address bar and history first', async ({
  page,
}) => {
  // A real token is not needed to see where it goes: the dashboard's check then ends the session.
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.url()} ${r.headers()['referer'] ?? ''}`));
  const res = await page.goto(`/?token=not-a-real-token&id=u1&email=esi%40example.com&role=user`);
  expect(res?.headers()['cache-control']).toBe('no-store');
  expect(res?.headers()['referrer-policy']).toBe('no-referrer');
  await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/login');
  expect(page.url()).not.toContain('not-a-real-token');
  // Nothing after the first request carried the token, in its address or its Referer.
  expect(requests.slice(1).filter((r) => r.includes('not-a-real-token'))).toEqual([]);
  // Back leads to where the visitor was before (here, the blank start page), not to the token.
  await page.goBack().catch(() => {});
  expect(page.url()).not.toContain('not-a-real-token');
});
