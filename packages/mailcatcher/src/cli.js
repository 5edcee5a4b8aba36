#!/usr/bin/env node
// Runs the mail catcher in the foreground and prints every message so a person can read it
// (for example the sign-up code) straight from the `npm start` console.
import path from 'node:path';
import { startMailCatcher } from './index.js';

const MAX_BODY_LINES = 40;

const host = process.env.MAIL_CATCHER_HOST || '127.0.0.1';
const portText = process.env.MAIL_CATCHER_PORT ?? '1025';
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) {
  console.error(`MAIL_CATCHER_PORT must be a port number (0-65535), got "${portText}"`);
  process.exit(1);
}
const dir = path.resolve(process.env.MAIL_CATCHER_DIR || '.data/mail');

function printMessage(message) {
  const lines = (message.text || '(no text body)').replace(/\r\n/g, '\n').trimEnd().split('\n');
  const shown = lines.slice(0, MAX_BODY_LINES).map((line) => `    ${line}`);
  if (lines.length > MAX_BODY_LINES) shown.push(`    … (${lines.length - MAX_BODY_LINES} more lines)`);
  console.log(
    [
      '',
      `📧 To: ${message.to.join(', ')} | Subject: ${message.subject}`,
      `   From: ${message.from}`,
      ...shown,
      `   saved: ${message.file}`,
      '',
    ].join('\n'),
  );
}

let catcher;
try {
  catcher = await startMailCatcher({ host, port, dir, onMessage: printMessage, log: null });
} catch (error) {
  console.error(`Mail catcher failed to start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
console.log(`Mail catcher listening on smtp://${catcher.host}:${catcher.port}, saving to ${dir}`);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  await catcher.close();
  console.log(`Mail catcher stopped (${signal})`);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
