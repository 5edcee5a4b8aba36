import { afterAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { ensureFirstPanelAdmin, PANEL_REGISTRATION_CLOSED } from '../../src/bootstrap/panel-admin';

// Strapi lets the first visitor of a panel without administrators register as its super admin. In
// production that is closed for good, and the first administrator comes from PANEL_ADMIN_*.
let cms: TestCms | undefined;
afterAll(async () => {
  await cms?.stop();
});

const post = (path: string, body: unknown) =>
  fetch(`${cms!.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const register = (email: string) =>
  post('/admin/register-admin', { email, password: 'Attacker2026Pass', firstname: 'Eve' });
const panelAdmins = () => cms!.strapi.db.query('admin::user').findMany({ select: ['email'] });
const restart = async (env: Record<string, string>) => {
  const database = cms!.database;
  await cms!.stop({ keepDatabase: true });
  cms = await startCms({ env, database });
};

describe('the first panel administrator in production', () => {
  it('without PANEL_ADMIN_*, a panel with no administrator refuses self-registration (403) and creates none', async () => {
    cms = await startCms({
      env: { NODE_ENV: 'production', PANEL_ADMIN_EMAIL: '', PANEL_ADMIN_PASSWORD: '' },
    });
    expect((await (await fetch(`${cms.url}/admin/init`)).json()).data.hasAdmin).toBe(false);
    const res = await register('eve@example.com');
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(PANEL_REGISTRATION_CLOSED);
    expect(await panelAdmins()).toEqual([]);
  });

  it('a weak PANEL_ADMIN_PASSWORD stops start-up instead of making a guessable administrator', async () => {
    Object.assign(process.env, { PANEL_ADMIN_EMAIL: 'weak@example.com', PANEL_ADMIN_PASSWORD: 'Short1Pass' });
    try {
      await expect(ensureFirstPanelAdmin(cms!.strapi)).rejects.toThrow(
        /PANEL_ADMIN_PASSWORD must have 16\+ characters/,
      );
    } finally {
      Object.assign(process.env, { PANEL_ADMIN_EMAIL: '', PANEL_ADMIN_PASSWORD: '' });
    }
    expect(await panelAdmins()).toEqual([]);
  });

  it('PANEL_ADMIN_* create the super admin at start, who signs in; registration stays refused', async () => {
    await restart({
      NODE_ENV: 'production',
      PANEL_ADMIN_EMAIL: 'Owner@Example.com',
      PANEL_ADMIN_PASSWORD: 'OwnerPass2026Long',
    });
    expect((await panelAdmins()).map((u: { email: string }) => u.email)).toEqual(['owner@example.com']);
    const owner = await cms!.strapi.db
      .query('admin::user')
      .findOne({ where: { email: 'owner@example.com' }, populate: ['roles'] });
    expect(owner.roles.map((r: { code: string }) => r.code)).toEqual(['strapi-super-admin']);
    const signIn = await post('/admin/login', { email: 'owner@example.com', password: 'OwnerPass2026Long' });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).data.token).toEqual(expect.any(String));
    expect((await register('eve@example.com')).status).toBe(403);
  });

  it('once an administrator exists, other PANEL_ADMIN_* settings create no one', async () => {
    await restart({
      NODE_ENV: 'production',
      PANEL_ADMIN_EMAIL: 'second@example.com',
      PANEL_ADMIN_PASSWORD: 'SecondPass2026Long',
    });
    expect((await panelAdmins()).map((u: { email: string }) => u.email)).toEqual(['owner@example.com']);
  });
});

describe('outside production', () => {
  it("the panel keeps Strapi's own first-run registration for a developer", async () => {
    await cms?.stop();
    cms = await startCms({ env: { NODE_ENV: 'test', PANEL_ADMIN_EMAIL: '', PANEL_ADMIN_PASSWORD: '' } });
    const res = await register('dev@example.com');
    expect(res.status).toBe(200);
    expect((await panelAdmins()).map((u: { email: string }) => u.email)).toEqual(['dev@example.com']);
  });
});
