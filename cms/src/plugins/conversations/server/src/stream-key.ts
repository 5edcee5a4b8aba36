import { createHmac, timingSafeEqual } from 'node:crypto';

// The site's processes follow the conversations' events over a connection of their own to the cms
// (they hold the browsers' streams). That connection is the site's alone: it names itself with a key
// made from the secret the cms and the site already share for cache purges (CACHE_PURGE_TOKEN), for
// this use only. Without that secret there is no key, and conversations are not live (pages reload).

/** The key for the events connection, or '' when CACHE_PURGE_TOKEN is not set. */
export function streamKey(env: NodeJS.ProcessEnv = process.env): string {
  const secret = env.CACHE_PURGE_TOKEN?.trim() ?? '';
  return secret ? createHmac('sha256', secret).update('fie:thread-events').digest('base64url') : '';
}

/** Whether `given` is the key (compared in constant time); never when there is no key. */
export function isStreamKey(given: unknown): boolean {
  const key = streamKey();
  if (!key || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}
