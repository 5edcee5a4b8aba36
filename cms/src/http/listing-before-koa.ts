import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import accepts from 'accepts';
import qs from 'qs';
import { publicListingQuerySchema, type ListingQuery } from '@fie/domain';
import { getService } from '../api/property/get-service';
import { listingHeaders } from '../api/property/catalogue/listing-headers';
import type { MapPointsResult } from '../api/property/catalogue/map-reader';
import { apiSecurityHeaders } from './middlewares-made-once';

/**
 * The public listing and its map, answered by the HTTP server ahead of Koa. A listing nobody asked for
 * lately (the long tail of filter mixes) spent most of the process's time outside the listing itself:
 * Koa's context, Strapi's middlewares one by one, the router trying every route the admin and plugins
 * register, the policies. Only the plain case is answered here, with the same body and headers Koa
 * would give (pinned by tests/integration/listing-before-koa.test.ts against Koa's own answers):
 * a valid public query, no Origin (CORS is Koa's), no staff `approval`. Everything else, and any
 * failure before the answer is written (bad input, the database away), goes through Koa as before,
 * which words the error in the reader's language.
 */

// As Strapi's `strapi::query` parses a query string (its defaults, which config/middlewares.ts keeps).
const QS = { strictNullHandling: true, arrayLimit: 100, depth: 20 } as const;

interface Answer {
  body: string | Buffer;
  headers: Record<string, string>;
}
type Read = (strapi: Core.Strapi, q: ListingQuery, visitor: string, req: IncomingMessage) => Promise<Answer>;

const listing: Read = async (strapi, q, visitor) => {
  const { json, ...page } = await getService(strapi, 'catalogue').list(q, 'approved', visitor);
  // Koa's cors (cors-only-with-origin.ts) and answer-language: the answer would differ by either.
  return { body: json, headers: { vary: 'Origin, Accept-Language', ...listingHeaders(q, page) } };
};

/** A map answer as the controller sends it: gzipped once with the kept answer when the caller takes gzip. */
async function mapAnswer(
  strapi: Core.Strapi,
  req: IncomingMessage,
  answer: MapPointsResult,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const vary = { vary: 'Origin, Accept-Encoding, Accept-Language' };
  if (accepts(req).encodings('gzip', 'identity') !== 'gzip')
    return { body: answer.json, headers: { ...headers, ...vary } };
  const body = await getService(strapi, 'listing-sql').mapPointsGzip(answer);
  return { body, headers: { ...headers, ...vary, 'content-encoding': 'gzip' } };
}

const READS: Record<string, Read> = {
  '/api/products': listing,
  '/api/products/': listing,
  '/api/products/map': async (strapi, q, visitor, req) => {
    const points = await getService(strapi, 'catalogue').mapPoints(q, visitor);
    return mapAnswer(strapi, req, points, {
      'X-Has-More': String(points.hasMore),
      'Access-Control-Expose-Headers': 'X-Has-More',
    });
  },
  '/api/products/map/clusters': async (strapi, q, visitor, req) =>
    mapAnswer(strapi, req, await getService(strapi, 'catalogue').mapClusters(q, visitor)),
};

/** How many answers this process wrote ahead of Koa (for its tests: proof the way was taken). */
export const beforeKoa = { answered: 0 };

/** What the HTTP server answers itself: the path's read, or undefined to leave the request to Koa. */
export function readBeforeKoa(req: IncomingMessage): Read | undefined {
  const url = req.url ?? '';
  const mark = url.indexOf('?');
  // A NUL (%00) is Koa's to refuse with 400 (no-nul-text.ts), on SQLite as on PostgreSQL.
  if (req.method !== 'GET' || mark < 0 || req.headers.origin || url.includes('%00')) return undefined;
  return READS[url.slice(0, mark)];
}

/**
 * Answers a request readBeforeKoa took with `read`: `visitor` is the client's network (whose turn an
 * uncached search takes), `passOn` hands the request to Koa instead.
 */
export async function answerBeforeKoa(
  strapi: Core.Strapi,
  read: Read,
  req: IncomingMessage,
  res: ServerResponse,
  visitor: string,
  passOn: () => void,
): Promise<void> {
  const start = Date.now();
  const security = apiSecurityHeaders();
  const url = req.url!;
  const query = qs.parse(url.slice(url.indexOf('?') + 1), QS) as Record<string, unknown>;
  if (!security || (query.approval !== undefined && query.approval !== 'approved')) return passOn();
  const parsed = publicListingQuerySchema.safeParse(query);
  if (!parsed.success) return passOn();
  let answer: Answer;
  let headers: Record<string, string>;
  try {
    headers = await security;
    answer = await read(strapi, parsed.data, visitor, req);
  } catch {
    // Koa reads it again and answers as it answers any failure (a 503 while the database is away).
    return passOn();
  }
  if (res.headersSent || res.destroyed) return;
  res.writeHead(200, {
    ...headers,
    ...answer.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(answer.body),
  });
  res.end(answer.body);
  beforeKoa.answered += 1;
  // The request's line, as Strapi's logger middleware writes it for every answer Koa gives.
  strapi.log.http(`GET ${url} (${Math.ceil(Date.now() - start)} ms) 200`);
}
