import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PageCache, pickEncoding, sharedMaxAge } from '../server/page-cache.mjs';

const html = Buffer.from(`<!doctype html><title>x</title>${'<p>Akwaaba</p>'.repeat(100)}`);
const page = (maxAge = 30) => ({ status: 200, headers: { 'content-type': 'text/html' }, body: html, maxAge });

describe('shared cache lifetime from Cache-Control', () => {
  it('reads s-maxage, and refuses private, no-store and no-cache answers', () => {
    expect(sharedMaxAge('public, max-age=0, s-maxage=30')).toBe(30);
    expect(sharedMaxAge('public, max-age=60')).toBe(0);
    expect(sharedMaxAge('private, s-maxage=30')).toBe(0);
    expect(sharedMaxAge('no-store')).toBe(0);
    expect(sharedMaxAge(undefined)).toBe(0);
  });
});

describe('choosing an encoding', () => {
  const both = { identity: html, br: Buffer.from('b'), gzip: Buffer.from('g') };
  it('prefers br, then gzip, then none, as the client accepts', () => {
    expect(pickEncoding('gzip, deflate, br', both)).toBe('br');
    expect(pickEncoding('gzip', both)).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(pickEncoding('', both)).toBe('identity');
    expect(pickEncoding('br', { identity: html })).toBe('identity');
  });
});

describe('the page cache', () => {
  it('keeps a page compressed both ways, with an ETag, for the lifetime the page asked', () => {
    let now = 1_000;
    const cache = new PageCache({ maxSeconds: 30, now: () => now });
    const entry = cache.set('/a', page(20))!;
    expect(brotliDecompressSync(entry.variants.br!).equals(html)).toBe(true);
    expect(gunzipSync(entry.variants.gzip!).equals(html)).toBe(true);
    expect(entry.etag).toMatch(/^"[\w-]{22}"$/);
    now += 19_999;
    expect(cache.get('/a')).toBe(entry);
    now += 1;
    expect(cache.get('/a')).toBeUndefined();
  });

  it('never keeps a page longer than its cap, whatever the page asks', () => {
    let now = 0;
    const cache = new PageCache({ maxSeconds: 30, now: () => now });
    cache.set('/a', page(3600));
    now = 30_000;
    expect(cache.get('/a')).toBeUndefined();
  });

  it('does not keep pages that may not be cached', () => {
    const cache = new PageCache();
    expect(cache.set('/a', page(0))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used pages beyond its size', () => {
    const cache = new PageCache({ maxEntries: 2 });
    cache.set('/a', page());
    cache.set('/b', page());
    cache.get('/a');
    cache.set('/c', page());
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
  });

  it('is emptied by a purge, which says how many pages it dropped', () => {
    const cache = new PageCache();
    cache.set('/a', page());
    cache.set('/b', page());
    expect(cache.clear()).toBe(2);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});
