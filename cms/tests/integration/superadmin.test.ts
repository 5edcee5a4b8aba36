import { afterAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { createAccount } from '../helpers/http';

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

const users = () => cms!.strapi.db.query('plugin::users-permissions.user');
const roleOf = async (email: string) =>
  (await users().findOne({ where: { email }, populate: ['role'] }))?.role?.type;

describe('superadmin bootstrap', () => {
  it('SUPERADMIN_* create the first superadmin, and once one exists change nothing at later starts', async () => {
    const email = 'boss@example.com';
    cms = await startCms({
      env: { SUPERADMIN_EMAIL: email, SUPERADMIN_PASSWORD: 'FirstPass123' },
      fresh: true,
    });
    const user = await users().findOne({ where: { email }, populate: ['role'] });
    expect(user.role.type).toBe('superadmin');
    expect(user.confirmed).toBe(true);
    expect((await signIn(cms.url, email, 'FirstPass123')).status).toBe(200);

    // Another superadmin revokes this one (to an admin); the settings are left set in the environment.
    await createAccount(cms.strapi, 'second@example.com', 'OtherPass123', 'superadmin');
    const adminRole = await cms.strapi.db
      .query('plugin::users-permissions.role')
      .findOne({ where: { type: 'admin' } });
    await users().update({ where: { id: user.id }, data: { role: adminRole.id } });
    const database = cms.database;
    await cms.stop({ keepDatabase: true });
    cms = await startCms({
      env: { SUPERADMIN_EMAIL: email, SUPERADMIN_PASSWORD: 'SecondPass456' },
      database,
    });
    // Still revoked, and its password is its own, not the one in the settings.
    expect(await roleOf(email)).toBe('admin');
    expect(await users().count({ where: { email } })).toBe(1);
    expect((await signIn(cms.url, email, 'SecondPass456')).status).toBe(401);
    expect((await signIn(cms.url, email, 'FirstPass123')).status).toBe(200);
  });

  it('on a database whose superadmin is someone else, SUPERADMIN_* create no second one', async () => {
    const database = cms!.database;
    await cms!.stop({ keepDatabase: true });
    cms = await startCms({
      env: { SUPERADMIN_EMAIL: 'newcomer@example.com', SUPERADMIN_PASSWORD: 'NewcomerPass1' },
      database,
    });
    expect(await users().findOne({ where: { email: 'newcomer@example.com' } })).toBeNull();
  });
});
