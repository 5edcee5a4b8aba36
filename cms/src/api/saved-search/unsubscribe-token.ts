import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isDocumentId } from '../../shared/document-id';

// Two kinds of signed link, each with a key of its own derived from the app's keys (any key in
// APP_KEYS verifies, so links survive a key rotation):
//
// - An alert's unsubscribe token: the saved search's document id and an HMAC of it. It never expires
//   (an old alert's link must still stop the alerts) and can do one thing only: switch that search's
//   alerts off. Alerts are forwarded and mailboxes shared, so it must never turn them back on:
//   otherwise anyone who once held an alert could undo its owner's opt-out for ever.
// - The undo token the confirmation page gets when a switch-off happened: it names that switch-off
//   (the search's unsubscribedAt) and lasts UNDO_SECONDS. It turns the alerts back on only while the
//   search is still off from that same switch-off, so it works once.

/** How long the confirmation page's Undo works after the alerts were switched off. */
export const UNDO_SECONDS = 60 * 60;

const UNDO_PREFIX = 'u.';

export function unsubscribeTokens(appKeys: string[]) {
  if (appKeys.length === 0)
    throw new Error('saved searches: no app key to sign unsubscribe links (APP_KEYS)');
  const derive = (info: string) =>
    appKeys.map((k) => Buffer.from(hkdfSync('sha256', k, 'fie alerts', info, 32)));
  const unsubscribeKeys = derive('saved search unsubscribe links');
  const undoKeys = derive('saved search undo links');
  const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest().subarray(0, 18);
  const verifies = (keys: Buffer[], text: string, given: Buffer) =>
    keys.some((key) => {
      const expected = mac(key, text);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });

  return {
    sign(documentId: string): string {
      return `${documentId}.${mac(unsubscribeKeys[0]!, `unsubscribe:${documentId}`).toString('base64url')}`;
    },

    /** The document id an alert's token names, or null when it was not made by us. */
    verify(token: unknown): string | null {
      if (typeof token !== 'string' || token.length > 200 || token.startsWith(UNDO_PREFIX)) return null;
      const dot = token.indexOf('.');
      const documentId = token.slice(0, dot);
      if (dot < 1 || !isDocumentId(documentId)) return null;
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      return verifies(unsubscribeKeys, `unsubscribe:${documentId}`, given) ? documentId : null;
    },

    /** The undo token of the switch-off made at `unsubscribedAt`. */
    signUndo(documentId: string, unsubscribedAt: Date): string {
      const at = unsubscribedAt.getTime().toString(36);
      const signature = mac(undoKeys[0]!, `undo:${documentId}:${at}`).toString('base64url');
      return `${UNDO_PREFIX}${documentId}.${at}.${signature}`;
    },

    /**
     * What an undo token names (the search and the switch-off's time), or null when it was not made
     * by us. Whether it still works (not expired, the search still off from that switch-off) is the
     * caller's to check against the search.
     */
    verifyUndo(token: unknown): { documentId: string; unsubscribedAt: Date } | null {
      if (typeof token !== 'string' || token.length > 200 || !token.startsWith(UNDO_PREFIX)) return null;
      const [documentId, at, signature, ...rest] = token.slice(UNDO_PREFIX.length).split('.');
      if (rest.length > 0 || !documentId || !at || !signature || !isDocumentId(documentId)) return null;
      if (!/^[0-9a-z]{1,12}$/.test(at)) return null;
      if (!verifies(undoKeys, `undo:${documentId}:${at}`, Buffer.from(signature, 'base64url'))) return null;
      return { documentId, unsubscribedAt: new Date(parseInt(at, 36)) };
    },

    /** The search either kind of token names (for the page that shows it), or null. */
    documentIdOf(token: unknown): string | null {
      return this.verify(token) ?? this.verifyUndo(token)?.documentId ?? null;
    },
  };
}
