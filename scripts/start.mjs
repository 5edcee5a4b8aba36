#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the mail and SMS catchers, the cms (127.0.0.1:1337, SQLite,
// demo data) and the site (127.0.0.1:4321). Ctrl-C stops them all.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, STRAPI_BIN, run, waitForHttp } from './lib.mjs';
import { build } from './build.mjs';

const CMS_PORT = process.env.CMS_PORT ?? '1337';
const SITE_PORT = process.env.SITE_PORT ?? '4321';
const MAIL_PORT = process.env.MAIL_CATCHER_PORT ?? '1025';
const SMS_PORT = process.env.SMS_CATCHER_PORT ?? '2775';
const CMS_URL = `http://127.0.0.1:${CMS_PORT}`;
const SITE_URL = process.env.SITE_URL ?? `http://127.0.0.1:${SITE_PORT}`;
// Shared by the cms webhook and the site so a published change purges the site's page cache.
const CACHE_PURGE_TOKEN = process.env.CACHE_PURGE_TOKEN ?? randomBytes(24).toString('hex');
// Shared by the cms (it signs the admin panel's preview links) and the site (its /preview route checks them).
const PREVIEW_SECRET = process.env.PREVIEW_SECRET ?? randomBytes(32).toString('base64');

const children = new Set();
let stopping = false;

function launch(name, cmd, args, options) {
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = `[${name}]`.padEnd(7);
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix} ${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${prefix} stopped (${signal ?? `exit ${code}`}); stopping everything`);
      shutdown(code || 1);
    }
  });
  children.add(child);
  return child;
}

function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(code);
  }, 8000);
  force.unref();
  const check = setInterval(() => {
    if (children.size === 0) {
      clearInterval(check);
      process.exit(code);
    }
  }, 100);
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function main() {
  // Generates local secrets on the first run and stops on a malformed setting.
  await run(process.execPath, ['cms/scripts/check-env.mjs']);
  await run(process.execPath, ['site/scripts/check-env.mjs']);
  await build();

  const mailDir = join(ROOT, '.data', 'mail');
  mkdirSync(mailDir, { recursive: true });
  launch('mail', process.execPath, ['packages/mailcatcher/src/cli.js'], {
    env: { ...process.env, MAIL_CATCHER_PORT: MAIL_PORT, MAIL_CATCHER_DIR: mailDir },
  });

  // Texts go to a local SMSC, which prints each one as [sms] and keeps it in .data/sms.
  const smsDir = join(ROOT, '.data', 'sms');
  mkdirSync(smsDir, { recursive: true });
  launch('sms', process.execPath, ['packages/smscatcher/src/cli.js'], {
    env: { ...process.env, SMS_CATCHER_PORT: SMS_PORT, SMS_CATCHER_DIR: smsDir },
  });

  launch('cms', process.execPath, [STRAPI_BIN(), 'start'], {
    cwd: join(ROOT, 'cms'),
    env: {
      NODE_ENV: 'production',
      STRAPI_TELEMETRY_DISABLED: 'true',
      DATABASE_CLIENT: 'sqlite',
      DEMO_DATA: 'true',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: MAIL_PORT,
      SMS_ENABLED: 'true',
      SMPP_URL: `smpp://fie:fie@127.0.0.1:${SMS_PORT}`,
      ...process.env,
      HOST: '127.0.0.1',
      PORT: CMS_PORT,
      SITE_URL,
      CACHE_PURGE_TOKEN,
      PREVIEW_SECRET,
    },
  });
  await waitForHttp(`${CMS_URL}/_health`, {
    timeoutMs: 300_000,
    isUp: (res) => res.status === 204 || res.ok,
  });

  launch('site', process.execPath, ['site/server/main.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: SITE_PORT,
      CMS_URL,
      CACHE_PURGE_TOKEN,
      SITE_URL,
      PREVIEW_SECRET,
    },
  });
  await waitForHttp(`http://127.0.0.1:${SITE_PORT}/`, { timeoutMs: 60_000 });

  console.log(
    [
      '',
      '  Fie Homes is running:',
      `    site         http://127.0.0.1:${SITE_PORT}`,
      `    cms admin    ${CMS_URL}/admin`,
      `    e-mail       printed here as [mail] and kept in .data/mail`,
      `    texts        printed here as [sms] and kept in .data/sms`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(`start failed: ${error.message}`);
  shutdown(1);
});
