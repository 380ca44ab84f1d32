import { describe, expect, it } from 'vitest';
import { RegionPolicy } from './region.ts';

describe('RegionPolicy without a GeoIP database', () => {
  it('matches IPv4 ranges for plain and IPv4-mapped IPv6 addresses, and IPv6 ranges', async () => {
    const policy = await RegionPolicy.create(undefined);
    const block = { countries: [], ipRanges: ['203.0.113.0/24', '2001:db8::/32'] };
    expect(policy.check('203.0.113.9', block).blocked).toBe(true);
    expect(policy.check('::ffff:203.0.113.9', block).blocked).toBe(true);
    expect(policy.check('2001:db8::1', block).blocked).toBe(true);
    expect(policy.check('198.51.100.1', block).blocked).toBe(false);
    expect(policy.check('::ffff:198.51.100.1', block).blocked).toBe(false);
  });

  it('blocks nobody for an address it cannot read or when no range is set', async () => {
    const policy = await RegionPolicy.create(undefined);
    expect(policy.check('not-an-address', { countries: [], ipRanges: ['0.0.0.0/0'] })).toEqual({
      blocked: false,
      country: null,
    });
    expect(policy.check('203.0.113.9', { countries: [], ipRanges: [] }).blocked).toBe(false);
  });
});
