import { describe, expect, it } from 'vitest';
import { networkOf } from '../../src/shared/client-network';

describe('the network an address counts as', () => {
  it('an IPv4 address is itself', () => {
    expect(networkOf('203.0.113.9')).toBe('203.0.113.9');
    expect(networkOf('203.0.113.10')).toBe('203.0.113.10');
  });

  it('an IPv4 client seen through an IPv6 socket is its IPv4 address', () => {
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(networkOf('::ffff:cb00:7109')).toBe('203.0.113.9');
  });

  it('an IPv6 address counts by its /64, however it is written', () => {
    const net = '2001:db8:1:2::/64';
    for (const a of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:0:0:0:1%eth0',
      '2001:db8:1:2::203.0.113.9',
    ])
      expect(networkOf(a), a).toBe(net);
    expect(networkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('anything else counts as itself', () => {
    expect(networkOf('')).toBe('');
    expect(networkOf('not an address')).toBe('not an address');
  });
});
