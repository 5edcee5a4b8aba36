// System settings (superadmin only): the address that receives staff notices, and
// maintenance mode, during which sign-up, seekers' bookings and enquiries answer 503 with a clear
// message while browsing and staff work go on.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  THREAD_RETENTION_MONTHS_DEFAULT,
  WORKING_HOURS_DEFAULTS,
  AVAILABILITY_DEFAULTS,
  bookableDates,
  MESSAGES,
  NO_SHOW_DEFAULTS,
  SMS_DAILY_BUDGET_DEFAULT,
} from '@fie/domain';
import { startMailCatcher } from '@fie/mailcatcher';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, permissionTests, signInAccounts, type SignedIn } from '../helpers/http';
import { testImage } from '../helpers/images';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let who: SignedIn;
let property = '';
let n = 0;
const days = bookableDates(new Date()).slice(2);
const enquiry = {
  name: 'Kwesi Appiah',
  phoneNumber: ['0241234567'],
  email: 'kwesi@example.com',
  message: 'Is it still available?',
};
const save = (body: unknown, token = who.token.superadmin) =>
  api.put('/api/system-settings', body, { token });

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
  who = await signInAccounts(cms.strapi, api, 'system.example.com', {
    seeker: 'authenticated',
    other: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  property = (
    await api.post(
      '/api/products',
      {
        location: 'System Close, Accra',
        nearestLandmark: 'Accra Mall',
        price: 2500,
        currency: 'GHS',
        propertyType: 'House',
        leaseType: 'Rent',
        images: [testImage('s')],
      },
      { token: who.token.superadmin },
    )
  ).body._id;
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});
beforeEach(async () => {
  await save({ maintenanceMode: false, systemEmail: '' });
  await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
});

describe('who may read and change the system settings', () => {
  type Who = 'anonymous' | 'seeker' | 'admin' | 'superadmin';
  permissionTests<Who>(
    it,
    expect,
    [
      {
        route: 'GET /api/system-settings',
        call: (t) => api.get('/api/system-settings', { token: t }),
        expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 200 },
      },
      {
        route: 'PUT /api/system-settings',
        call: (t) => api.put('/api/system-settings', { maintenanceMode: false }, { token: t }),
        expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 200 },
      },
      {
        route: 'GET /api/system-status',
        call: (t) => api.get('/api/system-status', { token: t }),
        expect: { anonymous: 200, seeker: 200, admin: 200, superadmin: 200 },
      },
    ],
    ['anonymous', 'seeker', 'admin', 'superadmin'],
    (w) => (w === 'anonymous' ? undefined : who.token[w]),
  );
});

/** The conversations' settings until changed: kept 24 months; the office open 08:00-17:00, Monday to Friday. */
const CONVERSATION_DEFAULTS = {
  threadRetentionMonths: THREAD_RETENTION_MONTHS_DEFAULT,
  workingHoursStart: WORKING_HOURS_DEFAULTS.start,
  workingHoursEnd: WORKING_HOURS_DEFAULTS.end,
  workingDays: WORKING_HOURS_DEFAULTS.days,
};

describe('saving the system settings', () => {
  it('answers "Settings saved successfully" only once saved, and reads back what was saved', async () => {
    const res = await save({ systemEmail: ' Office@FieHomes.com.gh ', maintenanceMode: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: MESSAGES.settingsSaved,
      settings: {
        systemEmail: 'office@fiehomes.com.gh',
        maintenanceMode: true,
        ...NO_SHOW_DEFAULTS,
        ...AVAILABILITY_DEFAULTS,
        smsDailyBudget: SMS_DAILY_BUDGET_DEFAULT,
        ...CONVERSATION_DEFAULTS,
      },
    });
    expect((await api.get('/api/system-settings', { token: who.token.superadmin })).body).toEqual({
      systemEmail: 'office@fiehomes.com.gh',
      maintenanceMode: true,
      ...NO_SHOW_DEFAULTS,
      ...AVAILABILITY_DEFAULTS,
      smsDailyBudget: SMS_DAILY_BUDGET_DEFAULT,
      ...CONVERSATION_DEFAULTS,
    });
    const [entry] = (await api.get('/api/audit?pageSize=1', { token: who.token.superadmin })).body;
    expect(entry).toMatchObject({
      action: 'settings-changed',
      resource: { type: 'settings', label: 'System settings' },
      detail: 'system e-mail office@fiehomes.com.gh; maintenance mode on',
    });
  });

  it('refuses bad input with a clear message and saves nothing', async () => {
    for (const [body, message] of [
      [{ systemEmail: 'not an address' }, MESSAGES.invalidEmail],
      [{ maintenanceMode: 'yes' }, 'Maintenance mode must be on or off.'],
      [{}, 'Nothing to update.'],
      [{ workingHoursStart: 25 }, 'Working hours open from 0 to 23 and close from 1 to 24, after they open.'],
      [{ workingHoursStart: 18 }, 'Working hours must close after they open.'],
      [{ workingDays: 'weekends' }, 'Working days must be mon-fri, mon-sat or every-day.'],
      [{ threadRetentionMonths: 121 }, 'Conversations are kept from 1 to 120 months.'],
    ] as const) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect((await save({ maintenanceMode: true, colour: 'red' })).status).toBe(400);
    expect((await api.get('/api/system-settings', { token: who.token.superadmin })).body).toEqual({
      systemEmail: null,
      maintenanceMode: false,
      ...NO_SHOW_DEFAULTS,
      ...AVAILABILITY_DEFAULTS,
      smsDailyBudget: SMS_DAILY_BUDGET_DEFAULT,
      ...CONVERSATION_DEFAULTS,
    });
  });

  it('sends staff notices of new viewings to the system e-mail', async () => {
    await save({ systemEmail: 'desk@fiehomes.com.gh' });
    expect(
      (
        await api.post(
          `/api/appointments/book/${property}`,
          { date: days[0], time: '12:00' },
          { token: who.token.seeker },
        )
      ).status,
    ).toBe(201);
    const notice = await mail.waitFor({ to: 'desk@fiehomes.com.gh', subject: /New viewing/ });
    expect(notice.text).toContain(who.email.seeker);
  });
});

describe('maintenance mode', () => {
  it('pauses sign-up, a seeker booking and a seeker enquiry with 503; browsing, sign-in and staff work go on', async () => {
    await save({ maintenanceMode: true });
    expect((await api.get('/api/system-status')).body).toEqual({
      maintenance: true,
      noShowRule: NO_SHOW_DEFAULTS,
    });

    const signup = await api.post('/api/signup', {
      fullName: 'Yaw Mensah',
      email: `new.${++n}@system.example.com`,
      password: 'GoodPass123',
      phone: '0241234567',
    });
    expect(signup.status).toBe(503);
    expect(signup.body.error.message).toBe(MESSAGES.maintenance);
    const booking = await api.post(
      `/api/appointments/book/${property}`,
      { date: days[1], time: '10:00' },
      { token: who.token.other },
    );
    expect(booking.status).toBe(503);
    expect(booking.body.error.message).toBe(MESSAGES.maintenance);
    expect((await api.post('/api/enquiries', enquiry, { token: who.token.seeker })).status).toBe(503);

    expect((await api.get('/api/products')).status).toBe(200);
    expect((await api.post('/api/login', { email: who.email.seeker, password: 'GoodPass123' })).status).toBe(
      200,
    );
    expect(
      (
        await api.post(
          '/api/appointments/admin-book',
          { userId: who.id.other, productId: property, date: days[1], time: '10:30' },
          { token: who.token.admin },
        )
      ).status,
    ).toBe(201);
    expect((await api.post('/api/enquiries', enquiry, { token: who.token.admin })).status).toBe(201);

    await save({ maintenanceMode: false });
    expect((await api.get('/api/system-status')).body).toEqual({
      maintenance: false,
      noShowRule: NO_SHOW_DEFAULTS,
    });
    // The seeker's first booking of this property: booking works again.
    const second = await api.post(
      '/api/products',
      {
        location: 'Reopened Road, Accra',
        nearestLandmark: 'Accra Mall',
        price: 2600,
        currency: 'GHS',
        propertyType: 'House',
        leaseType: 'Rent',
        images: [testImage('r')],
      },
      { token: who.token.superadmin },
    );
    expect(
      (
        await api.post(
          `/api/appointments/book/${second.body._id}`,
          { date: days[1], time: '11:00' },
          { token: who.token.seeker },
        )
      ).status,
    ).toBe(201);
    expect((await api.post('/api/enquiries', enquiry, { token: who.token.seeker })).status).toBe(201);
  });
});
