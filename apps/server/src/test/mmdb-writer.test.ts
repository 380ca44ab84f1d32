import { type CountryResponse, Reader } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { GEOIP_ADDRESSES, geoIpFixture } from './geoip-fixture.ts';
import { buildMmdb } from './mmdb-writer.ts';

describe('the MaxMind DB test writer', () => {
  it('writes a database the maxmind reader opens and answers from', () => {
    const reader = new Reader<CountryResponse>(geoIpFixture());
    expect(reader.metadata).toMatchObject({
      binaryFormatMajorVersion: 2,
      databaseType: 'GeoIP2-Country',
      ipVersion: 6,
      recordSize: 24,
      languages: ['en'],
    });
    expect(reader.get(GEOIP_ADDRESSES.philippines)?.country).toEqual({
      geoname_id: 1694008,
      iso_code: 'PH',
      names: { en: 'Philippines' },
    });
    expect(reader.get(GEOIP_ADDRESSES.philippinesV6)?.country?.iso_code).toBe('PH');
    expect(reader.getWithPrefixLength(GEOIP_ADDRESSES.bangladesh)).toEqual([
      expect.objectContaining({ country: expect.objectContaining({ iso_code: 'BD' }) }),
      24, // counted from the IPv4 subtree under ::/96
    ]);
    expect(reader.get(GEOIP_ADDRESSES.unknown)).toBeNull();
    expect(reader.get('2001:db9::1')).toBeNull();
  });

  it('encodes long strings, nested arrays and booleans', () => {
    const value = { text: 'ক'.repeat(200), list: [1, 'two', [true, false]], big: 4_000_000_000 };
    const reader = new Reader(buildMmdb([{ network: '10.0.0.0/8', value }], { databaseType: 'T', description: 'T' }));
    expect(reader.get('10.1.2.3')).toEqual(value);
  });

  it('refuses overlapping networks', () => {
    const value = { a: 1 };
    expect(() =>
      buildMmdb(
        [
          { network: '10.0.0.0/8', value },
          { network: '10.1.0.0/16', value },
        ],
        { databaseType: 'T', description: 'T' },
      ),
    ).toThrow(/overlaps/);
  });
});
