import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';

// With Google configured. (The round trip through Google itself needs the internet and a real
// Google client; what this machine can check is our side of the hand-off.)
let cms: TestCms;
beforeAll(async () => {
  cms = await startCms({
    env: { GOOGLE_CLIENT_ID: 'test-client-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'test-secret', SITE_URL: 'http://127.0.0.1:4321' },
  });
});
afterAll(async () => {
  await cms?.stop();
});

const get = (path: string) => fetch(`${cms.url}${path}`, { redirect: 'manual' });

describe('Google sign-in, configured', () => {
  it('tells the site to show the button', async () => {
    expect(await (await get('/api/auth-config')).json()).toEqual({ google: true });
  });

  it('the button starts the OAuth hand-off that ends at Google with our client and return address', async () => {
    const start = await get('/api/auth/google');
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/api/connect/google');

    const connect = await fetch(`${cms.url}/api/connect/google`, { redirect: 'manual' });
    expect(connect.status).toBe(302);
    const google = new URL(connect.headers.get('location')!);
    expect(google.hostname).toBe('accounts.google.com');
    expect(google.searchParams.get('client_id')).toBe('test-client-id.apps.googleusercontent.com');
    expect(google.searchParams.get('redirect_uri')).toMatch(/\/api\/connect\/google\/callback$/);

    const grant = await cms.strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'grant' });
    expect(grant.google).toMatchObject({ enabled: true, callback: 'http://127.0.0.1:4321/api/auth/google/return' });
  });

  it('the return refuses a missing token with a clear 400', async () => {
    const res = await get('/api/auth/google/return');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/did not complete/);
  });

  it('the stock token exchange route stays closed', async () => {
    expect((await get('/api/auth/google/callback?access_token=x')).status).toBe(404);
  });
});
