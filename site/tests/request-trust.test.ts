import { describe, expect, it } from 'vitest';
import { createRequestTrust } from '../server/request-trust.mjs';

type FakeRequest = { headers: Record<string, string | undefined>; socket: { remoteAddress: string } };
const request = (headers: Record<string, string>, remoteAddress = '198.51.100.7'): FakeRequest => ({
  headers: { ...headers },
  socket: { remoteAddress },
});
const HOSTILE = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  'x-forwarded-for': '203.0.113.1, 203.0.113.2',
  'x-forwarded-port': '8080',
  forwarded: 'for=203.0.113.1;host=evil.example',
  'x-real-ip': '203.0.113.3',
};

describe('what the site believes about a request', () => {
  it('with SITE_URL: the public host and protocol are SITE_URL’s, whatever the client wrote', () => {
    const trust = createRequestTrust({ siteUrl: 'https://fiehomes.example', host: '0.0.0.0', port: 4321 });
    const req = trust.normalise(request(HOSTILE) as never) as unknown as FakeRequest;
    expect(req.headers.host).toBe('fiehomes.example');
    expect(req.headers['x-forwarded-host']).toBe('fiehomes.example');
    expect(req.headers['x-forwarded-proto']).toBe('https');
    expect(req.headers['x-forwarded-port']).toBeUndefined();
    expect(req.headers.forwarded).toBeUndefined();
    expect(req.headers['x-real-ip']).toBeUndefined();
    expect(trust.https).toBe(true);
  });

  it('the client is the socket’s peer: a forged X-Forwarded-For is replaced, not appended to', () => {
    const trust = createRequestTrust({ siteUrl: 'https://fiehomes.example' });
    const req = trust.normalise(request(HOSTILE, '192.0.2.44') as never) as unknown as FakeRequest;
    expect(req.headers['x-forwarded-for']).toBe('192.0.2.44');
  });

  it('behind our own front proxy (SITE_BEHIND_PROXY), the client is the one address that proxy appended last', () => {
    const trust = createRequestTrust({ siteUrl: 'https://fiehomes.example', behindProxy: true });
    const req = trust.normalise(
      request({ 'x-forwarded-for': 'forged-by-client, 192.0.2.44' }, '10.0.0.2') as never,
    ) as unknown as FakeRequest;
    expect(req.headers['x-forwarded-for']).toBe('192.0.2.44');
  });

  it('without SITE_URL: the listening address, or a loopback name on our own port; never a foreign Host', () => {
    const trust = createRequestTrust({ host: '127.0.0.1', port: 4321 });
    const host = (h: string) =>
      (trust.normalise(request({ host: h }) as never) as unknown as FakeRequest).headers.host;
    expect(host('evil.example')).toBe('127.0.0.1:4321');
    expect(host('evil.example:4321')).toBe('127.0.0.1:4321');
    expect(host('localhost:9999')).toBe('127.0.0.1:4321');
    expect(host('localhost:4321')).toBe('localhost:4321');
    expect(host('127.0.0.1:4321')).toBe('127.0.0.1:4321');
    expect(trust.https).toBe(false);
  });
});
