import { afterAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';

let cms: TestCms | undefined;
afterAll(async () => {
  await cms?.stop();
});

async function signIn(url: string, email: string, password: string) {
  return fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, isAdminLogin: true }),
  });
}

describe('superadmin bootstrap', () => {
  it('creates the superadmin from SUPERADMIN_* and resets its password and role at the next start', async () => {
    const email = 'boss@example.com';
    cms = await startCms({ env: { SUPERADMIN_EMAIL: email, SUPERADMIN_PASSWORD: 'FirstPass123' } });
    let user = await cms.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email }, populate: ['role'] });
    expect(user.role.type).toBe('superadmin');
    expect(user.confirmed).toBe(true);
    expect((await signIn(cms.url, email, 'FirstPass123')).status).toBe(200);

    // Someone demotes and blocks the account; a restart with a new password restores it.
    await cms.strapi.db.query('plugin::users-permissions.user').update({ where: { id: user.id }, data: { blocked: true } });
    const database = cms.database;
    await cms.stop({ keepDatabase: true });
    cms = await startCms({ env: { SUPERADMIN_EMAIL: email, SUPERADMIN_PASSWORD: 'SecondPass456' }, database });
    user = await cms.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email }, populate: ['role'] });
    expect(user.role.type).toBe('superadmin');
    expect(user.blocked).toBe(false);
    expect(await cms.strapi.db.query('plugin::users-permissions.user').count({ where: { email } })).toBe(1);
    expect((await signIn(cms.url, email, 'FirstPass123')).status).toBe(401);
    expect((await signIn(cms.url, email, 'SecondPass456')).status).toBe(200);
  });
});
