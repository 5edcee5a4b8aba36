import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import { MESSAGES, MIN_SEARCH_LETTERS, searchLetters } from '@fie/domain';
import { searchGate } from '../api/property/catalogue/search-gate';
import { requestNetwork } from '../shared/client-network';
import { trustedProxies } from '../shared/trusted-proxies';
import { answerBeforeKoa, readBeforeKoa } from './listing-before-koa';

/**
 * The public listing's text searches, refused cheaply: a search under the floor
 * (publicListingQuerySchema: at least 3 letters or digits) answers 400, and, while the search gate
 * would refuse this visitor's search (the visitor holds its budget of places, or every place is taken,
 * the queue is full and it would displace nobody: search-gate.ts), the search answers 429 with
 * Retry-After. The controller and the listing apply the same rules; this only makes refusing cheap,
 * because refusing is what a flood of searches costs. The full way through Koa and Strapi took about
 * half a millisecond of the process's one thread per request, and ordinary visitors waited behind
 * them (the adversarial probe of bench:api: their p95 at twice its quiet value). So the check runs in
 * the HTTP server, before Koa makes a context. The answers have Strapi's error shape with the
 * top-level `message`, as every other 4xx of the API.
 */
/** The public listing with a query, as the router matches it (with or without a trailing slash). */
const LISTING = /^\/api\/products\/?\?/;
const FIELDS = [
  ['search', MESSAGES.searchTooShort],
  ['location', MESSAGES.locationTooShort],
] as const;

const answer = (status: number, name: string, message: string, details: object = {}) =>
  JSON.stringify({ message, data: null, error: { status, name, message, details } });
const tooShort = new Map(FIELDS.map(([, message]) => [message, answer(400, 'ValidationError', message)]));

/**
 * What to answer a public listing request with this query string, from this visitor (a client's
 * network), instead of reading it, or null to read it.
 */
export function listingSearchRefusal(
  query: string,
  visitor: string,
): { status: number; body: string; retryAfter?: number } | null {
  const params = new URLSearchParams(query);
  const approval = params.get('approval');
  if (approval !== null && approval !== 'approved') return null;
  let searching = false;
  for (const [field, message] of FIELDS) {
    const value = params.get(field)?.trim();
    if (value && searchLetters(value) < MIN_SEARCH_LETTERS)
      return { status: 400, body: tooShort.get(message)! };
    searching ||= Boolean(value);
  }
  if (searching && searchGate.refuses(visitor)) {
    const busy = searchGate.busy();
    return {
      status: 429,
      body: answer(429, 'RateLimitError', busy.message, { retryAfter: busy.retryAfterSeconds }),
      retryAfter: busy.retryAfterSeconds,
    };
  }
  return null;
}

/**
 * Puts the check in front of Koa on the cms's HTTP server (in register, before it listens), and the
 * plain public listing's and map's answers after it (listing-before-koa.ts).
 */
export function guardListingSearches(strapi: Core.Strapi): void {
  const server = strapi.server.httpServer;
  const trusted = trustedProxies(process.env.TRUSTED_PROXIES);
  const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  const passOn = (req: IncomingMessage, res: ServerResponse) => {
    for (const handle of handlers) handle(req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const read = readBeforeKoa(req);
    const listing = req.method === 'GET' ? LISTING.exec(req.url ?? '') : null;
    if (!listing && !read) return passOn(req, res);
    const visitor = requestNetwork(req, trusted);
    const refusal = listing ? listingSearchRefusal(req.url!.slice(listing[0].length), visitor) : null;
    if (!refusal) {
      if (!read) return passOn(req, res);
      answerBeforeKoa(strapi, read, req, res, visitor, () => passOn(req, res)).catch((error: unknown) => {
        strapi.log.error(error);
        if (!res.headersSent) passOn(req, res);
      });
      return;
    }
    res.writeHead(refusal.status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...(refusal.retryAfter ? { 'retry-after': String(refusal.retryAfter) } : {}),
    });
    res.end(refusal.body);
  });
}
