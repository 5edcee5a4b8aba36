// Every kind of e-mail the cms sends, made through the real flows (the API, and the alerts and
// reminders services the cron tasks call, with the clock moved) in each language a seeker's e-mail is
// written in, caught over real SMTP and checked by independent validators: the W3C Nu validator
// (vnu-jar, one JVM for every HTML part) and mailauth's DKIM verifier against the public key. Also:
// every From has a display name, though EMAIL_FROM here is a bare address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bookableDates, slotStart } from '@fie/domain';
import ICAL from 'ical.js';
import { startMailCatcher, type CaughtMessage } from '@fie/mailcatcher';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, createAccount, signInAccounts, type SignedIn } from '../helpers/http';
import { DEAL, propertyAt } from '../helpers/fixtures';

const require = createRequire(import.meta.url);
const { dkimVerify } = require('mailauth/lib/dkim/verify') as {
  dkimVerify(
    message: string,
    options: { resolver: (name: string, type: string) => Promise<string[][]> },
  ): Promise<{ results: Array<{ status: { result: string; comment?: string }; signingDomain?: string }> }>;
};
const VNU_JAR = String(require('vnu-jar'));

const HOUR = 3_600_000;
const DKIM_DOMAIN = 'fiehomes.test';
const DKIM_SELECTOR = 'fie2026';
const BRAND = 'Fie Homes Ghana';
const LANGUAGES = ['en', 'fr', 'es'] as const;
type Language = (typeof LANGUAGES)[number];

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let staff: SignedIn;
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The DNS answer a receiving server would get for the selector's TXT record; nothing else resolves. */
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === `${DKIM_SELECTOR}._domainkey.${DKIM_DOMAIN}`)
    return [[`v=DKIM1; k=rsa; p=${publicKey}`]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};

const seekers: Record<Language, { email: string; token: string }> = {} as never;
const clock = () => cms.strapi.plugin('platform').service('clock') as { offsetMs: number };
const service = (plugin: string, name: string) => cms.strapi.plugin(plugin).service(name);

/** A header of a caught message, folded lines unfolded. */
function header(m: CaughtMessage, name: string): string | null {
  const head = m.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

async function listed(location: string, overrides: Record<string, unknown> = {}) {
  const res = await api.post('/api/products', propertyAt(location, overrides), {
    token: staff.token.superadmin,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; updatedAt: string };
}

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0, maxMessages: 2000 });
  cms = await startCms({
    env: {
      SMTP_PORT: String(mail.port),
      // A bare address: the From still carries a display name (the brand's).
      EMAIL_FROM: `no-reply@${DKIM_DOMAIN}`,
      SITE_URL: 'https://fiehomes.test',
      DKIM_DOMAIN,
      DKIM_SELECTOR,
      // As an environment file holds it: one line, its line breaks written \n.
      DKIM_PRIVATE_KEY: privatePem.trim().replace(/\n/g, '\\n'),
      ALERTS_INSTANT_DELAY_MS: '0',
    },
  });
  api = client(cms.url);
  // The brand of the site settings names the sender (EMAIL_FROM being a bare address).
  const settings = cms.strapi.documents('api::site-setting.site-setting');
  const current = await settings.findFirst({ status: 'published' });
  await settings.update({ documentId: current.documentId, data: { brandName: BRAND } });
  await settings.publish({ documentId: current.documentId });
  staff = await signInAccounts(cms.strapi, api, 'staff.every-email.test', {
    admin: 'admin',
    superadmin: 'superadmin',
  });
  for (const language of LANGUAGES) {
    const email = `seeker.${language}@every-email.test`;
    await createAccount(cms.strapi, email, 'GoodPass123', 'authenticated');
    const login = await api.post('/api/login', { email, password: 'GoodPass123' });
    expect(login.status).toBe(200);
    seekers[language] = { email, token: login.body.token };
    expect((await api.put('/api/profile', { language }, { token: login.body.token })).status).toBe(200);
  }

  // Accounts: a sign-up code (a new address, in the page's language), "already registered" (the same
  // sign-up for an existing account), a reset code; the lock and password e-mails as the accounts
  // plugin writes them when its rules trip.
  const accountMail = service('accounts', 'account-mail');
  const inAMinute = new Date(Date.now() + 60_000);
  for (const language of LANGUAGES) {
    const signup = await api.post('/api/signup', {
      email: `new.${language}@every-email.test`,
      password: 'GoodPass123',
      language,
    });
    expect(signup.status, JSON.stringify(signup.body)).toBeLessThan(300);
    const again = await api.post('/api/signup', {
      email: seekers[language].email,
      password: 'GoodPass123',
      language,
    });
    expect(again.status, JSON.stringify(again.body)).toBeLessThan(300);
    const reset = await api.post('/api/otp', { email: seekers[language].email, purpose: 'reset' });
    expect(reset.status, JSON.stringify(reset.body)).toBeLessThan(300);
    await accountMail.signInLocked(seekers[language].email, inAMinute);
    await accountMail.codesLocked(seekers[language].email, 'register', inAMinute);
    await accountMail.codesLocked(seekers[language].email, 'reset', inAMinute);
    await accountMail.passwordChanged(seekers[language].email, new Date());
  }

  // Viewings: booked (with its invite, and the staff notice), rescheduled and cancelled (with their
  // invites), and the reminders a day and two hours before.
  const date = bookableDates(new Date()).slice(2)[0]!;
  const later = bookableDates(new Date()).slice(3)[0]!;
  const remindedAt = await listed('Cantonments, Accra', { propertyType: 'Apartment' });
  const changedAt = await listed('East Legon, Accra', { propertyType: 'House' });
  const times: Record<Language, string> = { en: '10:00', fr: '11:00', es: '12:00' };
  for (const language of LANGUAGES) {
    const token = seekers[language].token;
    const time = times[language];
    const kept = await api.post(
      `/api/appointments/book/${remindedAt._id}`,
      { date, time, comments: '' },
      { token },
    );
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const moved = await api.post(
      `/api/appointments/book/${changedAt._id}`,
      { date, time, comments: '' },
      { token },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    const rescheduled = await api.put(
      `/api/appointments/appointment/${moved.body._id}`,
      { status: 'Rescheduled', date: later, time },
      { token: staff.token.admin },
    );
    expect(rescheduled.status, JSON.stringify(rescheduled.body)).toBe(200);
    const cancelled = await api.post(`/api/appointments/${moved.body._id}/cancel`, undefined, { token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  }

  // Conversations: a staff reply on each seeker's kept viewing, and a seeker's message on their
  // cancelled one, both left unread past the two minutes: the seeker's notice in their language, and
  // staff's. (Writing in a thread reads it: each side's unread message is in a thread of its own.)
  for (const language of LANGUAGES) {
    const own = await api.get('/api/appointments', { token: seekers[language].token });
    const idOf = (status: string) =>
      own.body.find((a: { status: string }) => a.status === status)._id as string;
    const reply = await api.post(
      `/api/appointments/${idOf('Ongoing')}/messages`,
      { text: 'Bring an ID card.' },
      { token: staff.token.admin },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const ask = await api.post(
      `/api/appointments/${idOf('Cancelled')}/messages`,
      { text: 'Can we choose another day?' },
      { token: seekers[language].token },
    );
    expect(ask.status, JSON.stringify(ask.body)).toBe(201);
  }
  clock().offsetMs = 3 * 60_000;
  await service('conversations', 'notices').run();
  clock().offsetMs = 0;
  // Every kind of e-mail in three languages so far, DKIM-signed one by one: on a CI machine running
  // other suites beside this one, more than the default 10 s (it timed out there once).
  await mailSettled(cms, 30_000);
  const reminders = service('viewings', 'reminders');
  const starts = LANGUAGES.map((language) => slotStart(date, times[language]).getTime());
  for (const at of [
    ...starts.map((start) => start - 24 * HOUR - 50 * 60_000),
    ...starts.map((start) => start - 2 * HOUR),
  ]) {
    clock().offsetMs = at - Date.now();
    await reminders.run();
    await mailSettled(cms);
  }
  clock().offsetMs = 0;

  // Saved-search alerts and price drops on favourites, in each seeker's language.
  for (const language of LANGUAGES) {
    const token = seekers[language].token;
    const saved = await api.post(
      '/api/saved-searches',
      { query: { city: 'accra', leaseType: 'Rent' }, frequency: 'instant' },
      { token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect((await api.put(`/api/favourites/${remindedAt._id}`, undefined, { token })).status).toBe(201);
  }
  await listed('Airport Residential, Accra', { propertyType: 'Villa', city: 'accra' });
  const cheaper = await api.put(
    `/api/products/${remindedAt._id}`,
    { price: 2000 },
    { token: staff.token.superadmin },
  );
  expect(cheaper.status).toBe(200);
  await cms.strapi.service('api::saved-search.alerts').run();
  await mailSettled(cms, 20_000);

  // Staff: a listing to approve, kept unapproved with a note (to the admin who posted it), a deletion
  // asked for and refused, a deal to approve, a report of being asked to pay, maintenance on and off.
  const pending = await api.post('/api/products', propertyAt('Osu, Accra'), { token: staff.token.admin });
  expect(pending.status).toBe(201);
  expect(
    (
      await api.put(
        `/api/products/approve/${pending.body._id}`,
        { action: 'unapprove', note: 'Add a photo of the kitchen.' },
        { token: staff.token.superadmin },
      )
    ).status,
  ).toBe(200);
  const own = await api.post('/api/products', propertyAt('Labone, Accra'), { token: staff.token.admin });
  const approved = await api.put(
    `/api/products/approve/${own.body._id}`,
    { action: 'approve' },
    { token: staff.token.superadmin },
  );
  expect(approved.status).toBe(200);
  expect(
    (await api.call('DELETE', `/api/products/${own.body._id}`, { token: staff.token.admin })).status,
  ).toBe(202);
  expect(
    (
      await api.put(
        `/api/products/approve/${own.body._id}`,
        { action: 'unapprove' },
        { token: staff.token.superadmin },
      )
    ).status,
  ).toBe(200);
  expect((await api.post('/api/deals', DEAL, { token: staff.token.admin })).status).toBe(201);
  const report = await api.post(
    `/api/products/${changedAt._id}/reports`,
    { reason: 'asked-to-pay', details: 'A man at the gate wanted GH₵ 50.' },
    { headers: { 'x-forwarded-for': '203.0.113.9' } },
  );
  expect(report.status, JSON.stringify(report.body)).toBe(201);
  for (const maintenanceMode of [true, false])
    expect(
      (await api.put('/api/system-settings', { maintenanceMode }, { token: staff.token.superadmin })).status,
    ).toBe(200);
  await mailSettled(cms, 20_000);
}, 300_000);

afterAll(async () => {
  if (cms) clock().offsetMs = 0;
  await cms?.stop();
  await mail?.close();
});

const to = (address: string) => mail.messages.filter((m) => m.to.includes(address));

describe('every e-mail the cms sends', () => {
  it('covers every kind, in each language a seeker reads', () => {
    for (const language of LANGUAGES) {
      const seeker = seekers[language].email;
      // Two codes, already registered, two locks, codes locked twice, password changed, booked twice,
      // rescheduled, cancelled, two reminders, an alert, a price drop and a conversation's new message.
      expect(
        to(seeker).map((m) => m.subject),
        language,
      ).toHaveLength(15);
      expect(to(`new.${language}@every-email.test`)).toHaveLength(1);
      expect(
        to(seeker).filter((m) => m.attachments.some((a) => a.contentType.startsWith('text/calendar'))).length,
      ).toBe(4);
      expect(to(seeker).filter((m) => header(m, 'List-Unsubscribe'))).toHaveLength(1);
    }
    const subjects = mail.messages.map((m) => m.subject).join('\n');
    for (const staffSubject of [
      /^New viewing: /m,
      /^New listing to approve: /m,
      /^Changes requested: listing /m,
      /^Deletion to approve: listing/m,
      /^Deletion rejected: listing /m,
      /^New deal to approve: /m,
      /^Report: asked to pay to view — /m,
      /^Maintenance mode is on$/m,
      /^Maintenance mode is off$/m,
      /^New message from a seeker: viewing /m,
    ])
      expect(subjects).toMatch(staffSubject);
  });

  it('has HTML the W3C Nu validator finds no error in', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fie-every-email-'));
    try {
      const files = mail.messages
        .filter((m) => m.html)
        .map((m) => {
          const file = path.join(dir, `${String(m.id).padStart(3, '0')}.html`);
          writeFileSync(file, m.html);
          return file;
        });
      expect(files.length).toBeGreaterThan(50);
      // One JVM for every file; JSON on stderr, one entry per message (errors only).
      const run = spawnSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(run.error, 'java runs (the Nu validator needs Java 11 or newer)').toBeUndefined();
      const report = JSON.parse(run.stderr || '{"messages":[]}') as {
        messages: Array<{ type: string; url: string; message: string; extract?: string }>;
      };
      const errors = report.messages
        .filter((m) => m.type === 'error' || m.type === 'non-document-error')
        .map((m) => {
          const id = Number(/(\d+)\.html$/.exec(m.url)?.[1]);
          const caught = mail.messages.find((c) => c.id === id);
          return `${caught?.subject ?? m.url}: ${m.message}`;
        });
      expect([...new Set(errors)]).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('is DKIM-signed for the configured domain, and every signature verifies against the public key', async () => {
    for (const m of mail.messages) {
      const { results } = await dkimVerify(m.raw, { resolver });
      expect(results, m.subject).toHaveLength(1);
      expect(results[0]!.status.result, `${m.subject}: ${results[0]!.status.comment ?? ''}`).toBe('pass');
      expect(results[0]!.signingDomain).toBe(DKIM_DOMAIN);
    }
  });

  it("signs an alert's List-Unsubscribe and List-Unsubscribe-Post, and an altered header fails", async () => {
    const alert = to(seekers.fr.email).find((m) => header(m, 'List-Unsubscribe'))!;
    const signature = header(alert, 'DKIM-Signature')!;
    const signed = /(?:^|;)\s*h=([^;]+)/.exec(signature)![1]!.replace(/\s+/g, '').toLowerCase().split(':');
    expect(signed).toEqual(
      expect.arrayContaining(['from', 'to', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']),
    );
    expect(header(alert, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The same message with one signed header changed, as a forwarder rewriting it would: refused.
    for (const [name, change] of [
      ['List-Unsubscribe', (v: string) => v.replace('token=', 'token=x')],
      ['List-Unsubscribe-Post', () => 'List-Unsubscribe=Two-Clicks'],
      ['Subject', (v: string) => `${v}!`],
    ] as const) {
      const value = header(alert, name)!;
      const [head, ...body] = alert.raw.split(/\r\n\r\n/);
      const unfolded = head!.replace(/\r\n[ \t]+/g, ' ');
      const altered = [
        unfolded
          .split('\r\n')
          .map((line) =>
            line.toLowerCase().startsWith(`${name.toLowerCase()}:`) ? `${name}: ${change(value)}` : line,
          )
          .join('\r\n'),
        ...body,
      ].join('\r\n\r\n');
      expect(altered).not.toBe(alert.raw);
      const { results } = await dkimVerify(altered, { resolver });
      expect(results[0]!.status.result, name).toBe('fail');
    }
    // Unchanged but unfolded the same way: still passes (relaxed canonicalisation), so the failures
    // above are the changed values'.
    const [head, ...body] = alert.raw.split(/\r\n\r\n/);
    const unfoldedOnly = [head!.replace(/\r\n[ \t]+/g, ' '), ...body].join('\r\n\r\n');
    expect((await dkimVerify(unfoldedOnly, { resolver })).results[0]!.status.result).toBe('pass');
  });

  it("names the property in the seeker's language: e-mails, and the invite's SUMMARY and LOCATION (ical.js)", () => {
    const words = {
      fr: {
        apartment: 'Appartement à Cantonments, Accra',
        house: 'Maison à East Legon, Accra',
        title: 'Visite du bien : ',
      },
      es: {
        apartment: 'Apartamento en Cantonments, Accra',
        house: 'Casa en East Legon, Accra',
        title: 'Visita a la propiedad: ',
      },
    } as const;
    for (const language of ['fr', 'es'] as const) {
      const w = words[language];
      const mails = to(seekers[language].email);
      // No English type word with its place, anywhere in what the seeker receives.
      for (const m of mails)
        for (const part of [m.subject, m.text, m.html, ...m.attachments.map((a) => a.content)])
          expect(part, `${language}: ${m.subject}`).not.toMatch(/\b(Apartment|House) in /);
      const booked = mails.find((m) => m.subject.includes(w.apartment) && m.attachments.length > 0);
      expect(booked, `${language}: ${mails.map((m) => m.subject).join(' | ')}`).toBeDefined();
      expect(booked!.text).toContain(w.apartment);
      const file = booked!.attachments.find((a) => a.contentType.startsWith('text/calendar'))!;
      const vevent = new ICAL.Component(ICAL.parse(file.content)).getFirstSubcomponent('vevent')!;
      expect(vevent.getFirstPropertyValue('summary')).toBe(`${w.title}${w.apartment}`);
      expect(String(vevent.getFirstPropertyValue('location'))).toContain(w.apartment);
      const moved = mails.filter((m) => m.subject.includes(w.house));
      expect(moved.length, language).toBeGreaterThanOrEqual(3);
      const reminder = mails.filter((m) => !m.attachments.length && m.text.includes(w.apartment));
      expect(reminder.length, `${language}: the reminders name it too`).toBeGreaterThanOrEqual(2);
    }
  });

  it('names the sender: a display name on every From, the brand of the site settings', () => {
    for (const m of mail.messages)
      expect(header(m, 'From'), m.subject).toMatch(new RegExp(`^"?${BRAND}"? <no-reply@fiehomes\\.test>$`));
  });
});
