import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@fie/domain';
import { COMMON } from '../../site/src/i18n/common';
import { DEMO, apiToken, expectNoAxeViolations } from './site-support';
import { seekerAddedByStaff, signInThroughForm, uniqueEmail } from './account-support';
import { expectHomeNotices, setMaintenance as switchMaintenance } from './maintenance-support';

/** Opens the first house, picks the first free day and time and confirms (the answer is the caller's to check). */
async function tryToBookTheFirstFreeSlot(
  page: Page,
  onListing: () => Promise<void> = async () => {},
): Promise<void> {
  await page.goto('/properties?propertyType=House');
  await onListing();
  await page.getByTestId('property-list').getByRole('article').first().getByRole('link').click();
  await page.getByRole('button', { name: 'Book a Viewing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a Property Viewing' });
  await dialog.locator('label:has(input[type="radio"])').first().click();
  const time = dialog.getByLabel('Time');
  await time.selectOption((await time.locator('option:not([value=""])').first().getAttribute('value'))!);
  await dialog.getByRole('button', { name: 'Confirm viewing' }).click();
}

// Maintenance mode, switched by the superadmin: every public page shows a notice
// within the freshness promise, and a seeker's booking is refused with the maintenance message;
// switched off, both are back to normal.
test('maintenance mode shows a notice on every page and pauses booking; off restores both', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const superadmin = await apiToken(request, DEMO.superadmin.email, DEMO.superadmin.password);
  const setMaintenance = (on: boolean) => switchMaintenance(request, superadmin, on);
  const notice = page.getByTestId('maintenance-notice');
  // A seeker of this run, signed in before the switch.
  const email = uniqueEmail(testInfo, 'maintenance');
  await seekerAddedByStaff(request, email);
  await page.goto('/login');
  await signInThroughForm(page, email, 'Akwaaba2026');
  await expect(page).toHaveURL(/\/dashboard/);

  await setMaintenance(true);
  try {
    await expectHomeNotices(page, 1);
    await expect(notice).toHaveText(COMMON.en.maintenanceNotice);
    await expectNoAxeViolations(page, 'home with the maintenance notice');
    await page.screenshot({
      path: testInfo.outputPath(`maintenance-${testInfo.project.name}.png`),
      fullPage: false,
    });

    // Browsing goes on; booking does not.
    await tryToBookTheFirstFreeSlot(page, async () => expect(notice).toBeVisible());
    await expect(page.getByText(MESSAGES.maintenance).first()).toBeVisible();
    await expect(page.getByText('Appointment booked successfully')).toHaveCount(0);
  } finally {
    await setMaintenance(false);
  }

  await expectHomeNotices(page, 0);
  await tryToBookTheFirstFreeSlot(page);
  await expect(page.getByText('Appointment booked successfully')).toBeVisible();
});
