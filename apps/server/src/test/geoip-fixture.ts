import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildMmdb, type MmdbValue } from './mmdb-writer.ts';

/** A country as GeoLite2-Country records it (the fields `maxmind`'s CountryResponse reads). */
function country(isoCode: string, name: string, geonameId: number): MmdbValue {
  return { country: { geoname_id: geonameId, iso_code: isoCode, names: { en: name } } };
}

/** Addresses of the fixture, from the documentation ranges (RFC 5737, RFC 3849), and the countries they are in. */
export const GEOIP_ADDRESSES = {
  philippines: '198.51.100.7',
  philippinesV6: '2001:db8::1',
  bangladesh: '203.0.113.9',
  /** In no network of the fixture. */
  unknown: '192.0.2.1',
} as const;

/** A small GeoIP2-Country database: two documentation networks in the Philippines, one in Bangladesh. */
export function geoIpFixture(): Buffer {
  return buildMmdb(
    [
      { network: '198.51.100.0/24', value: country('PH', 'Philippines', 1694008) },
      { network: '2001:db8::/32', value: country('PH', 'Philippines', 1694008) },
      { network: '203.0.113.0/24', value: country('BD', 'Bangladesh', 1210997) },
    ],
    { databaseType: 'GeoIP2-Country', description: 'Portal test fixture' },
  );
}

/** Writes the fixture to a file of its own in the temporary folder; `remove` deletes it. */
export async function writeGeoIpFixture(): Promise<{ file: string; remove(): Promise<void> }> {
  const file = path.join(os.tmpdir(), `portal-geoip-${process.pid}-${randomBytes(4).toString('hex')}.mmdb`);
  await fs.writeFile(file, geoIpFixture());
  return { file, remove: () => fs.rm(file, { force: true }) };
}
