// Shared steps of the specs that switch maintenance mode (the superadmin's Settings, System tab).
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** How many maintenance notices the home page shows, read again until it is `expected` (the freshness promise). */
export async function expectHomeNotices(page: Page, expected: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto('/');
        return page.getByTestId('maintenance-notice').count();
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe(expected);
}

/** Switches maintenance mode through the API as the superadmin (a test's clean-up, whatever happened). */
export async function setMaintenance(
  request: APIRequestContext,
  superadminToken: string,
  on: boolean,
): Promise<void> {
  const res = await request.put('/api/system-settings', {
    headers: { Authorization: `Bearer ${superadminToken}` },
    data: { maintenanceMode: on },
  });
  expect(res.status(), await res.text()).toBe(200);
}
