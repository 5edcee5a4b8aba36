#!/usr/bin/env node
// Runs the SMS catcher in the foreground and prints every text so a person can read it (a sign-up
// code, a viewing confirmation) straight from the `npm start` console.
import path from 'node:path';
import { startSmsCatcher } from './index.js';

const USAGE = `Usage: fie-smscatcher [--help]

Runs an SMPP 3.4 listener (an SMSC) that accepts every text, prints it, saves it as a file and
answers with a delivery receipt. Settings come from the environment:
  SMS_CATCHER_HOST      interface to listen on (default 127.0.0.1)
  SMS_CATCHER_PORT      SMPP port, 0 for any free port (default 2775)
  SMS_CATCHER_DIR       where each text is saved (default .data/sms)
  SMS_CATCHER_SYSTEM_ID and SMS_CATCHER_PASSWORD: the only credentials accepted (default: any)
Ctrl-C or SIGTERM stops it.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length > 0) {
  console.error(
    `fie-smscatcher: unknown argument "${args[0]}" (settings come from the environment; see --help)`,
  );
  process.exit(1);
}

const host = process.env.SMS_CATCHER_HOST || '127.0.0.1';
const portText = process.env.SMS_CATCHER_PORT ?? '2775';
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) {
  console.error(`SMS_CATCHER_PORT must be a port number (0-65535), got "${portText}"`);
  process.exit(1);
}
const dir = path.resolve(process.env.SMS_CATCHER_DIR || '.data/sms');

let catcher;
try {
  catcher = await startSmsCatcher({
    host,
    port,
    dir,
    systemId: process.env.SMS_CATCHER_SYSTEM_ID || null,
    password: process.env.SMS_CATCHER_PASSWORD || null,
    onText: (text) =>
      console.log(
        [
          '',
          `📱 To: ${text.to} | From: ${text.from} | ${text.encoding}`,
          `    ${text.text}`,
          `   saved: ${text.file}`,
          '',
        ].join('\n'),
      ),
  });
} catch (error) {
  console.error(`SMS catcher failed to start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
console.log(`SMS catcher listening on smpp://${catcher.host}:${catcher.port}, saving to ${dir}`);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  await catcher.close();
  console.log(`SMS catcher stopped (${signal})`);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
