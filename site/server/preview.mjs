// The signed preview route, /preview?path=…&status=draft|published&expires=…&sig=…, that the cms's
// admin panel opens in its "Open preview" frame (cms/src/http/site-preview.ts makes the links).
//
// The link is signed with PREVIEW_SECRET (HMAC-SHA256 over the path, the status and the expiry), so
// only the cms can make one. A good link renders `path` with the cms's drafts (src/middleware.ts and
// src/lib/preview.ts carry the status to the cms client); the answer is never put in the page cache,
// never kept by a browser or proxy, never indexed, and only the cms's panel may frame it.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header main.mjs hands the verified status to Astro in; any copy a client sends is dropped. */
export const PREVIEW_HEADER = 'x-fie-preview';
/** The cms's draft-read header (src/lib/preview.ts signs it); never accepted from a client. */
export const DRAFT_READ_HEADER = 'x-fie-draft-read';
/**
 * The latest expiry a link may carry: the cms signs them for 30 minutes, so a link that claims to
 * last longer was not made by it as it is now. A minute more allows for the two machines' clocks.
 */
export const MAX_LINK_SECONDS = 30 * 60 + 60;

export const previewLinkPayload = (path, status, expires) => `preview\n${path}\n${status}\n${expires}`;
const hmac = (secret, payload) => createHmac('sha256', secret).update(payload, 'utf8').digest('base64url');

/** A preview link as the cms makes it (for tests and tools). */
export function signPreviewLink({ path, status, secret, expires }) {
  const query = new URLSearchParams({
    path,
    status,
    expires: String(expires),
    sig: hmac(secret, previewLinkPayload(path, status, expires)),
  });
  return `/preview?${query}`;
}

// A page of this site: one absolute path, no scheme, host, back-slash or control character, and
// not one of the server's own endpoints.
const SITE_PATH = /^\/(?!\/)[^\\\s]*$/;
const NOT_PAGES = /^\/(preview|api|uploads|_cache|_health|_astro)(\/|\?|$)/;

/**
 * Checks a preview link's query. Returns `{ ok: true, path, status }`, or `{ ok: false, code, message }`
 * with the 4xx to answer.
 * @param {URLSearchParams} query
 * @param {string} secret
 * @param {number} [now] milliseconds
 */
export function verifyPreviewLink(query, secret, now = Date.now()) {
  const path = query.get('path') ?? '';
  const status = query.get('status') ?? '';
  const expiresText = query.get('expires') ?? '';
  const sig = query.get('sig') ?? '';
  if (
    !SITE_PATH.test(path) ||
    NOT_PAGES.test(path) ||
    !['draft', 'published'].includes(status) ||
    !/^\d{1,12}$/.test(expiresText) ||
    !sig
  ) {
    return {
      ok: false,
      code: 400,
      message: 'This preview link is incomplete. Open the preview again from the admin panel.',
    };
  }
  const expires = Number(expiresText);
  const given = Buffer.from(sig);
  const wanted = Buffer.from(hmac(secret, previewLinkPayload(path, status, expires)));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    return {
      ok: false,
      code: 403,
      message: 'This preview link is not valid. Open the preview again from the admin panel.',
    };
  }
  const nowSeconds = Math.floor(now / 1000);
  if (expires < nowSeconds)
    return {
      ok: false,
      code: 410,
      message: 'This preview link has expired. Open the preview again from the admin panel.',
    };
  if (expires > nowSeconds + MAX_LINK_SECONDS)
    return {
      ok: false,
      code: 403,
      message: 'This preview link is not valid. Open the preview again from the admin panel.',
    };
  return { ok: true, path, status };
}

/**
 * The headers of every answer of the preview route (a plain object of lower-case headers), in place:
 * kept by no cache, indexed by no robot, its address sent to no other site, and framed only by the
 * cms's panel (`frameAncestor`, an origin) instead of by no one.
 */
export function applyPreviewHeaders(headers, { frameAncestor }) {
  headers['cache-control'] = 'no-store, private';
  headers['x-robots-tag'] = 'noindex, nofollow';
  headers['referrer-policy'] = 'no-referrer';
  delete headers['x-frame-options'];
  delete headers.etag;
  delete headers['last-modified'];
  const ancestors = `frame-ancestors ${frameAncestor}`;
  const policy = String(headers['content-security-policy'] ?? '');
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^frame-ancestors\b/i.test(d));
  headers['content-security-policy'] = [...directives, ancestors].join('; ');
  return headers;
}
