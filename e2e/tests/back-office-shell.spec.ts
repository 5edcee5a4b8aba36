// The back-office's frame and dashboards:
// menus by role, the superadmin's live queue counts, real figures, the sidebar and the phone drawer.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test';
import { signInThroughForm } from './account-support';
import { apiToken, DEMO, expectNoAxeViolations } from './site-support';

const phone = (testInfo: TestInfo) => testInfo.project.name === 'phone';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** The budget for a staff page's first-load JavaScript, gzipped. */
const STAFF_JS_BUDGET = 170 * 1024;

const ADMIN_MENU = [
  'Overview',
  'Users',
  'Properties',
  'Appointments',
  'Enquiries',
  'Messages',
  'Deals',
  'Reports',
  'Settings',
];
const SUPERADMIN_MENU = [
  'Overview',
  'Users',
  'Properties',
  'Appointments',
  'Enquiries',
  'Messages',
  'Deals',
  'Reports',
  'Administrators',
  'Unapproved Properties',
  'Unapproved Deals',
  'Settings',
];

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

/** The menu's navigation: the docked sidebar's, or on phones the drawer's (opened here). */
async function openMenu(page: Page, testInfo: TestInfo) {
  if (phone(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Back office' });
  }
  return page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('navigation', { name: 'Back office' });
}

/** The sidebar or, on phones, the drawer (where the role badge is). */
function menuPanel(page: Page, testInfo: TestInfo) {
  return phone(testInfo)
    ? page.getByRole('dialog', { name: 'Menu' })
    : page.getByRole('complementary', { name: 'Sidebar' });
}

/** The entries' names without their counts (the first span of each link is its label). */
async function menuLabels(menu: ReturnType<Page['getByRole']>): Promise<string[]> {
  const links = menu.getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((all) =>
    all.map((a) => a.querySelector('span:not([aria-hidden])')?.textContent?.trim() ?? ''),
  );
}

type Stats = Record<
  'properties' | 'appointments' | 'enquiries' | 'dealsClosed',
  { total: number; last30Days: number }
> & {
  pendingApprovals: { properties: number; deals: number };
};

async function statsOf(request: APIRequestContext, token: string): Promise<Stats> {
  const res = await request.get('/api/stats', auth(token));
  expect(res.status()).toBe(200);
  return (await res.json()) as Stats;
}

/** Each figure card shows the cms's total and the count of its last 30 days. */
async function expectFigures(page: Page, stats: Stats): Promise<void> {
  const cards = [
    ['Properties', stats.properties],
    ['Appointments', stats.appointments],
    ['Enquiries', stats.enquiries],
    ['Deals Closed', stats.dealsClosed],
  ] as const;
  for (const [name, figure] of cards) {
    const card = page.getByRole('article', { name, exact: true });
    await expect(card.locator('data')).toHaveAttribute('value', String(figure.total));
    const recent = figure.last30Days === 0 ? 'None' : figure.last30Days.toLocaleString('en-GH');
    await expect(card).toContainText(new RegExp(`(^|\\D)${recent} \\w+ in the last 30 days`), {
      useInnerText: true,
    });
  }
}

/** The gzip size of every script the page requested while `load` ran. */
async function firstLoadScriptsGzip(
  page: Page,
  load: () => Promise<void>,
): Promise<{ files: number; bytes: number }> {
  const scripts: Response[] = [];
  const onResponse = (res: Response) => {
    if (res.request().resourceType() === 'script') scripts.push(res);
  };
  page.on('response', onResponse);
  await load();
  page.off('response', onResponse);
  let bytes = 0;
  for (const res of scripts) bytes += gzipSync(await res.body(), { level: 9 }).length;
  return { files: scripts.length, bytes };
}

async function signIn(page: Page, who: 'admin' | 'superadmin'): Promise<void> {
  await page.goto('/login');
  await signInThroughForm(page, DEMO[who].email, DEMO[who].password, { admin: who === 'admin' });
  await expect(page).toHaveURL(who === 'admin' ? /\/admin-dashboard$/ : /\/super-admin-dashboard$/);
}

/**
 * Signs `account` in through the API and has every page this browser opens start with that session
 * in localStorage, as the site keeps it, so the first page loaded is the one under test.
 */
async function storedSession(
  page: Page,
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<void> {
  const login = await request.post('/api/login', { data: { ...account, isAdminLogin: true } });
  expect(login.status()).toBe(200);
  const { token, id, email, role, fullName } = (await login.json()) as Record<string, string>;
  await page.addInitScript(
    (session) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', session.token);
        localStorage.setItem('user', JSON.stringify(session.user));
      }
    },
    { token, user: { id, email, role, fullName } },
  );
}

test.describe('back office: layout, navigation and dashboards', () => {
  test("an admin gets the admin's menu, the real figures and quick actions, and is kept out of superadmin pages", async ({
    page,
    request,
  }, testInfo) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome back, Kofi!' })).toBeVisible();
    await expectFigures(
      page,
      await statsOf(request, await apiToken(request, DEMO.admin.email, DEMO.admin.password)),
    );
    const actions = page.getByRole('region', { name: 'Quick actions' }).getByRole('link');
    expect(await actions.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
      '/admin/properties',
      '/admin/appointments',
      '/admin/deals',
    ]);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
    if (!phone(testInfo)) {
      await expect(banner.getByText('KA', { exact: true })).toBeVisible();
      await expect(banner.getByText('Kofi Addo')).toBeVisible();
      await expect(banner.getByText(DEMO.admin.email)).toBeVisible();
    }
    await keepScreenshot(page, testInfo, 'admin-dashboard');
    await expectNoAxeViolations(page, '/admin-dashboard');

    const menu = await openMenu(page, testInfo);
    expect(await menuLabels(menu)).toEqual(ADMIN_MENU);
    await expect(menu.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(menuPanel(page, testInfo).getByText('Administrator', { exact: true })).toBeVisible();
    if (phone(testInfo)) {
      // On phones the account is in the drawer.
      for (const text of ['KA', 'Kofi Addo', DEMO.admin.email])
        await expect(menuPanel(page, testInfo).getByText(text, { exact: true })).toBeVisible();
    }
    if (phone(testInfo)) await expectNoAxeViolations(page, '/admin-dashboard with the menu open');

    // A menu entry opens its page, at the top, inside the same layout.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await menu.getByRole('link', { name: 'Properties', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/properties$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Properties' })).toBeVisible();
    await expect(
      page.getByRole('searchbox', { name: 'Search properties by location, type or price' }),
    ).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectNoAxeViolations(page, '/admin/properties');

    // Superadmin pages send an admin to /dashboard (the route guard, site/src/lib/session/guard.ts).
    for (const path of ['/super-admin-dashboard', '/admin/unapproved-properties']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test('the superadmin sees the queues with live counts, the management cards and the figures', async ({
    page,
    request,
  }, testInfo) => {
    const superToken = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    const pendingProperties = await request.get('/api/products/unapproved', auth(superToken));
    expect(pendingProperties.status()).toBe(200);
    const waitingProperties = Number(pendingProperties.headers()['x-total-count']);
    const waitingDeals = Number(
      (await request.get('/api/deals/unapproved', auth(superToken))).headers()['x-total-count'],
    );

    await signIn(page, 'superadmin');
    await expect(page.getByRole('heading', { level: 1, name: 'SuperAdmin Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome back, Efua!' })).toBeVisible();
    await expectFigures(page, await statsOf(request, superToken));
    const management = page.getByRole('region', { name: 'Management' }).getByRole('link');
    await expect(management).toHaveCount(3);
    for (const [name, href] of [
      ['User Management', '/admin/users'],
      ['Admin Management', '/admin/admins'],
      ['System Settings', '/admin/settings'],
    ]) {
      await expect(
        page.getByRole('region', { name: 'Management' }).getByRole('link', { name: new RegExp(name) }),
      ).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('region', { name: 'Waiting for approval' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'super-admin-dashboard');
    await keepScreenshot(page, testInfo, 'super-admin-dashboard-top', { fullPage: false });
    await expectNoAxeViolations(page, '/super-admin-dashboard');

    let menu = await openMenu(page, testInfo);
    expect(await menuLabels(menu)).toEqual(SUPERADMIN_MENU);
    await expect(menu.getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'href',
      '/super-admin-dashboard',
    );
    await expect(
      menu.getByRole('link', { name: `Unapproved Properties (${waitingProperties} waiting)`, exact: true }),
    ).toBeVisible();
    await expect(
      menu.getByRole('link', { name: `Unapproved Deals (${waitingDeals} waiting)`, exact: true }),
    ).toBeVisible();
    // The two queues, the open reports and the unread conversations (Reports and Messages, counted
    // for both roles).
    await expect(menu.locator('[data-queue-count]')).toHaveCount(4);
    if (phone(testInfo)) {
      // The drawer covers the screen, not the whole page: a screen-sized picture shows it as a person sees it.
      await keepScreenshot(page, testInfo, 'drawer-open', { fullPage: false });
      await page.keyboard.press('Escape');
    }

    // Live: an admin's new deal joins the queue, and the count follows when the window regains focus.
    const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const today = new Date().toISOString().slice(0, 10);
    const created = await request.post('/api/deals', {
      ...auth(adminToken),
      data: {
        closerName: 'Kofi Addo',
        dealDate: today,
        commission: 'GH₵ 1,200',
        tenantName: 'Shell Count Tenant',
        tenantContact: '0244000000',
        tenancyStartDate: today,
        tenancyEndDate: today,
      },
    });
    expect(created.status()).toBe(201);
    const dealId = ((await created.json()) as { _id: string })._id;
    try {
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      menu = await openMenu(page, testInfo);
      await expect(
        menu.getByRole('link', { name: `Unapproved Deals (${waitingDeals + 1} waiting)`, exact: true }),
      ).toBeVisible();

      await menu.getByRole('link', { name: /^Unapproved Deals/ }).click();
      await expect(page).toHaveURL(/\/admin\/unapproved-deals$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Pending Deals' })).toBeVisible();
      menu = await openMenu(page, testInfo);
      await expect(menu.getByRole('link', { name: /^Unapproved Deals/ })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expectNoAxeViolations(page, '/admin/unapproved-deals');
    } finally {
      expect((await request.delete(`/api/deals/${dealId}`, auth(superToken))).status()).toBe(200);
    }
  });

  test("the superadmin's activity log shows what staff did, newest first, from the cms's audit trail", async ({
    page,
    request,
  }, testInfo) => {
    const superToken = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
    const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const today = new Date().toISOString().slice(0, 10);
    const tenant = `Audit Tenant ${testInfo.project.name} ${Date.now().toString(36)}`;
    const created = await request.post('/api/deals', {
      ...auth(adminToken),
      data: {
        closerName: 'Kofi Addo',
        dealDate: today,
        commission: 'GH₵ 1,200',
        tenantName: tenant,
        tenantContact: '0244000000',
        tenancyStartDate: today,
        tenancyEndDate: today,
      },
    });
    expect(created.status()).toBe(201);
    const dealId = ((await created.json()) as { _id: string })._id;
    try {
      await signIn(page, 'superadmin');
      const log = page.getByRole('region', { name: 'Activity log' });
      const first = log.getByTestId(phone(testInfo) ? 'activity-card' : 'activity-row').first();
      await expect(first).toContainText('Created deal');
      await expect(first).toContainText(tenant);
      await expect(first).toContainText(DEMO.admin.email);
      await expect(log.getByText(/^Showing 1-\d+ of \d+ actions?$/)).toBeVisible();
      await log.scrollIntoViewIfNeeded();
      await keepScreenshot(page, testInfo, 'activity-log', { fullPage: false });
      await expectNoAxeViolations(page, '/super-admin-dashboard (activity log)');
    } finally {
      expect((await request.delete(`/api/deals/${dealId}`, auth(superToken))).status()).toBe(200);
    }
  });

  // Tagged @desktop: phones get the drawer instead (playwright.config.ts runs @desktop tests in the desktop project only).
  test('the sidebar collapses to 72 px, remembers it, and collapses by itself under 1024 px @desktop', async ({
    page,
  }, testInfo) => {
    const width = async () =>
      (await page.getByRole('complementary', { name: 'Sidebar' }).boundingBox())?.width;
    const mainLeft = async () => (await page.getByRole('main').boundingBox())?.x;

    await signIn(page, 'admin');
    await expect.poll(width).toBe(256);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(width).toBe(72);
    await expect.poll(mainLeft).toBe(72);
    await expect(
      page
        .getByRole('complementary', { name: 'Sidebar' })
        .getByRole('link', { name: 'Appointments', exact: true }),
    ).toHaveAttribute('title', 'Appointments');
    await keepScreenshot(page, testInfo, 'sidebar-collapsed');
    await expectNoAxeViolations(page, '/admin-dashboard with the sidebar collapsed');

    await page.reload();
    await expect.poll(width).toBe(72);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(width).toBe(256);

    await page.setViewportSize({ width: 1000, height: 800 });
    await expect.poll(width).toBe(72);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(width).toBe(256);
  });

  // Measured once, in the desktop project.
  test("a staff page's first load stays within its JavaScript budget @desktop", async ({
    page,
    request,
  }, testInfo) => {
    // Signed in through the API so the dashboard is the first page this browser loads (cold cache).
    await storedSession(page, request, DEMO.admin);
    const js = await firstLoadScriptsGzip(page, async () => {
      await page.goto('/admin-dashboard');
      await expect(
        page.getByRole('article', { name: 'Properties', exact: true }).locator('data'),
      ).toBeVisible();
    });
    const figure = `${js.files} files, ${(js.bytes / 1024).toFixed(1)} KB gzip (budget ${STAFF_JS_BUDGET / 1024} KB)`;
    testInfo.annotations.push({ type: 'staff page first-load JavaScript', description: figure });
    console.log(`staff page first-load JavaScript: ${figure}`);
    expect(js.bytes).toBeLessThanOrEqual(STAFF_JS_BUDGET);
  });

  test('staff pages run within their Content-Security-Policy: nothing is refused, not even an eval probe @desktop', async ({
    page,
    request,
  }) => {
    await storedSession(page, request, DEMO.superadmin);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    // Each page parses the cms's answers with zod (which would probe for eval) before its list shows.
    for (const [path, ready] of [
      ['/super-admin-dashboard', 'Activity log'],
      ['/admin/users', 'Users'],
      ['/admin/settings', 'Settings'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
        path,
      ).toEqual([]);
    }
  });

  // Tagged @phone: the drawer is for phones (run in the phone project only).
  test('on phones the menu is a drawer: focus moves in, Escape closes it, its links navigate @phone', async ({
    page,
  }) => {
    await signIn(page, 'superadmin');
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(drawer.getByText('Super Admin', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'the phone drawer');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await drawer.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a seeker is sent to sign in from staff pages and to /dashboard from superadmin pages', async ({
    page,
  }) => {
    await page.goto('/login');
    await signInThroughForm(page, DEMO.seeker.email, DEMO.seeker.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/deals');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fdeals$/);
    await page.goto('/admin/admins');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
