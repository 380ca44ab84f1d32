import type { Announcements, GameTypeItem } from '@portal/shared/api';
import { AGENT_NOTICE_TYPE, GAME_TYPE_ROUTE, LANGUAGES, leadsToRealPage } from '@portal/shared/constants';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { DEMO_NOTICES } from './content.ts';

// The demo brand advertises only what works: every banner, notice link and HOT badge of the seeded portal leads to a
// screen the web router serves with a real page, never to a 'coming soon' placeholder (PLACEHOLDER_ROUTES).
const test = useTestPortal();

/** The portal addresses in a notice's HTML: its relative links (external ones leave the portal). */
function portalLinks(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? '').filter((href) => href.startsWith('/'));
}

describe('the demo content', () => {
  for (const language of LANGUAGES) {
    it(`links banners and notices only to real pages (${language})`, async () => {
      const { body } = await call(test.portal.app, {
        method: 'GET',
        url: `/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W&language=${language}`,
      });
      const value = body.value as Announcements;
      expect(value.banners.length).toBeGreaterThan(0);
      const bannerLinks = value.banners.filter((b) => b.linkageType === 1).map((b) => b.link ?? '');
      expect(bannerLinks.length).toBeGreaterThan(0);
      const notices = [...value.player, ...value.popup, ...value.promotion, ...value.home];
      const noticeLinks = notices.flatMap((n) => portalLinks(n.content));
      const dead = [...bannerLinks, ...noticeLinks].filter((link) => !leadsToRealPage(link));
      expect(dead).toEqual([]);
    });
  }

  it('links agent notices only to real pages, and has a few of them in both languages', () => {
    const agentNotices = DEMO_NOTICES.filter((notice) => notice.type === AGENT_NOTICE_TYPE);
    expect(agentNotices.length).toBeGreaterThanOrEqual(3);
    for (const notice of agentNotices) {
      for (const language of LANGUAGES) {
        expect(notice.title[language]?.length, language).toBeGreaterThan(10);
        const links = portalLinks(notice.content[language] ?? '');
        expect(links.filter((link) => !leadsToRealPage(link))).toEqual([]);
      }
    }
  });

  it('puts HOT badges only on categories and vendors whose page is real', async () => {
    const { body } = await call(test.portal.app, { method: 'GET', url: '/wps/relay/GCSGAME_getVassGameType' });
    const types = body.value as GameTypeItem[];
    const hot = [
      ...types.filter((t) => t.isHot === 1).map((t) => t.gameType),
      ...types
        .flatMap((t) => t.vendors)
        .filter((v) => v.isHot === 1)
        .map((v) => v.gameType),
    ];
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.filter((gameType) => !leadsToRealPage(GAME_TYPE_ROUTE[gameType]))).toEqual([]);
  });
});

describe('leadsToRealPage', () => {
  it('accepts routes of real screens with their search and hash, and refuses placeholders and unknown paths', () => {
    expect(leadsToRealPage('/rng?vassalage=HOUSE')).toBe(true);
    expect(leadsToRealPage('/?memberCentre=depositv2')).toBe(true);
    expect(leadsToRealPage('/help#contact')).toBe(true);
    expect(leadsToRealPage('/Promotions')).toBe(false);
    expect(leadsToRealPage('/lottery?vendor=ELOTT')).toBe(true);
    expect(leadsToRealPage('/vip?level=2')).toBe(false);
    expect(leadsToRealPage('/no-such-page')).toBe(false);
  });
});
