import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../test/harness.ts';
import { pageWithBootData } from './web-app.ts';

const THEME_SCRIPT = "document.documentElement.dataset.theme='light'";
let dist: string;
let portal: TestPortal;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"><span><!--first-banner--></span></div></body></html>`,
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))})`);
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(dist, 'manifest.en.webmanifest'), '{"name":"Portal","lang":"en"}');
  fs.mkdirSync(path.join(dist, 'icons'));
  fs.writeFileSync(path.join(dist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  const styles = `body{color:red}${' '.repeat(3000)}`;
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), styles);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.css.br'), zlib.brotliCompressSync(styles));
  portal = await startTestPortal({ WEB_DIST: dist });
});
afterAll(async () => {
  await portal.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('answers every route of the spec with index.html, uncached', async () => {
    for (const url of ['/', '/rng', '/help', '/register.html', '/agentHome', '/lottery?gameCode=X']) {
      const response = await portal.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("puts the build's stylesheet into the page instead of linking it", async () => {
    const page = await portal.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('<style>body{color:red}');
    expect(page.body).not.toContain('rel="stylesheet"');
  });

  it('answers other page addresses with the app and a 404 status, and unknown API paths with a JSON 404', async () => {
    const page = await portal.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<div id="root">');
    const api = await portal.app.inject({ method: 'GET', url: '/wps/relay/NoSuchCall' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('embeds the start-up answers, exactly as the API gives them, in the chosen language', async () => {
    const page = await portal.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'lang=en', host: 'portal.test' },
    });
    const match = page.body.match(/<script id="boot-data" type="application\/json">(.*?)<\/script>/s);
    expect(match).not.toBeNull();
    const boot = JSON.parse(match?.[1] ?? '{}');
    expect(boot.language).toBe('en');
    expect(boot.host).toBe('portal.test');
    const api = async (url: string) => (await portal.app.inject({ method: 'GET', url })).json().value;
    expect(boot.values.status).toEqual(await api('/wps/system/status?language=en'));
    expect(boot.values.permission).toEqual(await api('/wps/system/permission?language=en'));
    expect(boot.values.announcements).toEqual(
      await api('/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&language=en'),
    );
    expect(boot.values.gameTypes).toEqual(await api('/wps/relay/GCSGAME_getVassGameType'));
    // The first banner's drawn art and its words, in the page's language, painted with the document; drawn art is
    // no image, so nothing is preloaded as one.
    const first = boot.values.announcements.banners[0];
    expect(first.headline).toBe('Originals slot: progressive jackpot');
    expect(page.body).toContain(
      '<span><svg class="banner-carousel__art" viewBox="0 0 1200 400" preserveAspectRatio="xMidYMid slice" aria-hidden="true"><use href="/banners/w_home-1.svg#art"/></svg>' +
        '<span class="banner-carousel__copy"><strong class="banner-carousel__headline">Originals slot: progressive jackpot</strong>' +
        `<span class="banner-carousel__detail">${first.detail}</span><span class="banner-carousel__cta">${first.button}</span></span></span>`,
    );
    expect(page.body).not.toContain('rel="preload" as="image"');
    const rng = await portal.app.inject({ method: 'GET', url: '/rng' });
    expect(rng.body).toContain('<use href="/banners/w_rng-1.svg#art"/>');
  });

  it("embeds the brand's default language for a visitor who has not chosen one", async () => {
    const bootLanguage = async (headers: Record<string, string> = {}) => {
      const page = await portal.app.inject({ method: 'GET', url: '/', headers });
      const match = page.body.match(/<script id="boot-data" type="application\/json">(.*?)<\/script>/s);
      const boot = JSON.parse(match?.[1] ?? '{}');
      expect(boot.values.permission.settings.copyright, 'permission in the page language').toBe(
        (await portal.app.inject({ method: 'GET', url: `/wps/system/permission?language=${boot.language}` })).json()
          .value.settings.copyright,
      );
      return boot.language;
    };
    expect(await bootLanguage()).toBe('bn');

    const admin = await portal.adminHeaders();
    const brand = (await portal.app.inject({ method: 'GET', url: '/admin/api/settings/brand', headers: admin })).json()
      .value;
    const putBrand = (value: unknown) =>
      portal.app.inject({ method: 'PUT', url: '/admin/api/settings/brand', headers: admin, payload: value as object });
    expect((await putBrand({ ...brand, defaultLanguage: 'en' })).statusCode).toBe(200);
    try {
      expect(await bootLanguage()).toBe('en');
      // The player's own choice still wins.
      expect(await bootLanguage({ cookie: 'lang=bn' })).toBe('bn');
    } finally {
      await putBrand(brand);
    }
  });

  it("writes a banner's words into the boot shell as text, never as markup", () => {
    const page = pageWithBootData('<head></head><span><!--first-banner--></span>', {
      language: 'en',
      host: 'portal.test',
      values: {},
      firstBanner: { url: '/a.svg', headline: 'Win <b>big</b> & fast', button: '</span><script>' },
    });
    expect(page).toContain('<strong class="banner-carousel__headline">Win &lt;b&gt;big&lt;/b&gt; &amp; fast</strong>');
    expect(page).toContain('<span class="banner-carousel__cta">&lt;/span&gt;&lt;script&gt;</span>');
    expect(page).not.toContain('banner-carousel__detail');
    // An image banner with no words: the image alone, preloaded ahead of every script (the largest paint's request).
    const plain = pageWithBootData('<head></head><script src="/a.js"></script><!--first-banner-->', {
      language: 'en',
      host: 'portal.test',
      values: {},
      firstBanner: { url: '/a.svg' },
    });
    expect(plain).not.toContain('banner-carousel__copy');
    expect(plain).toContain('<img src="/a.svg" alt="" width="1200" height="400" fetchpriority="high">');
    const preload = '<link rel="preload" as="image" href="/a.svg" fetchpriority="high">';
    expect(plain.indexOf(preload)).toBeGreaterThan(-1);
    expect(plain.indexOf(preload)).toBeLessThan(plain.indexOf('<script src'));
  });

  it('keeps operator text from closing the data block, and gives 404 pages none', async () => {
    const admin = await portal.adminHeaders();
    await portal.app.inject({
      method: 'POST',
      url: '/admin/api/notices',
      headers: admin,
      payload: { type: 'H', title: { bn: '</script><script>alert(1)</script>' }, content: { bn: '<p>x</p>' } },
    });
    const page = await portal.app.inject({ method: 'GET', url: '/' });
    const block = page.body.slice(page.body.indexOf('<script id="boot-data"'));
    expect(block.indexOf('</script>')).toBe(block.lastIndexOf('</script>'));
    expect(page.body).not.toContain('<script>alert(1)');
    const missing = await portal.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.body).not.toContain('boot-data');
  });

  it('caches hashed assets for a year, compressed, the service worker and manifests not at all, icons an hour', async () => {
    const asset = await portal.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    const precompressed = await portal.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(precompressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(precompressed.rawPayload).toString()).toMatch(/^body\{color:red\}/);
    expect(precompressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await portal.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await portal.app.inject({ method: 'GET', url: '/manifest.en.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const icon = await portal.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends security headers whose CSP allows exactly the inline theme script', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('gives JSON API answers the strict API policy: nothing loads, nothing frames', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['referrer-policy']).toBeUndefined();
  });

  it('keeps the API policy on refusals and unknown API paths', async () => {
    const refused = await portal.app.inject({ method: 'GET', url: '/wps/system/status?language=xx' });
    const unknown = await portal.app.inject({ method: 'GET', url: '/wps/no-such-call' });
    for (const response of [refused, unknown]) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });
});
