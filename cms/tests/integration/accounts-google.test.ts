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

describe('Google sign-in during maintenance', () => {
  // Google itself cannot be reached from here: its token check is replaced by a stand-in that
  // vouches for the e-mail the test names (everything after it is the real hand-off).
  let vouchedFor = '';
  let original: unknown;
  const registry = () => cms.strapi.plugin('users-permissions').service('providers-registry');
  const maintenance = (on: boolean) => cms.strapi.service('api::system-setting.system').update({ maintenanceMode: on });
  const accountOf = (email: string) => cms.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email } });
  const signInWithGoogle = async () => {
    const res = await get('/api/auth/google/return?access_token=stand-in');
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  };

  beforeAll(() => {
    const google = registry().get('google');
    original = google;
    registry().add('google', { ...google, authCallback: async () => ({ username: vouchedFor.split('@')[0], email: vouchedFor }) });
  });
  afterAll(async () => {
    registry().add('google', original);
    await maintenance(false);
  });

  it('refuses a first sign-in (a sign-up) with the maintenance message and creates no account', async () => {
    await maintenance(true);
    vouchedFor = 'new.google@example.com';
    const back = await signInWithGoogle();
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toMatch(/undergoing maintenance/);
    expect(await accountOf('new.google@example.com')).toBeNull();
  });

  it('lets an account that exists sign in, and a first sign-in create one once maintenance is off', async () => {
    await maintenance(false);
    vouchedFor = 'kept.google@example.com';
    const first = await signInWithGoogle();
    expect(first.pathname).toBe('/');
    expect(first.searchParams.get('email')).toBe('kept.google@example.com');
    expect(await accountOf('kept.google@example.com')).not.toBeNull();

    await maintenance(true);
    const again = await signInWithGoogle();
    expect(again.pathname).toBe('/');
    expect(again.searchParams.get('token')).toEqual(expect.any(String));
  });
});
