// Staff e-mail settings (the back-office Settings screen): "E-mail notifications" and "System
// alerts" are stored on each account, both on by default, and honoured: staff notices (a new
// viewing, an item to approve) and system alerts (maintenance mode switched) skip anyone who turned
// them off.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookableDates } from '@fie/domain';
import { startMailCatcher } from '@fie/mailcatcher';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts, type SignedIn } from '../helpers/http';
import { testImage } from '../helpers/images';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let who: SignedIn;
let n = 0;
const day = bookableDates(new Date()).slice(2)[0]!;
const property = () => ({
  location: `Notice Row ${++n}, Dzorwulu`,
  nearestLandmark: 'Accra Mall',
  price: 2500,
  currency: 'GHS',
  propertyType: 'House',
  leaseType: 'Rent',
  images: [testImage('m')],
});
const settings = (name: string, body: object) => api.put('/api/profile', body, { token: who.token[name] });
/** Who got a message with this subject, once the outbox has sent every e-mail due. */
const receivers = async (subject: RegExp) => {
  await mailSettled(cms);
  return new Set(mail.messages.filter((m) => subject.test(m.subject)).flatMap((m) => m.to));
};

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
  who = await signInAccounts(cms.strapi, api, 'staffmail.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    quiet: 'admin',
    boss: 'superadmin',
    quietboss: 'superadmin',
  });
  expect((await settings('quiet', { emailNotifications: false, systemAlerts: false })).status).toBe(200);
  expect((await settings('quietboss', { emailNotifications: false, systemAlerts: false })).status).toBe(200);
});
afterAll(async () => {
  await api?.put('/api/system-settings', { maintenanceMode: false }, { token: who.token.boss });
  await cms?.stop();
  await mail?.close();
});
beforeEach(async () => {
  await mailSettled(cms);
  mail.clear();
});

describe('the settings on the account', () => {
  it('are both on by default, saved on the server and read back', async () => {
    const fresh = await api.get('/api/profile', { token: who.token.admin });
    expect(fresh.body).toMatchObject({ emailNotifications: true, systemAlerts: true });
    const off = await settings('admin', { systemAlerts: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ emailNotifications: true, systemAlerts: false });
    expect((await api.get('/api/profile', { token: who.token.admin })).body).toMatchObject({
      emailNotifications: true,
      systemAlerts: false,
    });
    expect((await settings('admin', { systemAlerts: true })).body.systemAlerts).toBe(true);
  });

  it('refuses anything but on or off', async () => {
    const res = await settings('admin', { emailNotifications: 'sometimes' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('E-mail notifications must be on or off.');
  });
});

describe('staff notices and alerts', () => {
  it('a new viewing is told to the system e-mail and to staff with notices on, not to those who turned them off', async () => {
    expect(
      (
        await api.put(
          '/api/system-settings',
          { systemEmail: 'viewings@fiehomes.com.gh' },
          { token: who.token.boss },
        )
      ).status,
    ).toBe(200);
    const p = (await api.post('/api/products', property(), { token: who.token.boss })).body._id;
    await mailSettled(cms);
    mail.clear();
    expect(
      (
        await api.post(
          `/api/appointments/book/${p}`,
          { date: day, time: '14:00' },
          { token: who.token.seeker },
        )
      ).status,
    ).toBe(201);
    for (const to of ['viewings@fiehomes.com.gh', who.email.admin!, who.email.boss!])
      await mail.waitFor({ to, subject: /New viewing/ });
    const got = await receivers(/New viewing/);
    expect(got.has(who.email.quiet!)).toBe(false);
    expect(got.has(who.email.quietboss!)).toBe(false);
  });

  it('without a system e-mail, booking details go to staff only: no address from the marketing content gets them', async () => {
    expect(
      (await api.put('/api/system-settings', { systemEmail: '' }, { token: who.token.boss })).status,
    ).toBe(200);
    const p = (await api.post('/api/products', property(), { token: who.token.boss })).body._id;
    await mailSettled(cms);
    mail.clear();
    expect(
      (
        await api.post(
          `/api/appointments/book/${p}`,
          { date: day, time: '15:00' },
          { token: who.token.seeker },
        )
      ).status,
    ).toBe(201);
    await mail.waitFor({ to: who.email.boss!, subject: /New viewing/ });
    const staff = new Set([who.email.admin!, who.email.boss!]);
    expect([...(await receivers(/New viewing/))].filter((to) => !staff.has(to))).toEqual([]);
  });

  it("an admin's new listing is told to the superadmins with notices on, who approve it", async () => {
    const p = property();
    expect((await api.post('/api/products', p, { token: who.token.admin })).status).toBe(201);
    const notice = await mail.waitFor({ to: who.email.boss!, subject: /to approve/ });
    expect(notice.subject).toBe(`New listing to approve: ${p.location}`);
    const got = await receivers(/to approve/);
    expect(got.has(who.email.quietboss!)).toBe(false);
    expect(got.has(who.email.admin!)).toBe(false);
  });

  it('maintenance mode switched is a system alert to staff with alerts on', async () => {
    expect(
      (await api.put('/api/system-settings', { maintenanceMode: true }, { token: who.token.boss })).status,
    ).toBe(200);
    for (const to of [who.email.admin!, who.email.boss!])
      await mail.waitFor({ to, subject: 'Maintenance mode is on' });
    const got = await receivers(/Maintenance mode is on/);
    expect(got.has(who.email.quiet!)).toBe(false);
    expect(got.has(who.email.quietboss!)).toBe(false);
    expect(got.has(who.email.seeker!)).toBe(false);
    expect(
      (await api.put('/api/system-settings', { maintenanceMode: false }, { token: who.token.boss })).status,
    ).toBe(200);
    await mail.waitFor({ to: who.email.boss!, subject: 'Maintenance mode is off' });
  });
});
