import { createHmac, hkdfSync } from 'node:crypto';

// What a report keeps of the network address that sent it: an HMAC with a key derived from the app's
// keys, so reports from one address can be told apart from reports from many without the address
// itself ever being stored (nor found again from the hash by trying every address). Made with the
// first key only: after a key rotation an address counts as a new reporter, which costs at most one
// extra reporter per listing.

export function reporterHasher(appKeys: string[]): (address: string) => string {
  if (appKeys.length === 0) throw new Error('reports: no app key to hash reporters with (APP_KEYS)');
  const key = Buffer.from(hkdfSync('sha256', appKeys[0]!, 'fie reports', 'listing reporter addresses', 32));
  return (address) =>
    createHmac('sha256', key).update(`reporter:${address}`).digest('base64url').slice(0, 32);
}
