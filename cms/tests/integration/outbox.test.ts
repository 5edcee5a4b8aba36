// The outbox (platform plugin, services/outbox.service.ts): e-mail written in the transaction of the
// change that causes it, sent afterwards by a worker, retried, never lost to a crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { bookableDates, dailySlots } from '@fie/domain';
import { startMailCatcher, type MailCatcher } from '@fie/mailcatcher';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { freePort, spawnCms, type Running } from '../helpers/processes';
import { client, createAccount } from '../helpers/http';
import { testImage } from '../helpers/images';

const require = createRequire(import.meta.url);
const OUTBOX = 'plugin::platform.outbox-message';
const outbox = (cms: TestCms) => cms.strapi.plugin('platform').service('outbox');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Rows read straight from a test cms's database (while another process runs the cms on it). */
async function read(cms: TestCms, sql: string): Promise<Array<Record<string, unknown>>> {
  const db = cms.database;
  if (db.client === 'postgres') {
    const { Client } = require('pg');
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      return (await c.query(sql)).rows;
    } finally {
      await c.end();
    }
  }
  const Database = require('better-sqlite3');
  const file = new Database(db.filename, { readonly: true, fileMustExist: true });
  try {
    return file.prepare(sql).all();
  } finally {
    file.close();
  }
}

describe('the outbox, in one cms', () => {
  let cms: TestCms;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher({ port: 0 });
    cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  });
  afterAll(async () => {
    await cms?.stop();
    await mail?.close();
  });

  it('sends each message with the Message-ID it keeps, and marks it sent', async () => {
    await outbox(cms).enqueue({
      to: 'kept@outbox.example.com',
      subject: 'Kept id',
      html: '<p>Hello</p>',
      text: 'Hello',
    });
    const letter = await mail.waitFor({ to: 'kept@outbox.example.com', subject: 'Kept id' });
    await mailSettled(cms);
    const row = await cms.strapi.db
      .query(OUTBOX)
      .findOne({ where: { toAddress: 'kept@outbox.example.com' } });
    expect(letter.messageId).toBe(row.messageId);
    expect(row.messageId).toMatch(/^<[0-9a-f-]{36}@fiehomes\.local>$/);
    expect(row).toMatchObject({ attempts: 1, lastError: null, failedAt: null });
    expect(row.sentAt).toBeTruthy();
  });

  it('keeps no e-mail of a change that was rolled back', async () => {
    await expect(
      cms.strapi.db.transaction(async () => {
        await outbox(cms).enqueue({
          to: 'rolled@outbox.example.com',
          subject: 'Never',
          html: '<p>x</p>',
          text: 'x',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await mailSettled(cms);
    expect(
      await cms.strapi.db.query(OUTBOX).count({ where: { toAddress: 'rolled@outbox.example.com' } }),
    ).toBe(0);
    expect(mail.messages.some((m) => m.to.includes('rolled@outbox.example.com'))).toBe(false);
  });

  it('does not send a message after its discard time (a code that has expired)', async () => {
    await outbox(cms).enqueue({
      to: 'stale@outbox.example.com',
      subject: 'Old code',
      html: '<p>1234</p>',
      text: '1234',
      discardAfter: new Date(Date.now() - 1000),
    });
    await mailSettled(cms);
    const row = await cms.strapi.db
      .query(OUTBOX)
      .findOne({ where: { toAddress: 'stale@outbox.example.com' } });
    expect(row).toMatchObject({ sentAt: null, lastError: 'Not sent: it expired before it could be sent.' });
    expect(row.failedAt).toBeTruthy();
    expect(mail.messages.some((m) => m.to.includes('stale@outbox.example.com'))).toBe(false);
  });
});

describe('when the mail server is away', () => {
  let cms: TestCms;
  let mail: MailCatcher | undefined;
  let smtpPort = 0;
  beforeAll(async () => {
    smtpPort = await freePort();
    cms = await startCms({ env: { SMTP_PORT: String(smtpPort) } });
  });
  afterAll(async () => {
    await cms?.stop();
    await mail?.close();
  });

  it('sign-up answers at once and says the code is on its way; the code arrives when the server is back, and works', async () => {
    const api = client(cms.url);
    const first = 'late.one@outbox.example.com';
    const res = await api.post('/api/signup', { email: first, password: 'Passw0rdOk' });
    expect(res.status).toBe(201);
    expect(await cms.strapi.db.query('plugin::accounts.otp-code').count({ where: { email: first } })).toBe(1);

    // The first try fails; the message waits with its error and the time of its next try (5 s on).
    for (let i = 0; i < 100 && !(await outbox(cms).delayed()); i++) await sleep(50);
    const waiting = await cms.strapi.db.query(OUTBOX).findOne({ where: { toAddress: first } });
    expect(waiting).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    const wait = new Date(waiting.nextAttemptAt).getTime() - new Date(waiting.updatedAt).getTime();
    expect(wait).toBeGreaterThanOrEqual(4900);
    expect(wait).toBeLessThanOrEqual(5100);

    // Meanwhile the answers say so: to a sign-up, and to a code request (the same for an address
    // without an account, so it tells nothing about accounts).
    const second = 'late.two@outbox.example.com';
    const later = await api.post('/api/signup', { email: second, password: 'Passw0rdOk' });
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ email: second, emailDelayed: true });
    const nobody = await api.post('/api/otp', { email: 'nobody@outbox.example.com', msg: 'reset' });
    expect(nobody.status).toBe(200);
    expect(nobody.body).toEqual({
      message: 'Your code is on its way. E-mail is slow right now, so it may take a few minutes to arrive.',
      emailDelayed: true,
    });

    // The mail server comes back: both codes arrive at their next try, and the first one works.
    mail = await startMailCatcher({ port: smtpPort });
    const letter = await mail.waitFor({ to: first, subject: /verification code/ }, { timeoutMs: 30_000 });
    await mail.waitFor({ to: second, subject: /verification code/ }, { timeoutMs: 30_000 });
    const code = /\b(\d{4})\b/.exec(letter.text)![1];
    const verified = await api.post('/api/otp/verify', { email: first, userOtp: code, purpose: 'register' });
    expect(verified.status).toBe(200);
    expect(verified.body.token).toBeTruthy();

    // Nothing waits any more, and the answers are the usual ones again.
    await mailSettled(cms);
    expect(await outbox(cms).delayed()).toBe(false);
    const after = await api.post('/api/otp', { email: 'nobody.else@outbox.example.com', msg: 'reset' });
    expect(after.body).toEqual({ message: 'OTP sent successfully! Please check your email.' });
  });
});

describe('a cms killed during a burst of bookings', () => {
  let setup: TestCms;
  let mail: MailCatcher;
  let child: Running | null = null;
  const startChild = () => spawnCms(setup.database, { SMTP_PORT: String(mail.port) });

  beforeAll(async () => {
    // A slow mail server (40 ms a message), so e-mail is still waiting when the process dies.
    mail = await startMailCatcher({ port: 0, maxMessages: 5000, onMessage: () => sleep(40) });
    setup = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  });
  afterAll(async () => {
    await child?.stop('SIGKILL');
    await setup?.database.drop();
    await mail?.close();
  });

  it('loses no e-mail: after a restart, every saved booking has exactly one confirmation (one Message-ID)', async () => {
    const api = client(setup.url);
    await createAccount(setup.strapi, 'boss@crash.example.com', 'GoodPass123', 'superadmin');
    const boss = (await api.post('/api/login', { email: 'boss@crash.example.com', password: 'GoodPass123' }))
      .body.token;
    const property = (
      await api.post(
        '/api/products',
        {
          location: 'Crash Close 1, Accra',
          nearestLandmark: 'Mall',
          price: 2500,
          currency: 'GHS',
          propertyType: 'House',
          leaseType: 'Rent',
          images: [testImage('c')],
        },
        { token: boss },
      )
    ).body._id as string;
    const seekers: Array<{ email: string; token: string; date: string; time: string }> = [];
    const slots = bookableDates(new Date())
      .slice(2)
      .flatMap((date) => dailySlots().map((time) => ({ date, time })));
    for (let i = 0; i < 50; i++) {
      const email = `seeker${i}@crash.example.com`;
      await createAccount(setup.strapi, email, 'GoodPass123', 'authenticated');
      const token = (await api.post('/api/login', { email, password: 'GoodPass123' })).body.token as string;
      seekers.push({ email, token, ...slots[i]! });
    }
    await setup.stop({ keepDatabase: true });

    // 50 bookings at once; the process is killed (SIGKILL) once the twentieth is answered.
    child = await startChild();
    const proc = child.process;
    const booking = client(child.url);
    let answered = 0;
    const answers = await Promise.all(
      seekers.map(async (s) => {
        try {
          const res = await booking.post(
            `/api/appointments/book/${property}`,
            { date: s.date, time: s.time },
            { token: s.token },
          );
          if (res.status === 201 && ++answered === 20) proc.kill('SIGKILL');
          return res.status;
        } catch {
          return 0; // the connection died with the process
        }
      }),
    );
    // (Had fewer than twenty been answered, it dies now, and the checks below say what happened.)
    await child.stop('SIGKILL');
    const deliveredBeforeRestart = mail.messages.filter((m) => /Viewing booked/.test(m.subject)).length;

    // Started again: it sends what the dead process left.
    child = await startChild();

    const savedEmails = (
      await read(
        setup,
        'select u.email from appointments a join appointments_user_lnk ul on ul.appointment_id = a.id join up_users u on u.id = ul.user_id',
      )
    ).map((r) => String(r.email));
    const pending = async () =>
      Number(
        (
          await read(
            setup,
            'select count(*) as n from outbox_messages where sent_at is null and failed_at is null',
          )
        )[0]!.n,
      );
    for (let i = 0; i < 300 && (await pending()) > 0; i++) await sleep(100);
    expect(await pending()).toBe(0);

    const confirmations = mail.messages.filter(
      (m) => /Viewing booked/.test(m.subject) && m.to.length === 1 && m.to[0]!.endsWith('@crash.example.com'),
    );
    const idsOf = (email: string) =>
      new Set(confirmations.filter((m) => m.to[0] === email).map((m) => m.messageId));
    console.log(
      `outbox crash: ${answers.filter((s) => s === 201).length} bookings answered 201, ${savedEmails.length} saved, ` +
        `${deliveredBeforeRestart} confirmations delivered before the restart, ${confirmations.length} in all`,
    );
    // The kill came mid-burst: some bookings were never made, and some were saved before it.
    expect(savedEmails.length).toBeGreaterThanOrEqual(20);
    expect(savedEmails.length).toBeLessThan(50);
    // …with e-mail still waiting at the kill, which the restarted process sent.
    expect(deliveredBeforeRestart).toBeLessThan(savedEmails.length);
    for (const email of savedEmails) expect(idsOf(email).size, email).toBe(1);
    // Nobody whose booking was not saved got a confirmation.
    const unsaved = seekers.map((s) => s.email).filter((e) => !savedEmails.includes(e));
    for (const email of unsaved) expect(idsOf(email).size, email).toBe(0);
  }, 180_000);
});
