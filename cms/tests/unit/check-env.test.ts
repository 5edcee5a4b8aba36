import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { checkEnv, generateSecrets, SECRET_NAMES, warningsFor } from '../../scripts/check-env.mjs';
import { CMS_DIR } from '../helpers/strapi';

const valid = () => ({ ...generateSecrets() });

describe('cms configuration check', () => {
  it('accepts generated secrets with the defaults', () => {
    expect(checkEnv(valid())).toBeNull();
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
    [{ LISTING_CACHE_MS: '-5' }, /LISTING_CACHE_MS must be a whole number of at least 0/],
    [{ ACCESS_TOKEN_SECONDS: '10' }, /ACCESS_TOKEN_SECONDS must be a whole number of at least 60/],
    [{ CRON_ENABLED: 'sometimes' }, /CRON_ENABLED must be true or false/],
    [{ STAFF_COUNT_CACHE: 'off' }, /STAFF_COUNT_CACHE must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ PREVIEW_SECRET: 'too-short-for-an-hmac-key' }, /PREVIEW_SECRET must be at least 32 characters/],
    [{ LISTING_STATEMENT_MS: '0' }, /LISTING_STATEMENT_MS must be a whole number of at least 1/],
    [{ LISTING_SEARCHES: 'many' }, /LISTING_SEARCHES must be a whole number of at least 1/],
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

  describe('in production', () => {
    const production = (): Record<string, string> => ({ ...valid(), NODE_ENV: 'production' });
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
        env: { ...process.env, ...valid(), NODE_ENV: 'production', DEMO_DATA: 'true' },
        encoding: 'utf8',
      });
      expect(result.status).toBe(0);
      expect(result.stderr).toMatch(/^WARNING: DEMO_DATA=true in production/);
      expect(result.stderr).toMatch(/passwords published/);
    });
  });
});
