import { describe, expect, it } from 'vitest';
import { checkSiteEnv } from '../scripts/check-env.mjs';

describe('site configuration check', () => {
  it('accepts the defaults and a valid CMS_URL', () => {
    expect(checkSiteEnv({})).toBeNull();
    expect(checkSiteEnv({ CMS_URL: 'http://cms:1337', PORT: '4321' })).toBeNull();
  });
  it('names the bad setting in one line', () => {
    expect(checkSiteEnv({ CMS_URL: 'cms:1337' })).toBe("CMS_URL must be an http or https URL (got 'cms:1337')");
    expect(checkSiteEnv({ PORT: '-1' })).toBe("PORT must be a port number from 0 to 65535 (got '-1')");
  });
});
