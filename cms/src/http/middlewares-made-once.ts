import { rm } from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import { CSP_DEFAULTS } from '@strapi/utils';
import { koaBody } from 'koa-body';
import koaHelmet from 'koa-helmet';
import { defaultsDeep } from 'lodash/fp';
import createError from 'http-errors';
import type { IncomingMessage } from 'node:http';
import type { Context } from '../shared/context';

// mime-types ships no types; Strapi itself uses it for the same purpose.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const mime: { lookup(name: string): string | false } = require('mime-types');

/**
 * Strapi 5's `strapi::security` and `strapi::body` build their middleware again on every request:
 * security merges its defaults into the configuration (lodash's defaultsDeep) and sets up a new
 * helmet; body sets up a new koa-body, GETs included. Together they were a sixth of a cheap API
 * request's time in Node. Strapi requires both by name, so they stay in config/middlewares.ts and
 * are extended here (the registry's `extend`) to build once and answer the same:
 *
 * - security: the defaults below are Strapi 5.54's; the requests for which Strapi widens the
 *   policy per request (the admin panel in development, /documentation, GraphQL) go through
 *   Strapi's own middleware. The headers are pinned by tests/integration/headers.test.ts.
 * - body: as Strapi 5.54's (multipart on, a file without a type gets one from its name, a file over
 *   the size limit is a 413 "FileTooBig", which upload-size-message words for the back-office),
 *   except that uploaded temporary files are also removed when the request fails, and a body that
 *   cannot be decoded (e.g. not the gzip its Content-Encoding says) is a 400, not a 500.
 */
/** Strapi's middleware registry (`strapi.get('middlewares')`, which Strapi types as unknown): only `extend` is used. */
export interface MiddlewareRegistry {
  extend(name: string, extension: (stock: Core.MiddlewareFactory) => Core.MiddlewareFactory): void;
}

export function registerMiddlewaresMadeOnce(strapi: Core.Strapi): void {
  const registry = strapi.get('middlewares') as MiddlewareRegistry;
  registry.extend('strapi::security', (stock) => securityMadeOnce(stock));
  registry.extend('strapi::body', () => bodyMadeOnce);
}

const SECURITY_DEFAULTS = {
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  contentSecurityPolicy: {
    useDefaults: true,
    directives: { ...CSP_DEFAULTS, upgradeInsecureRequests: null },
  },
  xssFilter: false,
  hsts: { maxAge: 31536000, includeSubDomains: true },
  frameguard: { action: 'sameorigin' },
};

let securityHeaders: Promise<Record<string, string>> | undefined;

/**
 * The headers the security middleware puts on an API answer, for answers written in the HTTP server
 * ahead of Koa (listing-before-koa.ts). Helmet's headers are the same for every request it is built
 * for (no nonces), so they are read once off a recorder. Undefined until Strapi has built its
 * middlewares.
 */
export const apiSecurityHeaders = (): Promise<Record<string, string>> | undefined => securityHeaders;

async function headersOf(helmet: Core.MiddlewareHandler): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  const req = { method: 'GET', url: '/api/products', headers: {} };
  await helmet({ req, res } as unknown as Context, async () => {});
  return headers;
}

const securityMadeOnce =
  (stock: Core.MiddlewareFactory) =>
  (config: Record<string, unknown>, { strapi }: { strapi: Core.Strapi }) => {
    const options: Parameters<typeof koaHelmet>[0] = defaultsDeep(SECURITY_DEFAULTS, config);
    const helmet = koaHelmet(options);
    securityHeaders = headersOf(helmet);
    // Strapi's security factory always returns its handler (the factory type allows none).
    const perRequest = stock(config, { strapi }) as Core.MiddlewareHandler;
    const development = ['development', 'test'].includes(process.env.NODE_ENV ?? '');
    const adminPath = String(strapi.config.get('admin.path') ?? '/admin');
    const graphql = Boolean(strapi.plugin('graphql'));
    return (ctx: Context, next: () => Promise<void>) => {
      const widened =
        graphql ||
        (ctx.method === 'GET' &&
          (ctx.path.startsWith('/documentation') || (development && ctx.path.startsWith(adminPath))));
      return widened ? perRequest(ctx, next) : helmet(ctx, next);
    };
  };

const BODY_DEFAULTS = { multipart: true, patchKoa: true };

/**
 * What the parsers throw for a malformed body without an HTTP status (zlib for a body that is not
 * the gzip, deflate or brotli its Content-Encoding says, formidable with its own `httpCode`) would reach the
 * client as a 500. Those are the sender's mistakes: a 4xx with a plain message.
 */
function asBadInput(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const e = error as Error & { status?: unknown; statusCode?: unknown; code?: unknown; httpCode?: unknown };
  const status = e.status ?? e.statusCode;
  // A plain Error with a status (inflation's 415) would be logged as a server error: keep it an HTTP one.
  if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500)
    return createError(status, error.message);
  const code = String(e.code ?? '');
  // zlib's codes start Z_ (or ERR__ZLIB); brotli's start ERR__ (ERR__ERROR_FORMAT_PADDING_2…), with "Decompression failed".
  if (
    code.startsWith('Z_') ||
    code.startsWith('ERR__') ||
    code.startsWith('ERR_BROTLI') ||
    /incorrect header check|invalid (stored )?block|unexpected end of file|decompression failed/i.test(
      error.message,
    )
  ) {
    return createError(
      400,
      'The request body could not be decoded: it is not valid for its Content-Encoding.',
    );
  }
  const httpCode = e.httpCode;
  if (typeof httpCode === 'number' && Number.isInteger(httpCode) && httpCode >= 400 && httpCode < 500)
    return createError(httpCode, `The request body could not be read: ${error.message}`);
  return error;
}

// A refused body is read to its end (up to these bounds) before the answer goes out.
const DRAIN_MAX_BYTES = 80 * 1024 * 1024;
const DRAIN_MAX_MS = 20_000;

/**
 * Reads and drops what is left of a request whose body was refused part-way (over a size limit,
 * undecodable). Answering while the client is still sending makes Node close the connection under
 * it: a browser may see a reset, and the site's proxy sees EPIPE instead of our 413 and can only
 * answer 502. Past the bounds the connection is left to close.
 */
function drainRest(req: IncomingMessage | undefined): Promise<void> {
  if (!req || req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = () => {
      clearTimeout(timer);
      req.off('data', count);
      req.off('end', finish);
      req.off('error', finish);
      req.off('close', finish);
      resolve();
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_MAX_MS);
    req.on('data', count);
    req.on('end', finish);
    req.on('error', finish);
    req.on('close', finish);
    req.resume();
  });
}

type UploadedFile = { filepath?: string; name?: string; type?: string };
const filesOf = (ctx: Context): UploadedFile[] => {
  // koa-body types these as formidable's File; only the fields of UploadedFile are read and set here.
  const files = ctx?.request?.files?.files as UploadedFile | UploadedFile[] | undefined;
  return files === undefined || files === null ? [] : Array.isArray(files) ? files : [files];
};

const bodyMadeOnce = (config: Record<string, unknown>, { strapi }: { strapi: Core.Strapi }) => {
  const options: Parameters<typeof koaBody>[0] = defaultsDeep(BODY_DEFAULTS, config);
  const parse = koaBody(options);
  const graphql = strapi.plugin('graphql') ? strapi.plugin('graphql').config('endpoint') : undefined;
  const parsed = async () => {};
  return async (ctx: Context, next: () => Promise<void>) => {
    if (graphql && ctx.url === graphql) return next();
    try {
      try {
        await parse(ctx, parsed);
      } catch (error) {
        await drainRest(ctx.req);
        if (
          error instanceof Error &&
          error.message.includes('maxFileSize') &&
          error.message.includes('exceeded')
        )
          return ctx.payloadTooLarge('FileTooBig');
        throw asBadInput(error);
      }
      for (const file of filesOf(ctx)) {
        if (!file.type) file.type = mime.lookup(file.name ?? '') || 'application/octet-stream';
      }
      await next();
    } finally {
      const files = filesOf(ctx);
      if (files.length > 0) {
        // Not awaited, as in Strapi: the answer need not wait for the clean-up.
        for (const file of files) if (file.filepath) rm(file.filepath, { force: true }).catch(() => {});
        delete ctx.request.files;
      }
    }
  };
};
