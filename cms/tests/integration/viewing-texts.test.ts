// Texts about viewings: booked, moved, cancelled, and the 24 hour and 2 hour reminders, to the seeker's
// verified number unless texts are off, each one GSM-7 part; an account known by its number alone
// gets texts and no e-mail. An instant alert texts its newest match, outside quiet hours. Each channel
// (viewing e-mails and texts, alert texts) is the seeker's to turn off. Texts go over real SMPP to the
// local SMSC (@fie/smscatcher).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookableDates, slotStart, smsSize } from '@fie/domain';
import { startMailCatcher } from '@fie/mailcatcher';
import { startSmsCatcher, type CaughtText } from '@fie/smscatcher';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, codeIn, createAccount, signInAccounts } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';

const USER_UID = 'plugin::users-permissions.user';
const SITE_URL = 'http://fiehomes.test';
const HOUR = 3_600_000;

let cms: TestCms;
let sms: Awaited<ReturnType<typeof startSmsCatcher>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let superToken = '';
let staffToken = '';
let n = 0;
const dates = bookableDates(new Date()).slice(2);
const clock = () => cms.strapi.plugin('platform').service('clock');
const number = () => `+23320${String(++n).padStart(3, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;

beforeAll(async () => {
  sms = await startSmsCatcher({ port: 0 });
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({
    env: {
      SMTP_PORT: String(mail.port),
      SITE_URL,
      SMS_ENABLED: 'true',
      SMPP_URL: `smpp://fie:fie@127.0.0.1:${sms.port}`,
    },
  });
  api = client(cms.url);
  const signed = await signInAccounts(cms.strapi, api, 'texts.example.com', {
    admin: 'admin',
    superadmin: 'superadmin',
  });
  superToken = signed.token.superadmin!;
  staffToken = signed.token.admin!;
});
afterAll(async () => {
  await cms?.stop();
  await sms?.close();
  await mail?.close();
});
beforeEach(async () => {
  clock().offsetMs = 0;
  await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
});

/** A seeker known by a number alone, signed up through the API with the code texted to it. */
async function phoneSeeker() {
  const phone = number();
  expect((await api.post('/api/signup', { phone, password: 'GoodPass123' })).status).toBe(201);
  const code = codeIn((await sms.waitFor({ to: phone, text: /sign-up code/ })).text);
  const verified = await api.post('/api/otp/verify', { phone, userOtp: code });
  expect(verified.status).toBe(200);
  return { phone, token: verified.body.token as string };
}

/** A seeker known by e-mail, with a verified number. */
async function emailSeekerWithNumber() {
  const email = `seeker.${++n}@texts.example.com`;
  await createAccount(cms.strapi, email, 'GoodPass123', 'authenticated');
  const phone = number();
  await cms.strapi.db
    .query(USER_UID)
    .update({ where: { email }, data: { phone, phoneVerifiedAt: new Date() } });
  const token = (await api.post('/api/login', { email, password: 'GoodPass123' })).body.token as string;
  return { email, phone, token };
}

async function book(token: string, date = dates[0]!, time = '10:00') {
  const property = await api.post('/api/products', propertyAt(`Text Lane ${++n}, Osu`), {
    token: superToken,
  });
  expect(property.status).toBe(201);
  const res = await api.post(
    `/api/appointments/book/${property.body._id}`,
    { date, time, comments: '' },
    { token },
  );
  expect(res.status).toBe(201);
  return { id: res.body._id as string, start: slotStart(date, time) };
}

const textsTo = (phone: string, words?: RegExp): CaughtText[] =>
  sms.texts.filter((t) => t.to === phone && (!words || words.test(t.text)));

describe('texts about viewings', () => {
  it('a booking is confirmed by text, in one GSM-7 part with the place, the time and the link', async () => {
    const seeker = await emailSeekerWithNumber();
    const { start } = await book(seeker.token);
    const text = await sms.waitFor({ to: seeker.phone, text: /viewing booked/ });
    expect(smsSize(text.text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    expect(text.text).toContain(`${SITE_URL}/dashboard`);
    expect(text.text).toContain('Pay no one before you view.');
    const hh = String(start.getUTCHours()).padStart(2, '0');
    expect(text.text).toContain(`${hh}:00`);
    // The e-mail still goes too.
    await mail.waitFor({ to: seeker.email, subject: /^Viewing booked/ });
  });

  it('an account known by its number alone is texted and not e-mailed, and staff see it named by its number', async () => {
    const seeker = await phoneSeeker();
    const before = mail.messages.length;
    const { id } = await book(seeker.token);
    await sms.waitFor({ to: seeker.phone, text: /viewing booked/ });
    await mailSettled(cms);
    const toSeeker = mail.messages.slice(before).filter((m) => /^Viewing booked/.test(m.subject));
    expect(toSeeker).toEqual([]);

    // Moved by staff: a text says so; cancelled: a text says so.
    const moved = await api.put(
      `/api/appointments/appointment/${id}`,
      { status: 'Rescheduled', date: dates[1], time: '11:00' },
      { token: staffToken },
    );
    expect(moved.status).toBe(200);
    await sms.waitFor({ to: seeker.phone, text: /now .*11:00/ });
    const cancelled = await api.post(`/api/appointments/${id}/cancel`, {}, { token: seeker.token });
    expect(cancelled.status).toBe(200);
    await sms.waitFor({ to: seeker.phone, text: /cancelled/ });
  });

  it('texts the 24 hour and the 2 hour reminders', async () => {
    const seeker = await emailSeekerWithNumber();
    const { start } = await book(seeker.token);
    const reminders = cms.strapi.plugin('viewings').service('reminders');
    clock().offsetMs = start.getTime() - 23.5 * HOUR - Date.now();
    await reminders.run();
    await sms.waitFor({ to: seeker.phone, text: /reminder, viewing tomorrow/ });
    clock().offsetMs = start.getTime() - 1.5 * HOUR - Date.now();
    await reminders.run();
    const soon = await sms.waitFor({ to: seeker.phone, text: /starts in 2 hours/ });
    expect(smsSize(soon.text).parts).toBe(1);
  });

  it('sends no text once texts are off in Settings, or the number is not verified', async () => {
    const seeker = await emailSeekerWithNumber();
    const off = await api.put('/api/profile', { smsEnabled: false }, { token: seeker.token });
    expect(off.body.smsEnabled).toBe(false);
    await book(seeker.token);
    await mail.waitFor({ to: seeker.email, subject: /^Viewing booked/ });
    await mailSettled(cms);
    expect(textsTo(seeker.phone)).toEqual([]);

    const typed = await emailSeekerWithNumber();
    await cms.strapi.db
      .query(USER_UID)
      .update({ where: { email: typed.email }, data: { phoneVerifiedAt: null } });
    await book(typed.token);
    await mail.waitFor({ to: typed.email, subject: /^Viewing booked/ });
    await mailSettled(cms);
    expect(textsTo(typed.phone)).toEqual([]);
  });
});

describe("the seeker's channels", () => {
  it('viewing e-mails off: the booking and its reminders are texted, not e-mailed', async () => {
    const seeker = await emailSeekerWithNumber();
    const off = await api.put('/api/profile', { viewingEmails: false }, { token: seeker.token });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ viewingEmails: false, smsEnabled: true, smsAlerts: true });
    const refused = await api.put('/api/profile', { viewingEmails: 'no' }, { token: seeker.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Viewing e-mails must be on or off.');

    const { start } = await book(seeker.token);
    await sms.waitFor({ to: seeker.phone, text: /viewing booked/ });
    clock().offsetMs = start.getTime() - 1.5 * HOUR - Date.now();
    await cms.strapi.plugin('viewings').service('reminders').run();
    await sms.waitFor({ to: seeker.phone, text: /starts in 2 hours/ });
    await mailSettled(cms);
    expect(mail.messages.filter((m) => m.to.includes(seeker.email))).toEqual([]);
  });
});

describe('alert texts', () => {
  const alerts = () =>
    cms.strapi.service('api::saved-search.alerts') as { runInstant(t?: Date): Promise<number> };
  const outboxRows = () => cms.strapi.db.connection('outbox_messages');

  /** A seeker with a verified number and an instant search for a street of its own, and that street's listing. */
  async function searchAndMatch(price = 4500) {
    const seeker = await emailSeekerWithNumber();
    const street = `Qalert ${++n} Close`;
    const saved = await api.post(
      '/api/saved-searches',
      { query: { search: street.toLowerCase() }, frequency: 'instant' },
      { token: seeker.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const property = await api.post('/api/products', propertyAt(`${street}, Osu`, { price }), {
      token: superToken,
    });
    expect(property.status).toBe(201);
    return { seeker, id: property.body._id as string };
  }

  it("texts an instant alert's newest match in one GSM-7 part, as well as e-mailing it", async () => {
    const { seeker, id } = await searchAndMatch();
    clock().offsetMs = Date.UTC(2026, 11, 8, 12) - Date.now(); // noon in Accra
    expect(await alerts().runInstant()).toBeGreaterThanOrEqual(1);
    const text = await sms.waitFor({ to: seeker.phone, text: /new match for your search/ });
    expect(text.text).toContain('GHS 4,500/month');
    expect(text.text).toContain(`${SITE_URL}/property/${id}`);
    expect(smsSize(text.text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    await mail.waitFor({ to: seeker.email, subject: /matches your search/ });
  });

  it('an alert written in quiet hours waits in the outbox for 07:00 in Accra', async () => {
    const { seeker } = await searchAndMatch();
    clock().offsetMs = Date.UTC(2026, 11, 8, 22, 30) - Date.now();
    await alerts().runInstant();
    const [row] = await outboxRows().where({ to_address: seeker.phone, kind: 'alert' });
    // Due 8.5 hours after it was written (the outbox keeps real time; the test moved the accounts clock).
    const wait = new Date(row.next_attempt_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.abs(wait - 8.5 * HOUR)).toBeLessThan(60_000);
    // The e-mail goes at once; the text is not due until the morning.
    await mail.waitFor({ to: seeker.email, subject: /matches your search/ });
    await mailSettled(cms);
    expect(textsTo(seeker.phone, /new match/)).toEqual([]);
    expect(row.sent_at).toBeNull();
  });

  it('alert texts off (or STOP) sends the e-mail alone', async () => {
    const { seeker } = await searchAndMatch();
    const off = await api.put('/api/profile', { smsAlerts: false }, { token: seeker.token });
    expect(off.body).toMatchObject({ smsAlerts: false, smsEnabled: true });
    clock().offsetMs = Date.UTC(2026, 11, 8, 12) - Date.now();
    await alerts().runInstant();
    await mail.waitFor({ to: seeker.email, subject: /matches your search/ });
    await mailSettled(cms);
    expect(textsTo(seeker.phone, /new match/)).toEqual([]);

    const stopped = await emailSeekerWithNumber();
    await cms.strapi.plugin('accounts').service('account-texts').inbound(stopped.phone.slice(1), 'stop');
    const profile = await api.get('/api/profile', { token: stopped.token });
    expect(profile.body).toMatchObject({ smsEnabled: false, smsAlerts: false, viewingEmails: true });
  });
});

describe('a text in doubt (its sender died after marking it)', () => {
  const outbox = () => cms.strapi.plugin('platform').service('outbox');
  const rows = () => cms.strapi.db.connection('outbox_messages');
  /** A text as a process that died left it: marked as handed to the SMSC five minutes ago. */
  async function leftMarked(phone: string, words: string) {
    await rows().where({ to_address: phone }).delete();
    await outbox().enqueueTexts([
      { to: phone, kind: 'viewing', text: words, notBefore: new Date(Date.now() + 3_600_000) },
    ]);
    const marked = new Date(Date.now() - 5 * 60_000);
    await rows().where({ to_address: phone }).update({ submitting_at: marked, next_attempt_at: marked });
    return marked;
  }

  it('is sent again when no receipt shows the SMSC took it', async () => {
    const phone = number();
    await leftMarked(phone, 'Fie Homes: a text nobody took.');
    await outbox().settleInDoubt();
    await sms.waitFor({ to: phone, text: /nobody took/ });
    expect(await outbox().settled(10_000)).toBe(true);
    const [row] = await rows().where({ to_address: phone });
    expect(row).toMatchObject({ submitting_at: null });
    expect(row.sent_at).not.toBeNull();
    expect(textsTo(phone)).toHaveLength(1);
  });

  it("is marked sent, not sent again, when its number's receipt came in unmatched since the mark", async () => {
    const phone = number();
    const marked = await leftMarked(phone, 'Fie Homes: a text the SMSC took.');
    await cms.strapi.db.query('plugin::platform.sms-receipt').create({
      data: {
        providerMessageId: 'lost-answer-1',
        toAddress: phone,
        status: 'delivered',
        stat: 'DELIVRD',
        receivedAt: new Date(marked.getTime() + 1000),
      },
    });
    await outbox().settleInDoubt();
    const [row] = await rows().where({ to_address: phone });
    expect(row).toMatchObject({
      submitting_at: null,
      provider_message_id: 'lost-answer-1',
      delivery_status: 'delivered',
      delivery_stat: 'DELIVRD',
    });
    expect(new Date(row.sent_at).getTime()).toBe(marked.getTime());
    expect(
      await cms.strapi.db.query('plugin::platform.sms-receipt').count({ where: { toAddress: phone } }),
    ).toBe(0);
    await mailSettled(cms);
    expect(textsTo(phone)).toEqual([]);
  });

  it('a receipt the SMSC sends for no known text is kept with its number', async () => {
    const phone = number();
    expect(
      await outbox().recordReceipt({
        providerMessageId: 'nobody-1',
        status: 'failed',
        stat: 'UNDELIV',
        to: phone,
      }),
    ).toBe(false);
    expect(
      await cms.strapi.db.query('plugin::platform.sms-receipt').findOne({ where: { toAddress: phone } }),
    ).toMatchObject({ providerMessageId: 'nobody-1', status: 'failed', stat: 'UNDELIV' });
  }, 30_000);
});
