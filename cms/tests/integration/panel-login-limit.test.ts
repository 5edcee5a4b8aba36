import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { PANEL_LOGIN_FAILURES_PER_IP } from '../../src/plugins/accounts/server/src/middlewares/panel-login-limit.middleware';

// Strapi's own limit on the panel sign-in counts per e-mail and address together; trying one
// password against many e-mails from one address (spraying) must be stopped too.
let cms: TestCms;
let n = 0;

const panelLogin = (from: string, email = `sprayed${++n}@example.com`, password = 'Summer2026!') =>
  fetch(`${cms.url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email, password }),
  });

beforeAll(async () => {
  // From this machine, a trusted proxy by default: each test speaks for a visitor of its own address.
  cms = await startCms();
  const role = await cms.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-super-admin' } });
  await cms.strapi.service('admin::user').create({
    email: 'panel@example.com',
    firstname: 'Panel',
    lastname: 'Admin',
    password: 'PanelPass123',
    isActive: true,
    registrationToken: null,
    roles: [role.id],
  });
});
afterAll(async () => {
  await cms?.stop();
});

describe('admin panel sign-in, per network address', () => {
  it(`${PANEL_LOGIN_FAILURES_PER_IP} failures with different e-mails from one address, then 429 for any e-mail from it`, async () => {
    for (let i = 0; i < PANEL_LOGIN_FAILURES_PER_IP; i++)
      expect((await panelLogin('203.0.113.50')).status).toBe(400);

    const sprayed = await panelLogin('203.0.113.50');
    expect(sprayed.status).toBe(429);
    expect(sprayed.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await sprayed.json()).message).toMatch(/too many failed sign-in attempts/i);
    expect(Number(sprayed.headers.get('retry-after'))).toBeGreaterThan(0);

    // Even the right password waits: the address is the one being stopped.
    expect((await panelLogin('203.0.113.50', 'panel@example.com', 'PanelPass123')).status).toBe(429);
  });

  it('another address still signs in', async () => {
    expect((await panelLogin('203.0.113.51', 'panel@example.com', 'PanelPass123')).status).toBe(200);
    expect((await panelLogin('203.0.113.51')).status).toBe(400);
  });

  it('a successful sign-in is not counted as a failure', async () => {
    for (let i = 0; i < PANEL_LOGIN_FAILURES_PER_IP - 1; i++)
      expect((await panelLogin('203.0.113.52')).status).toBe(400);
    expect((await panelLogin('203.0.113.52', 'panel@example.com', 'PanelPass123')).status).toBe(200);
    expect((await panelLogin('203.0.113.52')).status).toBe(400);
    expect((await panelLogin('203.0.113.52')).status).toBe(429);
  });
});
