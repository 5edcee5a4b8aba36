import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { IMAGE_MAX_BYTES } from '@fie/domain';

/**
 * Fetches an image a staff member typed the address of, for the cms to keep as its own media. The
 * cms fetches it from inside the network it runs in, so the address must not lead anywhere a
 * visitor could not reach: a private, loopback, link-local (cloud metadata at 169.254.169.254),
 * shared or reserved address is refused, after DNS resolution and for every redirect, and the
 * connection is made to the very address that was checked (no second lookup to rebind). At most
 * IMAGE_MAX_BYTES, 3 redirects and 15 s in all. IMAGE_IMPORT_ALLOW_LOOPBACK=true lets tests serve images
 * from this machine; production start-up refuses it.
 */

export class RemoteImageError extends Error {}

const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
// IPv6: unspecified and loopback, IPv4-compatible (::a.b.c.d), NAT64 (which reaches IPv4 behind it),
// discard, documentation, 6to4 (2002::/16 embeds an IPv4 address), unique local, link-local, the old
// site-local and multicast.
for (const [net, bits] of [
  ['::', 96],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const MAX_REDIRECTS = 3;
/** The whole fetch, redirects and body included: a server that trickles a byte at a time ends too. */
const TIMEOUT_MS = 15_000;

const allowLoopback = () =>
  process.env.NODE_ENV !== 'production' && process.env.IMAGE_IMPORT_ALLOW_LOOPBACK === 'true';

/** Whether the cms may connect to `address` to fetch an image. */
export function publicAddress(address: string, loopbackAllowed = allowLoopback()): boolean {
  // An IPv4 address written as IPv6 is judged as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 0) return false;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (loopbackAllowed && LOOPBACK.check(plain, type)) return true;
  return !NOT_PUBLIC.check(plain, type);
}

/** DNS resolution that answers only public addresses (the connection then uses the one checked). */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as unknown as Array<{ address: string; family: number }>;
    const usable = list.find((a) => publicAddress(a.address));
    if (!usable) return callback(new RemoteImageError('its address is on a private network'), '', 0);
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        usable,
      ]);
    callback(null, usable.address, usable.family);
  });
};

function get(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !publicAddress(host))
      return reject(new RemoteImageError('its address is on a private network'));
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        lookup: checkedLookup,
        headers: { accept: 'image/jpeg, image/png, image/webp', 'user-agent': 'FieHomes-image-import' },
        signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

const tooLong = () => new RemoteImageError('it took too long to arrive');

/** The bytes of the image at `address` (http or https), or a RemoteImageError saying why not. */
export async function fetchRemoteImage(address: string): Promise<Buffer> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let url = new URL(address);
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new RemoteImageError('it is not an http or https address');
    let res: IncomingMessage;
    try {
      res = await get(url, signal);
    } catch (error) {
      if (signal.aborted) throw tooLong();
      throw error instanceof RemoteImageError ? error : new RemoteImageError('it could not be reached');
    }
    const status = res.statusCode ?? 0;
    if ([301, 302, 303, 307, 308].includes(status) && res.headers.location) {
      res.resume();
      if (redirects >= MAX_REDIRECTS) throw new RemoteImageError('it redirects too many times');
      try {
        url = new URL(res.headers.location, url);
      } catch {
        throw new RemoteImageError('it redirects to an address that is not valid');
      }
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new RemoteImageError(`its server answered ${status}`);
    }
    if (Number(res.headers['content-length']) > IMAGE_MAX_BYTES) {
      res.destroy();
      throw new RemoteImageError('it is larger than 10 MB');
    }
    return new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > IMAGE_MAX_BYTES) {
          // Said first: destroying the response reports it as cut off.
          reject(new RemoteImageError('it is larger than 10 MB'));
          res.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', () =>
        reject(signal.aborted ? tooLong() : new RemoteImageError('it could not be read to the end')),
      );
      res.on('aborted', () =>
        reject(signal.aborted ? tooLong() : new RemoteImageError('it could not be read to the end')),
      );
    });
  }
}
