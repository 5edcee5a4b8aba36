import { siteUrl } from '../../../../../shared/site-url';

/** Where the site empties its page cache: SITE_CACHE_PURGE_URL, else SITE_URL + /_cache/purge. */
export function siteCachePurgeUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SITE_CACHE_PURGE_URL || `${siteUrl()}/_cache/purge`).trim();
}

/** The secret the site checks on a purge; without one the site refuses purges (404). */
export function purgeToken(env: NodeJS.ProcessEnv = process.env): string {
  return env.CACHE_PURGE_TOKEN?.trim() ?? '';
}
