import { describe, expect, it } from 'vitest';
import { NON_PAGE_POLICY, applyContentPolicy, baseSecurityHeaders } from '../server/security-headers.mjs';

const ASTRO_POLICY =
  "default-src 'self';img-src 'self' data: blob: https:;frame-ancestors 'none'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def=';";

describe('security headers', () => {
  it('every answer: nosniff, a strict referrer policy, no framing, permissions off; HSTS only for an https site', () => {
    const plain = baseSecurityHeaders({ https: false });
    expect(plain).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
    expect(plain['permissions-policy']).toContain('camera=()');
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
});
