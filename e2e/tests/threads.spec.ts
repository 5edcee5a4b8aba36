// Conversations, against the real cms: a seeker writes on their enquiry's thread and staff reply; the
// seeker replies again with JavaScript off (the page's plain form); a seeker's request for money is
// shown with the warning, and the same words from staff are held until a second member of staff sends
// them; staff assign the thread.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { signInThroughForm } from './account-support';
import { apiToken, DEMO, expectNoAxeViolations } from './site-support';

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-threads-${name}.png`), fullPage: true });
}

/** A new enquiry of the demo seeker about a listed property, made through the API. */
async function newEnquiry(request: APIRequestContext, index: number): Promise<string> {
  const token = await apiToken(request, DEMO.seeker.email, DEMO.seeker.password);
  const listing = await request.get('/api/products?pageSize=12');
  const property = ((await listing.json()) as Array<{ _id: string }>)[index]!;
  const res = await request.post('/api/enquiries', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: 'Ama Mensah',
      phoneNumber: ['0241234567'],
      message: 'Is it still free?',
      product: property._id,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

const messages = (page: Page) => page.getByTestId('thread-message');
const phone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

test.describe('a conversation on an enquiry', () => {
  test('the seeker asks, staff reply, the seeker replies without JavaScript; money requests are guarded', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const enquiryId = await newEnquiry(request, testInfo.project.name === 'phone' ? 9 : 8);
    const path = `/messages/enquiry/${enquiryId}`;

    // Signed out, the page asks to sign in, and comes back after.
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Sign in to see this conversation' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await signInThroughForm(page, DEMO.seeker.email, DEMO.seeker.password);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: /^Your enquiry/ })).toBeVisible();
    await expect(page.getByText('No messages yet. Write the first one below.')).toBeVisible();

    // Sending nothing says so, without losing the page.
    await page.getByLabel('Your message').fill('   ');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert')).toHaveText('Write a message first.');

    await page.getByLabel('Your message').fill('Can I see it on Saturday morning?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page).first()).toContainText('You');
    await expect(messages(page).first()).toContainText('Can I see it on Saturday morning?');

    // Staff reply through the API, with a link to another site.
    const admin = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const reply = await request.post(`/api/enquiries/${enquiryId}/messages`, {
      headers: { Authorization: `Bearer ${admin}` },
      data: { text: 'Yes, 10:00 works. Directions: https://maps.example.org/osu' },
    });
    expect(reply.status()).toBe(201);
    // It appears without a reload (the page's live stream).
    await expect(messages(page)).toHaveCount(2, { timeout: 5000 });
    await expect(messages(page).last()).toContainText('Fie Homes');
    // Another site's address is text, never a link.
    await expect(messages(page).last().getByRole('link')).toHaveCount(0);
    await expect(messages(page).last()).toContainText('(another site: maps.example.org, not a link)');
    await expectNoAxeViolations(page, 'conversation');
    await keepScreenshot(page, testInfo, 'seeker');

    // The dashboard links to it.
    await page.goto('/dashboard#enquiries');
    await expect(page.locator(`a[href="${path}"]`)).toBeVisible();
    // ... and the seeker downloads their conversations as a page to read.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'as a page to read' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^fie-homes-conversations-\d{4}-\d{2}-\d{2}\.html$/);
    const saved = await download.path();
    expect(readFileSync(saved, 'utf8')).toContain('Can I see it on Saturday morning?');

    // With JavaScript off, the plain form still sends (the session cookie came with sign-in).
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      viewport: page.viewportSize(),
    });
    const noJs = await plain.newPage();
    await noJs.goto(path);
    await expect(messages(noJs)).toHaveCount(2);
    await noJs.getByLabel('Your message').fill('Thank you, see you at 10:00.');
    await noJs.getByRole('button', { name: 'Send' }).click();
    await expect(noJs).toHaveURL(new RegExp(`${path}#latest$`));
    await expect(messages(noJs)).toHaveCount(3);
    await expect(messages(noJs).last()).toContainText('Thank you, see you at 10:00.');

    // A seeker's request for money is sent with the warning and a way to report it.
    await noJs
      .getByLabel('Your message')
      .fill('The caretaker says send the viewing fee to 024 412 3456 first?');
    await noJs.getByRole('button', { name: 'Send' }).click();
    const warned = messages(noJs).last();
    await expect(warned.getByTestId('thread-warning')).toContainText(
      'Fie Homes never asks for money to view a property',
    );
    await expect(warned.getByRole('link', { name: 'Report' })).toHaveAttribute(
      'href',
      /\/property\/.+#report$/,
    );
    await keepScreenshot(noJs, testInfo, 'warning');
    await plain.close();

    // The same words from staff are held: the seeker does not see them until a colleague sends them.
    const held = await request.post(`/api/enquiries/${enquiryId}/messages`, {
      headers: { Authorization: `Bearer ${admin}` },
      data: { text: 'Please send the viewing fee to 024 412 3456 first.' },
    });
    expect(held.status()).toBe(201);
    expect(((await held.json()) as { message: { status: string } }).message.status).toBe('held');
    await page.goto(path);
    await expect(messages(page)).toHaveCount(4);
    await expect(page.getByText('Please send the viewing fee')).toHaveCount(0);
  });

  test('staff see held messages, a second member of staff sends one, and staff assign the thread', async ({
    page,
    request,
  }, testInfo) => {
    const enquiryId = await newEnquiry(request, testInfo.project.name === 'phone' ? 11 : 10);
    const path = `/messages/enquiry/${enquiryId}`;
    const admin = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const held = await request.post(`/api/enquiries/${enquiryId}/messages`, {
      headers: { Authorization: `Bearer ${admin}` },
      data: { text: 'Pay the inspection fee by MoMo before the viewing.' },
    });
    expect(held.status()).toBe(201);

    // The seeker asks something, which nobody on staff has read yet.
    const seekerToken = await apiToken(request, DEMO.seeker.email, DEMO.seeker.password);
    const asked = await request.post(`/api/enquiries/${enquiryId}/messages`, {
      headers: { Authorization: `Bearer ${seekerToken}` },
      data: { text: 'Is the compound gated?' },
    });
    expect(asked.status()).toBe(201);

    // The superadmin, a second member of staff, finds it in the back-office's Messages, counted as unread.
    await page.goto(`/login?next=${encodeURIComponent('/admin/messages')}`);
    await signInThroughForm(page, DEMO.superadmin.email, DEMO.superadmin.password, { admin: true });
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await page.getByLabel('Show').selectOption({ label: 'Unread' });
    const row = page
      .getByTestId(phone(testInfo) ? 'thread-card' : 'thread-row')
      .filter({ hasText: 'Is the compound gated?' });
    await expect(row).toContainText('unread');
    await keepScreenshot(page, testInfo, 'staff-inbox');
    await row.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId('thread-seeker')).toHaveText(/Seeker: /);
    const waiting = page.getByTestId('thread-held');
    await expect(waiting).toContainText('Pay the inspection fee by MoMo before the viewing.');
    await keepScreenshot(page, testInfo, 'staff-held');
    await waiting.getByRole('button', { name: 'Send it' }).click();
    await expect(page.getByTestId('thread-held')).toHaveCount(0);
    await expect(messages(page).last()).toContainText('Pay the inspection fee by MoMo before the viewing.');
    await expect(messages(page).last().getByTestId('thread-warning')).toBeVisible();

    // Assign it to the admin, then to nobody.
    const assign = page.getByTestId('thread-assign');
    const choice = assign.getByLabel('Assigned to');
    const profile = await request.get('/api/profile', { headers: { Authorization: `Bearer ${admin}` } });
    const adminName = ((await profile.json()) as { fullName: string }).fullName;
    await expect(choice.locator('option', { hasText: adminName })).toHaveCount(1);
    await choice.selectOption({ label: adminName });
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByTestId('thread-assign').getByLabel('Assigned to')).toHaveValue(/.+/);
    const mine = await request.get('/api/threads?assignee=me', {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(((await mine.json()) as Array<{ id: string }>).map((t) => t.id)).toContain(enquiryId);
    await page.getByTestId('thread-assign').getByLabel('Assigned to').selectOption({ label: 'Nobody' });
    await page.getByTestId('thread-assign').getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByTestId('thread-assign').getByLabel('Assigned to')).toHaveValue('');
    await expectNoAxeViolations(page, 'staff conversation');
  });
});
