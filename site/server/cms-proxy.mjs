// /api/* and /uploads/* go to the cms, so the browser talks to one origin. This runs before Astro
// and the page cache, with http-proxy-3 streaming both bodies: nothing is buffered, so the cms's
// own body limits apply (a 10 MB photo passes, a larger body gets the cms's 413). The request's
// Host and X-Forwarded-* headers were already rewritten to trusted values (request-trust.mjs).
//
// Compression happens once, here, and only in the encoding the client asked for: the cms sends
// plain bodies, and images (already compressed) pass untouched.
import { Agent } from 'node:http';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import httpProxy from 'http-proxy-3';
import { MESSAGES } from '@fie/domain';
import { isCompressible, pickEncoding } from './page-cache.mjs';

const UNAVAILABLE = JSON.stringify({ message: MESSAGES.serviceUnavailable });
// Small answers are not worth a compressor's set-up; a body of unknown length is compressed.
const MIN_COMPRESS_BYTES = 1024;
const BOTH_ENCODINGS = { identity: true, br: true, gzip: true };
const IMAGE_TYPE = /^image\/(jpeg|png|webp|avif|gif)\b/i;
// Well inside the time the cms keeps an idle connection open (65 s, cms/config/server.ts; Node's
// default, which any other server in its place may have, is 5 s).
export const IDLE_CONNECTION_MS = 4_000;

/**
 * Headers this hop guarantees whatever the cms sent: nothing it relays is sniffed into another
 * type, and a file under /uploads that is not an image (only images are ever stored, but a file
 * could predate that rule) is never rendered on our origin: it downloads, sandboxed. An uploaded
 * image may be shown by other sites (the alert e-mails' listing photos, read in webmail, and link
 * previews); nothing else relayed may be embedded by another site.
 */
function guardHeaders(req, headers) {
  headers['x-content-type-options'] = 'nosniff';
  const upload = req.url?.startsWith('/uploads/') ?? false;
  const image = IMAGE_TYPE.test(String(headers['content-type'] ?? ''));
  headers['cross-origin-resource-policy'] = upload && image ? 'cross-origin' : 'same-origin';
  if (upload && !image) {
    headers['content-security-policy'] = "default-src 'none'; sandbox";
    headers['content-disposition'] = 'attachment';
  }
}

export function isCmsPath(pathname) {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/');
}

// A dot segment, an encoded dot, slash or back-slash, or a back-slash itself: spellings that a
// later hop (the proxy's URL handling, the cms's router) could resolve into another path than the
// one tested here, such as /api/../admin reaching the cms's admin panel API. No page or file of
// ours is named that way, so they are refused outright rather than normalised.
const AMBIGUOUS_PATH = /(^|\/)\.{1,2}(\/|$)|%2e|%2f|%5c|\\/i;
// Only printable ASCII, no '#': the URL parser the proxy rebuilds the path with drops tabs and line
// breaks before it resolves dot segments (`/api/.<tab>./admin` is /admin to it), and a fragment
// never belongs in a request.
const PLAIN_PATH = /^[\x21-\x22\x24-\x7e]*$/;

/**
 * Whether a request's raw path (before `?`) may be served at all: false for any path a later hop
 * could read differently. Checked before the path decides between the cms and the pages; as a last
 * wall, the path must be what the URL parser makes of it.
 */
export function isUnambiguousPath(pathname) {
  if (
    !pathname.startsWith('/') ||
    pathname.startsWith('//') ||
    !PLAIN_PATH.test(pathname) ||
    AMBIGUOUS_PATH.test(pathname)
  )
    return false;
  try {
    return new URL(pathname, 'http://site.invalid').pathname === pathname;
  } catch {
    return false;
  }
}

function compressorFor(encoding) {
  // The fastest settings: each answer is compressed per request, on the same cores as the cms.
  // Measured on the listing (15 KB of JSON): brotli 1 gives 2.9 KB at about 0.75 of the cms's
  // req/s, brotli 4 gives 2.4 KB at about 0.6 (docs/benchmarks.md). Half a kilobyte is not worth a
  // quarter of the throughput; pages, compressed once and cached, use the highest settings.
  if (encoding === 'br') return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
  return createGzip({ level: 1 });
}

function wantsCompression(req, proxyRes) {
  const headers = proxyRes.headers;
  if (req.method === 'HEAD' || headers['content-encoding'] || !isCompressible(headers['content-type']))
    return false;
  if (proxyRes.statusCode === 204 || proxyRes.statusCode === 304) return false;
  const length = Number(headers['content-length']);
  return !(Number.isFinite(length) && length < MIN_COMPRESS_BYTES);
}

/**
 * @param {{ cmsUrl: string, timeoutMs?: number }} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function createCmsProxy({ cmsUrl, timeoutMs = 120_000 }) {
  const proxy = httpProxy.createProxyServer({
    target: cmsUrl,
    // Keep-alive connections to the cms: a new TCP connection per call cost more than the call.
    // `timeout` closes a connection left idle for IDLE_CONNECTION_MS (sooner when the cms's
    // Keep-Alive header asks): without it Node keeps an idle connection until the cms drops it, and a
    // call sent as the cms drops it fails (ECONNRESET, a 503 here). On a loaded machine that
    // happened to a seeker's code check, sent a few seconds after the code was asked for.
    agent: new Agent({
      keepAlive: true,
      maxSockets: 256,
      keepAliveMsecs: 10_000,
      timeout: IDLE_CONNECTION_MS,
    }),
    xfwd: false,
    changeOrigin: false,
    proxyTimeout: timeoutMs,
    selfHandleResponse: true,
  });

  proxy.on('proxyRes', (proxyRes, req, res) => {
    // The cms hung up half-way through its answer: the client must not wait for the rest.
    proxyRes.on('aborted', () => res.destroy());
    proxyRes.on('error', () => res.destroy());
    const headers = { ...proxyRes.headers };
    // http-proxy would pass these through; we decide them for our hop.
    delete headers.connection;
    delete headers['keep-alive'];
    delete headers['transfer-encoding'];
    guardHeaders(req, headers);
    if (!wantsCompression(req, proxyRes)) {
      res.writeHead(proxyRes.statusCode ?? 502, proxyRes.statusMessage, headers);
      proxyRes.pipe(res);
      return;
    }
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    const encoding = pickEncoding(req.headers['accept-encoding'], BOTH_ENCODINGS);
    if (encoding === 'identity') {
      res.writeHead(proxyRes.statusCode ?? 502, proxyRes.statusMessage, headers);
      proxyRes.pipe(res);
      return;
    }
    delete headers['content-length'];
    headers['content-encoding'] = encoding;
    res.writeHead(proxyRes.statusCode ?? 502, proxyRes.statusMessage, headers);
    const compressor = compressorFor(encoding);
    compressor.on('error', () => res.destroy());
    proxyRes.pipe(compressor).pipe(res);
  });

  // Every failure is logged (the 503's cause is seen in the site's log, not only in the browser),
  // at most one line every 5 s while the cms is away, with how many were not printed.
  let loggedAt = 0;
  let unlogged = 0;
  const logFailure = (error, req) => {
    if (Date.now() - loggedAt < 5_000) {
      unlogged += 1;
      return;
    }
    const more = unlogged > 0 ? ` (and ${unlogged} more since the last line)` : '';
    loggedAt = Date.now();
    unlogged = 0;
    // The path only: a query may carry a sign-in code.
    const path = String(req.url ?? '').split('?')[0];
    console.error(
      `site: proxying ${req.method} ${path} to the cms failed: ${error?.code ?? ''} ${error?.message ?? error}; answered 503${more}`,
    );
  };

  /** The cms could not be reached: 503, "temporarily unavailable", with Retry-After. Once an answer has begun, it goes on. */
  const failed = (error, req, res) => {
    if (!('writeHead' in res) || res.headersSent) return;
    logFailure(error, req);
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '30',
    });
    res.end(UNAVAILABLE);
  };
  proxy.on('error', failed);

  return (req, res) => proxy.web(req, res, {}, failed);
}
