#!/usr/bin/env node
// Checks the cms settings before Strapi starts: a missing or malformed one stops start-up
// with one line naming it. On a developer machine (not production) the Strapi secrets are
// generated once into cms/.env, which git ignores.
import { createPrivateKey, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cmsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const envFile = join(cmsDir, '.env');

export const SECRET_NAMES = [
  'APP_KEYS',
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
];

// 32 random bytes, 44 characters: over the 32-byte floor that production start-up enforces.
const secret = () => randomBytes(32).toString('base64');

export function generateSecrets() {
  return {
    APP_KEYS: [secret(), secret(), secret(), secret()].join(','),
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
  };
}

/** Parses KEY=VALUE lines (the subset of dotenv syntax this project writes). */
export function parseEnvFile(text) {
  const out = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!m) continue;
    let value = m[2];
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    out[m[1]] = value;
  }
  return out;
}

const isSet = (v) => v !== undefined && v !== '';

// Strapi signs sessions and tokens with these; a short one can be guessed or brute-forced offline.
export const MIN_SECRET_BYTES = 32;
const tooShort = (value) => Buffer.byteLength(value.trim(), 'utf8') < MIN_SECRET_BYTES;

function checkSecretLengths(env) {
  for (const name of SECRET_NAMES) {
    if (name === 'APP_KEYS') {
      const keys = env.APP_KEYS.split(',');
      const short = keys.findIndex(tooShort);
      if (short !== -1)
        return `APP_KEYS entry ${short + 1} of ${keys.length} is shorter than ${MIN_SECRET_BYTES} bytes (production needs each key to be 32+ random bytes)`;
    } else if (tooShort(env[name])) {
      return `${name} is shorter than ${MIN_SECRET_BYTES} bytes (production needs 32+ random bytes)`;
    }
  }
  return null;
}

/** Lines to print loudly before a start that is allowed but unsafe. */
export function warningsFor(env) {
  const lines = [];
  if (env.NODE_ENV === 'production' && env.DEMO_DATA === 'true') {
    lines.push(
      'WARNING: DEMO_DATA=true in production. The demo accounts (superadmin, admin, panel super admin and others)',
      'WARNING: have passwords published in the README: anyone can sign in with them. Never run a public server with demo data.',
    );
  }
  if (env.NODE_ENV === 'production' && !isSet(env.DKIM_PRIVATE_KEY)) {
    lines.push(
      'WARNING: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are not set: e-mail goes out unsigned, so receiving servers may',
      "WARNING: file it as spam and ignore the alerts' one-click unsubscribe. See docs/operations.md (E-mail signing).",
    );
  }
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(env.EMAIL_FROM ?? '')?.[1]?.toLowerCase();
  const dkimDomain = env.DKIM_DOMAIN?.trim().toLowerCase();
  if (
    isSet(env.DKIM_DOMAIN) &&
    fromDomain &&
    fromDomain !== dkimDomain &&
    !fromDomain.endsWith(`.${dkimDomain}`)
  ) {
    lines.push(
      `WARNING: EMAIL_FROM's domain (${fromDomain}) is not DKIM_DOMAIN (${dkimDomain}) or under it: DMARC will not count the signature for the sender.`,
    );
  }
  if (isSet(env.IS_PROXIED)) {
    lines.push(
      `cms: IS_PROXIED is no longer read: X-Forwarded-* are believed from the peers in TRUSTED_PROXIES only (now ${isSet(env.TRUSTED_PROXIES) ? `'${env.TRUSTED_PROXIES}'` : 'the default, 127.0.0.1,::1'}). Unset IS_PROXIED.`,
    );
  }
  return lines;
}
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,128}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkPort(env, name) {
  if (!isSet(env[name])) return null;
  const n = Number(env[name]);
  return Number.isInteger(n) && n >= 0 && n <= 65535
    ? null
    : `${name} must be a port number from 0 to 65535 (got '${env[name]}')`;
}

function checkUrl(env, name, protocols) {
  if (!isSet(env[name])) return null;
  try {
    const url = new URL(env[name]);
    if (!protocols.includes(url.protocol)) throw new Error();
    return null;
  } catch {
    return `${name} must be a ${protocols.join(' or ')} URL (got '${env[name]}')`;
  }
}

function checkInt(env, name, min) {
  if (!isSet(env[name])) return null;
  const n = Number(env[name]);
  return Number.isInteger(n) && n >= min
    ? null
    : `${name} must be a whole number of at least ${min} (got '${env[name]}')`;
}

// Addresses or CIDR ranges, comma-separated, or `none` (the cms reads it in src/shared/trusted-proxies.ts).
function checkTrustedProxies(env) {
  if (!isSet(env.TRUSTED_PROXIES) || env.TRUSTED_PROXIES.trim() === 'none') return null;
  for (const entry of env.TRUSTED_PROXIES.split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    if (
      !family ||
      extra !== undefined ||
      (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32)))
    ) {
      return `TRUSTED_PROXIES entry '${entry}' is not an IP address or CIDR range (e.g. 127.0.0.1,::1,10.0.0.0/8, or none)`;
    }
  }
  return null;
}

const LOG_LEVELS = ['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'];

function checkBool(env, name) {
  if (!isSet(env[name])) return null;
  return ['true', 'false'].includes(env[name]) ? null : `${name} must be true or false (got '${env[name]}')`;
}

// DNS names: the signing domain (d=) and the selector (s=), which may itself have dots.
const DNS_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * The DKIM settings (cms/src/shared/mail-sender.ts reads them): all three or none, the key an RSA
 * private key in PEM (its line breaks may be written \n) of 1024 bits or more. nodemailer sends a
 * message unsigned, without a word, when the key cannot sign: so a bad one stops start-up here.
 */
function checkDkim(env) {
  const names = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'];
  const together = allOrNone(env, names);
  if (together) return together;
  if (!isSet(env.DKIM_PRIVATE_KEY)) return null;
  if (!DNS_NAME.test(env.DKIM_DOMAIN.trim()) || !env.DKIM_DOMAIN.includes('.'))
    return `DKIM_DOMAIN must be a domain name such as fiehomes.com.gh (got '${env.DKIM_DOMAIN}')`;
  if (!DNS_NAME.test(env.DKIM_SELECTOR.trim()))
    return `DKIM_SELECTOR must be a DNS label such as fie2026 (got '${env.DKIM_SELECTOR}')`;
  let key;
  try {
    key = createPrivateKey(env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n').trim());
  } catch {
    return 'DKIM_PRIVATE_KEY is not a PEM private key (-----BEGIN PRIVATE KEY----- … -----END PRIVATE KEY-----, line breaks as \\n on one line)';
  }
  if (key.asymmetricKeyType !== 'rsa')
    return `DKIM_PRIVATE_KEY must be an RSA key (got ${key.asymmetricKeyType}): nodemailer signs with rsa-sha256`;
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 1024)
    return `DKIM_PRIVATE_KEY is a ${bits}-bit key: receiving servers ignore keys under 1024 bits (use 2048)`;
  return null;
}

function allOrNone(env, names) {
  const set = names.filter((n) => isSet(env[n]));
  if (set.length === 0 || set.length === names.length) return null;
  const missing = names.filter((n) => !isSet(env[n]));
  return `${missing.join(', ')} must be set together with ${set.join(', ')}`;
}

/** Returns the first problem as one line, or null when the settings are usable. */
export function checkEnv(env) {
  for (const name of SECRET_NAMES) {
    if (!isSet(env[name]))
      return `${name} is not set (run \`npm start\` once to generate local secrets into cms/.env, or set it in the environment)`;
  }
  if (env.APP_KEYS.split(',').some((k) => k.trim() === ''))
    return 'APP_KEYS must be a comma-separated list of non-empty keys';
  if (env.NODE_ENV === 'production') {
    const short = checkSecretLengths(env);
    if (short) return short;
    // Tests serve images from this machine; a server that may fetch from its own network is not for production.
    if (env.IMAGE_IMPORT_ALLOW_LOOPBACK === 'true')
      return 'IMAGE_IMPORT_ALLOW_LOOPBACK is for tests only: production never fetches images from this machine';
  }

  const client = env.DATABASE_CLIENT || 'sqlite';
  if (!['sqlite', 'postgres'].includes(client))
    return `DATABASE_CLIENT must be sqlite or postgres (got '${client}')`;
  if (client === 'postgres') {
    if (!isSet(env.DATABASE_URL))
      return 'DATABASE_URL is not set (DATABASE_CLIENT=postgres needs postgres://user:password@host:5432/database)';
    const bad = checkUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
    if (bad) return bad;
  }

  return (
    checkPort(env, 'PORT') ||
    checkPort(env, 'SMTP_PORT') ||
    checkBool(env, 'DEMO_DATA') ||
    checkBool(env, 'SERVE_ADMIN_PANEL') ||
    checkTrustedProxies(env) ||
    checkBool(env, 'CRON_ENABLED') ||
    checkInt(env, 'LISTING_CACHE_MS', 0) ||
    checkInt(env, 'LISTING_STATEMENT_MS', 1) ||
    checkInt(env, 'LISTING_POOL_MAX', 1) ||
    checkInt(env, 'LISTING_SEARCHES', 1) ||
    checkInt(env, 'LISTING_SEARCH_QUEUE', 0) ||
    checkInt(env, 'LISTING_SEARCHES_PER_VISITOR', 1) ||
    checkInt(env, 'LISTING_SEARCH_WAIT_MS', 0) ||
    checkBool(env, 'STAFF_COUNT_CACHE') ||
    checkInt(env, 'ACCESS_TOKEN_SECONDS', 60) ||
    (isSet(env.LOG_LEVEL) && !LOG_LEVELS.includes(env.LOG_LEVEL)
      ? `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${env.LOG_LEVEL}')`
      : null) ||
    checkUrl(env, 'SITE_URL', ['http:', 'https:']) ||
    checkUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ||
    checkUrl(env, 'SITE_CACHE_PURGE_URL', ['http:', 'https:']) ||
    (isSet(env.CACHE_PURGE_TOKEN) && env.CACHE_PURGE_TOKEN.trim().length < 16
      ? 'CACHE_PURGE_TOKEN must be at least 16 characters'
      : null) ||
    (isSet(env.PREVIEW_SECRET) && env.PREVIEW_SECRET.trim().length < 32
      ? 'PREVIEW_SECRET must be at least 32 characters (the same random value as the site)'
      : null) ||
    (isSet(env.EMAIL_FROM) && !/@/.test(env.EMAIL_FROM)
      ? `EMAIL_FROM must contain an e-mail address (got '${env.EMAIL_FROM}')`
      : null) ||
    allOrNone(env, ['SUPERADMIN_EMAIL', 'SUPERADMIN_PASSWORD']) ||
    (isSet(env.SUPERADMIN_EMAIL) && !EMAIL.test(env.SUPERADMIN_EMAIL)
      ? `SUPERADMIN_EMAIL must be an e-mail address (got '${env.SUPERADMIN_EMAIL}')`
      : null) ||
    (isSet(env.SUPERADMIN_PASSWORD) && !STRONG_PASSWORD.test(env.SUPERADMIN_PASSWORD)
      ? 'SUPERADMIN_PASSWORD must have 8+ characters with an uppercase letter, a lowercase letter and a digit'
      : null) ||
    allOrNone(env, ['PANEL_ADMIN_EMAIL', 'PANEL_ADMIN_PASSWORD']) ||
    (isSet(env.PANEL_ADMIN_EMAIL) && !EMAIL.test(env.PANEL_ADMIN_EMAIL)
      ? `PANEL_ADMIN_EMAIL must be an e-mail address (got '${env.PANEL_ADMIN_EMAIL}')`
      : null) ||
    (isSet(env.PANEL_ADMIN_PASSWORD) &&
    !(env.PANEL_ADMIN_PASSWORD.length >= 16 && STRONG_PASSWORD.test(env.PANEL_ADMIN_PASSWORD))
      ? 'PANEL_ADMIN_PASSWORD must have 16+ characters with an uppercase letter, a lowercase letter and a digit'
      : null) ||
    allOrNone(env, ['SMTP_USER', 'SMTP_PASS']) ||
    checkDkim(env) ||
    allOrNone(env, ['CLOUDINARY_NAME', 'CLOUDINARY_KEY', 'CLOUDINARY_SECRET']) ||
    allOrNone(env, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']) ||
    checkSms(env) ||
    null
  );
}

/** Texts: SMS_ENABLED needs an SMSC (SMPP_URL with its credentials) or an HTTP provider. */
function checkSms(env) {
  const bad =
    checkBool(env, 'SMS_ENABLED') ||
    checkUrl(env, 'SMPP_URL', ['smpp:', 'ssmpp:']) ||
    checkUrl(env, 'SMS_HTTP_URL', ['http:', 'https:']);
  if (bad) return bad;
  if (isSet(env.SMPP_URL) && !new URL(env.SMPP_URL).username)
    return 'SMPP_URL must name the system id and password: smpp://system_id:password@host:2775';
  if (env.SMS_ENABLED === 'true' && !isSet(env.SMPP_URL) && !isSet(env.SMS_HTTP_URL))
    return 'SMS_ENABLED=true needs SMPP_URL (smpp://system_id:password@host:2775) or SMS_HTTP_URL';
  if (isSet(env.SMS_SENDER) && !/^(\+?\d{3,15}|[A-Za-z0-9 ]{1,11})$/.test(env.SMS_SENDER))
    return `SMS_SENDER must be a registered sender ID of at most 11 letters and digits, or a number (got '${env.SMS_SENDER}')`;
  if (isSet(env.SMS_COUNTRIES) && !/^\+?\d{1,3}(\s*,\s*\+?\d{1,3})*$/.test(env.SMS_COUNTRIES))
    return `SMS_COUNTRIES must list calling codes, like +233 or +233,+234 (got '${env.SMS_COUNTRIES}')`;
  return null;
}

function main() {
  const production = process.env.NODE_ENV === 'production';
  if (!existsSync(envFile) && !production && !SECRET_NAMES.every((n) => isSet(process.env[n]))) {
    const lines = Object.entries(generateSecrets()).map(([k, v]) => `${k}=${v}`);
    writeFileSync(
      envFile,
      `# Local secrets generated on first start. Never commit this file.\n${lines.join('\n')}\n`,
      { mode: 0o600 },
    );
    console.log('cms: generated local secrets into cms/.env');
  }
  // Same precedence as Strapi: the process environment wins over the .env file.
  const fileEnv = existsSync(envFile) ? parseEnvFile(readFileSync(envFile, 'utf8')) : {};
  const env = { ...fileEnv, ...process.env };
  const problem = checkEnv(env);
  if (problem) {
    console.error(`cms: configuration error: ${problem}`);
    process.exit(1);
  }
  for (const line of warningsFor(env)) console.error(line);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
