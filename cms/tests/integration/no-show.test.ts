// The no-show rule, on a real Strapi and database: staff record "client did not attend" (only with the
// status Unsuccessful, only from the viewing's start); a seeker who missed 2 viewings within 90 days
// cannot book for 30 days from the second; staff see and lift the restriction; the numbers are
// system settings. Time moves with the platform clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accraDayLabel,
  bookableDates,
  bookingPausedMessage,
  clientBookingPausedMessage,
  MESSAGES,
  NO_SHOW_DEFAULTS,
  slotStart,
  type NoShowRule,
} from '@fie/domain';
import { startMailCatcher } from '@fie/mailcatcher';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, createAccount, permissionTests, signInAccounts } from '../helpers/http';
import { testImage } from '../helpers/images';

const DAY = 86_400_000;
const APPOINTMENT = 'plugin::viewings.appointment';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
type Who = 'anonymous' | 'seeker' | 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};
let n = 0;

const clock = () => cms.strapi.plugin('platform').service('clock') as { offsetMs: number; now(): Date };
const now = () => clock().now();
/** Moves the cms's clock to `instant`. */
const setNow = (instant: Date | number) => {
  clock().offsetMs = new Date(instant).getTime() - Date.now();
};
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

async function newProperty() {
  const res = await api.post(
    '/api/products',
    {
      location: `No-show Lane ${++n}, Accra`,
      nearestLandmark: 'Accra Mall',
      price: 2500,
      currency: 'GHS',
      propertyType: 'Apartment',
      leaseType: 'Rent',
      images: [testImage('n')],
    },
    { token: token.superadmin },
  );
  expect(res.status).toBe(201);
  return res.body._id as string;
}

async function newSeeker(tag: string) {
  const email = `${tag}.${++n}@no-show.example.com`;
  const user = await createAccount(cms.strapi, email, 'GoodPass123', 'authenticated');
  const res = await api.post('/api/login', { email, password: 'GoodPass123' });
  expect(res.status).toBe(200);
  return { email, token: res.body.token as string, id: user.documentId as string };
}

/** A bookable date from the cms's "now", far enough ahead that the 24-hour notice never bites. */
const nextDate = () => bookableDates(now())[1]!;

const book = (seekerToken: string | undefined, property: string, date = nextDate(), time = '10:00') =>
  api.post(`/api/appointments/book/${property}`, { date, time, comments: '' }, { token: seekerToken });

/** Staff (an admin, unless `as` names another caller) update a viewing. */
const mark = (id: string, body: Record<string, unknown>, as: { token?: string } = { token: token.admin }) =>
  api.put(`/api/appointments/appointment/${id}`, body, as);

/**
 * A viewing the seeker booked and missed, through the API: booked from the cms's "now", the clock moved
 * an hour past its start, and staff record that the client did not attend. Answers the viewing's date.
 */
async function missViewing(seekerToken: string, property: string): Promise<string> {
  const date = nextDate();
  const booked = await book(seekerToken, property, date);
  expect(booked.status).toBe(201);
  setNow(slotStart(date, '10:00').getTime() + 3_600_000);
  const marked = await mark(booked.body._id, { status: 'Unsuccessful', clientNoShow: true });
  expect(marked.status).toBe(200);
  expect(marked.body).toMatchObject({ status: 'Unsuccessful', clientNoShow: true });
  return date;
}

/** A missed viewing written straight to the database (for the counting rules, far in the past). */
async function missedOn(seekerId: string, property: string, date: string) {
  await cms.strapi.documents(APPOINTMENT).create({
    data: {
      user: seekerId,
      property,
      propertyLabel: 'Apartment in No-show Lane',
      date,
      time: '10:00',
      status: 'Unsuccessful',
      clientNoShow: true,
    } as never,
  });
}

const restrictionOf = (seekerToken: string | undefined) =>
  api.get('/api/appointments/booking-restriction', { token: seekerToken });
const lift = (userId: string, who: string | undefined) =>
  api.call('DELETE', `/api/users/${userId}/booking-restriction`, { token: who });
const saveSettings = (body: Partial<NoShowRule>) =>
  api.put('/api/system-settings', body, { token: token.superadmin });

/** The first instant a seeker whose latest counted miss was on `date` may book again, under `rule`. */
const reopensOn = (date: string, rule: NoShowRule = NO_SHOW_DEFAULTS) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + rule.noShowPauseDays * DAY);

let property = '';

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
  const signed = await signInAccounts(cms.strapi, api, 'no-show.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  Object.assign(token, signed.token);
  property = await newProperty();
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});
beforeEach(async () => {
  clock().offsetMs = 0;
  // A property of each test's own, so no test's active viewing holds a slot another test books.
  property = await newProperty();
  await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
  await mailSettled(cms);
  mail.clear();
});

describe('staff record that a client did not attend', () => {
  it('is accepted with Unsuccessful from the viewing start on, and shown in the staff list', async () => {
    const seeker = await newSeeker('attended-not');
    const date = nextDate();
    const booked = await book(seeker.token, property, date);
    expect(booked.status).toBe(201);
    expect(booked.body.clientNoShow).toBe(false);

    setNow(slotStart(date, '10:00'));
    const res = await mark(booked.body._id, { status: 'Unsuccessful', clientNoShow: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Unsuccessful', clientNoShow: true });

    const list = await api.get(`/api/appointments/all?search=${encodeURIComponent(seeker.email)}`, {
      token: token.superadmin,
    });
    expect(list.body.find((a: { _id: string }) => a._id === booked.body._id)).toMatchObject({
      clientNoShow: true,
    });
    // The seeker's own list says so too.
    const own = await api.get('/api/appointments', { token: seeker.token });
    expect(own.body[0]).toMatchObject({ _id: booked.body._id, clientNoShow: true });

    // Marked Successful after all (a mistake put right): it no longer counts as missed.
    const corrected = await mark(booked.body._id, { status: 'Successful' });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ status: 'Successful', clientNoShow: false });
  });

  it('is refused before the viewing starts, with a clear message', async () => {
    const seeker = await newSeeker('early');
    const date = nextDate();
    const booked = await book(seeker.token, property, date);
    setNow(slotStart(date, '10:00').getTime() - 60_000);
    const res = await mark(booked.body._id, { status: 'Unsuccessful', clientNoShow: true });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.clientNoShowBeforeStart);
    const row = await cms.strapi.db
      .query(APPOINTMENT)
      .findOne({ where: { documentId: booked.body._id }, select: ['status', 'clientNoShow'] });
    expect(row).toMatchObject({ status: 'Ongoing', clientNoShow: false });
  });

  it('is refused with any status other than Unsuccessful', async () => {
    const seeker = await newSeeker('other-status');
    const date = nextDate();
    const booked = await book(seeker.token, property, date);
    setNow(slotStart(date, '10:00').getTime() + 60_000);
    for (const status of ['Successful', 'Rescheduled', 'Ongoing']) {
      const res = await mark(booked.body._id, { status, clientNoShow: true });
      expect(res.status, status).toBe(400);
      expect(res.body.error.message, status).toBe(MESSAGES.clientNoShowNeedsUnsuccessful);
    }
    // Without a status, the viewing's own (Ongoing) is not Unsuccessful either.
    const alone = await mark(booked.body._id, { clientNoShow: true });
    expect(alone.status).toBe(400);
    expect(alone.body.error.message).toBe(MESSAGES.clientNoShowNeedsUnsuccessful);
    // Once Unsuccessful, the flag may follow on its own.
    expect((await mark(booked.body._id, { status: 'Unsuccessful' })).body.clientNoShow).toBe(false);
    expect((await mark(booked.body._id, { clientNoShow: true })).body.clientNoShow).toBe(true);
    expect((await mark(booked.body._id, { clientNoShow: 'yes' })).status).toBe(400);
  });

  describe('who may record it', () => {
    let viewing = '';
    beforeAll(async () => {
      const seeker = await newSeeker('who');
      const date = bookableDates(new Date())[2]!;
      const booked = await book(seeker.token, property, date, '11:00');
      viewing = booked.body._id;
      token.seeker = seeker.token;
    });
    beforeEach(() => {
      setNow(Date.now() + 20 * DAY);
    });
    permissionTests(
      it,
      expect,
      [
        {
          route: 'PUT /api/appointments/appointment/:id {Unsuccessful, clientNoShow}',
          call: (t) => mark(viewing, { status: 'Unsuccessful', clientNoShow: true }, { token: t }),
          expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
        },
      ],
      ['anonymous', 'seeker', 'admin', 'superadmin'] as const,
      (who) => token[who],
    );
  });
});

describe('two missed viewings within 90 days pause booking for 30 days', () => {
  it('refuses the third booking (403, why and from which day), shows it to the seeker and to staff', async () => {
    const seeker = await newSeeker('twice');
    const first = await missViewing(seeker.token, property);
    // One miss does not pause.
    expect((await restrictionOf(seeker.token)).body).toMatchObject({ restricted: false, message: null });
    const second = await missViewing(seeker.token, property);
    const until = reopensOn(second);
    expect(Date.parse(`${second}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)).toBeLessThan(90 * DAY);

    const refused = await book(seeker.token, await newProperty());
    expect(refused.status).toBe(403);
    const message = bookingPausedMessage(NO_SHOW_DEFAULTS, until);
    expect(refused.body.error.message).toBe(message);
    expect(message).toContain(`from ${accraDayLabel(until)}.`);
    expect(message).toMatch(
      /from (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} \w+ \d{4}\./,
    );

    const restriction = await restrictionOf(seeker.token);
    expect(restriction.status).toBe(200);
    expect(restriction.headers.get('cache-control')).toBe('no-store');
    expect(restriction.body).toEqual({
      restricted: true,
      restrictedUntil: until.toISOString(),
      bookableFrom: addDays(second, 30),
      message,
      rule: NO_SHOW_DEFAULTS,
    });

    // Staff booking for the client is refused too, telling them how to go on.
    const adminBook = await api.post(
      '/api/appointments/admin-book',
      { userId: seeker.id, productId: property, date: nextDate(), time: '12:00', comments: '' },
      { token: token.admin },
    );
    expect(adminBook.status).toBe(409);
    expect(adminBook.body.error.message).toBe(clientBookingPausedMessage(NO_SHOW_DEFAULTS, until));

    // The Users screen's row says until when; other seekers' rows say they may book.
    const users = await api.get(
      `/api/users?pageSize=100&search=${encodeURIComponent('no-show.example.com')}`,
      {
        token: token.admin,
      },
    );
    const row = (email: string) => users.body.find((u: { email: string }) => u.email === email);
    expect(row(seeker.email)).toMatchObject({ bookingRestrictedUntil: until.toISOString() });
    expect(row('seeker@no-show.example.com')).toMatchObject({ bookingRestrictedUntil: null });
    // Staff lists carry no restriction field.
    const admins = await api.get('/api/admins', { token: token.superadmin });
    expect(admins.body[0]).not.toHaveProperty('bookingRestrictedUntil');
  });

  it('tells a seeker who chose French or Spanish in that language, with the day in it', async () => {
    for (const language of ['fr', 'es'] as const) {
      const seeker = await newSeeker(`paused-${language}`);
      await cms.strapi.db
        .query('plugin::users-permissions.user')
        .update({ where: { email: seeker.email }, data: { language } });
      await missViewing(seeker.token, property);
      const until = reopensOn(await missViewing(seeker.token, property));
      const message = bookingPausedMessage(NO_SHOW_DEFAULTS, until, language);
      expect(message).toMatch(
        language === 'fr' ? /^Vos réservations sont suspendues/ : /^Tus reservas están en pausa/,
      );
      const refused = await book(seeker.token, await newProperty());
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(message);
      expect((await restrictionOf(seeker.token)).body.message).toBe(message);
    }
  });

  it('lets the seeker book again from the 30th day after the second miss', async () => {
    const seeker = await newSeeker('thirty');
    await missViewing(seeker.token, property);
    const second = await missViewing(seeker.token, property);
    const until = reopensOn(second);
    setNow(until.getTime() - 1000);
    expect((await book(seeker.token, property)).status).toBe(403);
    setNow(until);
    expect((await restrictionOf(seeker.token)).body).toMatchObject({ restricted: false });
    expect((await book(seeker.token, property)).status).toBe(201);
  });

  it('does not pause for two misses 91 days apart, and does for 90', async () => {
    const apart91 = await newSeeker('apart-91');
    const apart90 = await newSeeker('apart-90');
    const today = now().toISOString().slice(0, 10);
    await missedOn(apart91.id, property, addDays(today, -95));
    await missedOn(apart91.id, property, addDays(today, -4));
    await missedOn(apart90.id, property, addDays(today, -94));
    await missedOn(apart90.id, property, addDays(today, -4));
    expect((await book(apart91.token, property)).status).toBe(201);
    const refused = await book(apart90.token, property, nextDate(), '15:00');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      bookingPausedMessage(NO_SHOW_DEFAULTS, reopensOn(addDays(today, -4))),
    );
  });

  it('answers the restriction to the signed-in account only', async () => {
    expect((await restrictionOf(undefined)).status).toBe(401);
    const own = await restrictionOf(token.admin);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ restricted: false, restrictedUntil: null, bookableFrom: null });
  });
});

describe('staff lift a restriction', () => {
  async function restrictedSeeker(tag: string) {
    const seeker = await newSeeker(tag);
    const today = now().toISOString().slice(0, 10);
    await missedOn(seeker.id, property, addDays(today, -10));
    await missedOn(seeker.id, property, addDays(today, -3));
    expect((await book(seeker.token, property)).status).toBe(403);
    return seeker;
  }

  it('an admin lifts it: booking works at once, and the activity log keeps it', async () => {
    const seeker = await restrictedSeeker('lifted');
    const res = await lift(seeker.id, token.admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: MESSAGES.bookingRestrictionLifted,
      user: { _id: seeker.id, email: seeker.email, bookingRestrictedUntil: null },
    });
    expect((await restrictionOf(seeker.token)).body.restricted).toBe(false);
    expect((await book(seeker.token, property, nextDate(), '13:00')).status).toBe(201);

    const audit = await api.get('/api/audit', { token: token.superadmin });
    const entry = audit.body.find(
      (e: { action: string; resource: { id: string } }) =>
        e.action === 'booking-restriction-lifted' && e.resource.id === seeker.id,
    );
    expect(entry).toMatchObject({
      user: { email: 'admin@no-show.example.com', role: 'admin' },
      resource: { type: 'user', label: seeker.email },
    });
    expect(entry.detail).toContain('2 missed viewings within 90 days pause booking for 30 days');

    // Lifting again changes nothing and says so.
    const again = await lift(seeker.id, token.admin);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(MESSAGES.noBookingRestriction);
  });

  it('only misses after the lift count again', async () => {
    const seeker = await restrictedSeeker('relapse');
    expect((await lift(seeker.id, token.superadmin)).status).toBe(200);
    await missViewing(seeker.token, property);
    expect((await restrictionOf(seeker.token)).body.restricted).toBe(false);
    await missViewing(seeker.token, property);
    expect((await restrictionOf(seeker.token)).body.restricted).toBe(true);
  });

  it('refuses seekers and the signed out, and answers 404 for an unknown user and 400 for staff', async () => {
    const seeker = await restrictedSeeker('self-lift');
    expect((await lift(seeker.id, seeker.token)).status).toBe(403);
    expect((await lift(seeker.id, undefined)).status).toBe(401);
    expect((await book(seeker.token, property)).status).toBe(403);
    expect((await lift('nosuchuser00000000000000', token.admin)).status).toBe(404);
    const admins = await api.get('/api/admins', { token: token.superadmin });
    const staff = await lift(admins.body[0]._id, token.superadmin);
    expect(staff.status).toBe(400);
    expect(staff.body.error.message).toBe(MESSAGES.bookingRestrictionOnlySeekers);
  });
});

describe('the numbers are system settings', () => {
  afterAll(async () => {
    await saveSettings({ ...NO_SHOW_DEFAULTS });
  });

  it('are answered with the settings and to every visitor (the terms state them)', async () => {
    const settings = await api.get('/api/system-settings', { token: token.superadmin });
    expect(settings.body).toMatchObject(NO_SHOW_DEFAULTS);
    const status = await api.get('/api/system-status');
    expect(status.body).toEqual({ maintenance: false, noShowRule: NO_SHOW_DEFAULTS });
  });

  it('are whole numbers within bounds, saved by the superadmin only', async () => {
    for (const body of [
      { noShowLimit: 0 },
      { noShowLimit: 11 },
      { noShowLimit: 1.5 },
      { noShowWindowDays: 366 },
      { noShowPauseDays: 0 },
      { noShowPauseDays: '30' },
      { noShowPauseDays: null },
    ]) {
      const res = await saveSettings(body as never);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message, JSON.stringify(body)).toMatch(/whole number from 1 to (10|365)/);
    }
    expect((await api.put('/api/system-settings', { noShowLimit: 3 }, { token: token.admin })).status).toBe(
      403,
    );
    expect((await api.get('/api/system-settings', { token: token.superadmin })).body).toMatchObject(
      NO_SHOW_DEFAULTS,
    );
  });

  it('change the rule: 3 misses to pause, and a 7-day pause', async () => {
    const rule = { noShowLimit: 3, noShowWindowDays: 30, noShowPauseDays: 7 };
    const saved = await saveSettings(rule);
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject(rule);
    expect((await api.get('/api/system-status')).body.noShowRule).toEqual(rule);
    const audit = await api.get('/api/audit', { token: token.superadmin });
    expect(audit.body[0]).toMatchObject({ action: 'settings-changed' });
    expect(audit.body[0].detail).toContain('3 missed viewings within 30 days pause booking for 7 days');

    const seeker = await newSeeker('settings');
    const today = now().toISOString().slice(0, 10);
    await missedOn(seeker.id, property, addDays(today, -5));
    await missedOn(seeker.id, property, addDays(today, -2));
    expect((await restrictionOf(seeker.token)).body.restricted).toBe(false);
    await missedOn(seeker.id, property, addDays(today, -1));
    const restriction = (await restrictionOf(seeker.token)).body;
    expect(restriction).toMatchObject({ restricted: true, bookableFrom: addDays(today, 6), rule });
    const refused = await book(seeker.token, property);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(bookingPausedMessage(rule, reopensOn(addDays(today, -1), rule)));
    expect(refused.body.error.message).toContain('missed 3 viewings within 30 days');
  });
});
