import ipaddr from 'ipaddr.js';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';

type ParsedRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface RegionVerdict {
  blocked: boolean;
  country: string | null;
}

/** Parsed once; '::ffff:1.2.3.4' becomes '1.2.3.4' so IPv4 ranges match IPv4 clients behind dual-stack sockets. */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(ip);
  } catch {
    return null;
  }
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

  /** Whether visitors have a country here: without a GeoIP database, only IP ranges can block anyone. */
  get locatesCountries(): boolean {
    return this.geo !== null;
  }

  country(ip: string): string | null {
    if (!this.geo) return null;
    // Looked up as the IPv4 address: a database need not alias the IPv4-mapped range to its IPv4 networks.
    const address = parseAddress(ip);
    return address ? (this.geo.get(address.toString())?.country?.iso_code ?? null) : null;
  }

  check(ip: string, block: { countries: string[]; ipRanges: string[] }): RegionVerdict {
    const country = this.country(ip);
    const ranges = this.parsedRanges(block.ipRanges);
    // The address is parsed only when there are ranges to match: most portals block none (a parse per request).
    const address = ranges.length > 0 ? parseAddress(ip) : null;
    const inRange =
      address !== null &&
      ranges.some(([base, bits]) => address.kind() === base.kind() && address.match([base, bits] as never));
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
