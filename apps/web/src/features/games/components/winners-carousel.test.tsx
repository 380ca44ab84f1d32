import type { WinnerItem } from '@portal/shared/games';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderWithProviders } from '@/test/render';
import { lastQuery, recordFetch } from '../test/games-fixtures';
import { WinnersCarousel } from './winners-carousel';

const RANK_LIST = '/wps/relay/GCSGAME_getRankList';
const t = (key: string) => i18n.t(key) as string;

function winner(overrides: Partial<WinnerItem> = {}): WinnerItem {
  return {
    account: 'ra***88',
    gameName: 'Lucky Gold',
    nodeId: 'g1',
    vassalage: 'PG',
    gameType: 'RNG',
    amount: '1234.50',
    time: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

function permission(currencySymbol: string) {
  return { customerService: [], resources: [], settings: { flags: {}, socialLinks: {}, licences: [], currencySymbol } };
}

afterEach(() => vi.unstubAllGlobals());

describe('WinnersCarousel', () => {
  it('shows the latest winners with masked accounts, games and amounts in the brand currency', async () => {
    const calls = recordFetch({
      [RANK_LIST]: { list: [winner(), winner({ account: 'sh***01', gameName: 'Fishing War', amount: '50.00' })] },
      '/wps/system/permission': permission('৳'),
    });
    renderWithProviders(<WinnersCarousel />);

    const carousel = await screen.findByTestId('winners-carousel');
    expect(screen.getByRole('heading', { name: t('games.winners.title') })).toBeTruthy();
    // The visible list once; its copy (for the endless loop) is hidden from assistive technology.
    const [list, copy] = carousel.querySelectorAll('ul');
    expect(copy?.getAttribute('aria-hidden')).toBe('true');
    expect(list?.getAttribute('aria-hidden')).toBeNull();
    expect(list?.textContent).toContain('ra***88');
    expect(list?.textContent).toContain('Lucky Gold');
    expect(list?.textContent).toContain('sh***01');
    expect(list?.textContent).toContain('Fishing War');
    await waitFor(() => expect(list?.textContent).toContain('৳ 1,234.50'));
    expect(list?.textContent).toContain('৳ 50.00');
    // Spec section 7: no token, every category, the language, 50 winners.
    expect(lastQuery(calls, RANK_LIST)).toEqual({ gameCategory: 'ALL', limitNum: '50', language: 'bn' });
  });

  it('shows nothing at all when there are no winners', async () => {
    const calls = recordFetch({ [RANK_LIST]: { list: [] }, '/wps/system/permission': permission('৳') });
    const { container } = renderWithProviders(<WinnersCarousel />);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === RANK_LIST)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('winners-carousel')).toBeNull();
    expect(container.querySelector('.winners')).toBeNull();
  });
});
