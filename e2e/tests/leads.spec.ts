// Leads by channel, against the real cms: WhatsApp on a property page opens the chat at once with the
// listing's title, reference and link as its first message, and records a lead (a JSON beacon through
// the site's /api proxy) that staff see on the dashboard's leads card. The page also says plainly
// that viewings are free.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { NO_VIEWING_FEES, leadSummarySchema, shortId, type LeadSummary } from '@fie/domain';
import { signInThroughForm } from './account-support';
import { apiToken, DEMO, expectNoAxeViolations } from './site-support';
import { E2E } from '../scripts/ports';

/** Set E2E_SCREENSHOTS to a folder to keep screenshots for a person to look at. */
async function keepScreenshot(target: Page | Locator, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: join(dir, `${testInfo.project.name}-leads-${name}.png`) });
}

async function leadSummary(request: APIRequestContext, token: string): Promise<LeadSummary> {
  const res = await request.get('/api/leads/summary?days=30', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return leadSummarySchema.parse(await res.json());
}

const whatsAppLeadsOf = (summary: LeadSummary, propertyId: string) =>
  summary.topListings.find((l) => l.propertyId === propertyId)?.whatsapp ?? 0;

test.describe('leads by channel', () => {
  test('WhatsApp on a property page opens the chat with the listing named and records a lead that staff see', async ({
    page,
    request,
  }, testInfo) => {
    const staffToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const listing = await request.get('/api/products?pageSize=3');
    expect(listing.status()).toBe(200);
    const property = (
      (await listing.json()) as Array<{ _id: string; propertyType: string; location: string }>
    )[2]!;
    const title = `${property.propertyType} in ${property.location}`;
    const before = whatsAppLeadsOf(await leadSummary(request, staffToken), property._id);

    await page.goto(`/property/${property._id}`);
    const contact = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'See it in person' }) })
      .last();
    // Viewings are free, said beside the booking, and "report it" leads to the page's report control.
    const notice = contact.locator('[data-no-viewing-fees]');
    await expect(notice).toBeVisible();
    expect((await notice.textContent())?.replace(/\s+/g, ' ').trim()).toBe(NO_VIEWING_FEES);
    await expect(notice.getByRole('link', { name: 'report it' })).toHaveAttribute('href', '#report');
    await expect(page.locator('#report')).toContainText('Report this listing');
    await expect(contact).toContainText(`Listing reference ${shortId(property._id)}`);
    await expectNoAxeViolations(page, '/property/:id contact');
    await keepScreenshot(contact, testInfo, 'property-contact');

    // The chat's first message names the listing: title, reference and absolute link.
    const whatsApp = contact.getByRole('link', { name: 'WhatsApp' });
    const href = new URL((await whatsApp.getAttribute('href'))!);
    expect(href.hostname).toBe('wa.me');
    const text = href.searchParams.get('text') ?? '';
    expect(text).toContain(title);
    expect(text).toContain(shortId(property._id));
    expect(text).toContain(`${E2E.siteUrl}/property/${property._id}`);
    // The lead is counted from a click that opens the chat in a new tab, so this page stays: the
    // stand-in for wa.me below routes the page's requests, and a beacon held by that routing would
    // die with a page that a same-tab navigation replaces. (The new tab reaches nothing here.)
    const beacon = page.waitForRequest(
      (req) => req.url() === `${E2E.siteUrl}/api/leads` && req.method() === 'POST',
    );
    const chat = page.context().waitForEvent('page');
    await whatsApp.click({ modifiers: ['ControlOrMeta'] });
    await (await chat).close();
    const sent = await beacon;
    expect(sent.headers()['content-type']).toMatch(/^application\/json/);
    // Its body (a Blob) is not shown to the test unrouted; the summary below shows what it said.
    // A beacon (Chromium's "ping"), not the fetch kept for browsers that refuse one.
    expect(sent.resourceType()).toBe('ping');
    await expect
      .poll(async () => whatsAppLeadsOf(await leadSummary(request, staffToken), property._id))
      .toBe(before + 1);

    // The admin's dashboard shows it on the leads card, the listing linked to its page.
    await page.goto('/login');
    await signInThroughForm(page, DEMO.admin.email, DEMO.admin.password, { admin: true });
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    const card = page.getByRole('region', { name: 'Leads, last 30 days' });
    const summary = await leadSummary(request, staffToken);
    await expect(card.getByRole('definition').nth(1).locator('data')).toHaveAttribute(
      'value',
      String(summary.byChannel.whatsapp),
    );
    const row = card.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/property/${property._id}`);
    await expect(row).toContainText(`${before + 1} WhatsApp`);
    await expectNoAxeViolations(page, '/admin-dashboard leads card');
    await keepScreenshot(card, testInfo, 'dashboard-card');

    // The plain tap: the chat opens at once in the same tab.
    await page.goto(`/property/${property._id}`);
    await page.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title><p>Chat stand-in</p>' }),
    );
    await page.getByRole('link', { name: 'WhatsApp' }).click();
    await expect(page).toHaveURL(/^https:\/\/wa\.me\//);
  });
});
