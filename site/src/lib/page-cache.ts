import type { AstroGlobal } from 'astro';

/**
 * Marks a page as the same for every visitor, so the site's server may keep it (see server/page-cache.mjs)
 * for `seconds`. Browsers always revalidate (max-age=0) and get a 304 when nothing changed.
 */
export function cachePublicly(astro: Pick<AstroGlobal, 'response'>, seconds = 30): void {
  astro.response.headers.set('Cache-Control', `public, max-age=0, s-maxage=${seconds}`);
}

/** Pages that depend on who is asking, or on a form post: never kept. */
export function neverCache(astro: Pick<AstroGlobal, 'response'>): void {
  astro.response.headers.set('Cache-Control', 'private, no-store');
}
