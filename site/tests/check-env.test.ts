import { describe, expect, it } from 'vitest';
import { checkSiteEnv } from '../scripts/check-env.mjs';

describe('site configuration check', () => {
  it('accepts the defaults and a valid CMS_URL', () => {
    expect(checkSiteEnv({})).toBeNull();
    expect(checkSiteEnv({ CMS_URL: 'http://cms:1337', PORT: '4321' })).toBeNull();
  });
  it('names the bad setting in one line', () => {
    expect(checkSiteEnv({ CMS_URL: 'cms:1337' })).toBe(
      "CMS_URL must be an http or https URL (got 'cms:1337')",
    );
    expect(checkSiteEnv({ PORT: '-1' })).toBe("PORT must be a port number from 0 to 65535 (got '-1')");
  });
  it('checks the page cache settings', () => {
    expect(checkSiteEnv({ CACHE_PURGE_TOKEN: 'a-long-enough-token', PAGE_CACHE_SECONDS: '30' })).toBeNull();
    expect(checkSiteEnv({ CACHE_PURGE_TOKEN: 'short' })).toBe(
      'CACHE_PURGE_TOKEN must be at least 16 characters',
    );
    expect(checkSiteEnv({ PAGE_CACHE_SECONDS: 'soon' })).toBe(
      "PAGE_CACHE_SECONDS must be a whole number from 0 to 3600 (got 'soon')",
    );
  });
  it('checks REDIS_URL', () => {
    expect(checkSiteEnv({ REDIS_URL: 'redis://127.0.0.1:6379' })).toBeNull();
    expect(checkSiteEnv({ REDIS_URL: '' })).toBeNull();
    expect(checkSiteEnv({ REDIS_URL: 'http://cache:6379' })).toBe(
      "REDIS_URL must be a redis:// or rediss:// URL (got 'http://cache:6379')",
    );
  });
  it('checks the preview settings', () => {
    expect(
      checkSiteEnv({ PREVIEW_SECRET: 'x'.repeat(32), CMS_PUBLIC_URL: 'https://cms.fiehomes.com.gh' }),
    ).toBeNull();
    expect(checkSiteEnv({ PREVIEW_SECRET: 'short' })).toMatch(
      /^PREVIEW_SECRET must be at least 32 characters/,
    );
    expect(checkSiteEnv({ CMS_PUBLIC_URL: 'cms.fiehomes' })).toBe(
      "CMS_PUBLIC_URL must be an http or https URL (got 'cms.fiehomes')",
    );
  });
  it('refuses to start in production without SITE_URL (links would otherwise name whatever Host a request claimed)', () => {
    expect(checkSiteEnv({ NODE_ENV: 'production' })).toMatch(/^SITE_URL is required in production/);
    expect(checkSiteEnv({ NODE_ENV: 'production', SITE_URL: 'https://fiehomes.com.gh' })).toBeNull();
    expect(checkSiteEnv({ NODE_ENV: 'development' })).toBeNull();
  });
  it('checks SITE_BEHIND_PROXY', () => {
    expect(checkSiteEnv({ SITE_BEHIND_PROXY: 'true' })).toBeNull();
    expect(checkSiteEnv({ SITE_BEHIND_PROXY: 'yes' })).toBe(
      "SITE_BEHIND_PROXY must be true or false (got 'yes')",
    );
  });
});
