import { createRequire } from 'node:module';
import { KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  keepSigningKeysAsKeyObjects,
  withSecretKeyObject,
} from '../../src/plugins/accounts/server/src/signing-key';

// The session manager's HMAC secret is handed over as a KeyObject (accounts plugin, signing-key.ts).
// The jsonwebtoken Strapi's session manager uses, resolved from @strapi/core as Strapi resolves it.
const jwt = createRequire(createRequire(__filename).resolve('@strapi/core/package.json'))('jsonwebtoken') as {
  sign(payload: object, key: unknown, options: object): string;
  verify(token: string, key: unknown, options: object): Record<string, unknown>;
};

const SECRET = 'a-test-secret-of-the-cms';

describe('the session manager signing key', () => {
  it('becomes a KeyObject for HMAC origins and is left alone otherwise', () => {
    expect(withSecretKeyObject({ jwtSecret: SECRET }).jwtSecret).toBeInstanceOf(KeyObject);
    expect(withSecretKeyObject({ jwtSecret: SECRET, algorithm: 'HS512' }).jwtSecret).toBeInstanceOf(
      KeyObject,
    );
    expect(withSecretKeyObject({ jwtSecret: SECRET, algorithm: 'RS256' }).jwtSecret).toBe(SECRET);
    expect(withSecretKeyObject({ jwtSecret: '' }).jwtSecret).toBe('');
    const config = { jwtSecret: SECRET, accessTokenLifespan: 600, jwtOptions: {} };
    expect(withSecretKeyObject(config)).toMatchObject({ accessTokenLifespan: 600, jwtOptions: {} });
  });

  it('signs and verifies the same tokens as the string secret, both ways; another secret is refused', () => {
    const key = withSecretKeyObject({ jwtSecret: SECRET }).jwtSecret;
    const fromString = jwt.sign({ userId: '7', type: 'access' }, SECRET, {
      algorithm: 'HS256',
      noTimestamp: true,
    });
    const fromKey = jwt.sign({ userId: '7', type: 'access' }, key, { algorithm: 'HS256', noTimestamp: true });
    expect(fromKey).toBe(fromString);
    expect(jwt.verify(fromString, key, { algorithms: ['HS256'] })).toMatchObject({
      userId: '7',
      type: 'access',
    });
    expect(jwt.verify(fromKey, SECRET, { algorithms: ['HS256'] })).toMatchObject({ userId: '7' });
    expect(() =>
      jwt.verify(fromKey, withSecretKeyObject({ jwtSecret: 'another' }).jwtSecret, { algorithms: ['HS256'] }),
    ).toThrow(/invalid signature/);
  });

  it('is applied to every origin defined after the cms registers', () => {
    const defined: Record<string, { jwtSecret?: unknown }> = {};
    const sessionManager = {
      defineOrigin: (origin: string, config: { jwtSecret?: unknown }) => void (defined[origin] = config),
    };
    keepSigningKeysAsKeyObjects({ sessionManager } as never);
    sessionManager.defineOrigin('users-permissions', { jwtSecret: SECRET });
    expect(defined['users-permissions']!.jwtSecret).toBeInstanceOf(KeyObject);
  });
});
