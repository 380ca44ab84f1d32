import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../test/harness.ts';

const test = useTestPortal();

const PUBLIC_GETS = [
  '/wps/system/status',
  '/wps/system/permission',
  '/wps/system/helpCenter',
  '/wps/system/whitelabel',
  '/wps/system/domainRoute',
  '/wps/relay/MCSFE_getListAnnouncements',
  '/wps/relay/GCSGAME_getVassGameType',
  '/wps/relay/GCSGAME_newGameVendor',
];

async function storedState() {
  const db = test.portal.database.db;
  return {
    settings: await db.selectFrom('settings').selectAll().orderBy('key').execute(),
    flags: await db.selectFrom('feature_flags').selectAll().orderBy('code').execute(),
    help: await db.selectFrom('help_sections').selectAll().orderBy('key').execute(),
    banners: await db.selectFrom('banners').selectAll().orderBy('id').execute(),
    notices: await db.selectFrom('notices').selectAll().orderBy('id').execute(),
  };
}

describe('bad input to every endpoint of the foundation', () => {
  it('public calls refuse unknown fields, wrong types and oversize strings with a translated 400', async () => {
    for (const path of PUBLIC_GETS) {
      for (const query of ['unknownField=1', `language=${'x'.repeat(5000)}`, 'language[]=bn&language[]=en']) {
        const { status, body } = await call(test.portal.app, {
          method: 'GET',
          url: `${path}?${query}`,
          headers: { 'accept-language': 'en' },
        });
        expect(status, `${path}?${query.slice(0, 30)}`).toBe(400);
        expect(body).toMatchObject({ success: false, code: 'VALIDATION' });
        expect(body.message).toMatch(/^The request is not valid/);
      }
    }
  });

  it('numbers that are not finite are refused as bad input, not failed on', async () => {
    for (const value of ['Infinity', '-Infinity', '1e309', 'NaN']) {
      for (const url of [
        `/wps/relay/GCSGAME_getRankList?gameCategory=ALL&limitNum=${value}`,
        `/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=${value}&pageSize=15`,
      ]) {
        const { status, body } = await call(test.portal.app, {
          method: 'GET',
          url,
          headers: { 'accept-language': 'en' },
        });
        expect(status, url).toBe(400);
        expect(body).toMatchObject({ success: false, code: 'VALIDATION' });
      }
    }
  });

  it('language codes are read in either case', async () => {
    const help = async (language: string) =>
      (await call(test.portal.app, { method: 'GET', url: `/wps/system/helpCenter?language=${language}` })).body;
    const [en, EN, bn, BN] = await Promise.all(['en', 'EN', 'bn', 'BN'].map(help));
    expect(EN).toEqual(en);
    expect(BN).toEqual(bn);
    expect(en).not.toEqual(bn);
    expect((await call(test.portal.app, { method: 'GET', url: '/wps/system/helpCenter?language=Xx' })).status).toBe(
      400,
    );
  });

  it('operator writes refuse wrong types, unknown fields, oversize strings and script URLs, and change nothing', async () => {
    const before = await storedState();
    const cases: [string, string, unknown][] = [
      ['PUT', '/admin/api/settings/brand', { brandName: 'x' }],
      ['PUT', '/admin/api/settings/brand', 'not an object'],
      ['PUT', '/admin/api/settings/maintenance', { enabled: 'yes', endAt: null, message: {} }],
      ['PUT', '/admin/api/settings/maintenance', { enabled: true, endAt: 'tomorrow', message: {} }],
      ['PUT', '/admin/api/settings/maintenance', { enabled: true, endAt: null, message: { en: 'x'.repeat(3000) } }],
      [
        'PUT',
        '/admin/api/settings/customerService',
        [{ csPosition: 'R', csType: 'LIVECHAT', path: 'javascript:alert(1)', title: {} }],
      ],
      [
        'PUT',
        '/admin/api/settings/integrations',
        { gtagId: null, domainRoute: null, imageCDNs: ['ftp://x'], launchGameCDNs: [] },
      ],
      ['PUT', '/admin/api/settings/gameTypes', [{ gameType: 'POKER', isHot: true, enabled: true }]],
      ['PUT', '/admin/api/settings/nope', {}],
      ['PUT', '/admin/api/flags', { DIRECTREG3: 'on' }],
      ['PUT', '/admin/api/flags', {}],
      ['PUT', '/admin/api/help/Bad_Key', { title: { en: 'x' }, content: { en: 'y' }, sortOrder: 0 }],
      ['PUT', '/admin/api/help/terms', { title: { en: 'x' }, content: { en: 'y' }, sortOrder: -1 }],
      ['PATCH', '/admin/api/notices/abc', { enabled: true }],
      ['PATCH', '/admin/api/banners/1', {}],
      ['PUT', '/admin/api/notices/order', { ids: [] }],
      ['POST', '/admin/api/session', { username: 'a', password: 'b', extra: 1 }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await test.portal.app.inject({
        method: method as 'PUT',
        url,
        headers: { ...test.admin, 'content-type': 'application/json', 'accept-language': 'en' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload).slice(0, 60)}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ success: false });
    }
    expect(await storedState()).toEqual(before);
  });

  it('operator bodies are taken as sent: text or a number where a boolean or a number belongs is a 400', async () => {
    const db = test.portal.database.db;
    const banner = await db.selectFrom('banners').select('id').executeTakeFirstOrThrow();
    const notice = await db.selectFrom('notices').select('id').executeTakeFirstOrThrow();
    const newBanner = { groupName: 'w_home', imageUrl: '/a.svg', title: { en: 'x' }, linkageType: 0 };
    const newNotice = { type: 'H', title: { en: 'x' }, content: { en: 'y' } };
    const help = { title: { en: 'x' }, content: { en: 'y' }, sortOrder: 0 };
    const before = await storedState();
    const cases: [string, string, unknown][] = [
      ['PUT', '/admin/api/flags', { DIRECTREG3: 0 }],
      ['PUT', '/admin/api/flags', { DIRECTREG3: 'false' }],
      ['PUT', '/admin/api/flags', { DIRECTREG3: 'true' }],
      ['POST', '/admin/api/banners', { ...newBanner, sortOrder: '3' }],
      ['POST', '/admin/api/banners', { ...newBanner, enabled: 'true' }],
      ['POST', '/admin/api/banners', { ...newBanner, linkageType: '0' }],
      ['POST', '/admin/api/banners', { ...newBanner, title: { en: 5 } }],
      ['PATCH', `/admin/api/banners/${banner.id}`, { sortOrder: '3' }],
      ['PATCH', `/admin/api/banners/${banner.id}`, { enabled: 'false' }],
      ['POST', '/admin/api/notices', { ...newNotice, sortOrder: '3' }],
      ['POST', '/admin/api/notices', { ...newNotice, enabled: 'true' }],
      ['PATCH', `/admin/api/notices/${notice.id}`, { enabled: 0 }],
      ['PUT', '/admin/api/notices/order', { ids: [String(notice.id)] }],
      ['PUT', '/admin/api/help/terms', { ...help, sortOrder: '3' }],
    ];
    for (const [method, url, payload] of cases) {
      const { status, body } = await call(test.portal.app, {
        method: method as 'PUT',
        url,
        headers: { ...test.admin, 'accept-language': 'en' },
        payload: payload as object,
      });
      expect(status, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    expect(await storedState()).toEqual(before);

    // The same calls with the types right are taken, so the refusals above were for the types alone.
    const flag = await call(test.portal.app, {
      method: 'PUT',
      url: '/admin/api/flags',
      headers: test.admin,
      payload: { DIRECTREG3: before.flags.find((f) => f.code === 'DIRECTREG3')?.enabled ?? false },
    });
    expect(flag.status).toBe(200);
    const created = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/notices',
      headers: test.admin,
      payload: { ...newNotice, sortOrder: 3, enabled: true },
    });
    expect(created.status).toBe(201);
  });

  it('a malformed JSON body is a 400, not a 500', async () => {
    const response = await test.portal.app.inject({
      method: 'POST',
      url: '/admin/api/notices',
      headers: { ...test.admin, 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});
