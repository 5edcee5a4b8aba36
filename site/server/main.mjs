#!/usr/bin/env node
// The site's HTTP server. In order: trusted request headers (request-trust.mjs), built client
// files, the cms proxy for /api and /uploads (streamed, before anything buffers), then the page
// cache, then Astro (middleware mode). The signed /preview route (preview.mjs) renders drafts for the
// cms's panel, beside the page cache, never through it. Astro's standalone server neither compresses nor caches;
// this does both, adds the security headers, and answers the cms webhook that purges the cache.
import { createServer } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { captureResponse } from './capture.mjs';
import { EncodedBody, PageCache, sharedMaxAge } from './page-cache.mjs';
import { createStaticFiles } from './static-files.mjs';
import { createCmsProxy, isCmsPath, isUnambiguousPath } from './cms-proxy.mjs';
import { createRequestTrust } from './request-trust.mjs';
import { createPurgeBus } from './purge-bus.mjs';
import { createThreadEvents } from './thread-events.mjs';
import { NON_PAGE_POLICY, applyContentPolicy, baseSecurityHeaders } from './security-headers.mjs';
import { mapTileSettings } from './map-tiles.mjs';
import { islandStyleInHead } from './island-styles.mjs';
import { DRAFT_READ_HEADER, PREVIEW_HEADER, applyPreviewHeaders, verifyPreviewLink } from './preview.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.env.SITE_DIST_DIR ?? join(here, '..', 'dist');

// Astro's node adapter would start its own server in standalone mode; ours is in middleware mode.
const { handler: astro } = await import(join(dist, 'server', 'entry.mjs'));
const cache = new PageCache({ maxSeconds: Number(process.env.PAGE_CACHE_SECONDS ?? 30) });
const purgeToken = process.env.CACHE_PURGE_TOKEN?.trim() || '';
let staleLogged = 0;
// Several site processes: a purge received by one reaches all of them through Redis (purge-bus.mjs).
const purgeBus = createPurgeBus({
  redisUrl: process.env.REDIS_URL?.trim() || undefined,
  secret: purgeToken,
  onPurge: () => cache.clear(),
});
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const trust = createRequestTrust({
  siteUrl: process.env.SITE_URL,
  host,
  port,
  behindProxy: process.env.SITE_BEHIND_PROXY === 'true',
});
// Conversations' live events: one connection to the cms per process, fanned out to the browsers.
const threadEvents = createThreadEvents({
  cmsUrl: (process.env.CMS_URL ?? 'http://127.0.0.1:1337').replace(/\/+$/, ''),
  secret: purgeToken,
});
const proxyToCms = createCmsProxy({
  cmsUrl: (process.env.CMS_URL ?? 'http://127.0.0.1:1337').replace(/\/+$/, ''),
});
const securityHeaders = baseSecurityHeaders({ https: trust.https });
// Read now, at start: a bad template stops the start here with its message.
const mapTiles = mapTileSettings();
// Shared with the cms: it signs the panel's preview links with it. Unset: /preview answers 404.
const previewSecret = process.env.PREVIEW_SECRET?.trim() || '';
// The cms's address as a browser sees it (its admin panel): the only page that may frame a preview.
const previewFramer = new URL(
  process.env.CMS_PUBLIC_URL?.trim() || process.env.CMS_URL || 'http://127.0.0.1:1337',
).origin;
// A preview answer's own headers replace the site's "frame by no one" and referrer policy.
const previewBaseHeaders = Object.fromEntries(
  Object.entries(securityHeaders).filter(([name]) => name !== 'x-frame-options'),
);
const serveStatic = createStaticFiles(join(dist, 'client'), {
  ...securityHeaders,
  'content-security-policy': NON_PAGE_POLICY,
});
// Methods the site answers; anything else (TRACE, CONNECT, WebDAV verbs…) is refused up front.
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const SIGN_IN_RETURN = /[?&]token=/;
/** The request's address for a log line, without a query that could carry a token. */
const loggable = (url) => (SIGN_IN_RETURN.test(url ?? '') ? `${String(url).split('?')[0]}?…` : url);

const HOP_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'];

/** A rendered answer's body, finished: a page gets Astro's island style in its head (island-styles.mjs). */
const finished = (headers, body) =>
  /^text\/html\b/i.test(String(headers['content-type'] ?? '')) ? islandStyleInHead(body) : body;

function tokenMatches(header) {
  const given = Buffer.from(String(header ?? '').replace(/^Bearer\s+/i, ''));
  const wanted = Buffer.from(purgeToken);
  return wanted.length > 0 && given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Sends an answer in the encoding the client accepts (`body`, an EncodedBody, compresses it then,
 * off the event loop, and a cached page keeps that encoding for the next client).
 */
async function send(
  req,
  res,
  { status, statusMessage, headers, body: encoded, etag },
  base = securityHeaders,
) {
  const out = { ...base, ...headers };
  for (const h of HOP_HEADERS) delete out[h];
  if (etag) {
    out.etag = etag;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, {
        etag,
        'cache-control': out['cache-control'] ?? 'no-cache',
        vary: 'Accept-Encoding',
      });
      res.end();
      return;
    }
  }
  const encoding = encoded.encodingFor(req.headers['accept-encoding']);
  const body = await encoded.bytes(encoding);
  if (encoded.compressible) out.vary = out.vary ? `${out.vary}, Accept-Encoding` : 'Accept-Encoding';
  if (encoding !== 'identity') out['content-encoding'] = encoding;
  out['content-length'] = body.length;
  if (statusMessage) res.writeHead(status, statusMessage, out);
  else res.writeHead(status, out);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A request that failed (rendering, or compressing its answer): a plain 500, if nothing was sent yet. */
function failedToSend(req, res, error) {
  console.error(`site: ${req.method} ${loggable(req.url)} failed`, error);
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Something went wrong. Please try again.');
}

function refuse(res, status, message, extra = {}) {
  res.writeHead(status, {
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(JSON.stringify({ message }));
}

async function handle(req, res) {
  const url = req.url ?? '/';
  const pathname = url.split('?')[0];
  if (!KNOWN_METHODS.has(req.method ?? ''))
    return refuse(res, 405, 'Method not allowed', { allow: [...KNOWN_METHODS].join(', ') });
  // Before anything routes on the path: /api/../admin must not reach the cms's panel API.
  if (!isUnambiguousPath(pathname)) return refuse(res, 400, 'This address is not valid.');
  trust.normalise(req);
  // Only this server says a render is a preview, and only the site's renderer signs draft reads.
  delete req.headers[PREVIEW_HEADER];
  delete req.headers[DRAFT_READ_HEADER];

  if (pathname === '/_health') {
    res.writeHead(204).end();
    return;
  }
  if (pathname === '/_cache/purge') {
    if (!purgeToken) return refuse(res, 404, 'Not found');
    if (req.method !== 'POST') return refuse(res, 405, 'Use POST', { allow: 'POST' });
    if (!tokenMatches(req.headers.authorization)) return refuse(res, 401, 'Invalid purge token');
    req.resume();
    const purged = cache.clear();
    // `processes`: how many site processes heard it through Redis (this one included); without Redis, 1.
    const processes = purgeBus.shared ? await purgeBus.broadcast() : 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ purged, processes }));
    return;
  }
  if (pathname === '/preview') return servePreview(req, res, url);
  if (serveStatic(req, res, pathname)) return;
  if (pathname === '/api/threads/events') return threadEvents.handle(req, res);
  if (isCmsPath(pathname)) return proxyToCms(req, res);

  // A social sign-in return carries a session token in the query: such a page is never cached,
  // never sent as a referrer, and its address never logged.
  const carriesToken = SIGN_IN_RETURN.test(url);
  const cacheable = (req.method === 'GET' || req.method === 'HEAD') && !carriesToken;
  if (cacheable) {
    const hit = cache.get(url);
    if (hit) return send(req, res, hit);
  }
  captureResponse(res, ({ status, statusMessage, headers, body: rendered }) => {
    applyContentPolicy(headers, { https: trust.https, tileOrigin: mapTiles.origin });
    const body = finished(headers, rendered);
    if (carriesToken)
      Object.assign(headers, { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    // The render failed (the cms is down or erring) but this page was cached before: that copy, for
    // now, rather than an error page (stale-if-error). Never cached again as fresh.
    const stale = cacheable && status >= 500 ? cache.stale(url) : undefined;
    if (stale) {
      if (Date.now() - staleLogged > 30_000) {
        staleLogged = Date.now();
        console.error(
          `site: rendering ${pathname} answered ${status}; serving the copy cached before (and so on while renders fail)`,
        );
      }
      return void send(req, res, {
        ...stale,
        headers: { ...stale.headers, 'cache-control': 'no-cache' },
      }).catch((error) => failedToSend(req, res, error));
    }
    const maxAge =
      cacheable && !headers['set-cookie'] && (status === 200 || status === 404)
        ? sharedMaxAge(headers['cache-control'])
        : 0;
    const entry = maxAge > 0 ? cache.set(url, { status, headers, body, maxAge }) : undefined;
    // Compressed for this answer only, in the one encoding this client takes.
    const answer = entry ?? {
      status,
      statusMessage,
      headers,
      body: new EncodedBody(body, headers['content-type'], { kept: false }),
    };
    send(req, res, answer).catch((error) => failedToSend(req, res, error));
  });
  await astro(req, res);
}

/**
 * The cms panel's preview: a signed link renders its page with the drafts (or the published copy),
 * beside the page cache (never read from it, never stored in it), and answers no-store, noindex and
 * frameable by the cms's panel only.
 */
async function servePreview(req, res, url) {
  if (!previewSecret) return refuse(res, 404, 'Not found');
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return refuse(res, 405, 'Use GET', { allow: 'GET, HEAD' });
  const link = verifyPreviewLink(new URL(url, 'http://site.invalid').searchParams, previewSecret);
  if (!link.ok) {
    const headers = applyPreviewHeaders(
      {
        ...previewBaseHeaders,
        'content-type': 'text/plain; charset=utf-8',
        'content-security-policy': "default-src 'none'",
      },
      { frameAncestor: previewFramer },
    );
    res.writeHead(link.code, headers);
    res.end(req.method === 'HEAD' ? undefined : link.message);
    return;
  }
  // A French or Spanish page is rendered at its English path with its language given: an address
  // rewrite would lose the render's preview scope (src/middleware.ts).
  const prefixed = /^\/(fr|es)(?=\/|$)/.exec(link.path);
  req.url = prefixed ? link.path.slice(prefixed[0].length) || '/' : link.path;
  captureResponse(res, ({ status, statusMessage, headers, body: rendered }) => {
    applyContentPolicy(headers, { https: trust.https, tileOrigin: mapTiles.origin });
    const body = finished(headers, rendered);
    applyPreviewHeaders(headers, { frameAncestor: previewFramer });
    delete headers['set-cookie'];
    send(
      req,
      res,
      {
        status,
        statusMessage,
        headers,
        body: new EncodedBody(body, headers['content-type'], { kept: false }),
      },
      previewBaseHeaders,
    ).catch((error) => failedToSend(req, res, error));
  });
  await astro(req, res, undefined, {
    preview: link.status,
    ...(prefixed ? { language: prefixed[1] } : {}),
  });
}

const server = createServer((req, res) => {
  handle(req, res).catch((error) => failedToSend(req, res, error));
});
server.keepAliveTimeout = 65_000;

server.listen(port, host, () => console.log(`site: listening on http://${host}:${port}`));

const stop = () => {
  threadEvents.close();
  server.close(() => purgeBus.close().finally(() => process.exit(0)));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
