import type { GameTypeItem } from '@portal/shared/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vendorCard } from '@/features/games/test/games-fixtures';
import { i18n } from '@/i18n';
import { renderWithProviders, stubFetch } from '@/test/render';
import { Footer } from './footer';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

const licences = [
  { code: 'MGA', name: 'Malta Gaming Authority', text: 'Licensed and regulated by the Malta Gaming Authority.' },
  { code: 'BVI', name: 'BVI Financial Services Commission', text: 'Registered with the BVI FSC.' },
  { code: 'PAGCOR', name: 'Philippine Amusement and Gaming Corporation', text: 'Authorised by PAGCOR.' },
];

const permission = {
  customerService: [],
  resources: [],
  settings: {
    flags: {},
    socialLinks: { facebook: null, telegram: null },
    minimumAge: 18,
    licences,
    copyright: 'Copyright © 2026 Lucky Portal. All rights reserved.',
  },
};

// JILI appears under two game types with one logo: the strip shows each logo once.
const gameTypes: GameTypeItem[] = [
  { gameType: 'RNG', isHot: 1, vendors: [vendorCard('PG'), vendorCard('JILI')] },
  { gameType: 'FISH', isHot: 0, vendors: [vendorCard('JILI', 'FISH')] },
  { gameType: 'LIVE', isHot: 0, vendors: [vendorCard('EVO', 'LIVE')] },
];

function renderFooter() {
  vi.stubGlobal(
    'fetch',
    vi.fn(stubFetch({ '/wps/system/permission': permission, '/wps/relay/GCSGAME_getVassGameType': gameTypes })),
  );
  return renderWithProviders(<Footer />);
}

afterEach(() => vi.unstubAllGlobals());

describe('Footer', () => {
  it('shows every vendor logo once', async () => {
    renderFooter();
    const strip = await screen.findByRole('list', { name: t('footer.vendors') }, { timeout: 5000 });
    const logos = within(strip).getAllByRole('img');
    expect(logos.map((logo) => logo.getAttribute('alt'))).toEqual(['PG Games', 'JILI Games', 'EVO Games']);
  });

  it('shows the three licence notes, the copyright and the 18+ note', async () => {
    renderFooter();
    const region = await screen.findByRole('region', { name: t('footer.licences') });
    const notes = within(region).getAllByRole('listitem');
    expect(notes).toHaveLength(3);
    expect(notes.map((note) => note.textContent)).toEqual([
      'MGAMalta Gaming Authority Licensed and regulated by the Malta Gaming Authority.',
      'BVIBVI Financial Services Commission Registered with the BVI FSC.',
      'PAGCORPhilippine Amusement and Gaming Corporation Authorised by PAGCOR.',
    ]);
    expect(screen.getByText('Copyright © 2026 Lucky Portal. All rights reserved.')).toBeTruthy();
    expect(screen.getByText('18+')).toBeTruthy();
    expect(screen.getByText(t('footer.ageNote', { age: 18 }))).toBeTruthy();
  });

  it('lists the game types, linking to their pages', async () => {
    renderFooter();
    const heading = screen.getByRole('heading', { name: t('footer.games') });
    const section = heading.closest('section') as HTMLElement;
    await within(section).findByRole('link', { name: t('gameTypes.RNG') });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [t('gameTypes.RNG'), '/rng'],
      [t('gameTypes.FISH'), '/fish'],
      [t('gameTypes.LIVE'), '/live'],
    ]);
  });

  it('has a help menu leading to each help topic', () => {
    renderFooter();
    const section = screen.getByRole('heading', { name: t('footer.help') }).closest('section') as HTMLElement;
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      ['terms', 'privacy', 'responsible', 'faq', 'about', 'contact'].map((key) => [
        t(`help.keys.${key}`),
        `/help#${key}`,
      ]),
    );
  });

  it('leaves out the licences, copyright and age note until the brand settings arrive', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithProviders(<Footer />);
    expect(screen.queryByRole('region', { name: t('footer.licences') })).toBeNull();
    expect(screen.queryByText('18+')).toBeNull();
    expect(screen.getByRole('heading', { name: t('footer.help') })).toBeTruthy();
  });
});
