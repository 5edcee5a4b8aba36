import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isDocumentId } from '../../shared/document-id';

// The token in an alert's unsubscribe link: the saved search's document id and an HMAC of it, made
// with a key derived from the app's keys. It never expires (an old alert's link must still work) and
// can do nothing but switch that one search's alerts off or back on. Any key in APP_KEYS verifies,
// so links survive a key rotation.

export function unsubscribeTokens(appKeys: string[]) {
  if (appKeys.length === 0)
    throw new Error('saved searches: no app key to sign unsubscribe links (APP_KEYS)');
  const keys = appKeys.map((k) =>
    Buffer.from(hkdfSync('sha256', k, 'fie alerts', 'saved search unsubscribe links', 32)),
  );
  const mac = (key: Buffer, documentId: string) =>
    createHmac('sha256', key).update(`unsubscribe:${documentId}`).digest().subarray(0, 18);
  return {
    sign(documentId: string): string {
      return `${documentId}.${mac(keys[0]!, documentId).toString('base64url')}`;
    },
    /** The document id a token names, or null when it was not made by us. */
    verify(token: unknown): string | null {
      if (typeof token !== 'string' || token.length > 200) return null;
      const dot = token.indexOf('.');
      const documentId = token.slice(0, dot);
      if (dot < 1 || !isDocumentId(documentId)) return null;
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      return keys.some((key) => {
        const expected = mac(key, documentId);
        return given.length === expected.length && timingSafeEqual(given, expected);
      })
        ? documentId
        : null;
    },
  };
}
