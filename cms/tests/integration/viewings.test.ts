import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_VIEWING_FEES, bookableDates, dailySlots, slotStart } from '@fie/domain';
import { startMailCatcher } from '@fie/mailcatcher';
import ICAL from 'ical.js';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, createAccount, permissionTests, signInAccounts } from '../helpers/http';
import { testImage } from '../helpers/images';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
type Who = 'anonymous' | 'seeker' | 'other' | 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};
const emailOf: Partial<Record<Who, string>> = {};
const idOf: Partial<Record<Who, string>> = {};
let propertyId = '';
let n = 0;

// Dates far enough ahead that the 24-hour notice never bites (unless a test moves the clock).
const dates = bookableDates(new Date()).slice(2);
// Each test books on properties of its own, so tests may share dates; `day(i)` wraps around.
const day = (i: number) => dates[i % dates.length]!;
const slots = dailySlots();
const clock = () => cms.strapi.plugin('platform').service('clock');

async function newProperty(body: Record<string, unknown> = {}) {
  const res = await api.post(
    '/api/products',
    {
      location: `Viewing Road ${++n}, Accra`,
      nearestLandmark: 'Accra Mall',
      price: 2500,
      currency: 'GHS',
      propertyType: 'House',
      leaseType: 'Rent',
      images: [testImage('h')],
      ...body,
    },
    { token: token.superadmin },
  );
  expect(res.status).toBe(201);
  return res.body._id as string;
}

async function seekerSession(tag: string) {
  const email = `${tag}.${++n}@viewings.example.com`;
  const user = await createAccount(cms.strapi, email, 'GoodPass123', 'authenticated');
  const res = await api.post('/api/login', { email, password: 'GoodPass123' });
  return { email, token: res.body.token as string, id: user.documentId as string };
}

const book = (who: Who | string, property: string, date: string, time: string, comments = '') =>
  api.post(
    `/api/appointments/book/${property}`,
    { date, time, comments },
    { token: who in token ? token[who as Who] : who },
  );

/**
 * The calendar invite attached to an e-mail, parsed by ical.js (a separate iCalendar implementation):
 * its method, the event's UID, SEQUENCE and status, and its start and end as instants, read through
 * the VTIMEZONE the invite carries.
 */
function inviteOf(letter: {
  raw: string;
  attachments: { filename: string | null; contentType: string; content: string }[];
}) {
  const files = letter.attachments.filter((a) => a.contentType.startsWith('text/calendar'));
  expect(files).toHaveLength(1);
  const calendar = new ICAL.Component(ICAL.parse(files[0]!.content));
  const vtimezone = calendar.getFirstSubcomponent('vtimezone');
  expect(vtimezone, 'the invite carries its time zone').toBeTruthy();
  ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone!));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  const dtstart = vevent.getFirstProperty('dtstart')!;
  return {
    filename: files[0]!.filename,
    // The attachment's MIME type names the method too, as calendar clients expect.
    mimeMethod: /text\/calendar;[^]{0,120}?method=([A-Z]+)/i.exec(letter.raw)?.[1],
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    tzid: dtstart.getParameter('tzid'),
    localStart: files[0]!.content.match(/DTSTART;TZID=[^:]+:(\d{8}T\d{6})/)?.[1],
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    description: event.description,
    // URI schemes are case-insensitive (ical-generator writes MAILTO:).
    attendee: String(vevent.getFirstPropertyValue('attendee')).toLowerCase(),
    organizer: String(vevent.getFirstPropertyValue('organizer')).toLowerCase(),
  };
}

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
  const signed = await signInAccounts(cms.strapi, api, 'viewings.example.com', {
    seeker: 'authenticated',
    other: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  Object.assign(token, signed.token);
  // The staff inbox: the superadmin's system e-mail.
  await cms.strapi.service('api::system-setting.system').update({ systemEmail: 'viewings@fiehomes.com.gh' });
  Object.assign(emailOf, signed.email);
  Object.assign(idOf, signed.id);
  propertyId = await newProperty();
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});
beforeEach(async () => {
  clock().offsetMs = 0;
  await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
  // E-mail is sent after the answer: each test starts with the last one's e-mail delivered and forgotten.
  await mailSettled(cms);
  mail.clear();
});

describe('booking a viewing', () => {
  it('books a free weekday slot, confirms by e-mail with a calendar invite, and tells staff', async () => {
    const res = await book('seeker', propertyId, day(0), '10:00', 'Please show me the kitchen.');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      date: day(0),
      time: '10:00',
      status: 'Ongoing',
      comments: 'Please show me the kitchen.',
      startsAt: slotStart(day(0), '10:00').toISOString(),
      user: { _id: idOf.seeker, email: emailOf.seeker },
      product: { _id: propertyId },
    });
    const confirmation = await mail.waitFor({ to: emailOf.seeker!, subject: /Viewing booked/ });
    expect(confirmation.text).toContain('10:00');
    const invite = inviteOf(confirmation);
    expect(invite).toMatchObject({
      mimeMethod: 'REQUEST',
      method: 'REQUEST',
      uid: `${res.body._id}@fiehomes`,
      sequence: 0,
      status: 'CONFIRMED',
      tzid: 'Africa/Accra',
    });
    expect(invite.start).toBe(slotStart(day(0), '10:00').toISOString());
    expect(invite.end).toBe(new Date(slotStart(day(0), '10:00').getTime() + 30 * 60_000).toISOString());
    expect(invite.localStart).toBe(`${day(0).replace(/-/g, '')}T100000`);
    expect(invite.summary).toMatch(/^Property viewing: House in Viewing Road/);
    // Viewings are free, said in the e-mail (both parts) and in the invite the calendar keeps.
    expect(confirmation.text).toContain(NO_VIEWING_FEES);
    expect(confirmation.html).toContain(NO_VIEWING_FEES);
    expect(invite.description).toContain(NO_VIEWING_FEES);
    expect(invite.attendee).toBe(`mailto:${emailOf.seeker}`);
    expect(invite.organizer).toMatch(/^mailto:/);
    await mail.waitFor({ to: 'viewings@fiehomes.com.gh', subject: /New viewing/ });
  });

  it('refuses a slot another seeker holds, and a second active viewing of the same property', async () => {
    const p = await newProperty();
    expect((await book('seeker', p, day(1), '11:00')).status).toBe(201);
    const taken = await book('other', p, day(1), '11:00');
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This time slot is already booked. Please choose another.');
    const twice = await book('seeker', p, day(1), '11:30');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already have a viewing/);
    expect((await book('other', p, day(1), '11:30')).status).toBe(201);
  });

  it.each([
    ['a weekend', () => nextWeekend(), '10:00', /Monday to Friday/],
    ['a weekday beyond 14 days', () => weekdayAfter(15), '10:00', /within the next 14 days/],
    ['a past date', () => isoDays(-2), '10:00', /./],
    ['a time off the 30-minute grid', () => day(0), '09:15', /./],
    ['17:30 (17:00 is the last slot)', () => day(0), '17:30', /./],
    ['a missing time', () => day(0), '', /Please select both date and time/],
  ])('refuses %s with 400', async (_name, date, time, message) => {
    const res = await book('seeker', await newProperty(), date(), time);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('needs 24 hours of notice', async () => {
    const p = await newProperty();
    const start = slotStart(day(0), '12:00');
    clock().offsetMs = start.getTime() - 23 * 3_600_000 - Date.now();
    const res = await book('seeker', p, day(0), '12:00');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/24 hours/);
  });

  it('refuses unapproved, unavailable and missing properties', async () => {
    const unapproved = (
      await api.post(
        '/api/products',
        {
          location: 'Pending, Accra',
          nearestLandmark: 'X',
          price: 1,
          propertyType: 'House',
          leaseType: 'Rent',
          images: [testImage('x')],
        },
        { token: token.admin },
      )
    ).body._id;
    expect((await book('seeker', unapproved, day(0), '09:00')).status).toBe(404);
    const unavailable = await newProperty({ available: false });
    const res = await book('seeker', unavailable, day(0), '09:00');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This property is not available for viewings');
    expect((await book('seeker', 'nosuchproperty0000000000', day(0), '09:00')).body.message).toBe(
      'Property not found',
    );
  });

  it('lists only free slots: for one date, or for every bookable date', async () => {
    const p = await newProperty();
    await book('seeker', p, day(2), '14:00');
    const one = await api.get(`/api/products/${p}/slots?date=${day(2)}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual([{ date: day(2), slots: slots.filter((s) => s !== '14:00') }]);
    const all = await api.get(`/api/products/${p}/slots`);
    expect(all.body.map((d: any) => d.date)).toEqual(bookableDates(new Date()));
    expect(all.body.every((d: any) => d.slots.every((s: string) => slots.includes(s)))).toBe(true);
    expect((await api.get(`/api/products/${p}/slots?date=tomorrow`)).status).toBe(400);
    expect((await api.get(`/api/products/${p}/slots?date=${nextWeekend()}`)).body).toEqual([
      { date: nextWeekend(), slots: [] },
    ]);
  });
});

describe('lists', () => {
  it("a seeker sees only their own viewings, with the property; staff see everyone's", async () => {
    const p = await newProperty();
    await book('other', p, day(3), '15:00');
    const own = await api.get('/api/appointments', { token: token.seeker });
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
    expect(own.body.every((a: any) => a.user._id === idOf.seeker)).toBe(true);
    expect(own.body[0].product).toMatchObject({
      location: expect.any(String),
      propertyType: expect.any(String),
    });
    const all = await api.get('/api/appointments/all', { token: token.admin });
    expect(all.status).toBe(200);
    expect(new Set(all.body.map((a: any) => a.user.email))).toEqual(new Set([emailOf.seeker, emailOf.other]));
    expect(Number(all.headers.get('x-total-count'))).toBe(all.body.length);
    expect(JSON.stringify(all.body)).not.toMatch(/activeSlotKey|activeSeekerKey|password/);
  });
});

describe('staff scheduling and updates', () => {
  it('books for a client under the same rules', async () => {
    const p = await newProperty();
    const ok = await api.post(
      '/api/appointments/admin-book',
      {
        userEmail: emailOf.other,
        userId: idOf.other,
        productId: p,
        date: day(4),
        time: '16:00',
        comments: 'Walk-in client',
      },
      { token: token.admin },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.user.email).toBe(emailOf.other);
    const clash = await api.post(
      '/api/appointments/admin-book',
      { userId: idOf.seeker, productId: p, date: day(4), time: '16:00' },
      { token: token.superadmin },
    );
    expect(clash.status).toBe(409);
    const missing = await api.post(
      '/api/appointments/admin-book',
      { productId: p, date: day(4), time: '16:30' },
      { token: token.admin },
    );
    expect(missing.body.message).toBe('Please select a user');
    const mismatch = await api.post(
      '/api/appointments/admin-book',
      { userEmail: 'someone@else.com', userId: idOf.seeker, productId: p, date: day(4), time: '16:30' },
      { token: token.admin },
    );
    expect(mismatch.status).toBe(400);
    const weekend = await api.post(
      '/api/appointments/admin-book',
      { userId: idOf.seeker, productId: p, date: nextWeekend(), time: '10:00' },
      { token: token.admin },
    );
    expect(weekend.status).toBe(400);
  });

  it('updates status alone or the whole viewing, and e-mails the seeker', async () => {
    const p = await newProperty();
    const booked = (await book('seeker', p, day(5), '09:00')).body;
    mail.clear();
    const done = await api.put(
      `/api/appointments/appointment/${booked._id}`,
      { status: 'Successful' },
      { token: token.admin },
    );
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('Successful');
    await mail.waitFor({ to: emailOf.seeker!, subject: /Viewing successful/ });

    // A past outcome frees the slot; moving a viewing re-checks the calendar and the slot.
    expect((await book('other', p, day(5), '09:00')).status).toBe(201);
    const moved = await api.put(
      `/api/appointments/appointment/${booked._id}`,
      { date: day(5), time: '09:00', status: 'Rescheduled' },
      { token: token.admin },
    );
    expect(moved.status).toBe(409);
    const ok = await api.put(
      `/api/appointments/appointment/${booked._id}`,
      { date: day(6), time: '10:30', status: 'Rescheduled', comments: 'Moved by phone' },
      { token: token.superadmin },
    );
    expect(ok.body).toMatchObject({
      date: day(6),
      time: '10:30',
      status: 'Rescheduled',
      comments: 'Moved by phone',
    });
    await mail.waitFor({ to: emailOf.seeker!, subject: /Viewing rescheduled/ });

    expect(
      (await api.put(`/api/appointments/appointment/${booked._id}`, {}, { token: token.admin })).status,
    ).toBe(400);
    expect(
      (
        await api.put(
          `/api/appointments/appointment/${booked._id}`,
          { status: 'Cancelled' },
          { token: token.admin },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await api.put(
          '/api/appointments/appointment/nosuchappointment00000000',
          { status: 'Successful' },
          { token: token.admin },
        )
      ).status,
    ).toBe(404);
  });
});

describe('cancelling', () => {
  it('a seeker cancels their own viewing more than 24 hours ahead, which frees the slot', async () => {
    const p = await newProperty();
    const booked = (await book('seeker', p, day(7), '13:00')).body;
    expect(
      (await api.post(`/api/appointments/${booked._id}/cancel`, undefined, { token: token.other })).status,
    ).toBe(404);
    const res = await api.post(`/api/appointments/${booked._id}/cancel`, undefined, { token: token.seeker });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Cancelled');
    expect((await book('other', p, day(7), '13:00')).status).toBe(201);
    expect(
      (await api.post(`/api/appointments/${booked._id}/cancel`, undefined, { token: token.seeker })).status,
    ).toBe(400);
  });

  it('refuses to cancel within 24 hours of the start', async () => {
    const p = await newProperty();
    const booked = (await book('seeker', p, day(0), '15:30')).body;
    clock().offsetMs = slotStart(day(0), '15:30').getTime() - 23 * 3_600_000 - Date.now();
    const res = await api.post(`/api/appointments/${booked._id}/cancel`, undefined, { token: token.seeker });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Viewings can only be cancelled at least 24 hours ahead');
  });
});

describe('calendar invites', () => {
  it('a move sends an update of the same event with the next SEQUENCE; Unsuccessful cancels it; Successful sends none', async () => {
    const p = await newProperty();
    const booked = (await book('seeker', p, day(9), '09:30')).body;
    const first = inviteOf(await mail.waitFor({ to: emailOf.seeker!, subject: /Viewing booked/ }));
    expect(first).toMatchObject({ method: 'REQUEST', sequence: 0 });

    mail.clear();
    await api.put(
      `/api/appointments/appointment/${booked._id}`,
      { date: day(10), time: '14:00', status: 'Rescheduled' },
      { token: token.admin },
    );
    const moved = inviteOf(await mail.waitFor({ to: emailOf.seeker!, subject: /Viewing rescheduled/ }));
    expect(moved).toMatchObject({
      method: 'REQUEST',
      uid: first.uid,
      sequence: 1,
      status: 'CONFIRMED',
      start: slotStart(day(10), '14:00').toISOString(),
    });

    mail.clear();
    await api.put(`/api/appointments/appointment/${booked._id}`, { time: '15:00' }, { token: token.admin });
    const again = inviteOf(await mail.waitFor({ to: emailOf.seeker!, subject: /Viewing rescheduled/ }));
    expect(again).toMatchObject({
      method: 'REQUEST',
      uid: first.uid,
      sequence: 2,
      start: slotStart(day(10), '15:00').toISOString(),
    });

    // A comment alone changes nothing in the calendar, and sends nothing.
    mail.clear();
    expect(
      (
        await api.put(
          `/api/appointments/appointment/${booked._id}`,
          { comments: 'Bring the keys' },
          { token: token.admin },
        )
      ).status,
    ).toBe(200);

    await api.put(
      `/api/appointments/appointment/${booked._id}`,
      { status: 'Unsuccessful' },
      { token: token.admin },
    );
    const letter = await mail.waitFor({ to: emailOf.seeker!, subject: /Viewing unsuccessful/ });
    const cancelled = inviteOf(letter);
    expect(cancelled).toMatchObject({
      mimeMethod: 'CANCEL',
      method: 'CANCEL',
      uid: first.uid,
      sequence: 3,
      status: 'CANCELLED',
    });
    expect(letter.text).toContain('removes the viewing from your calendar');
    expect(mail.messages.filter((m: any) => m.to.includes(emailOf.seeker!))).toHaveLength(1);

    // Back on: the event is requested again, after the cancellation.
    mail.clear();
    await api.put(
      `/api/appointments/appointment/${booked._id}`,
      { status: 'Ongoing' },
      { token: token.admin },
    );
    expect(inviteOf(await mail.waitFor({ to: emailOf.seeker!, subject: /Viewing ongoing/ }))).toMatchObject({
      method: 'REQUEST',
      sequence: 4,
    });

    mail.clear();
    await api.put(
      `/api/appointments/appointment/${booked._id}`,
      { status: 'Successful' },
      { token: token.admin },
    );
    const done = await mail.waitFor({ to: emailOf.seeker!, subject: /Viewing successful/ });
    expect(done.attachments.filter((a: any) => a.contentType.startsWith('text/calendar'))).toHaveLength(0);
  });

  it("a seeker's own cancellation sends a CANCEL of the booked event", async () => {
    const p = await newProperty();
    const booked = (await book('seeker', p, day(11), '11:30')).body;
    const first = inviteOf(await mail.waitFor({ to: emailOf.seeker!, subject: /Viewing booked/ }));
    mail.clear();
    expect(
      (await api.post(`/api/appointments/${booked._id}/cancel`, undefined, { token: token.seeker })).status,
    ).toBe(200);
    const cancelled = inviteOf(await mail.waitFor({ to: emailOf.seeker!, subject: /Viewing cancelled/ }));
    expect(cancelled).toMatchObject({
      method: 'CANCEL',
      uid: first.uid,
      sequence: 1,
      status: 'CANCELLED',
      start: first.start,
    });
  });
});

describe('who may call which viewing route', () => {
  const cases: {
    route: string;
    call: (t?: string) => Promise<{ status: number }>;
    expect: Record<Exclude<Who, 'other'>, number>;
  }[] = [
    {
      route: 'GET /api/products/:id/slots',
      call: (t) => api.get(`/api/products/${propertyId}/slots`, { token: t }),
      expect: { anonymous: 200, seeker: 200, admin: 200, superadmin: 200 },
    },
    {
      route: 'POST /api/appointments/book/:id',
      call: async (t) =>
        api.post(
          `/api/appointments/book/${await newProperty()}`,
          { date: day(8), time: '10:00' },
          { token: t },
        ),
      expect: { anonymous: 401, seeker: 201, admin: 403, superadmin: 403 },
    },
    {
      route: 'GET /api/appointments',
      call: (t) => api.get('/api/appointments', { token: t }),
      expect: { anonymous: 401, seeker: 200, admin: 200, superadmin: 200 },
    },
    {
      route: 'GET /api/appointments/all',
      call: (t) => api.get('/api/appointments/all', { token: t }),
      expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
    },
    {
      route: 'POST /api/appointments/admin-book',
      call: async (t) =>
        api.post(
          '/api/appointments/admin-book',
          { userId: idOf.other, productId: await newProperty(), date: day(8), time: '11:00' },
          { token: t },
        ),
      expect: { anonymous: 401, seeker: 403, admin: 201, superadmin: 201 },
    },
    {
      route: 'PUT /api/appointments/appointment/:id',
      call: async (t) => {
        const a = (await book('other', await newProperty(), day(8), '12:00')).body;
        return api.put(`/api/appointments/appointment/${a._id}`, { status: 'Successful' }, { token: t });
      },
      expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
    },
    {
      route: "POST /api/appointments/:id/cancel (the seeker's own)",
      call: async (t) => {
        const a = (await book('seeker', await newProperty(), day(8), '12:30')).body;
        return api.post(`/api/appointments/${a._id}/cancel`, undefined, { token: t });
      },
      expect: { anonymous: 401, seeker: 200, admin: 403, superadmin: 403 },
    },
  ];
  permissionTests(
    it,
    expect,
    cases,
    ['anonymous', 'seeker', 'admin', 'superadmin'] as const,
    (w) => token[w],
  );
});

describe('concurrent bookings', () => {
  it('50 seekers booking one slot at once: exactly one succeeds and the database holds one active viewing', async () => {
    const p = await newProperty();
    const seekers = [];
    for (let i = 0; i < 50; i++) seekers.push(await seekerSession('racer'));
    const results = await Promise.all(seekers.map((s) => book(s.token, p, day(9), '10:00')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const active = await cms.strapi.db.query('plugin::viewings.appointment').count({
      where: {
        property: { documentId: p },
        date: day(9),
        time: '10:00',
        status: { $in: ['Ongoing', 'Rescheduled'] },
      },
    });
    expect(active).toBe(1);
  }, 120_000);
});

function isoDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
function weekdayAfter(days: number) {
  for (let i = days; ; i++) {
    const d = new Date(Date.now() + i * 86_400_000);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) return d.toISOString().slice(0, 10);
  }
}
function nextWeekend() {
  for (let i = 3; ; i++) {
    const d = new Date(Date.now() + i * 86_400_000);
    if (d.getUTCDay() === 6) return d.toISOString().slice(0, 10);
  }
}

// Last: the seekers made here would change the lists that the tests above compare whole.
describe("in the seeker's language", () => {
  it("a seeker who chose French gets the confirmation, the invite and a move in French; staff's notice stays English", async () => {
    const french = await seekerSession('french');
    expect((await api.put('/api/profile', { language: 'fr' }, { token: french.token })).status).toBe(200);
    const p = await newProperty();
    const res = await book(french.token, p, day(3), '11:30');
    expect(res.status).toBe(201);

    const confirmation = await mail.waitFor({ to: french.email, subject: /^Visite réservée : / });
    expect(confirmation.subject).toMatch(/ à 11:30 \(heure d’Accra\)$/);
    expect(confirmation.text).toContain('Votre visite est réservée');
    expect(confirmation.text).toContain('La visite dure environ 30 minutes');
    expect(confirmation.text).toContain('Fie Homes ne demande jamais d’argent pour visiter un bien.');
    expect(confirmation.text).not.toContain(NO_VIEWING_FEES);
    expect(confirmation.html).toContain('<html lang="fr">');
    const invite = inviteOf(confirmation);
    // The property's type and place in French too (the kept label is English, as staff search it).
    expect(invite.summary).toMatch(/^Visite du bien : Maison à Viewing Road/);
    expect(invite.description).toMatch(/^Votre visite avec Fie Homes\./);
    expect(invite.description).toContain('Fie Homes ne demande jamais d’argent');
    expect(confirmation.attachments[0]!.content).toContain('DESCRIPTION:Rappel : Visite du bien');
    expect(confirmation.attachments[0]!.content).toMatch(/PRODID:.*\/\/FR/);
    // The back-office reads English.
    const notice = await mail.waitFor({ to: 'viewings@fiehomes.com.gh', subject: /^New viewing: / });
    expect(notice.text).toContain(`(${french.email}) booked`);

    const moved = await api.put(
      `/api/appointments/appointment/${res.body._id}`,
      { date: day(4), time: '14:00', status: 'Rescheduled' },
      { token: token.admin },
    );
    expect(moved.status).toBe(200);
    const update = await mail.waitFor({ to: french.email, subject: /^Visite reprogrammée : / });
    expect(update.text).toMatch(
      /Votre visite a désormais lieu le \S+ \d+ \S+ \d{4} à 14:00 \(heure d’Accra\)\./,
    );
    expect(update.text).toContain('L’invitation jointe met à jour la visite dans votre agenda.');
    expect(inviteOf(update).summary).toMatch(/^Visite du bien : /);
  });
});
