import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Context } from './context';

// Every per-address count (sign-in, codes, reports, leads, the newsletter, the panel's sign-in) counts
// a client's network rather than its exact address. An IPv4 address is one subscriber's (or one
// carrier NAT's). An IPv6 subscriber is given a whole /64 at least, and picks any address in it at
// will: counted one by one, one home would be 2^64 reporters. So an IPv6 address counts by its /64.

/** The 8 groups of an IPv6 address (zone and embedded IPv4 tail understood), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * The network an address counts as: an IPv4 address itself (also when written as an IPv4-mapped
 * IPv6 address, as a dual-stack socket reports it), an IPv6 address's /64 (`2001:db8:1:2::/64`).
 * Anything else is answered as given, so it still counts as itself.
 */
export function networkOf(address: string): string {
  const text = address.trim();
  if (isIP(text) === 4) return text;
  if (isIP(text.split('%')[0]!) !== 6) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  // ::ffff:a.b.c.d, an IPv4 client seen through an IPv6 socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The network of the request's client, as the trusted-proxies middleware and server.proxy found it. */
export const clientNetwork = (ctx: Context): string => networkOf(ctx.request.ip);

/**
 * The network of a request's client before Koa has seen it (the HTTP server's own handlers), found as
 * Koa finds `ctx.request.ip` under server.proxy with one hop: the last X-Forwarded-For entry where the
 * peer is one of `trusted` (TRUSTED_PROXIES: the site, which writes the visitor's address there on its
 * proxy and on its own server-side reads), otherwise the socket's peer, whatever the headers claim.
 */
export function requestNetwork(
  req: IncomingMessage,
  trusted: { trusts(address: string | undefined): boolean },
): string {
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = trusted.trusts(peer) ? req.headers['x-forwarded-for'] : undefined;
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
  return networkOf(last ?? peer);
}
