import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from '../../../../server/rate-limit/client-address.ts';

describe('rateLimitAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(rateLimitAddress('203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(rateLimitAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitAddress('::FFFF:cb00:7109')).toBe('203.0.113.9');
  });

  it('counts every address of an IPv6 /64 network as one, however it is written', () => {
    const network = '2001:db8:0:7::/64';
    for (const address of ['2001:db8:0:7::1', '2001:0db8:0000:0007:ffff:ffff:ffff:fffe', '2001:DB8::7:0:0:0:5', '2001:db8:0:7::9%eth0']) {
      expect(rateLimitAddress(address), address).toBe(network);
    }
    expect(rateLimitAddress('2001:db8:0:8::1')).toBe('2001:db8:0:8::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything that is not an address unchanged', () => {
    expect(rateLimitAddress('unknown')).toBe('unknown');
  });
});
