import type { Core } from '@strapi/strapi';
import { httpError } from '../../../../../shared/errors';
import { purgeToken, siteCachePurgeUrl } from './purge-address';

// The site answers a purge at once; a site that takes longer than this is not answering.
const SITE_TIMEOUT_MS = 10_000;

export const MESSAGES = {
  noToken:
    'The public site cannot be refreshed from here: CACHE_PURGE_TOKEN is not set on the cms. Pages still refresh by themselves after a short while.',
  unreachable:
    'The public site could not be reached, so nothing was refreshed. Pages still refresh by themselves after a short while; try again in a minute.',
  tokenRefused:
    'The public site refused the refresh: the cms and the site do not share the same CACHE_PURGE_TOKEN.',
  notOnSite:
    'The public site does not take refreshes at this address: set CACHE_PURGE_TOKEN on the site too, and check SITE_CACHE_PURGE_URL on the cms.',
  unexpected: 'The public site did not confirm the refresh. Try again in a minute.',
};

export function refreshedMessage(purged: number): string {
  return `The public site is refreshed: ${purged} ${purged === 1 ? 'page' : 'pages'} will be rendered again`;
}

export interface SiteRefresh {
  /** Pages the site had kept and will render again on their next visit. */
  purged: number;
  message: string;
}

/** Empties the site's page cache now, as a change to public content does (purge.service.ts). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async refreshNow(): Promise<SiteRefresh> {
    const token = purgeToken();
    if (!token) throw httpError(503, MESSAGES.noToken);
    const url = siteCachePurgeUrl();
    let answer: Response;
    try {
      // strapi.fetch: it goes through the proxy configured for the server, if any.
      answer = await strapi.fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        redirect: 'error',
        signal: AbortSignal.timeout(SITE_TIMEOUT_MS),
      });
    } catch (error) {
      strapi.log.warn(`[site-cache] ${url} did not answer a purge: ${(error as Error).message}`);
      throw httpError(503, MESSAGES.unreachable);
    }
    // The site answers 401 to a wrong token, and 404 when it has no token at all.
    if (answer.status === 401) throw httpError(503, MESSAGES.tokenRefused);
    if (answer.status === 404) throw httpError(503, MESSAGES.notOnSite);
    const body = (await answer.json().catch(() => null)) as { purged?: unknown } | null;
    const purged = body?.purged;
    if (!answer.ok || typeof purged !== 'number' || !Number.isInteger(purged) || purged < 0) {
      strapi.log.warn(`[site-cache] ${url} answered a purge with ${answer.status}`);
      throw httpError(503, MESSAGES.unexpected);
    }
    return { purged, message: refreshedMessage(purged) };
  },
});
