import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEOIP_ADDRESSES, writeGeoIpFixture } from '../../test/geoip-fixture.ts';
import { call, startTestPortal, type TestPortal } from '../../test/harness.ts';
import { RegionPolicy } from './region.ts';

let fixture: Awaited<ReturnType<typeof writeGeoIpFixture>>;
beforeAll(async () => {
  fixture = await writeGeoIpFixture();
});
afterAll(() => fixture?.remove());

async function putRegionBlock(portal: TestPortal, countries: string[]) {
  return call(portal.app, {
    method: 'PUT',
    url: '/admin/api/settings/regionBlock?language=en',
    headers: await portal.adminHeaders(),
    payload: { countries, ipRanges: [] },
  });
}

describe('RegionPolicy with a GeoIP database', () => {
  it('finds the country of IPv4, IPv4-mapped and IPv6 addresses and blocks the listed ones', async () => {
    const policy = await RegionPolicy.create(fixture.file);
    const block = { countries: ['PH'], ipRanges: [] };
    expect(policy.locatesCountries).toBe(true);
    expect(policy.check(GEOIP_ADDRESSES.philippines, block)).toEqual({ blocked: true, country: 'PH' });
    expect(policy.check(GEOIP_ADDRESSES.philippinesV6, block)).toEqual({ blocked: true, country: 'PH' });
    expect(policy.check(`::ffff:${GEOIP_ADDRESSES.philippines}`, block)).toEqual({ blocked: true, country: 'PH' });
    expect(policy.check(GEOIP_ADDRESSES.bangladesh, block)).toEqual({ blocked: false, country: 'BD' });
    expect(policy.check(GEOIP_ADDRESSES.unknown, block)).toEqual({ blocked: false, country: null });
  });
});

describe('country blocking through /wps/system/status', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ GEOIP_DB: fixture.file });
  });
  afterAll(() => portal?.close());

  const status = (remoteAddress: string) =>
    call(portal.app, { method: 'GET', url: '/wps/system/status', remoteAddress }).then((r) => r.body.value);

  it('is 2 for an address in a blocked country and 0 for one elsewhere or unknown', async () => {
    const saved = await putRegionBlock(portal, ['PH']);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, code: 'OK', value: { countries: ['PH'], ipRanges: [] } });

    expect(await status(GEOIP_ADDRESSES.philippines)).toEqual({
      status: 2,
      maintenanceEnd: null,
      message: null,
      ip: GEOIP_ADDRESSES.philippines,
    });
    expect((await status(GEOIP_ADDRESSES.philippinesV6)).status).toBe(2);
    expect((await status(GEOIP_ADDRESSES.bangladesh)).status).toBe(0);
    expect((await status(GEOIP_ADDRESSES.unknown)).status).toBe(0);

    const permission = await call(portal.app, {
      method: 'GET',
      url: '/wps/system/permission',
      remoteAddress: GEOIP_ADDRESSES.philippines,
    });
    expect(permission.body.value).toMatchObject({
      location: { ip: GEOIP_ADDRESSES.philippines, country: 'PH' },
      regionRestriction: true,
    });

    await putRegionBlock(portal, []);
    expect((await status(GEOIP_ADDRESSES.philippines)).status).toBe(0);
  });
});

describe('blocked countries on a server without GEOIP_DB', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal?.close());

  it('are saved, and the operator is told they are not enforced', async () => {
    const saved = await putRegionBlock(portal, ['PH']);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, code: 'OK', value: { countries: ['PH'], ipRanges: [] } });
    expect(saved.body.message).toMatch(/GEOIP_DB/);
    expect(await portal.app.services.system.unenforcedCountries()).toEqual(['PH']);
    // Nobody has a country here, so nobody is blocked by one.
    const { body } = await call(portal.app, {
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: GEOIP_ADDRESSES.philippines,
    });
    expect(body.value.status).toBe(0);

    const cleared = await putRegionBlock(portal, []);
    expect(cleared.body).toEqual({ success: true, code: 'OK', value: { countries: [], ipRanges: [] } });
    expect(await portal.app.services.system.unenforcedCountries()).toEqual([]);
  });
});
