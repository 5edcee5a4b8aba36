// An in-memory cache of whole rendered pages, in front of Astro. Pages opt in with the standard
// `Cache-Control: s-maxage=N` (a shared cache may keep the page N seconds); this process is that shared
// cache. A page is kept as rendered; each encoding a client asks for (br or gzip) is compressed once,
// off the event loop (zlib's thread pool), and kept beside it, so a hit costs a map lookup and one
// write, and no request pays for an encoding nobody asked for.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|ld\+json|manifest\+json)|image\/svg\+xml)/;
/** Below this, a compressed body saves less than the headers it adds. */
const MIN_COMPRESS_BYTES = 256;
/** What a compressible answer may be sent as (pickEncoding reads the keys). */
export const ANY_ENCODING = Object.freeze({ identity: true, br: true, gzip: true });
const IDENTITY_ONLY = Object.freeze({ identity: true });

export function isCompressible(contentType) {
  return typeof contentType === 'string' && COMPRESSIBLE.test(contentType);
}

/** Whether a body is worth compressing: a text type, and not tiny. */
export function worthCompressing(body, contentType) {
  return isCompressible(contentType) && body.length >= MIN_COMPRESS_BYTES;
}

/** The encodings a body may be sent in (ANY_ENCODING, or identity alone). */
export const encodingsFor = (body, contentType) =>
  worthCompressing(body, contentType) ? ANY_ENCODING : IDENTITY_ONLY;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `body` compressed in `encoding`, asynchronously (zlib's thread pool, not the event loop). `kept`:
 * compressed once and served many times (a cached page, a built file), so the highest settings that
 * stay quick (brotli 9, gzip 9); otherwise for one answer only (brotli 5, gzip 6), which gives most
 * of the saving for a fraction of the time.
 * @param {Buffer} body
 * @param {'br' | 'gzip'} encoding
 * @param {{ kept: boolean }} options
 * @returns {Promise<Buffer>}
 */
export function compressBody(body, encoding, { kept }) {
  if (encoding === 'br') {
    return brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: kept ? 9 : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: kept ? 9 : 6 });
}

/**
 * The encodings of one body made as clients ask for them, each once (a second request for the same
 * encoding waits for the first one's work), and kept. `onEncoded(bytes)` hears of each new one.
 */
export class EncodedBody {
  /**
   * @param {Buffer} body
   * @param {string | undefined} contentType
   * @param {{ kept?: boolean, onEncoded?: (bytes: number) => void }} [options]
   */
  constructor(body, contentType, { kept = true, onEncoded } = {}) {
    this.identity = body;
    this.encodings = encodingsFor(body, contentType);
    this.kept = kept;
    this.onEncoded = onEncoded;
    /** @type {{ br?: Buffer, gzip?: Buffer }} */
    this.encoded = {};
    /** @type {{ br?: Promise<Buffer>, gzip?: Promise<Buffer> }} */
    this.pending = {};
  }

  /** Whether other encodings than identity may be sent (then answers vary on Accept-Encoding). */
  get compressible() {
    return this.encodings !== IDENTITY_ONLY;
  }

  /** The encoding to send for this Accept-Encoding header. */
  encodingFor(acceptEncoding) {
    return pickEncoding(acceptEncoding, this.encodings);
  }

  /** The bytes in `encoding` (from encodingFor): at once when made before, else once made. */
  async bytes(encoding) {
    if (encoding === 'identity') return this.identity;
    const done = this.encoded[encoding];
    if (done) return done;
    this.pending[encoding] ??= compressBody(this.identity, encoding, { kept: this.kept }).then((bytes) => {
      this.encoded[encoding] = bytes;
      delete this.pending[encoding];
      this.onEncoded?.(bytes.length);
      return bytes;
    });
    return this.pending[encoding];
  }
}

/** The best encoding the client accepts among those we hold (br, then gzip, else identity). */
export function pickEncoding(acceptEncoding, variants) {
  const accepted = String(acceptEncoding ?? '').toLowerCase();
  const allows = (name) =>
    new RegExp(`(^|[\\s,])${name}(?![\\w-])(?!\\s*;\\s*q=0(\\.0*)?(\\s|,|$))`).test(accepted);
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

/** @typedef {{ status: number, headers: Record<string, any>, body: EncodedBody, etag: string, expires: number, size: number }} CacheEntry */

export class PageCache {
  /**
   * @param {{ maxEntries?: number, maxBytes?: number, maxSeconds?: number, staleSeconds?: number, now?: () => number }} [options]
   * maxSeconds caps every entry's life whatever the page asks, so content is never staler than that
   * even if a purge is lost. An expired page is still kept for staleSeconds, only to be served when
   * rendering it again fails (the cms is down: RFC 5861's stale-if-error), never instead of a render. The least recently used pages go first when there are more than
   * maxEntries or they hold more than maxBytes (lru-cache keeps that order and the byte count).
   */
  constructor({
    maxEntries = 2000,
    maxBytes = 64 * 1024 * 1024,
    maxSeconds = 30,
    staleSeconds = 600,
    now = Date.now,
  } = {}) {
    this.maxBytes = maxBytes;
    this.maxSeconds = maxSeconds;
    this.staleSeconds = staleSeconds;
    this.now = now;
    /** @type {LRUCache<string, CacheEntry>} */
    this.entries = new LRUCache({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.size),
    });
    this.hits = 0;
    this.misses = 0;
  }

  get size() {
    return this.entries.size;
  }

  /** Bytes held: each page as rendered, plus each encoding made of it so far. */
  get bytes() {
    return this.entries.calculatedSize;
  }

  /** @returns {CacheEntry | undefined} */
  get(key) {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    if (entry.expires <= this.now()) {
      // Expired: rendered again; kept a while for stale() unless too old even for that.
      if (entry.expires + this.staleSeconds * 1000 <= this.now()) this.entries.delete(key);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return entry;
  }

  /**
   * The page kept under `key` even if expired (within staleSeconds of its expiry), for when a fresh
   * render has failed; undefined when there is none, or after a purge.
   * @returns {CacheEntry | undefined}
   */
  stale(key) {
    const entry = this.entries.peek(key);
    if (!entry || entry.expires + this.staleSeconds * 1000 <= this.now()) return undefined;
    return entry;
  }

  /**
   * Stores a rendered page. `headers` is a plain object of the response's headers (without
   * content-length/encoding); returns the entry, or undefined when the page may not be cached. The
   * entry's `body` (EncodedBody) makes and keeps each encoding when first asked for; its bytes count
   * towards the cache's size from then on.
   */
  set(key, { status, headers, body, maxAge }) {
    const seconds = Math.min(maxAge, this.maxSeconds);
    if (seconds <= 0) return undefined;
    // A compressed copy is at most about as large as the page: room for three is checked up front.
    if (body.length * 3 > this.maxBytes / 4) return undefined;
    const encoded = new EncodedBody(body, headers['content-type'], {
      kept: true,
      onEncoded: (bytes) => {
        // Still this key's page (not purged or replaced meanwhile): stored again with its new size
        // (lru-cache sizes a value when it is set), which may push out the least recently used pages.
        const current = this.entries.peek(key);
        if (current?.body === encoded) this.entries.set(key, { ...current, size: current.size + bytes });
      },
    });
    const entry = {
      status,
      headers,
      body: encoded,
      etag: etagOf(body),
      expires: this.now() + seconds * 1000,
      size: body.length,
    };
    this.entries.set(key, entry);
    return entry;
  }

  delete(key) {
    this.entries.delete(key);
  }

  /** Drops everything; returns how many pages were dropped. */
  clear() {
    const n = this.entries.size;
    this.entries.clear();
    return n;
  }
}
