import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';

const test = useTestPortal();

async function putSetting(key: string, value: unknown) {
  return call(test.portal.app, {
    method: 'PUT',
    url: `/admin/api/settings/${key}`,
    headers: test.admin,
    payload: value as object,
  });
}

const maintenanceMessage = { en: 'Back at noon', bn: 'দুপুরে ফিরব' };

describe('system status', () => {
  it('is 0 (normal) with the visitor IP on a fresh portal', async () => {
    const { status, body } = await call(test.portal.app, { method: 'GET', url: '/wps/system/status?url=localhost' });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      code: 'OK',
      value: { status: 0, maintenanceEnd: null, message: null, ip: '127.0.0.1' },
    });
  });

  it('is 1 with the end time and translated message while maintenance is on, 0 once its end time passed', async () => {
    const endAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await putSetting('maintenance', { enabled: true, endAt, message: maintenanceMessage })).status).toBe(200);

    const en = await call(test.portal.app, { method: 'GET', url: '/wps/system/status?language=en' });
    expect(en.body.value).toMatchObject({ status: 1, maintenanceEnd: endAt, message: 'Back at noon' });
    const bn = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: { 'accept-language': 'bn' },
    });
    expect(bn.body.value.message).toBe('দুপুরে ফিরব');

    const past = new Date(Date.now() - 1000).toISOString();
    await putSetting('maintenance', { enabled: true, endAt: past, message: maintenanceMessage });
    expect((await call(test.portal.app, { method: 'GET', url: '/wps/system/status' })).body.value.status).toBe(0);

    await putSetting('maintenance', { enabled: true, endAt: null, message: maintenanceMessage });
    expect((await call(test.portal.app, { method: 'GET', url: '/wps/system/status' })).body.value).toMatchObject({
      status: 1,
      maintenanceEnd: null,
    });
    await putSetting('maintenance', { enabled: false, endAt: null, message: maintenanceMessage });
  });

  it('is 2 with the visitor IP when the address is in a blocked range', async () => {
    expect(
      (await putSetting('regionBlock', { countries: [], ipRanges: ['127.0.0.0/8', '2001:db8::/32'] })).status,
    ).toBe(200);
    const { body } = await call(test.portal.app, { method: 'GET', url: '/wps/system/status' });
    expect(body.value).toEqual({ status: 2, maintenanceEnd: null, message: null, ip: '127.0.0.1' });
    const permission = await call(test.portal.app, { method: 'GET', url: '/wps/system/permission' });
    expect(permission.body.value.regionRestriction).toBe(true);

    await putSetting('regionBlock', { countries: [], ipRanges: ['10.0.0.0/8'] });
    expect((await call(test.portal.app, { method: 'GET', url: '/wps/system/status' })).body.value.status).toBe(0);
    await putSetting('regionBlock', { countries: [], ipRanges: [] });
  });

  it('refuses an invalid block list and keeps the old one', async () => {
    await putSetting('regionBlock', { countries: ['PH'], ipRanges: [] });
    for (const bad of [
      { countries: [], ipRanges: ['not-a-range'] },
      { countries: ['ph'], ipRanges: [] },
      { countries: [], ipRanges: [], extra: true },
      { countries: 'PH', ipRanges: [] },
    ]) {
      const { status, body } = await putSetting('regionBlock', bad);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    const stored = await call(test.portal.app, {
      method: 'GET',
      url: '/admin/api/settings/regionBlock',
      headers: test.admin,
    });
    expect(stored.body.value).toEqual({ countries: ['PH'], ipRanges: [] });
    await putSetting('regionBlock', { countries: [], ipRanges: [] });
  });
});

describe('permission info and other start-up calls', () => {
  it('has every field of spec section 3, localised', async () => {
    const { status, body } = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/system/permission?url=x&language=en',
    });
    expect(status).toBe(200);
    const value = body.value;
    expect(Object.keys(value).sort()).toEqual(
      [
        'analytics',
        'customerService',
        'domainRoute',
        'imageCDNs',
        'launchGameCDNs',
        'location',
        'maintenance',
        'regionRestriction',
        'resources',
        'settings',
        'whitelabel',
      ].sort(),
    );
    expect(value.location).toEqual({ ip: '127.0.0.1', country: null });
    expect(value.settings.licences.map((l: { code: string }) => l.code)).toEqual(['MGA', 'BVI', 'PAGCOR']);
    expect(value.settings.licences[0].name).toBe('Malta Gaming Authority');
    expect(value.settings.flags.DIRECTREG3).toBe(true);
    expect(value.customerService[0]).toMatchObject({ csType: 'LIVECHAT', title: 'Live chat' });
    expect(value.whitelabel[0]).toEqual({ modId: 'HOME', enabled: true, childrenNodes: [] });
  });

  it("shows the demo brand's taka symbol, and the spec's default P for a brand that has none stored", async () => {
    const permission = () => call(test.portal.app, { method: 'GET', url: '/wps/system/permission' });
    expect((await permission()).body.value.settings.currencySymbol).toBe('৳');
    const brand = await test.portal.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'brand')
      .executeTakeFirstOrThrow();
    await test.portal.database.db.deleteFrom('settings').where('key', '=', 'brand').execute();
    try {
      expect((await permission()).body.value.settings.currencySymbol).toBe('P');
    } finally {
      await test.portal.database.db.insertInto('settings').values({ key: 'brand', value: brand.value }).execute();
    }
  });

  it('serves flags switched by the operator', async () => {
    const off = await call(test.portal.app, {
      method: 'PUT',
      url: '/admin/api/flags',
      headers: test.admin,
      payload: { DIRECTREG3: false },
    });
    expect(off.status).toBe(200);
    const { body } = await call(test.portal.app, { method: 'GET', url: '/wps/system/permission' });
    expect(body.value.settings.flags.DIRECTREG3).toBe(false);
    const unknown = await call(test.portal.app, {
      method: 'PUT',
      url: '/admin/api/flags',
      headers: test.admin,
      payload: { NOPE: true },
    });
    expect(unknown.status).toBe(400);
    await call(test.portal.app, {
      method: 'PUT',
      url: '/admin/api/flags',
      headers: test.admin,
      payload: { DIRECTREG3: true },
    });
  });

  it('answers the white-label tree, domain list and vendors by game type', async () => {
    const whitelabel = await call(test.portal.app, { method: 'GET', url: '/wps/system/whitelabel' });
    expect(whitelabel.body.value.find((n: { modId: string }) => n.modId === 'GAMES').childrenNodes).toHaveLength(9);
    const domains = await call(test.portal.app, { method: 'GET', url: '/wps/system/domainRoute' });
    expect(domains.body.value.domainList).toEqual([
      { domainName: 'localhost', device: 0 },
      { domainName: 'localhost', device: 3 },
    ]);
    const types = await call(test.portal.app, { method: 'GET', url: '/wps/relay/GCSGAME_getVassGameType' });
    expect(types.body.value.map((t: { gameType: string }) => t.gameType)).toEqual([
      'RNG',
      'LIVE',
      'SPORTS',
      'ESPORTS',
      'FISH',
      'PVP',
      'LOTT',
      'ELOTT',
      'COCKFIGHT',
    ]);
    const rng = types.body.value[0];
    expect(rng.isHot).toBe(1);
    expect(rng.vendors.length).toBeGreaterThan(5);
  });

  it('refuses bad query input with a clear 400 in the requested language', async () => {
    const cases = [
      '/wps/system/status?unknown=1',
      `/wps/system/status?url=${'x'.repeat(300)}`,
      '/wps/system/permission?language=fr',
      '/wps/system/helpCenter?language=123',
    ];
    for (const url of cases) {
      const { status, body } = await call(test.portal.app, {
        method: 'GET',
        url,
        headers: { 'accept-language': 'en' },
      });
      expect(status, url).toBe(400);
      expect(body.code).toBe('VALIDATION');
      expect(body.message).toMatch(/^The request is not valid/);
    }
  });

  it('reports health and readiness', async () => {
    expect((await call(test.portal.app, { method: 'GET', url: '/healthz' })).status).toBe(200);
    expect((await call(test.portal.app, { method: 'GET', url: '/readyz' })).status).toBe(200);
  });

  it('publishes the OpenAPI document at /docs', async () => {
    const { status, body } = await call(test.portal.app, { method: 'GET', url: '/docs/json' });
    expect(status).toBe(200);
    expect(body.paths['/wps/system/status']).toBeDefined();
    expect(body.paths['/wps/relay/MCSFE_getListAnnouncements']).toBeDefined();
  });
});
