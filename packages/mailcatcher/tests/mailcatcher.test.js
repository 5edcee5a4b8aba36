import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../src/index.js';

function transportFor(catcher, auth) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: catcher.port,
    secure: false,
    ignoreTLS: true,
    ...(auth ? { auth } : {}),
  });
}

function canListenOn(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('mail catcher', () => {
  let dir;
  let catcher;
  let logLines;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fie-mailcatcher-'));
    logLines = [];
    catcher = await startMailCatcher({ port: 0, dir, log: (line) => logLines.push(line) });
  });

  afterEach(async () => {
    await catcher.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens on a free port when asked for port 0', () => {
    expect(catcher.host).toBe('127.0.0.1');
    expect(catcher.port).toBeGreaterThan(0);
    expect(catcher.port).not.toBe(1025);
  });

  it('parses the subject, recipients, text and html of messages sent over SMTP', async () => {
    const transport = transportFor(catcher);
    await transport.sendMail({
      from: '"Fie Homes" <no-reply@fie.test>',
      to: 'Ama@Example.com',
      subject: 'Your Fie Homes code',
      text: 'Your code is 4821. It expires in 10 minutes.',
      html: '<p>Your code is <b>4821</b>.</p>',
      messageId: '<code-4821@fie.test>',
    });
    await transportFor(catcher, { user: 'any', pass: 'thing' }).sendMail({
      from: 'staff@fie.test',
      to: 'kofi@example.com',
      bcc: 'audit@example.com',
      subject: 'Viewing booked',
      text: 'See you on Monday at 10:00.',
    });

    expect(catcher.messages).toHaveLength(2);
    const [first, second] = catcher.messages;
    expect(first).toMatchObject({
      id: 1,
      from: 'no-reply@fie.test',
      to: ['ama@example.com'],
      subject: 'Your Fie Homes code',
    });
    expect(first.text.trim()).toBe('Your code is 4821. It expires in 10 minutes.');
    expect(first.html).toContain('<b>4821</b>');
    expect(first.raw).toContain('Subject: Your Fie Homes code');
    expect(first.date).toBeInstanceOf(Date);
    expect(first.messageId).toBe('<code-4821@fie.test>');
    expect(second.to).toEqual(['kofi@example.com', 'audit@example.com']);
    expect(second.html).toBe('');
    expect(logLines).toEqual([
      '[mail] #1 no-reply@fie.test → ama@example.com "Your Fie Homes code"',
      '[mail] #2 staff@fie.test → kofi@example.com, audit@example.com "Viewing booked"',
    ]);
  });

  it('writes each message as an .eml file and a readable .txt file', async () => {
    await transportFor(catcher).sendMail({
      from: 'no-reply@fie.test',
      to: 'esi@example.com',
      subject: 'Reset your password',
      text: 'Your reset code is 7302.',
    });

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-1\.eml$/);
    expect(files[1]).toBe(files[0].replace(/\.eml$/, '.txt'));
    expect(catcher.messages[0].file).toBe(path.join(dir, files[0]));

    const eml = await readFile(path.join(dir, files[0]), 'utf8');
    expect(eml).toBe(catcher.messages[0].raw);
    const txt = await readFile(path.join(dir, files[1]), 'utf8');
    expect(txt).toContain('To: esi@example.com');
    expect(txt).toContain('Subject: Reset your password');
    expect(txt).toContain('Your reset code is 7302.');
  });

  it('waitFor resolves with a message that arrives after the call', async () => {
    const waiting = catcher.waitFor({ to: 'YAW@example.com', subject: /code/i }, { timeoutMs: 5000 });
    const transport = transportFor(catcher);
    await transport.sendMail({ from: 'a@fie.test', to: 'yaw@example.com', subject: 'Welcome', text: 'hi' });
    await transport.sendMail({
      from: 'a@fie.test',
      to: 'other@example.com',
      subject: 'Your code',
      text: '1111',
    });
    await transport.sendMail({
      from: 'a@fie.test',
      to: 'yaw@example.com',
      subject: 'Your code',
      text: '5566',
    });

    const message = await waiting;
    expect(message.text).toContain('5566');
    expect(message.text.match(/\b\d{4}\b/)?.[0]).toBe('5566');
  });

  it('waitFor resolves at once with the newest matching message already caught', async () => {
    const transport = transportFor(catcher);
    await transport.sendMail({
      from: 'a@fie.test',
      to: 'abena@example.com',
      subject: 'Your code',
      text: '1000',
    });
    await transport.sendMail({
      from: 'a@fie.test',
      to: 'abena@example.com',
      subject: 'Your code',
      text: '2000',
    });

    const message = await catcher.waitFor((m) => m.to.includes('abena@example.com'), { timeoutMs: 50 });
    expect(message.text).toContain('2000');
  });

  it('waitFor rejects with a clear error when nothing matches in time', async () => {
    await transportFor(catcher).sendMail({
      from: 'a@fie.test',
      to: 'x@example.com',
      subject: 'Other',
      text: '-',
    });
    const started = Date.now();
    await expect(
      catcher.waitFor({ to: 'nobody@example.com', subject: 'code' }, { timeoutMs: 200 }),
    ).rejects.toThrow(
      /No e-mail matching to nobody@example.com and subject code arrived within 200 ms \(1 caught: x@example.com "Other"\)/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('clear forgets caught messages so waitFor only sees new ones', async () => {
    await transportFor(catcher).sendMail({
      from: 'a@fie.test',
      to: 'ama@example.com',
      subject: 'Old',
      text: '-',
    });
    catcher.clear();
    expect(catcher.messages).toHaveLength(0);
    await expect(catcher.waitFor({ to: 'ama@example.com' }, { timeoutMs: 100 })).rejects.toThrow(
      /within 100 ms/,
    );
  });

  it('keeps at most maxMessages in memory, dropping the oldest', async () => {
    const small = await startMailCatcher({ port: 0, maxMessages: 2 });
    try {
      const transport = transportFor(small);
      for (const n of [1, 2, 3]) {
        await transport.sendMail({ from: 'a@fie.test', to: 'k@example.com', subject: `m${n}`, text: '-' });
      }
      expect(small.messages.map((m) => m.subject)).toEqual(['m2', 'm3']);
    } finally {
      await small.close();
    }
  });

  it('close frees the port and rejects pending waits', async () => {
    const { port } = catcher;
    expect(await canListenOn(port)).toBe(false);
    const pending = catcher.waitFor({ to: 'late@example.com' }, { timeoutMs: 5000 });
    await catcher.close();
    await expect(pending).rejects.toThrow(/closed/);
    expect(await canListenOn(port)).toBe(true);
  });

  it('reports a clear error when the port is taken', async () => {
    await expect(startMailCatcher({ port: catcher.port })).rejects.toThrow(
      `Mail catcher cannot listen on 127.0.0.1:${catcher.port}: the port is already in use`,
    );
  });
});

describe('attachments', () => {
  it('decodes attached files', async () => {
    const catcher = await startMailCatcher({ port: 0 });
    try {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: catcher.port,
        secure: false,
        ignoreTLS: true,
      });
      await transport.sendMail({
        from: 'a@example.com',
        to: 'b@example.com',
        subject: 'with invite',
        text: 'see attached',
        attachments: [
          {
            filename: 'viewing.ics',
            content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
            contentType: 'text/calendar',
          },
        ],
      });
      const message = await catcher.waitFor({ to: 'b@example.com', subject: 'with invite' });
      expect(message.attachments).toEqual([
        {
          filename: 'viewing.ics',
          contentType: 'text/calendar',
          content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
        },
      ]);
    } finally {
      await catcher.close();
    }
  });
});
