// Shared steps of the public-site end-to-end specs.
import { expect, type APIRequestContext } from '@playwright/test';

export { expectNoAxeViolations } from './account-support';

/** Signs in through the API (the demo accounts of the e2e cms) and returns the access token. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', {
    data: { email, password, isAdminLogin: !/^(ama|yaw)@/.test(email) },
  });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  return (await res.json()).token as string;
}

export const DEMO = {
  superadmin: { email: 'superadmin@fiehomes.local', password: 'FieSuper2026!' },
  admin: { email: 'admin@fiehomes.local', password: 'FieAdmin2026!' },
  seeker: { email: 'ama@fiehomes.local', password: 'FieSeeker2026!' },
  otherSeeker: { email: 'yaw@fiehomes.local', password: 'FieSeeker2026!' },
} as const;

/** A photo of the demo catalogue: a listing's images are the cms's own media (an upload's URL). */
export async function demoPhoto(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/products?pageSize=1');
  expect(res.status()).toBe(200);
  return ((await res.json()) as Array<{ images: string[] }>)[0]!.images[0]!;
}
