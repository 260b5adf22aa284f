import { describe, expect, it } from '@jest/globals';
import { rateLimitKey } from '../../server/security/client-key.server.js';

/** Issue 35 finding 10: what every per-IP limit counts a client by. */
describe('rateLimitKey', () => {
  it('keeps an IPv4 address as it is, and reads an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(rateLimitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitKey('::FFFF:cb00:7109')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64, whatever way it is written', () => {
    const key = rateLimitKey('2001:db8:a:b::1');
    expect(key).toBe('2001:db8:a:b::/64');
    for (const same of [
      '2001:db8:a:b:ffff:ffff:ffff:ffff',
      '2001:0DB8:000a:000b:1:2:3:4',
      '2001:db8:a:b:0:0:1.2.3.4',
      '2001:db8:a:b::9%eth0',
    ]) {
      expect(rateLimitKey(same)).toBe(key);
    }
    for (const other of ['2001:db8:a:c::1', '2001:db8::1', '2001:db9:a:b::1']) expect(rateLimitKey(other)).not.toBe(key);
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('keeps anything else apart from every address', () => {
    expect(rateLimitKey(undefined)).toBe('unknown');
    expect(rateLimitKey('not-an-address')).toBe('not-an-address');
  });
});
