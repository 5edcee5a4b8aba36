// Viewing reminders: e-mails 24 hours and 2 hours before each active viewing, each sent once per
// start, read from a real SMTP catcher. One cms runs in this process with its cron off and its
// clock moved, and the reminders run through the service the cron task calls; on PostgreSQL two
// more cms processes, their clocks moved with libfaketime, run the cron task on one database at
// the same moments.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookableDates, slotStart } from '@fie/domain';
import { startMailCatcher, type CaughtMessage } from '@fie/mailcatcher';
import { itOnPostgres, mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, createAccount, signInAccounts } from '../helpers/http';
import { spawnCms, type Running } from '../helpers/processes';
import { propertyAt } from '../helpers/fixtures';

const APPOINTMENT = 'plugin::viewings.appointment';
const SITE_URL = 'http://fiehomes.test';
const PHONE = '+233 30 274 0000';
const SUPPORT = 'care@fiehomes.test';
const GPS = 'GA-183-8164';
const HOUR = 3_600_000;
const MINUTE = 60_000;
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let staffToken = '';
let superToken = '';
let n = 0;

// Weekdays far enough ahead that booking at the real time meets the 24-hour notice.
const dates = bookableDates(new Date()).slice(2);
const clock = () => cms.strapi.plugin('platform').service('clock');
const reminders = () => cms.strapi.plugin('viewings').service('reminders');
/** Moves this cms's clock to `at` (the rules' "now"). */
const clockAt = (at: Date) => (clock().offsetMs = at.getTime() - Date.now());
/** Runs the reminders at `at`, as the cron task does each minute, and waits for their e-mail. */
async function runAt(at: Date) {
  clockAt(at);
  const sent = await reminders().run();
  await mailSettled(cms);
  return sent as Record<'24h' | '2h', number>;
}

/** A viewing's long date in Accra as the reminders write it, in English unless another locale is named. */
const longDate = (t: Date, locale = 'en-GB') =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Accra',
  }).format(t);

/** The reminders a seeker received so far, oldest first. */
const remindersTo = (email: string): CaughtMessage[] =>
  mail.messages.filter((m) => m.to.includes(email) && m.subject.startsWith('Viewing reminder'));

async function newProperty(overrides: Record<string, unknown> = {}) {
  const res = await api.post('/api/products', propertyAt(`Reminder Lane ${++n}, Osu`, overrides), {
    token: superToken,
  });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

async function newSeeker() {
  const email = `seeker.${++n}@reminders.example.com`;
  const user = await createAccount(cms.strapi, email, 'GoodPass123', 'authenticated');
  const res = await api.post('/api/login', { email, password: 'GoodPass123' });
  expect(res.status).toBe(200);
  return { email, token: res.body.token as string, id: user.documentId as string };
}

/** A viewing booked through the API at the real time (clock not moved), as a seeker books one. */
async function booked(date: string, time: string, overrides: Record<string, unknown> = {}) {
  clock().offsetMs = 0;
  const seeker = await newSeeker();
  const property = await newProperty(overrides);
  const res = await api.post(
    `/api/appointments/book/${property}`,
    { date, time, comments: '' },
    { token: seeker.token },
  );
  expect(res.status).toBe(201);
  return {
    seeker,
    property,
    id: res.body._id as string,
    label: res.body.propertyLabel as string,
    start: slotStart(date, time),
  };
}

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0, maxMessages: 5000 });
  // The cron is off so that only the runs below send reminders, at the clock each test sets.
  cms = await startCms({
    env: { SMTP_PORT: String(mail.port), SITE_URL, CRON_ENABLED: 'false' },
  });
  api = client(cms.url);
  const signed = await signInAccounts(cms.strapi, api, 'reminders.example.com', {
    admin: 'admin',
    superadmin: 'superadmin',
  });
  staffToken = signed.token.admin!;
  superToken = signed.token.superadmin!;
  // The staff contact every viewing e-mail gives: the site settings' customer-care phone and e-mail.
  const settings = cms.strapi.documents('api::site-setting.site-setting');
  const current = await settings.findFirst({ status: 'published' });
  await settings.update({
    documentId: current.documentId,
    data: { customerCarePhone: PHONE, supportEmail: SUPPORT },
  });
  await settings.publish({ documentId: current.documentId });
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});
beforeEach(async () => {
  clock().offsetMs = 0;
  await mailSettled(cms);
});

describe('viewing reminders', () => {
  it('are configured as a cron task that runs every minute and calls the reminders service', async () => {
    const tasks = cms.strapi.config.get('server.cron.tasks');
    expect(tasks.viewingReminders.options.rule).toBe('*/1 * * * *');
    // The task is the service: a viewing due a reminder gets it when the task runs.
    const v = await booked(dates[0]!, '16:30');
    clockAt(new Date(v.start.getTime() - 90 * MINUTE));
    await tasks.viewingReminders.task({ strapi: cms.strapi });
    await mailSettled(cms);
    expect(remindersTo(v.seeker.email)).toHaveLength(1);
  });

  it('sends the 24 hour and the 2 hour reminder once each, with the place, the Accra time and the contact', async () => {
    const v = await booked(dates[1]!, '10:00', { nearestLandmark: 'Accra Mall', digitalAddress: GPS });
    const dayBefore = new Date(v.start.getTime() - 24 * HOUR);

    // Over a day ahead: nothing yet.
    await runAt(new Date(v.start.getTime() - 26 * HOUR));
    expect(remindersTo(v.seeker.email)).toHaveLength(0);

    // The day-before reminder goes an hour before online cancelling closes, and says how to cancel.
    expect((await runAt(new Date(v.start.getTime() - 24 * HOUR - 50 * MINUTE)))['24h']).toBeGreaterThan(0);
    const [early] = remindersTo(v.seeker.email);
    expect(early!.subject).toBe(`Viewing reminder: ${v.label}, tomorrow at 10:00`);
    for (const body of [early!.text, early!.html]) {
      expect(body).toContain(`${longDate(v.start)} at 10:00 (Accra time)`);
      expect(body).toContain(`${v.label}, near Accra Mall`);
      expect(body).toContain(`Ghana Post GPS address: ${GPS}`);
      expect(body).toContain(PHONE);
      expect(body).toContain(SUPPORT);
      expect(body).toContain(
        `Cancel it from your dashboard before 10:00 (Accra time) on ${longDate(dayBefore)}: ${SITE_URL}/dashboard`,
      );
    }
    // The branded layout of every other e-mail.
    expect(early!.html).toContain('Your viewing is tomorrow');
    expect(early!.html).toContain('max-width:520px');

    // Later runs, in the same minute and up to the 2 hour mark, send nothing more.
    await runAt(new Date(v.start.getTime() - 24 * HOUR - 50 * MINUTE));
    await runAt(new Date(v.start.getTime() - 12 * HOUR));
    await runAt(new Date(v.start.getTime() - 2 * HOUR - MINUTE));
    expect(remindersTo(v.seeker.email)).toHaveLength(1);

    // The 2 hour reminder: the same place, time and contact, and no cancelling any more.
    await runAt(new Date(v.start.getTime() - 2 * HOUR));
    const all = remindersTo(v.seeker.email);
    expect(all).toHaveLength(2);
    const late = all[1]!;
    expect(late.subject).toBe(`Viewing reminder: ${v.label}, today at 10:00`);
    expect(late.text).toContain('Your viewing starts soon');
    expect(late.text).toContain(`${longDate(v.start)} at 10:00 (Accra time)`);
    expect(late.text).toContain(`near Accra Mall`);
    expect(late.text).toContain(GPS);
    expect(late.text).toContain(PHONE);
    expect(late.text).not.toMatch(/cancel/i);
    expect(late.text).not.toContain('/dashboard');

    await runAt(new Date(v.start.getTime() - 30 * MINUTE));
    await runAt(new Date(v.start.getTime() + MINUTE));
    expect(remindersTo(v.seeker.email)).toHaveLength(2);
  });

  it('reach a seeker who chose Spanish in Spanish, with the day and the date written the Spanish way', async () => {
    const v = await booked(dates[2]!, '15:30', { nearestLandmark: 'Accra Mall', digitalAddress: GPS });
    expect((await api.put('/api/profile', { language: 'es' }, { token: v.seeker.token })).status).toBe(200);
    const spanishDate = (t: Date) => longDate(t, 'es-ES');

    await runAt(new Date(v.start.getTime() - 24 * HOUR - 50 * MINUTE));
    // Set after booking (its confirmation went in English): the reminders follow the setting as it is now.
    const spanishReminders = () =>
      mail.messages.filter((m) => m.to.includes(v.seeker.email) && m.subject.startsWith('Recordatorio'));
    const early = spanishReminders();
    // The kept label is English ("House in …"); the seeker reads its type and place in Spanish.
    const label = v.label.replace(/^House in /, 'Casa en ');
    expect(label).not.toBe(v.label);
    expect(early.map((m) => m.subject)).toEqual([`Recordatorio de visita: ${label}, mañana a las 15:30`]);
    const text = early[0]!.text;
    expect(text).toContain('Tu visita es mañana');
    expect(text).toContain(
      `Cuándo: ${spanishDate(v.start)} a las 15:30 (hora de Acra). La visita dura unos 30 minutos.`,
    );
    expect(text).toContain(`Dónde: ${label}, cerca de Accra Mall.`);
    expect(text).toContain(`Dirección Ghana Post GPS: ${GPS}.`);
    expect(text).toContain(
      `Cancélala desde tu panel antes de las 15:30 (hora de Acra) del ${spanishDate(new Date(v.start.getTime() - 24 * HOUR))}: ${SITE_URL}/es/dashboard`,
    );
    expect(text).toContain(`Llámanos al ${PHONE} o escribe a ${SUPPORT}.`);
    expect(early[0]!.html).toContain('<html lang="es">');

    await runAt(new Date(v.start.getTime() - 2 * HOUR));
    const late = spanishReminders()[1]!;
    expect(late.subject).toBe(`Recordatorio de visita: ${label}, hoy a las 15:30`);
    expect(late.text).toContain('Tu visita empieza pronto');
    expect(late.text).not.toContain('Cancélala');
  });

  it('skips the reminders a late booking is already too near for', async () => {
    const seeker = await newSeeker();
    const property = await newProperty();
    // Staff (the admin panel) may book at short notice, where the seekers' 24-hour rule does not apply.
    const bookAt = async (time: string, hoursAhead: number) => {
      const start = slotStart(dates[2]!, time);
      clockAt(new Date(start.getTime() - hoursAhead * HOUR));
      await cms.strapi.documents(APPOINTMENT).create({
        data: {
          user: seeker.id,
          property,
          propertyLabel: 'House in Reminder Lane, Osu',
          date: dates[2],
          time,
          status: 'Ongoing',
        },
      });
      return start;
    };

    // Booked 5 hours ahead: no day-before reminder, but the 2 hour one.
    const fiveHours = await bookAt('14:00', 5);
    await runAt(new Date(fiveHours.getTime() - 5 * HOUR + MINUTE));
    expect(remindersTo(seeker.email)).toHaveLength(0);
    await runAt(new Date(fiveHours.getTime() - 2 * HOUR + MINUTE));
    expect(remindersTo(seeker.email).map((m) => m.subject)).toEqual([
      'Viewing reminder: House in Reminder Lane, Osu, today at 14:00',
    ]);
    expect(remindersTo(seeker.email)[0]!.text).toContain('Your viewing starts soon');
    await mailSettled(cms);
    mail.clear();

    // Booked 1 hour ahead (another property: one active viewing per seeker and property): none.
    const oneHour = await (async () => {
      const start = slotStart(dates[2]!, '16:00');
      clockAt(new Date(start.getTime() - HOUR));
      await cms.strapi.documents(APPOINTMENT).create({
        data: {
          user: seeker.id,
          property: await newProperty(),
          propertyLabel: 'House in Reminder Lane, Osu',
          date: dates[2],
          time: '16:00',
          status: 'Ongoing',
        },
      });
      return start;
    })();
    await runAt(new Date(oneHour.getTime() - HOUR + MINUTE));
    await runAt(new Date(oneHour.getTime() - 10 * MINUTE));
    expect(remindersTo(seeker.email)).toHaveLength(0);
  });

  it('sends nothing for a cancelled viewing, nor for one staff marked Unsuccessful or Successful', async () => {
    const cancelled = await booked(dates[3]!, '09:30');
    expect(
      (await api.post(`/api/appointments/${cancelled.id}/cancel`, {}, { token: cancelled.seeker.token }))
        .status,
    ).toBe(200);
    const unsuccessful = await booked(dates[3]!, '11:30');
    const successful = await booked(dates[3]!, '12:30');
    for (const [v, status] of [
      [unsuccessful, 'Unsuccessful'],
      [successful, 'Successful'],
    ] as const) {
      const res = await api.put(`/api/appointments/appointment/${v.id}`, { status }, { token: staffToken });
      expect(res.status).toBe(200);
    }
    for (const v of [cancelled, unsuccessful, successful]) {
      await runAt(new Date(v.start.getTime() - 24 * HOUR - 30 * MINUTE));
      await runAt(new Date(v.start.getTime() - 3 * HOUR));
      await runAt(new Date(v.start.getTime() - 90 * MINUTE));
    }
    for (const v of [cancelled, unsuccessful, successful])
      expect(remindersTo(v.seeker.email)).toHaveLength(0);
  });

  it('reminds a moved viewing of its new time only', async () => {
    const v = await booked(dates[4]!, '10:00');
    // The day-before reminder for the first time goes.
    await runAt(new Date(v.start.getTime() - 24 * HOUR - 30 * MINUTE));
    expect(remindersTo(v.seeker.email)).toHaveLength(1);

    // Staff move it two days later, at 11:30.
    const newDate = dates.find((d) => slotStart(d, '11:30').getTime() > v.start.getTime() + 36 * HOUR)!;
    const moved = await api.put(
      `/api/appointments/appointment/${v.id}`,
      { date: newDate, time: '11:30' },
      { token: staffToken },
    );
    expect(moved.status).toBe(200);
    await mailSettled(cms);
    mail.clear();

    // Nothing at the old time's 2 hour mark.
    await runAt(new Date(v.start.getTime() - 90 * MINUTE));
    await runAt(new Date(v.start.getTime() + MINUTE));
    expect(remindersTo(v.seeker.email)).toHaveLength(0);

    // Both reminders for the new time, once each.
    const start = slotStart(newDate, '11:30');
    await runAt(new Date(start.getTime() - 24 * HOUR - 30 * MINUTE));
    await runAt(new Date(start.getTime() - 24 * HOUR - 10 * MINUTE));
    await runAt(new Date(start.getTime() - 2 * HOUR + MINUTE));
    await runAt(new Date(start.getTime() - HOUR));
    const got = remindersTo(v.seeker.email);
    expect(got.map((m) => m.subject)).toEqual([
      expect.stringMatching(/, tomorrow at 11:30$/),
      expect.stringMatching(/, today at 11:30$/),
    ]);
    for (const m of got) {
      expect(m.text).toContain(`${longDate(start)} at 11:30 (Accra time)`);
      expect(m.text).not.toContain('10:00');
    }
  });

  it('still sends a reminder whose time passed while the cms was stopped, until the viewing starts', async () => {
    // Stopped from before the day-before moment until 23 hours ahead: that reminder goes late,
    // with no cancelling any more (less than 24 hours remain).
    const a = await booked(dates[5]!, '13:00');
    await runAt(new Date(a.start.getTime() - 23 * HOUR));
    const [dayBefore] = remindersTo(a.seeker.email);
    expect(dayBefore?.subject).toMatch(/, tomorrow at 13:00$/);
    expect(dayBefore!.text).toContain(PHONE);
    expect(dayBefore!.text).not.toContain('/dashboard');
    await runAt(new Date(a.start.getTime() - 22 * HOUR));
    expect(remindersTo(a.seeker.email)).toHaveLength(1);

    // Stopped over both moments: only the nearer reminder goes, once.
    const b = await booked(dates[5]!, '14:30');
    await runAt(new Date(b.start.getTime() - 40 * MINUTE));
    await runAt(new Date(b.start.getTime() - 30 * MINUTE));
    expect(remindersTo(b.seeker.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/, today at 14:30$/),
    ]);

    // Back only once the viewing has started: nothing.
    const c = await booked(dates[5]!, '15:30');
    await runAt(new Date(c.start.getTime() + MINUTE));
    await runAt(new Date(c.start.getTime() + 2 * HOUR));
    expect(remindersTo(c.seeker.email)).toHaveLength(0);
  });

  itOnPostgres(
    'two cms processes on one database running the task at the same moments send each reminder exactly once',
    async () => {
      if (!existsSync(LIBFAKETIME))
        throw new Error(
          `this test moves the cms processes' clocks with ${LIBFAKETIME}: apt-get install -y faketime`,
        );
      // Ten viewings on one day, 09:00 to 13:30, each of its own seeker.
      const day = dates[6]!;
      const times = [
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '11:00',
        '11:30',
        '12:00',
        '12:30',
        '13:00',
        '13:30',
      ];
      const property = await newProperty();
      const seekers: string[] = [];
      for (const time of times) {
        const seeker = await newSeeker();
        seekers.push(seeker.email);
        const res = await api.post(
          `/api/appointments/book/${property}`,
          { date: day, time, comments: '' },
          { token: seeker.token },
        );
        expect(res.status).toBe(201);
      }
      await mailSettled(cms);
      // Both processes live at 08:00 of that day (as if back after a stop): the first three are due
      // the 2 hour reminder, the others the day-before one.
      const offsetSeconds = Math.round((slotStart(day, '08:00').getTime() - Date.now()) / 1000);
      const faked = {
        LD_PRELOAD: LIBFAKETIME,
        FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
        CRON_ENABLED: 'true',
        // The task every second instead of every minute: the two processes race at each tick.
        REMINDERS_CRON_RULE: '* * * * * *',
        SMTP_PORT: String(mail.port),
        SITE_URL,
        // Each run that sends something logs how many (at info level).
        LOG_LEVEL: 'info',
      };
      const processes: Running[] = await Promise.all([
        spawnCms(cms.database, faked),
        spawnCms(cms.database, faked),
      ]);
      try {
        // Both processes' clocks are moved by the same offset, so their ticks come at the same moment.
        const knex = cms.strapi.db.connection;
        const outboxed = async () =>
          (await knex('outbox_messages')
            .whereIn('to_address', seekers)
            .select('to_address', 'subject', 'text')) as {
            to_address: string;
            subject: string;
            text: string;
          }[];
        const deadline = Date.now() + 60_000;
        while ((await outboxed()).length < times.length && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 1000));
        // Five more seconds: both processes run again, several times, and find nothing more to send.
        await new Promise((r) => setTimeout(r, 5_000));
        const rows = await outboxed();
        const reminderRows = rows.filter((r) => r.subject.startsWith('Viewing reminder'));
        expect(reminderRows.map((r) => r.to_address).sort()).toEqual([...seekers].sort());
        for (const [i, email] of seekers.entries()) {
          const row = reminderRows.find((r) => r.to_address === email)!;
          expect(row.subject).toMatch(new RegExp(`, today at ${times[i]}$`));
          expect(row.text).toContain(i < 3 ? 'Your viewing starts soon' : 'Your viewing is today');
        }
        // What the two processes say they sent adds up to the ten, however they shared them.
        const told = processes
          .flatMap((p) => [
            ...p.output().matchAll(/viewing reminders: (\d+) sent 24 hours ahead, (\d+) 2 hours ahead/g),
          ])
          .reduce((sum, m) => sum + Number(m[1]) + Number(m[2]), 0);
        expect(told).toBe(times.length);
        // ... and the mail catcher got each exactly once.
        await mailSettled(cms, 30_000);
        const mailDeadline = Date.now() + 30_000;
        while (seekers.some((e) => remindersTo(e).length === 0) && Date.now() < mailDeadline)
          await new Promise((r) => setTimeout(r, 500));
        for (const email of seekers) expect(remindersTo(email), email).toHaveLength(1);
      } finally {
        await Promise.all(processes.map((p) => p.stop()));
      }
    },
    300_000,
  );
});
