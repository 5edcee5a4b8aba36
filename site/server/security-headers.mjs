// The security headers of everything the site serves.
//
// Pages: Astro sends each rendered page's Content-Security-Policy, whose script-src lists the
// hashes of the scripts Astro emits and of our own inline constants, fixed at build time
// (astro.config.mjs). Hashes are never computed from a rendered page: that would allow-list a
// script an attacker managed to inject. Here the policy is finished: styles are relaxed to
// 'unsafe-inline' (the toast library injects <style> elements and a few elements carry style
// attributes; styles cannot run code), and an https site upgrades insecure requests.

import { PAGE_DIRECTIVES } from './page-directives.mjs';

/** For answers that are not pages (JSON, XML, text, images): nothing may run or frame them. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Headers every answer of the site carries, whatever it is. */
export function baseSecurityHeaders({ https }) {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
    // No other site may load a page, script or answer of ours as a subresource (an image, a script), so
    // a no-cors read of them from elsewhere is refused by the browser. Uploaded images, which alert
    // e-mails and link previews show on other origins, are `cross-origin` (cms-proxy.mjs). There is no
    // Cross-Origin-Embedder-Policy: it would block the map tiles and the photos linked from other
    // https addresses, which send no CORP of their own.
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * The map tiles' origin joins img-src unless `https:` there covers it already (a plain-http tile server,
 * such as the tests' local one): that origin and no other.
 */
const withTiles = (directive, tileOrigin) =>
  tileOrigin && !tileOrigin.startsWith('https:') && !directive.split(/\s+/).includes(tileOrigin)
    ? `${directive} ${tileOrigin}`
    : directive;

const finish = (directives, https, tileOrigin) =>
  directives
    .map((d) => (d.startsWith('style-src ') ? "style-src 'self' 'unsafe-inline'" : d))
    .map((d) => (d.startsWith('img-src ') ? withTiles(d, tileOrigin) : d))
    .concat(https ? ['upgrade-insecure-requests'] : [])
    .join('; ');

/**
 * Sets the Content-Security-Policy of a rendered answer (a plain object of lower-case headers), in
 * place: Astro's page policy finished as above; an HTML answer without one (the error page the
 * server writes itself) gets the page directives with no inline script allowed; anything else the
 * closed policy.
 */
/**
 * @param {Record<string, unknown>} headers
 * @param {{ https: boolean, tileOrigin?: string }} options `tileOrigin`: the map tiles' (map-tiles.mjs)
 */
export function applyContentPolicy(headers, { https, tileOrigin }) {
  const policy = headers['content-security-policy'];
  if (typeof policy === 'string' && policy.trim()) {
    headers['content-security-policy'] = finish(
      policy
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean),
      https,
      tileOrigin,
    );
  } else if (/^text\/html\b/i.test(String(headers['content-type'] ?? ''))) {
    headers['content-security-policy'] = finish(
      [...PAGE_DIRECTIVES, "script-src 'self'", "style-src 'self'"],
      https,
      tileOrigin,
    );
  } else {
    headers['content-security-policy'] = NON_PAGE_POLICY;
  }
  return headers;
}
