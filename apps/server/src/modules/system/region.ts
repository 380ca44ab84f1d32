import ipaddr from 'ipaddr.js';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';

type ParsedRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface RegionVerdict {
  blocked: boolean;
  country: string | null;
}

/** Normalises '::ffff:1.2.3.4' to '1.2.3.4' so IPv4 ranges match IPv4 clients behind dual-stack sockets. */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.parse(ip);
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

export function isValidCidr(range: string): boolean {
  try {
    ipaddr.parseCIDR(range);
    return true;
  } catch {
    return false;
  }
}

/** Decides whether a visitor's address is restricted, by IP range and, with a GeoIP database, by country. */
export class RegionPolicy {
  private rangesKey = '';
  private ranges: ParsedRange[] = [];

  private constructor(private readonly geo: Reader<CountryResponse> | null) {}

  static async create(geoIpDatabase: string | undefined): Promise<RegionPolicy> {
    return new RegionPolicy(geoIpDatabase ? await maxmind.open<CountryResponse>(geoIpDatabase) : null);
  }

  country(ip: string): string | null {
    if (!this.geo || !ipaddr.isValid(ip)) return null;
    return this.geo.get(ip)?.country?.iso_code ?? null;
  }

  check(ip: string, block: { countries: string[]; ipRanges: string[] }): RegionVerdict {
    const country = this.country(ip);
    const address = parseAddress(ip);
    const inRange =
      address !== null &&
      this.parsedRanges(block.ipRanges).some(
        ([base, bits]) => address.kind() === base.kind() && address.match([base, bits] as never),
      );
    const inCountry = country !== null && block.countries.includes(country);
    return { blocked: inRange || inCountry, country };
  }

  private parsedRanges(ranges: string[]): ParsedRange[] {
    const key = ranges.join(',');
    if (key !== this.rangesKey) {
      this.ranges = ranges.filter(isValidCidr).map((r) => ipaddr.parseCIDR(r));
      this.rangesKey = key;
    }
    return this.ranges;
  }
}
