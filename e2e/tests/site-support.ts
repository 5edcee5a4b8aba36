// Shared steps of the public-site end-to-end specs.
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** axe (WCAG 2.x A/AA and best-practice rules) finds nothing on the page as it is now. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

/** Signs in through the API (the demo accounts of the e2e cms) and returns the access token. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password, isAdminLogin: !/^(ama|yaw)@/.test(email) } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  return (await res.json()).token as string;
}

export const DEMO = {
  superadmin: { email: 'superadmin@fiehomes.local', password: 'FieSuper2026!' },
  admin: { email: 'admin@fiehomes.local', password: 'FieAdmin2026!' },
  seeker: { email: 'ama@fiehomes.local', password: 'FieSeeker2026!' },
  otherSeeker: { email: 'yaw@fiehomes.local', password: 'FieSeeker2026!' },
} as const;
