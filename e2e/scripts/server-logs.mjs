// The end-to-end servers' logs (the cms with its mail catcher, the site, the tile server): where they
// are kept, and what to print of them when the suite fails. Each line is kept with the time it was
// printed, so the lines around a failed test can be picked out by its start and end.
// `node e2e/scripts/server-logs.mjs [results.json]` prints that report after a run of Playwright.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const E2E_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Under Playwright's output folder, which it empties when a run starts (before the servers start) and
 * which is git-ignored; E2E_SERVER_LOGS (relative to e2e/) puts them elsewhere, e.g. for a second run
 * beside this one.
 */
export function serverLogDir(env = process.env) {
  return resolve(E2E_DIR, env.E2E_SERVER_LOGS || join('test-results', 'servers'));
}

// ANSI colours (the cms's logger adds them even into a file).
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;
export const plain = (text) => text.replace(ANSI, '');

/** A line of the cms's logger at a level below warn (e.g. "[2026-… 04:16:24.331] http: POST /api/otp (12 ms) 200"). */
export const isQuietCmsLine = (line) => /^\[[^\]]*\] (http|info|verbose|debug): /.test(plain(line));
const isErrorOrWarning = (line) =>
  /^\[[^\]]*\] (error|warn): /.test(line) || /\b(error|warn(ing)?|failed|unavailable)\b/i.test(line);

/** A kept line: "<ISO time> <what the server printed>". */
function parse(line) {
  const space = line.indexOf(' ');
  const at = Date.parse(line.slice(0, space));
  return Number.isNaN(at) ? null : { at, text: line.slice(space + 1) };
}

function readLog(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map(parse)
    .filter((l) => l !== null);
}

/** Every failed test's attempt in a Playwright JSON report: its title, project and time span. */
function failures(resultsFile) {
  if (!resultsFile || !existsSync(resultsFile)) return [];
  const found = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) {
          if (!['failed', 'timedOut', 'interrupted'].includes(result.status)) continue;
          const start = Date.parse(result.startTime);
          found.push({
            title: [...titles, spec.title].filter(Boolean).join(' › '),
            project: test.projectName,
            start,
            end: start + (result.duration ?? 0),
          });
        }
  };
  walk(JSON.parse(readFileSync(resultsFile, 'utf8')), []);
  return found;
}

const time = (ms) => new Date(ms).toISOString().slice(11, 23);
const last = (lines, n) =>
  lines.length > n ? [`… ${lines.length - n} earlier lines`, ...lines.slice(-n)] : lines;

/**
 * What to print when the suite failed: where the logs are; for each failed test, each server's lines
 * from its start to a second after its end; then the cms's errors and warnings over the whole run.
 */
export function serverLogReport(resultsFile, { dir = serverLogDir(), perServer = 40 } = {}) {
  if (!existsSync(dir)) return `The end-to-end servers' logs: none kept (no ${dir}).`;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .sort();
  const logs = Object.fromEntries(files.map((f) => [f, readLog(join(dir, f))]));
  const out = [
    `The end-to-end servers' logs are kept in ${relative(process.cwd(), dir) || dir}: ${files.join(', ')}`,
  ];
  for (const failure of failures(resultsFile)) {
    out.push(
      '',
      `Around the failed test "${failure.title}" (${failure.project}), ${time(failure.start)}–${time(failure.end)} UTC:`,
    );
    for (const [file, lines] of Object.entries(logs)) {
      const during = lines
        .filter((l) => l.at >= failure.start - 1_000 && l.at <= failure.end + 1_000)
        .map((l) => `  ${time(l.at)} ${plain(l.text)}`);
      out.push(` ${file}: ${during.length ? '' : 'nothing printed then'}`, ...last(during, perServer));
    }
  }
  const cms = (logs['cms.log'] ?? []).filter((l) => isErrorOrWarning(plain(l.text)));
  out.push('', `The cms's errors and warnings over the run: ${cms.length || 'none'}`);
  out.push(
    ...last(
      cms.map((l) => `  ${time(l.at)} ${plain(l.text)}`),
      perServer,
    ),
  );
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(serverLogReport(process.argv[2] ?? join(E2E_DIR, 'test-results', 'results.json')));
}
