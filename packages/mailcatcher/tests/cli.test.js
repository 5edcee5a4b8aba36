import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { afterEach, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../src/cli.js', import.meta.url));
let child;
let dir;

afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

function waitForOutput(proc, pattern, timeoutMs = 5000) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} in output:\n${seen}`)), timeoutMs);
    const onData = (chunk) => {
      seen += chunk;
      const match = seen.match(pattern);
      if (match) {
        clearTimeout(timer);
        proc.stdout.off('data', onData);
        resolve(match);
      }
    };
    proc.stdout.on('data', onData);
  });
}

it('prints each message readably, saves it, and stops cleanly on SIGTERM', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fie-mailcatcher-cli-'));
  child = spawn(process.execPath, [cli], {
    env: { ...process.env, MAIL_CATCHER_PORT: '0', MAIL_CATCHER_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.setEncoding('utf8');
  const [, port] = await waitForOutput(child, /listening on smtp:\/\/127\.0\.0\.1:(\d+)/);

  const printed = waitForOutput(
    child,
    /📧 To: ama@example\.com \| Subject: Your code\n[\s\S]*?saved: (\S+\.eml)\n/,
  );
  await nodemailer
    .createTransport({ host: '127.0.0.1', port: Number(port), secure: false, ignoreTLS: true })
    .sendMail({
      from: 'no-reply@fie.test',
      to: 'ama@example.com',
      subject: 'Your code',
      text: 'Code:\n4821',
    });
  const [block, file] = await printed;
  expect(block).toContain('    Code:\n    4821\n');
  expect(path.dirname(file)).toBe(dir);
  expect((await readdir(dir)).sort()).toEqual([
    path.basename(file),
    path.basename(file).replace('.eml', '.txt'),
  ]);

  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});

it('refuses a malformed port with one clear line', async () => {
  child = spawn(process.execPath, [cli], { env: { ...process.env, MAIL_CATCHER_PORT: 'smtp' } });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  expect(stderr.trim()).toBe('MAIL_CATCHER_PORT must be a port number (0-65535), got "smtp"');
});

it.each(['--help', '-h'])('prints its usage for %s and exits 0 without listening', async (flag) => {
  // Before, help started a listener that never exited (this test then timed out).
  child = spawn(process.execPath, [cli, flag], { env: { ...process.env, MAIL_CATCHER_PORT: '0' } });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(0);
  expect(stdout).toMatch(/^Usage: fie-mailcatcher/);
  expect(stdout).toContain('MAIL_CATCHER_PORT');
  expect(stdout).not.toMatch(/listening/);
});

it('refuses an argument it does not know with one clear line', async () => {
  child = spawn(process.execPath, [cli, '--port=2525'], { env: { ...process.env, MAIL_CATCHER_PORT: '0' } });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  expect(stderr.trim()).toBe(
    'fie-mailcatcher: unknown argument "--port=2525" (settings come from the environment; see --help)',
  );
});
