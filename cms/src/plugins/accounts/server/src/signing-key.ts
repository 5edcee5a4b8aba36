import { createSecretKey } from 'node:crypto';
import type { Core } from '@strapi/strapi';

// Every signed-in request verifies its access token through Strapi's session manager, which hands
// jsonwebtoken the origin's secret as a string. jsonwebtoken 9 turns a string key into a KeyObject
// on every call, first by trying it as a PEM public key: that throws, and the thrown error (with its
// stack) was 7-13 % of the cms's CPU under the staff lists' load (`createPublicKey` in a profile of
// `npm run bench:api`). A symmetric secret made a KeyObject once signs and verifies the same tokens
// (same bytes, same HMAC) without that detour.

interface OriginConfig {
  jwtSecret?: unknown;
  algorithm?: string;
  [key: string]: unknown;
}
type DefineOrigin = (origin: string, config: OriginConfig) => void;

const symmetric = (algorithm: string | undefined) => !algorithm || algorithm.startsWith('HS');

/** The origin's config with a string HMAC secret given as a KeyObject (anything else unchanged). */
export function withSecretKeyObject(config: OriginConfig): OriginConfig {
  if (!symmetric(config.algorithm) || typeof config.jwtSecret !== 'string' || config.jwtSecret === '')
    return config;
  return { ...config, jwtSecret: createSecretKey(Buffer.from(config.jwtSecret)) };
}

/** Wraps the session manager's defineOrigin (before users-permissions and the admin define theirs). */
export function keepSigningKeysAsKeyObjects(strapi: Core.Strapi): void {
  const manager = strapi.sessionManager as unknown as { defineOrigin: DefineOrigin } | undefined;
  if (!manager || typeof manager.defineOrigin !== 'function') return;
  const define = manager.defineOrigin;
  manager.defineOrigin = (origin, config) => define(origin, withSecretKeyObject(config));
}
