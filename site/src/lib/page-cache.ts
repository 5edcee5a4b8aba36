import type { AstroGlobal } from 'astro';

/**
 * Marks a page as the same for every visitor, so the site's server may keep it (see server/page-cache.mjs)
 * for `seconds`. Browsers always revalidate (max-age=0) and get a 304 when nothing changed.
 */
export function cachePublicly(astro: Pick<AstroGlobal, 'response'>, seconds = 30): void {
  astro.response.headers.set('Cache-Control', `public, max-age=0, s-maxage=${seconds}`);
}

/**
 * The page's content could not be had from the cms (it is down, or its database is): 503 with
 * Retry-After, the "temporarily unavailable" answer, never kept. (The site's server still answers
 * with the copy it cached before, while it has one: stale-if-error, server/capture.mjs.)
 */
export function markUnavailable(astro: Pick<AstroGlobal, 'response'>): void {
  astro.response.status = 503;
  astro.response.headers.set('Retry-After', '30');
  neverCache(astro);
}

/** Pages that depend on who is asking, or on a form post: never kept. */
export function neverCache(astro: Pick<AstroGlobal, 'response'>): void {
  astro.response.headers.set('Cache-Control', 'private, no-store');
}
