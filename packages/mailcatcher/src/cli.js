#!/usr/bin/env node
// Runs the mail catcher in the foreground and prints every message so a person can read it
// (for example the sign-up code) straight from the `npm start` console.
import path from 'node:path';
import { startMailCatcher } from './index.js';

const MAX_BODY_LINES = 40;

const USAGE = `Usage: fie-mailcatcher [--help]

Runs an SMTP listener that accepts every message, prints it and saves it as a file.
Settings come from the environment:
  MAIL_CATCHER_HOST  interface to listen on (default 127.0.0.1)
  MAIL_CATCHER_PORT  SMTP port, 0 for any free port (default 1025)
  MAIL_CATCHER_DIR   where each message is saved (default .data/mail)
Ctrl-C or SIGTERM stops it.`;

// Someone asking for help must not get a listener holding the port instead; an option this
// program does not have is refused rather than ignored for the same reason.
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length > 0) {
  console.error(
    `fie-mailcatcher: unknown argument "${args[0]}" (settings come from the environment; see --help)`,
  );
  process.exit(1);
}

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
