// The directives of every page's Content-Security-Policy besides script-src and style-src: Astro
// sends them with its build-time script hashes (astro.config.mjs), and the server uses them for an
// HTML answer Astro did not render (security-headers.mjs).
export const PAGE_DIRECTIVES = [
  "default-src 'self'",
  // Staff may add a listing's photos by URL, so images come from any https address.
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  // The contact page's map.
  'frame-src https://www.openstreetmap.org',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];
