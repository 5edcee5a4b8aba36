import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { checkEnv, generateSecrets, SECRET_NAMES, warningsFor } from '../../scripts/check-env.mjs';
import { CMS_DIR } from '../helpers/strapi';

const valid = () => ({ ...generateSecrets() });

/** A PEM private key as one line of an environment file holds it (line breaks written \n). */
const pem = (key: ReturnType<typeof generateKeyPairSync>['privateKey']) =>
  key.export({ type: 'pkcs8', format: 'pem' }).toString().trim().replace(/\n/g, '\\n');
const RSA_2048 = pem(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
const DKIM = { DKIM_DOMAIN: 'fiehomes.com.gh', DKIM_SELECTOR: 'fie2026', DKIM_PRIVATE_KEY: RSA_2048 };

describe('cms configuration check', () => {
  it('accepts generated secrets with the defaults', () => {
    expect(checkEnv(valid())).toBeNull();
  });

  it('accepts texts over SMPP or an HTTP provider', () => {
    const smpp = {
      SMS_ENABLED: 'true',
      SMPP_URL: 'smpp://fie:s3cret@smsc.example:2775',
      SMS_SENDER: 'FieHomes',
    };
    expect(checkEnv({ ...valid(), ...smpp, SMS_COUNTRIES: '+233, +234' })).toBeNull();
    expect(
      checkEnv({ ...valid(), SMS_ENABLED: 'true', SMS_HTTP_URL: 'https://sms.example/send' }),
    ).toBeNull();
  });

  it.each([
    [{ JWT_SECRET: '' }, /JWT_SECRET is not set/],
    [{ DATABASE_CLIENT: 'mysql' }, /DATABASE_CLIENT must be sqlite or postgres/],
    [{ DATABASE_CLIENT: 'postgres' }, /DATABASE_URL is not set/],
    [{ DATABASE_CLIENT: 'postgres', DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ PORT: 'eighty' }, /PORT must be a port number/],
    [{ SMTP_PORT: '70000' }, /SMTP_PORT must be a port number/],
    [{ DEMO_DATA: 'yes' }, /DEMO_DATA must be true or false/],
    [{ SITE_URL: 'localhost:4321' }, /SITE_URL must be a http: or https: URL/],
    [
      { SUPERADMIN_EMAIL: 'boss@example.com' },
      /SUPERADMIN_PASSWORD must be set together with SUPERADMIN_EMAIL/,
    ],
    [
      { SUPERADMIN_EMAIL: 'boss@example.com', SUPERADMIN_PASSWORD: 'weak' },
      /SUPERADMIN_PASSWORD must have 8\+ characters/,
    ],
    [
      { CLOUDINARY_NAME: 'fie' },
      /CLOUDINARY_KEY, CLOUDINARY_SECRET must be set together with CLOUDINARY_NAME/,
    ],
    [{ GOOGLE_CLIENT_SECRET: 's' }, /GOOGLE_CLIENT_ID must be set together/],
    [{ SMS_ENABLED: 'on' }, /SMS_ENABLED must be true or false/],
    [{ SMS_ENABLED: 'true' }, /SMS_ENABLED=true needs SMPP_URL/],
    [{ SMPP_URL: 'http://smsc.example:2775' }, /SMPP_URL must be a smpp: or ssmpp: URL/],
    [{ SMPP_URL: 'smpp://smsc.example:2775' }, /SMPP_URL must name the system id and password/],
    [{ SMS_SENDER: 'Fie Homes Ghana' }, /SMS_SENDER must be a registered sender ID/],
    [{ SMS_COUNTRIES: 'Ghana' }, /SMS_COUNTRIES must list calling codes/],
    [{ LISTING_CACHE_MS: '-5' }, /LISTING_CACHE_MS must be a whole number of at least 0/],
    [{ ACCESS_TOKEN_SECONDS: '10' }, /ACCESS_TOKEN_SECONDS must be a whole number of at least 60/],
    [{ CRON_ENABLED: 'sometimes' }, /CRON_ENABLED must be true or false/],
    [{ STAFF_COUNT_CACHE: 'off' }, /STAFF_COUNT_CACHE must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ PREVIEW_SECRET: 'too-short-for-an-hmac-key' }, /PREVIEW_SECRET must be at least 32 characters/],
    [{ LISTING_STATEMENT_MS: '0' }, /LISTING_STATEMENT_MS must be a whole number of at least 1/],
    [{ LISTING_SEARCHES: 'many' }, /LISTING_SEARCHES must be a whole number of at least 1/],
    [
      { LISTING_SEARCHES_PER_VISITOR: '0' },
      /LISTING_SEARCHES_PER_VISITOR must be a whole number of at least 1/,
    ],
    [{ TRUSTED_PROXIES: 'site' }, /TRUSTED_PROXIES entry 'site' is not an IP address or CIDR range/],
    [{ TRUSTED_PROXIES: '127.0.0.1,10.0.0.0/33' }, /TRUSTED_PROXIES entry '10.0.0.0\/33'/],
    [{ TRUSTED_PROXIES: '::1/129' }, /TRUSTED_PROXIES entry '::1\/129'/],
    [
      { PANEL_ADMIN_EMAIL: 'panel@example.com' },
      /PANEL_ADMIN_PASSWORD must be set together with PANEL_ADMIN_EMAIL/,
    ],
    [
      { PANEL_ADMIN_EMAIL: 'panel@example.com', PANEL_ADMIN_PASSWORD: 'Short1Pass' },
      /PANEL_ADMIN_PASSWORD must have 16\+ characters/,
    ],
    [
      { PANEL_ADMIN_EMAIL: 'panel@example.com', PANEL_ADMIN_PASSWORD: 'alllowercaseandlong1' },
      /PANEL_ADMIN_PASSWORD must have 16\+ characters/,
    ],
    [
      { PANEL_ADMIN_EMAIL: 'not-an-address', PANEL_ADMIN_PASSWORD: 'LongEnoughPass2026!' },
      /PANEL_ADMIN_EMAIL must be an e-mail address/,
    ],
  ])('refuses %o with one clear line', (override, message) => {
    const problem = checkEnv({ ...valid(), ...override });
    expect(problem).toMatch(message);
    expect(problem).not.toContain('\n');
  });

  it('accepts addresses, CIDR ranges of both families and none as TRUSTED_PROXIES, and a strong panel password', () => {
    for (const value of ['127.0.0.1,::1', '172.30.42.10', '10.0.0.0/8, 192.168.0.0/16', 'fd00::/8', 'none'])
      expect(checkEnv({ ...valid(), TRUSTED_PROXIES: value }), value).toBeNull();
    expect(
      checkEnv({
        ...valid(),
        PANEL_ADMIN_EMAIL: 'panel@example.com',
        PANEL_ADMIN_PASSWORD: 'LongEnoughPass2026!',
      }),
    ).toBeNull();
  });

  it('says that IS_PROXIED is no longer read and what is trusted instead', () => {
    expect(warningsFor({ ...valid(), IS_PROXIED: 'true' }).join('\n')).toMatch(
      /IS_PROXIED is no longer read.*default, 127\.0\.0\.1,::1/,
    );
    expect(warningsFor({ ...valid() })).toEqual([]);
  });

  it('stops the process with exit code 1 and a single line naming the setting', () => {
    const result = spawnSync(process.execPath, [path.join(CMS_DIR, 'scripts', 'check-env.mjs')], {
      env: { ...process.env, ...valid(), NODE_ENV: 'production', DATABASE_CLIENT: 'oracle' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      "cms: configuration error: DATABASE_CLIENT must be sqlite or postgres (got 'oracle')",
    );
  });

  describe('DKIM signing', () => {
    it('accepts the three settings with an RSA key, its line breaks written \\n or real', () => {
      expect(checkEnv({ ...valid(), ...DKIM })).toBeNull();
      expect(checkEnv({ ...valid(), ...DKIM, DKIM_PRIVATE_KEY: RSA_2048.replace(/\\n/g, '\n') })).toBeNull();
      expect(checkEnv({ ...valid(), ...DKIM, DKIM_SELECTOR: 'mail.2026' })).toBeNull();
    });

    const truncated = RSA_2048.slice(0, 400) + '\\n-----END PRIVATE KEY-----';
    it.each([
      [
        'DKIM_DOMAIN alone',
        { DKIM_DOMAIN: 'fiehomes.com.gh' },
        /DKIM_SELECTOR, DKIM_PRIVATE_KEY must be set together with DKIM_DOMAIN/,
      ],
      [
        'no key',
        { ...DKIM, DKIM_PRIVATE_KEY: undefined },
        /DKIM_PRIVATE_KEY must be set together with DKIM_DOMAIN, DKIM_SELECTOR/,
      ],
      ['a domain without a dot', { ...DKIM, DKIM_DOMAIN: 'fiehomes' }, /DKIM_DOMAIN must be a domain name/],
      [
        'an address as the domain',
        { ...DKIM, DKIM_DOMAIN: 'no-reply@fiehomes.com.gh' },
        /DKIM_DOMAIN must be a domain name/,
      ],
      [
        'a selector with a space',
        { ...DKIM, DKIM_SELECTOR: 'fie 2026' },
        /DKIM_SELECTOR must be a DNS label/,
      ],
      [
        'a key that is no PEM',
        { ...DKIM, DKIM_PRIVATE_KEY: 'not-a-key' },
        /^DKIM_PRIVATE_KEY is not a PEM private key/,
      ],
      [
        'a truncated key',
        { ...DKIM, DKIM_PRIVATE_KEY: truncated },
        /^DKIM_PRIVATE_KEY is not a PEM private key/,
      ],
      [
        'an Ed25519 key',
        { ...DKIM, DKIM_PRIVATE_KEY: pem(generateKeyPairSync('ed25519').privateKey) },
        /DKIM_PRIVATE_KEY must be an RSA key \(got ed25519\)/,
      ],
      [
        'a 512-bit RSA key',
        { ...DKIM, DKIM_PRIVATE_KEY: pem(generateKeyPairSync('rsa', { modulusLength: 512 }).privateKey) },
        /DKIM_PRIVATE_KEY is a 512-bit key/,
      ],
    ] as const)('refuses %s with one clear line', (_case, override, message) => {
      const env: Record<string, string | undefined> = { ...valid(), ...override };
      for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
      const problem = checkEnv(env);
      expect(problem).toMatch(message);
      expect(problem).not.toContain('\n');
    });

    it('stops start-up on a malformed key with one line, and does not print the key', () => {
      const broken = RSA_2048.slice(0, 200);
      const result = spawnSync(process.execPath, [path.join(CMS_DIR, 'scripts', 'check-env.mjs')], {
        env: { ...process.env, ...valid(), ...DKIM, DKIM_PRIVATE_KEY: broken },
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^cms: configuration error: DKIM_PRIVATE_KEY is not a PEM private key/);
      expect(result.stderr).not.toContain(broken.slice(40, 80));
    });

    it('warns in production when unset (a warning: start-up goes on), and when the From is another domain', () => {
      const production = { ...valid(), NODE_ENV: 'production' };
      expect(warningsFor(production).join('\n')).toMatch(
        /DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are not set/,
      );
      expect(warningsFor({ ...production, ...DKIM })).toEqual([]);
      expect(warningsFor({ ...valid() })).toEqual([]);
      expect(
        warningsFor({ ...production, ...DKIM, EMAIL_FROM: 'Fie Homes <no-reply@mail.fiehomes.com.gh>' }),
      ).toEqual([]);
      expect(warningsFor({ ...production, ...DKIM, EMAIL_FROM: 'no-reply@example.com' }).join('\n')).toMatch(
        /EMAIL_FROM's domain \(example\.com\) is not DKIM_DOMAIN \(fiehomes\.com\.gh\)/,
      );
      const result = spawnSync(process.execPath, [path.join(CMS_DIR, 'scripts', 'check-env.mjs')], {
        env: {
          ...process.env,
          ...valid(),
          NODE_ENV: 'production',
          DKIM_DOMAIN: '',
          DKIM_SELECTOR: '',
          DKIM_PRIVATE_KEY: '',
        },
        encoding: 'utf8',
      });
      expect(result.status).toBe(0);
      expect(result.stderr).toMatch(/^WARNING: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are not set/);
    });
  });

  describe('in production', () => {
    // Signed, as production should be: the warning of unsigned mail is tested above.
    const production = (): Record<string, string> => ({ ...valid(), ...DKIM, NODE_ENV: 'production' });
    const SHORT = 'ab';

    it.each(SECRET_NAMES.filter((name) => name !== 'APP_KEYS'))(
      'refuses a %s under 32 bytes, naming it',
      (name) => {
        const problem = checkEnv({ ...production(), [name]: SHORT });
        expect(problem).toBe(`${name} is shorter than 32 bytes (production needs 32+ random bytes)`);
      },
    );

    it('refuses the test-only IMAGE_IMPORT_ALLOW_LOOPBACK', () => {
      expect(checkEnv({ ...production(), IMAGE_IMPORT_ALLOW_LOOPBACK: 'true' })).toBe(
        'IMAGE_IMPORT_ALLOW_LOOPBACK is for tests only: production never fetches images from this machine',
      );
      expect(checkEnv({ ...valid(), IMAGE_IMPORT_ALLOW_LOOPBACK: 'true' })).toBeNull();
    });

    it('refuses an APP_KEYS entry under 32 bytes, saying which', () => {
      const keys = production().APP_KEYS!.split(',');
      keys[2] = 'x'.repeat(31);
      expect(checkEnv({ ...production(), APP_KEYS: keys.join(',') })).toBe(
        'APP_KEYS entry 3 of 4 is shorter than 32 bytes (production needs each key to be 32+ random bytes)',
      );
    });

    it('accepts secrets of exactly 32 bytes, and short ones outside production', () => {
      const exactly = Object.fromEntries(
        SECRET_NAMES.map((name) => [
          name,
          name === 'APP_KEYS' ? 'k'.repeat(32) + ',' + 'l'.repeat(32) : 's'.repeat(32),
        ]),
      );
      expect(checkEnv({ ...exactly, NODE_ENV: 'production' })).toBeNull();
      expect(checkEnv({ ...valid(), JWT_SECRET: SHORT, NODE_ENV: 'development' })).toBeNull();
    });

    // `npm start` (through check-env's first run) and tests/helpers/strapi.ts both use generateSecrets.
    it('accepts what `npm start` and the test helper generate', () => {
      for (let i = 0; i < 20; i++)
        expect(checkEnv({ ...generateSecrets(), NODE_ENV: 'production' })).toBeNull();
    });

    it('stops start-up with one line naming the short secret', () => {
      const result = spawnSync(process.execPath, [path.join(CMS_DIR, 'scripts', 'check-env.mjs')], {
        env: { ...process.env, ...valid(), NODE_ENV: 'production', JWT_SECRET: SHORT },
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(
        'cms: configuration error: JWT_SECRET is shorter than 32 bytes (production needs 32+ random bytes)',
      );
    });

    it('starts with DEMO_DATA=true but warns loudly that the demo passwords are public', () => {
      expect(warningsFor({ ...production(), DEMO_DATA: 'false' })).toEqual([]);
      expect(warningsFor({ ...valid(), DEMO_DATA: 'true' })).toEqual([]);
      const result = spawnSync(process.execPath, [path.join(CMS_DIR, 'scripts', 'check-env.mjs')], {
        env: { ...process.env, ...production(), DEMO_DATA: 'true' },
        encoding: 'utf8',
      });
      expect(result.status).toBe(0);
      expect(result.stderr).toMatch(/^WARNING: DEMO_DATA=true in production/);
      expect(result.stderr).toMatch(/passwords published/);
    });
  });
});
