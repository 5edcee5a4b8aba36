import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// A message that carries a one-time code (sign-up, password reset) waits in the outbox until the
// mail server takes it. Its subject and bodies are kept there encrypted (AES-256-GCM, with a key
// derived from the app's keys), so whoever reads the database or a backup cannot ask for someone's
// reset code and read it off the table; once sent or past its code's expiry they are blanked.

const PREFIX = 'fie-sealed:v1:';
const b64 = (b: Buffer) => b.toString('base64url');

/** What stands in a sealed message's columns once it is sent or discarded. */
export const BLANKED = '';

export function outboxSealer(appKeys: string[]) {
  if (appKeys.length === 0) throw new Error('outbox: no app key to seal code e-mails with (APP_KEYS)');
  // The first key seals; every key opens, so a message sealed before a key rotation can still be sent.
  const keys = appKeys.map((k) =>
    Buffer.from(hkdfSync('sha256', k, 'fie outbox', 'code e-mails at rest', 32)),
  );
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys[0]!, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(sealed)}`;
    },
    /** The text of a sealed value (a value that is not sealed is its own text). Throws when no key opens it. */
    open(value: string): string {
      if (!value.startsWith(PREFIX)) return value;
      const [iv, tag, sealed] = value
        .slice(PREFIX.length)
        .split('.')
        .map((p) => Buffer.from(p, 'base64url'));
      for (const key of keys) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, iv!);
          decipher.setAuthTag(tag!);
          return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
        } catch {
          // another key, perhaps
        }
      }
      throw new Error('this code e-mail was sealed with an app key that is no longer set');
    },
    isSealed: (value: string | null | undefined) => typeof value === 'string' && value.startsWith(PREFIX),
  };
}
