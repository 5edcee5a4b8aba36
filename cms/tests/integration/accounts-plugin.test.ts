import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, createAccount } from '../helpers/http';

// The accounts half of the contract moved from cms/src/api/account into the accounts plugin
// (cms/src/plugins/accounts). Seen from outside nothing changed: the same /api paths, the same tables.
let cms: TestCms;

// Every path the accounts plugin serves, as the site and other clients call it.
const CONTRACT = [
  ['POST', '/api/signup'],
  ['POST', '/api/otp'],
  ['POST', '/api/otp/verify'],
  ['POST', '/api/forgot-password'],
  ['POST', '/api/login'],
  ['POST', '/api/refresh'],
  ['POST', '/api/logout'],
  ['GET', '/api/auth-config'],
  ['GET', '/api/auth/google'],
  ['GET', '/api/auth/google/return'],
  ['GET', '/api/profile'],
  ['PUT', '/api/profile'],
  ['POST', '/api/change-password'],
  // A mobile number added to an account, and the code texted to it.
  ['POST', '/api/profile/phone'],
  ['POST', '/api/profile/phone/verify'],
  ['GET', '/api/users'],
  ['GET', '/api/admins'],
  ['POST', '/api/add-admin'],
  ['PUT', '/api/revoke-admin/someone'],
  // Added for the back-office's Users screen: deactivate and reactivate a seeker.
  ['PUT', '/api/users/someone/deactivate'],
  ['PUT', '/api/users/someone/reactivate'],
  // The no-show rule: staff lift a seeker's booking pause.
  ['DELETE', '/api/users/someone/booking-restriction'],
] as const;

const call = (method: string, path: string) =>
  fetch(`${cms.url}${path}`, {
    method,
    redirect: 'manual',
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : '{}',
  });

beforeAll(async () => {
  cms = await startCms();
});
afterAll(async () => {
  await cms?.stop();
});

describe('the accounts plugin', () => {
  it('is loaded, and owns the code and throttle tables under their old names', () => {
    expect(cms.strapi.plugin('accounts')).toBeTruthy();
    expect(cms.strapi.contentType('plugin::accounts.otp-code').collectionName).toBe('otp_codes');
    expect(cms.strapi.contentType('plugin::platform.rate-limit-bucket').collectionName).toBe(
      'rate_limit_buckets',
    );
    expect(cms.strapi.contentType('api::account.otp-code' as any)).toBeUndefined();
  });

  it('serves every account path at /api/<path>, not under /api/accounts', async () => {
    for (const [method, path] of CONTRACT) {
      const res = await call(method, path);
      expect([404, 405], `${method} ${path} answered ${res.status}`).not.toContain(res.status);
    }
    // Nothing is mounted under the plugin's default prefix (Strapi answers no route with 404 or 405).
    expect([404, 405]).toContain((await call('GET', '/api/accounts/auth-config')).status);
    expect([404, 405]).toContain((await call('POST', '/api/accounts/signup')).status);
    const config = await call('GET', '/api/auth-config');
    expect(config.status).toBe(200);
    expect(await config.json()).toEqual({ google: false });
    // The plugin's routes were the only ones registered there: every one of them is in the list above.
    const routes = cms.strapi.plugin('accounts').routes['content-api'].routes;
    expect(routes.map((r: any) => `${r.method} /api${r.path}`).sort()).toEqual(
      CONTRACT.map(([m, p]) => `${m} ${p.replace('/someone', '/:id')}`).sort(),
    );
  });

  it('signs in and serves the profile through plugin::accounts.signed-in', async () => {
    const api = client(cms.url);
    await createAccount(cms.strapi, 'plugin-check@example.com', 'Password123');
    const login = await api.post('/api/login', {
      email: 'plugin-check@example.com',
      password: 'Password123',
    });
    expect(login.status).toBe(200);
    const profile = await api.get('/api/profile', { token: login.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe('plugin-check@example.com');
    expect((await api.get('/api/profile')).status).toBe(401);
  });

  it('starts on a database that still holds grants and rows of the old api::account layout', async () => {
    const db = cms.strapi.db;
    const publicRole = await db
      .query('plugin::users-permissions.role')
      .findOne({ where: { type: 'public' } });
    // Grants an admin could have ticked for the old action names, and rows in the kept tables.
    for (const action of [
      'api::account.account.login',
      'api::account.account.signup',
      'api::account.staff.users',
    ]) {
      await db
        .query('plugin::users-permissions.permission')
        .create({ data: { action, role: publicRole.id } });
    }
    // The panel's stored view of a type as it was named before the move.
    const STORE = 'strapi_core_store_settings';
    const viewKey = (uid: string) => `plugin_content_manager_configuration_content_types::${uid}`;
    const view = await db
      .connection(STORE)
      .where({ key: viewKey('plugin::accounts.otp-code') })
      .first();
    await db.connection(STORE).insert({
      key: viewKey('api::account.otp-code'),
      value: String(view.value).replaceAll('plugin::accounts.otp-code', 'api::account.otp-code'),
      type: view.type,
      environment: view.environment,
      tag: view.tag,
    });
    const t = new Date();
    await db.connection('rate_limit_buckets').insert({
      key: 'old:layout',
      count: 3,
      window_ends_at: new Date(t.getTime() + 3_600_000),
      created_at: t,
      updated_at: t,
    });
    await cms.stop({ keepDatabase: true });

    cms = await startCms({ database: cms.database });
    const stale = await cms.strapi.db
      .query('plugin::users-permissions.permission')
      .count({ where: { action: { $startsWith: 'api::account.' } } });
    expect(stale).toBe(0);
    expect(
      await cms.strapi.db
        .connection(STORE)
        .where({ key: viewKey('api::account.otp-code') })
        .first(),
    ).toBeUndefined();
    const bucket = await cms.strapi.db
      .query('plugin::platform.rate-limit-bucket')
      .findOne({ where: { key: 'old:layout' } });
    expect(bucket.count).toBe(3);
    const api = client(cms.url);
    expect(
      (await api.post('/api/login', { email: 'plugin-check@example.com', password: 'Password123' })).status,
    ).toBe(200);
  });
});
