import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';

// Without Google's settings.
let cms: TestCms;
beforeAll(async () => {
  cms = await startCms();
});
afterAll(async () => {
  await cms?.stop();
});

describe('Google sign-in, not configured', () => {
  it('hides the button and answers the start URL with 503', async () => {
    expect(await (await fetch(`${cms.url}/api/auth-config`)).json()).toEqual({ google: false });
    const res = await fetch(`${cms.url}/api/auth/google`, { redirect: 'manual' });
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe('Google sign-in is not configured.');
  });
});
