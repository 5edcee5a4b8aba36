// Serves the built client files (dist/client): hashed assets for a year, the rest for an hour, with
// each encoding made once per file when a client first asks for it (the files never change while we run).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { EncodedBody } from './page-cache.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** @param {Record<string, string>} [securityHeaders] headers every file is sent with (security-headers.mjs) */
export function createStaticFiles(clientDir, securityHeaders = {}) {
  const files = new Map();
  for (const full of walk(clientDir)) {
    const urlPath = `/${relative(clientDir, full).split(sep).join('/')}`;
    files.set(urlPath, {
      full,
      type: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
      immutable: urlPath.startsWith('/_astro/'),
    });
  }

  async function send(req, res, file, encoding) {
    const body = await file.body.bytes(encoding);
    const headers = {
      ...securityHeaders,
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
    };
    if (file.body.compressible) headers.vary = 'Accept-Encoding';
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Answers the request if it names a client file; returns false otherwise. */
  return function serveStatic(req, res, pathname) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const file = files.get(pathname);
    if (!file) return false;
    file.body ??= new EncodedBody(readFileSync(file.full), file.type, { kept: true });
    send(req, res, file, file.body.encodingFor(req.headers['accept-encoding'])).catch((error) => {
      console.error(`site: sending ${pathname} failed`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Something went wrong. Please try again.');
    });
    return true;
  };
}
