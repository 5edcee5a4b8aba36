import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardRequestHeaders, forwardResponseHeaders, proxyToCms } from '../src/lib/proxy';

describe('proxy headers', () => {
  it('drops hop-by-hop request headers and appends the client to X-Forwarded-For', () => {
    const out = forwardRequestHeaders(
      new Headers({ host: 'site', connection: 'keep-alive', authorization: 'Bearer t', 'x-forwarded-for': '10.0.0.1', 'accept-encoding': 'gzip' }),
      '192.0.2.7',
    );
    expect(out.get('host')).toBeNull();
    expect(out.get('connection')).toBeNull();
    expect(out.get('accept-encoding')).toBeNull();
    expect(out.get('authorization')).toBe('Bearer t');
    expect(out.get('x-forwarded-for')).toBe('10.0.0.1, 192.0.2.7');
  });

  it('drops encoding and length from the answer (fetch has already decoded the body)', () => {
    const out = forwardResponseHeaders(new Headers({ 'content-encoding': 'gzip', 'content-length': '10', 'x-total-count': '64' }));
    expect(out.get('content-encoding')).toBeNull();
    expect(out.get('content-length')).toBeNull();
    expect(out.get('x-total-count')).toBe('64');
  });
});

// A real HTTP server stands in for the cms: the proxy's job is HTTP forwarding, whatever answers.
describe('proxyToCms over real HTTP', () => {
  let server: Server;
  let base = '';
  const seen: { method?: string; url?: string; body?: string; auth?: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, body, auth: req.headers.authorization });
        res.setHeader('set-cookie', 'refresh=abc; HttpOnly');
        res.setHeader('x-total-count', '3');
        res.statusCode = req.url?.startsWith('/api/missing') ? 404 : 200;
        res.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('forwards method, path, query, body and authorization, and returns status, headers and cookies', async () => {
    const res = await proxyToCms(
      new Request('http://site.local/api/login?x=1', { method: 'POST', body: '{"email":"a@b.co"}', headers: { authorization: 'Bearer t', 'content-type': 'application/json' } }),
      base,
      '192.0.2.7',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('set-cookie')).toContain('refresh=abc');
    expect(await res.json()).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/api/login?x=1', body: '{"email":"a@b.co"}', auth: 'Bearer t' });
  });

  it('passes error statuses through unchanged', async () => {
    const res = await proxyToCms(new Request('http://site.local/api/missing'), base, undefined);
    expect(res.status).toBe(404);
  });

  it('answers 502 with a message when the cms cannot be reached', async () => {
    const res = await proxyToCms(new Request('http://site.local/api/products'), 'http://127.0.0.1:9', undefined);
    expect(res.status).toBe(502);
    expect((await res.json()).message).toMatch(/temporarily unavailable/);
  });
});
