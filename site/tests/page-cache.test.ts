import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { EncodedBody, PageCache, pickEncoding, sharedMaxAge } from '../server/page-cache.mjs';

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
  it('keeps a page with an ETag for the lifetime the page asked, compressing each encoding when first asked for, once', async () => {
    let now = 1_000;
    const cache = new PageCache({ maxSeconds: 30, now: () => now });
    const entry = cache.set('/a', page(20))!;
    expect(entry.etag).toMatch(/^"[\w-]{22}"$/);
    // Nothing is compressed until a client asks, and then only in what it accepts.
    expect(entry.body.encoded).toEqual({});
    expect(cache.bytes).toBe(html.length);
    const encoding = entry.body.encodingFor('gzip, deflate');
    expect(encoding).toBe('gzip');
    const [first, second] = await Promise.all([entry.body.bytes(encoding), entry.body.bytes(encoding)]);
    expect(second).toBe(first);
    expect(gunzipSync(first).equals(html)).toBe(true);
    expect(entry.body.encoded.br).toBeUndefined();
    expect(cache.bytes).toBe(html.length + first.length);
    const br = await entry.body.bytes(entry.body.encodingFor('br'));
    expect(brotliDecompressSync(br).equals(html)).toBe(true);
    expect(await entry.body.bytes('br')).toBe(br);
    expect(cache.bytes).toBe(html.length + first.length + br.length);
    expect(await entry.body.bytes(entry.body.encodingFor(''))).toBe(html);
    now += 19_999;
    expect(cache.get('/a')?.body).toBe(entry.body);
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

  it('does not count the encodings of a page purged or replaced meanwhile', async () => {
    const cache = new PageCache();
    const old = cache.set('/a', page())!;
    const fresh = cache.set('/a', page())!;
    await old.body.bytes('br');
    expect(cache.bytes).toBe(html.length);
    await fresh.body.bytes('br');
    cache.clear();
    await fresh.body.bytes('gzip');
    expect(cache.bytes).toBe(0);
  });

  it('drops the least recently used pages when their encodings outgrow it', async () => {
    const cache = new PageCache({ maxBytes: html.length * 12 });
    const a = cache.set('/a', page())!;
    for (let i = 0; i < 11; i++) cache.set(`/p${i}`, page());
    expect(cache.size).toBe(12);
    expect(cache.get('/a')?.body).toBe(a.body);
    await a.body.bytes('gzip');
    expect(cache.size).toBe(11);
    expect(cache.get('/p0')).toBeUndefined();
    expect(cache.get('/a')?.body).toBe(a.body);
    expect(cache.bytes).toBeLessThanOrEqual(html.length * 12);
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

describe('a body sent once', () => {
  it('is compressed only in the encoding asked for, and not at all when small or not text', async () => {
    const once = new EncodedBody(html, 'text/html; charset=utf-8', { kept: false });
    expect(once.compressible).toBe(true);
    const bytes = await once.bytes(once.encodingFor('br'));
    expect(brotliDecompressSync(bytes).equals(html)).toBe(true);
    expect(once.encoded.gzip).toBeUndefined();
    const small = new EncodedBody(Buffer.from('{"ok":true}'), 'application/json', { kept: false });
    expect(small.compressible).toBe(false);
    expect(small.encodingFor('br, gzip')).toBe('identity');
    const image = new EncodedBody(Buffer.alloc(4096), 'image/png', { kept: false });
    expect(image.encodingFor('br, gzip')).toBe('identity');
  });
});

describe('a page past its lifetime', () => {
  it('is rendered again, but kept a while to stand in when that render fails; a purge drops it', () => {
    let now = 0;
    const cache = new PageCache({ maxSeconds: 30, staleSeconds: 600, now: () => now });
    const entry = cache.set('/a', page(30))!;
    expect(cache.stale('/a')?.body).toBe(entry.body);
    now = 30_000;
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.stale('/a')?.body).toBe(entry.body);
    now = 30_000 + 599_999;
    expect(cache.stale('/a')?.body).toBe(entry.body);
    now = 30_000 + 600_000;
    expect(cache.stale('/a')).toBeUndefined();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('/b', page(30));
    now += 31_000;
    cache.clear();
    expect(cache.stale('/b')).toBeUndefined();
  });
});
