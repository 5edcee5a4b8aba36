#!/usr/bin/env node
// Starts the built cms for the end-to-end tests on a throwaway SQLite file with demo data, with a
// real SMTP listener whose messages are kept in .data/e2e-mail, and a real SMPP listener (the SMSC)
// whose texts are kept in .data/e2e-sms (tests read codes from there). A text from a phone (STOP) is
// sent to the cms by posting {from, text} to the SMSC's control port (scripts/ports.ts).
import { createServer } from 'node:http';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from '@fie/mailcatcher';
import { startSmsCatcher } from '@fie/smscatcher';
import { generateSecrets } from '../../cms/scripts/check-env.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cmsDir = join(root, 'cms');
const require = createRequire(join(cmsDir, 'package.json'));
const strapiBin = join(dirname(require.resolve('@strapi/strapi/package.json')), 'bin', 'strapi.js');

// Same ports as scripts/ports.ts (E2E_PORT_OFFSET moves them together).
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

const work = mkdtempSync(join(tmpdir(), 'fie-e2e-'));
mkdirSync(join(work, 'public', 'uploads'), { recursive: true });
// E2E_MAIL_DIR: a run of its own beside another (with E2E_PORT_OFFSET) keeps its mail apart too.
const mailDir = process.env.E2E_MAIL_DIR
  ? resolve(process.env.E2E_MAIL_DIR)
  : join(root, '.data', 'e2e-mail');
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
const mail = await startMailCatcher({ port: 1125 + offset, dir: mailDir });
const smsDir = process.env.E2E_SMS_DIR ? resolve(process.env.E2E_SMS_DIR) : join(root, '.data', 'e2e-sms');
rmSync(smsDir, { recursive: true, force: true });
mkdirSync(smsDir, { recursive: true });
const sms = await startSmsCatcher({ port: 2875 + offset, dir: smsDir, systemId: 'fie', password: 'e2e' });
const control = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    try {
      const { from, text } = JSON.parse(body);
      res.writeHead(sms.inbound(String(from), String(text)) ? 204 : 503).end();
    } catch {
      res.writeHead(400).end();
    }
  });
});
await new Promise((ready) => control.listen(2876 + offset, '127.0.0.1', ready));

const child = spawn(process.execPath, [strapiBin, 'start'], {
  cwd: cmsDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    STRAPI_TELEMETRY_DISABLED: 'true',
    HOST: '127.0.0.1',
    PORT: String(1447 + offset),
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: join(work, 'data.db'),
    DATABASE_URL: '',
    PUBLIC_DIR: join(work, 'public'),
    // The marketing-panel spec signs in to the admin panel (built by `npm run build`).
    SERVE_ADMIN_PANEL: 'true',
    // A line for every request ("http"): the log kept by scripts/logged.mjs shows which calls reached
    // the cms, and when; Playwright's output shows only warnings and errors.
    LOG_LEVEL: 'http',
    DEMO_DATA: 'true',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.port),
    SMS_ENABLED: 'true',
    SMPP_URL: `smpp://fie:e2e@127.0.0.1:${sms.port}`,
    SITE_URL: `http://127.0.0.1:${4431 + offset}`,
    // Saved-search alerts looked for every 5 seconds rather than every minute, and instant ones a
    // second after a listing matches: the alerts spec waits for a real one.
    ALERTS_CRON_RULE: '*/5 * * * * *',
    ALERTS_INSTANT_DELAY_MS: '1000',
    // The site fronts this cms, as in production: it runs on this machine, which the cms's default
    // TRUSTED_PROXIES believes.
    CACHE_PURGE_TOKEN: `e2e-cache-purge-token-${offset}`,
    PREVIEW_SECRET: `e2e-preview-secret-not-a-secret-${offset}`,
    ...generateSecrets(),
  },
});

const stop = async () => {
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  await mail.close();
  await sms.close();
  control.close();
  rmSync(work, { recursive: true, force: true });
  process.exit(code ?? 0);
});
