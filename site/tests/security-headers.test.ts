import { describe, expect, it } from 'vitest';
import { NON_PAGE_POLICY, applyContentPolicy, baseSecurityHeaders } from '../server/security-headers.mjs';
import { DEFAULT_ATTRIBUTION, DEFAULT_TILES_URL, mapTileSettings } from '../server/map-tiles.mjs';

const ASTRO_POLICY =
  "default-src 'self';img-src 'self' data: blob: https:;frame-ancestors 'none'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def=';";

describe('security headers', () => {
  it('every answer: nosniff, a strict referrer policy, no framing, no embedding, permissions off; HSTS only for an https site', () => {
    const plain = baseSecurityHeaders({ https: false });
    expect(plain).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
    expect(plain['permissions-policy']).toContain('camera=()');
    // No other site may embed a page, a script or an answer of ours (uploaded images, relayed by the
    // cms proxy, are the exception); no COEP, which would stop the map tiles and linked photos.
    expect(plain['cross-origin-resource-policy']).toBe('same-origin');
    expect(plain).not.toHaveProperty('cross-origin-embedder-policy');
    expect(plain).not.toHaveProperty('strict-transport-security');
    expect(baseSecurityHeaders({ https: true })['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('a page keeps Astro’s build-time script hashes (no unsafe-inline for scripts); styles are relaxed; https upgrades', () => {
    const headers = applyContentPolicy(
      { 'content-type': 'text/html', 'content-security-policy': ASTRO_POLICY },
      { https: true },
    );
    const policy = headers['content-security-policy'] as string;
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy.endsWith('upgrade-insecure-requests')).toBe(true);
  });

  it('an HTML answer without Astro’s policy (the server’s own error page) allows no inline script', () => {
    const policy = applyContentPolicy({ 'content-type': 'text/html; charset=utf-8' }, { https: false })[
      'content-security-policy'
    ] as string;
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('sha256-');
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('anything else is closed: nothing runs, nothing frames it', () => {
    expect(
      applyContentPolicy({ 'content-type': 'application/xml' }, { https: false })['content-security-policy'],
    ).toBe(NON_PAGE_POLICY);
    expect(NON_PAGE_POLICY).toContain('sandbox');
  });

  it("a plain-http tile server's origin joins img-src, and nothing else; an https one is covered already", () => {
    const imgSrc = (tileOrigin?: string) =>
      (
        applyContentPolicy(
          { 'content-type': 'text/html', 'content-security-policy': ASTRO_POLICY },
          { https: false, ...(tileOrigin ? { tileOrigin } : {}) },
        )['content-security-policy'] as string
      )
        .split('; ')
        .find((d) => d.startsWith('img-src'));
    expect(imgSrc()).toBe("img-src 'self' data: blob: https:");
    expect(imgSrc('https://tile.openstreetmap.org')).toBe("img-src 'self' data: blob: https:");
    expect(imgSrc('http://127.0.0.1:4499')).toBe("img-src 'self' data: blob: https: http://127.0.0.1:4499");
    const page = applyContentPolicy(
      { 'content-type': 'text/html' },
      { https: false, tileOrigin: 'http://tiles.lan' },
    );
    expect(page['content-security-policy']).toContain("img-src 'self' data: blob: https: http://tiles.lan");
    expect(page['content-security-policy']).toContain("connect-src 'self'");
  });
});

describe('the map tile settings', () => {
  it("default to OpenStreetMap's standard tiles, credited and linked to its copyright page", () => {
    expect(mapTileSettings({})).toEqual({
      url: DEFAULT_TILES_URL,
      attribution: DEFAULT_ATTRIBUTION,
      attributionUrl: 'https://www.openstreetmap.org/copyright',
      origin: 'https://tile.openstreetmap.org',
    });
  });

  it('take another tile service and its attribution, read from the environment', () => {
    expect(
      mapTileSettings({
        MAP_TILES_URL: 'http://127.0.0.1:4499/{z}/{x}/{y}.png',
        MAP_ATTRIBUTION: 'Tiles © Us',
      }),
    ).toEqual({
      url: 'http://127.0.0.1:4499/{z}/{x}/{y}.png',
      attribution: 'Tiles © Us',
      attributionUrl: null,
      origin: 'http://127.0.0.1:4499',
    });
  });

  it('allow every subdomain of a template with {s}, which the map spreads its tiles over', () => {
    const settings = mapTileSettings({ MAP_TILES_URL: 'http://{s}.tiles.lan:8080/{z}/{x}/{y}{r}.png' });
    expect(settings.origin).toBe('http://*.tiles.lan:8080');
    const policy = applyContentPolicy(
      { 'content-type': 'text/html' },
      { https: false, tileOrigin: settings.origin },
    );
    expect(policy['content-security-policy']).toContain(
      "img-src 'self' data: blob: https: http://*.tiles.lan:8080;",
    );
    expect(mapTileSettings({ MAP_TILES_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' }).origin).toBe(
      'https://*.tile.example.org',
    );
    // A policy can name only a whole first label as "any": elsewhere {s} is refused at start.
    for (const bad of [
      'http://tiles-{s}.lan/{z}/{x}/{y}.png',
      'http://tiles.{s}.lan/{z}/{x}/{y}.png',
      'http://{s}.{s}.lan/{z}/{x}/{y}.png',
    ])
      expect(() => mapTileSettings({ MAP_TILES_URL: bad }), bad).toThrow(/\{s\} must be the first part/);
  });

  it('refuse a template that is not an http(s) URL with {z}, {x} and {y}, saying what is wanted', () => {
    for (const bad of [
      'ftp://tiles/{z}/{x}/{y}.png',
      'not a url',
      'https://tiles.example/{z}/{x}.png',
      'javascript:alert(1)//{z}{x}{y}',
    ])
      expect(() => mapTileSettings({ MAP_TILES_URL: bad })).toThrow(/MAP_TILES_URL must/);
  });
});
