// An in-memory cache of whole rendered pages, in front of Astro. Pages opt in with the standard
// `Cache-Control: s-maxage=N` (a shared cache may keep the page N seconds); this process is that shared
// cache. Bodies are stored already compressed, so a hit costs a map lookup and one write.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|ld\+json|manifest\+json)|image\/svg\+xml)/;

export function isCompressible(contentType) {
  return typeof contentType === 'string' && COMPRESSIBLE.test(contentType);
}

/** @typedef {{ identity: Buffer, br?: Buffer, gzip?: Buffer }} Variants */

/**
 * The encodings of a body, computed once: identity, and br/gzip when they are worth it.
 * @param {Buffer} body
 * @param {string | undefined} contentType
 * @returns {Variants}
 */
export function encodeBody(body, contentType) {
  /** @type {Variants} */
  const variants = { identity: body };
  if (isCompressible(contentType) && body.length >= 256) {
    variants.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    variants.gzip = gzipSync(body, { level: 9 });
  }
  return variants;
}

/** The best encoding the client accepts among those we hold (br, then gzip, else identity). */
export function pickEncoding(acceptEncoding, variants) {
  const accepted = String(acceptEncoding ?? '').toLowerCase();
  const allows = (name) => new RegExp(`(^|[\\s,])${name}(?![\\w-])(?!\\s*;\\s*q=0(\\.0*)?(\\s|,|$))`).test(accepted);
  if (variants.br && allows('br')) return 'br';
  if (variants.gzip && allows('gzip')) return 'gzip';
  return 'identity';
}

/** Seconds a shared cache may keep a response, from its Cache-Control; 0 when it must not. */
export function sharedMaxAge(cacheControl) {
  const value = String(cacheControl ?? '').toLowerCase();
  if (!value || /(^|,)\s*(private|no-store|no-cache)\b/.test(value)) return 0;
  const m = /(?:^|,)\s*s-maxage\s*=\s*(\d+)/.exec(value);
  return m ? Number(m[1]) : 0;
}

export function etagOf(body) {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

export class PageCache {
  /**
   * @param {{ maxEntries?: number, maxBytes?: number, maxSeconds?: number, now?: () => number }} [options]
   * maxSeconds caps every entry's life whatever the page asks, so content is never staler than that
   * even if a purge is lost.
   */
  constructor({ maxEntries = 2000, maxBytes = 64 * 1024 * 1024, maxSeconds = 30, now = Date.now } = {}) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.maxSeconds = maxSeconds;
    this.now = now;
    this.entries = new Map();
    this.bytes = 0;
    this.hits = 0;
    this.misses = 0;
  }

  get size() {
    return this.entries.size;
  }

  get(key) {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    if (entry.expires <= this.now()) {
      this.delete(key);
      this.misses += 1;
      return undefined;
    }
    // Map order is insertion order: re-inserting makes this the most recently used entry.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry;
  }

  /**
   * Stores a rendered page. `headers` is a plain object of the response's headers (without
   * content-length/encoding); returns the entry, or undefined when the page may not be cached.
   */
  set(key, { status, headers, body, maxAge }) {
    const seconds = Math.min(maxAge, this.maxSeconds);
    if (seconds <= 0) return undefined;
    const variants = encodeBody(body, headers['content-type']);
    const size = Object.values(variants).reduce((n, b) => n + b.length, 0);
    if (size > this.maxBytes / 4) return undefined;
    this.delete(key);
    const entry = { status, headers, variants, etag: etagOf(body), expires: this.now() + seconds * 1000, size };
    this.entries.set(key, entry);
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      this.delete(oldest);
    }
    return entry;
  }

  delete(key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  /** Drops everything; returns how many pages were dropped. */
  clear() {
    const n = this.entries.size;
    this.entries.clear();
    this.bytes = 0;
    return n;
  }
}
