import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './rate-limit-guard.ts';

describe('rateLimitAddress', () => {
  it('counts an IPv4 client by its address, also when it arrives IPv4-mapped', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 together, however it is written', () => {
    const network = '2001:db8:0:1::/64';
    expect(rateLimitAddress('2001:db8:0:1::1')).toBe(network);
    expect(rateLimitAddress('2001:0db8:0000:0001:ffff:ffff:ffff:fffe')).toBe(network);
    expect(rateLimitAddress('2001:db8:0:1:a:b:c:d%eth0')).toBe(network);
    expect(rateLimitAddress('2001:db8:0:2::1')).not.toBe(network);
  });

  it('places the groups right when the zeros are in the network part', () => {
    expect(rateLimitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('a::b:c:d:e:1.2.3.4')).toBe('a:0:b:c::/64');
  });
});
