#!/usr/bin/env node
// Runs one of the end-to-end servers and keeps what it prints, each line with its time, in
// <server logs>/<name>.log (server-logs.mjs), as well as passing it on to Playwright. The cms's request
// lines (its "http" level) go only to the file: Playwright's output keeps the warnings and errors.
// Usage: node scripts/logged.mjs <name> <script.mjs> [arguments…]
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { isQuietCmsLine, plain, serverLogDir } from './server-logs.mjs';

const [name, script, ...args] = process.argv.slice(2);
if (!name || !script) throw new Error('usage: node scripts/logged.mjs <name> <script.mjs> [arguments…]');

const dir = serverLogDir();
mkdirSync(dir, { recursive: true });
// Written synchronously, line by line: Playwright ends the servers with SIGKILL, which would lose
// anything still buffered, and the last lines are the ones wanted.
const log = openSync(join(dir, `${name}.log`), 'w');

const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

function keep(stream, out) {
  let partial = '';
  stream.on('data', (chunk) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    const at = new Date().toISOString();
    let passed = '';
    for (const line of lines) {
      writeSync(log, `${at} ${plain(line)}\n`);
      if (!isQuietCmsLine(line)) passed += `${line}\n`;
    }
    if (passed) out.write(passed);
  });
  stream.on('end', () => {
    if (partial) writeSync(log, `${new Date().toISOString()} ${plain(partial)}\n`);
  });
}
keep(child.stdout, process.stdout);
keep(child.stderr, process.stderr);

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
// 'close': after the last of its output has been read.
child.on('close', (code, signal) => {
  writeSync(
    log,
    `${new Date().toISOString()} [logged.mjs] ${name} ended (${signal ?? `exit code ${code}`})\n`,
  );
  process.exit(code ?? 1);
});
