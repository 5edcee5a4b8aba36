import { BlockList, isIP } from 'node:net';

/** Peers trusted to say who the client is when TRUSTED_PROXIES is unset: the site on this machine. */
export const DEFAULT_TRUSTED_PROXIES = '127.0.0.1,::1';

/**
 * The request headers in which a proxy says who the client is and how it connected. Only a trusted
 * peer may send them; from anyone else they are dropped before Koa, Strapi or a throttle reads them.
 */
export const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
];

/** An IPv4 address written as IPv6 (a dual-stack socket's view of an IPv4 peer), as IPv4. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * The peers named by TRUSTED_PROXIES: comma-separated addresses or CIDR ranges, or `none`.
 * Throws with a line naming the entry that is neither.
 */
export function trustedProxies(setting: string | undefined): {
  trusts(address: string | undefined): boolean;
  entries: string[];
} {
  const text = setting === undefined || setting.trim() === '' ? DEFAULT_TRUSTED_PROXIES : setting.trim();
  const list = new BlockList();
  const entries =
    text === 'none'
      ? []
      : text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    const prefix = bits === undefined ? undefined : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (!family || extra !== undefined || (prefix !== undefined && !(prefix <= (family === 6 ? 128 : 32)))) {
      throw new Error(
        `TRUSTED_PROXIES entry '${entry}' is not an IP address or CIDR range (e.g. 127.0.0.1,::1,10.0.0.0/8, or none)`,
      );
    }
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return {
    entries,
    trusts(address) {
      if (!address) return false;
      const plain = unmapped(address);
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
