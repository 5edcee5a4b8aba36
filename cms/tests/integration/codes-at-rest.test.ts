// One-time codes are never kept readable: otp_codes holds HMACs, and the e-mail that carries a code
// waits in the outbox encrypted, then is blanked once sent. Someone who reads the database or a
// backup while a reset e-mail waits (the mail server away) finds no code to use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailCatcher, type MailCatcher } from '@fie/mailcatcher';
import { CMS_DIR, mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { freePort } from '../helpers/processes';
import { client, codeIn, createAccount } from '../helpers/http';
import { outboxSealer } from '../../src/plugins/platform/server/src/services/outbox-seal';

const OUTBOX = 'plugin::platform.outbox-message';
let cms: TestCms;
let mail: MailCatcher | undefined;
let smtpPort = 0;
const work = mkdtempSync(path.join(tmpdir(), 'fie-codes-at-rest-'));

beforeAll(async () => {
  // The mail server is away at first: the reset e-mail waits in the outbox.
  smtpPort = await freePort();
  cms = await startCms({ env: { SMTP_PORT: String(smtpPort), OUTBOX_POLL_MS: '200' } });
  await createAccount(cms.strapi, 'owner@codes.example.com', 'GoodPass123', 'superadmin');
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The whole outbox table as text, as a reader of the database sees it. */
async function outboxTable(): Promise<string> {
  return JSON.stringify(await cms.strapi.db.connection('outbox_messages').select('*'));
}

/**
 * What the outbox's rows say (not their ids and times): a 4-digit code is looked for here, since it
 * can turn up by chance among a timestamp's digits (SQLite keeps times as milliseconds).
 */
async function outboxWords(): Promise<string> {
  return JSON.stringify(
    await cms.strapi.db
      .connection('outbox_messages')
      .select('to_address', 'subject', 'html', 'text', 'attachments', 'headers', 'last_error'),
  );
}

/** A backup made by db:backup, as text (PostgreSQL's custom format turned back into SQL). */
function backupText(): string {
  const out = path.join(work, `backup-${Date.now()}`);
  const env: Record<string, string | undefined> = { ...process.env, PUBLIC_DIR: path.join(work, 'public') };
  const db = cms.database;
  if (db.client === 'postgres') Object.assign(env, { DATABASE_CLIENT: 'postgres', DATABASE_URL: db.url });
  else
    Object.assign(env, {
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: db.filename,
      DATABASE_URL: undefined,
    });
  const made = spawnSync(
    process.execPath,
    [path.join(CMS_DIR, 'scripts', 'db-backup.mjs'), 'backup', '--out', out],
    { env: env as NodeJS.ProcessEnv, encoding: 'utf8' },
  );
  expect(made.status, made.stderr).toBe(0);
  const file = path.join(out, readdirSync(out).find((f) => f.startsWith('database.'))!);
  if (db.client === 'postgres')
    return spawnSync('pg_restore', ['--data-only', '-f', '-', file], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    }).stdout;
  return readFileSync(file).toString('latin1');
}

describe('a password reset code while the mail server is away', () => {
  let tableWhileWaiting = '';
  let backupWhileWaiting = '';

  it('waits in the outbox with its subject and bodies encrypted', async () => {
    const api = client(cms.url);
    expect((await api.post('/api/otp', { email: 'owner@codes.example.com', msg: 'reset' })).status).toBe(200);
    const row = await cms.strapi.db
      .query(OUTBOX)
      .findOne({ where: { toAddress: 'owner@codes.example.com' } });
    expect(row).toMatchObject({ sentAt: null });
    for (const column of ['subject', 'html', 'text'] as const) expect(row[column]).toMatch(/^fie-sealed:v1:/);
    tableWhileWaiting = await outboxTable();
    backupWhileWaiting = backupText();
    expect(backupWhileWaiting).toContain('fie-sealed:v1:');
    expect(backupWhileWaiting).not.toMatch(/password reset code/i);
  });

  it('arrives readable once the mail server is back; the table and the backup taken meanwhile hold no trace of it', async () => {
    mail = await startMailCatcher({ port: smtpPort });
    const letter = await mail.waitFor(
      { to: 'owner@codes.example.com', subject: /password reset code/ },
      { timeoutMs: 30_000 },
    );
    const code = codeIn(letter.text);
    expect(letter.subject).toContain(code);
    for (const copy of [tableWhileWaiting, backupWhileWaiting]) {
      expect(copy).not.toContain(`code: ${code}`);
      expect(copy).not.toContain(`>${code}<`);
      expect(copy).not.toMatch(/Someone asked to reset the password/);
    }
    // Sent: the message's columns are blanked; what stays is who, when and its Message-ID.
    await mailSettled(cms);
    const row = await cms.strapi.db
      .query(OUTBOX)
      .findOne({ where: { toAddress: 'owner@codes.example.com' } });
    expect(row.sentAt).toBeTruthy();
    expect([row.subject, row.html, row.text]).toEqual(['', '', '']);
    expect(await outboxWords()).not.toContain(code);
    // And the code works.
    const verified = await client(cms.url).post('/api/otp/verify', {
      email: 'owner@codes.example.com',
      userOtp: code,
    });
    expect(verified.status).toBe(200);
  });

  it('an e-mail without a code is kept as written (the week of sent mail is there to answer questions)', async () => {
    await cms.strapi.plugin('platform').service('outbox').enqueue({
      to: 'plain@codes.example.com',
      subject: 'Viewing booked',
      html: '<p>Tuesday</p>',
      text: 'Tuesday',
    });
    await mail!.waitFor({ to: 'plain@codes.example.com', subject: 'Viewing booked' });
    await mailSettled(cms);
    expect(
      await cms.strapi.db.query(OUTBOX).findOne({ where: { toAddress: 'plain@codes.example.com' } }),
    ).toMatchObject({ subject: 'Viewing booked', text: 'Tuesday' });
  });

  it('a code e-mail past its code’s expiry is blanked without being sent', async () => {
    await cms.strapi
      .plugin('platform')
      .service('outbox')
      .enqueue({
        to: 'late@codes.example.com',
        subject: 'Your code: 4821',
        html: '<p>4821</p>',
        text: '4821',
        secret: true,
        discardAfter: new Date(Date.now() - 1000),
      });
    await mailSettled(cms);
    const row = await cms.strapi.db.query(OUTBOX).findOne({ where: { toAddress: 'late@codes.example.com' } });
    expect(row).toMatchObject({ sentAt: null, subject: '', html: '', text: '' });
    expect(row.failedAt).toBeTruthy();
    expect(mail!.messages.some((m) => m.to.includes('late@codes.example.com'))).toBe(false);
  });
});

describe('the seal', () => {
  it('opens with any of the app keys (a rotation keeps waiting e-mail), and with no other', () => {
    const sealed = outboxSealer(['old-key-0123456789012345678901234']).seal('Your code: 1234');
    expect(sealed).not.toContain('1234');
    expect(
      outboxSealer(['new-key-0123456789012345678901234', 'old-key-0123456789012345678901234']).open(sealed),
    ).toBe('Your code: 1234');
    expect(() => outboxSealer(['other-key-012345678901234567890123']).open(sealed)).toThrow(/no longer set/);
    const tampered = `${sealed.slice(0, -2)}AA`;
    expect(() => outboxSealer(['old-key-0123456789012345678901234']).open(tampered)).toThrow();
  });
});
