import type { GameCard, LaunchMode } from '@portal/shared/games';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { clearSessionHintCookie, memberInfo, setSessionHint } from '@/test/auth-fixtures';
import { fail, renderWithProviders } from '@/test/render';
import { gameCard, lastQuery, recordFetch } from '../test/games-fixtures';
import { RecentGamesPanel } from './recent-games-panel';

const play = vi.fn<(game: GameCard, mode: LaunchMode) => void>();
vi.mock('../hooks/use-game-launch', () => ({
  useGameLaunch: () => ({
    play,
    pending: null,
    needRealAccount: false,
    register: vi.fn(),
    dismissNeedRealAccount: vi.fn(),
  }),
}));

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
const RECENT = '/wps/relay/GCS_recentGame';

function renderPanel(recent: GameCard[], member = true) {
  if (member) setSessionHint();
  const calls = recordFetch({
    '/wps/member/info': member ? memberInfo() : fail(401, 'NOT_LOGGED_IN'),
    [RECENT]: { list: recent, totalPages: recent.length > 0 ? 1 : 0 },
  });
  renderWithProviders(<RecentGamesPanel />);
  return calls;
}

async function openPanel() {
  fireEvent.click(await screen.findByRole('button', { name: t('games.recentPanel.open') }));
  return screen.findByRole('dialog', { name: t('games.recentPanel.title') });
}

beforeEach(() => play.mockReset());
afterEach(() => {
  clearSessionHintCookie();
  vi.unstubAllGlobals();
});

describe('RecentGamesPanel', () => {
  it('says there is no data when the member has played nothing yet', async () => {
    const calls = renderPanel([]);
    const dialog = await openPanel();
    expect(await within(dialog).findByText(t('common.noData'))).toBeTruthy();
    // The first page of every type.
    expect(lastQuery(calls, RECENT)).toMatchObject({ clientType: '3', pageNo: '1', pageSize: '15', language: 'bn' });
    expect(lastQuery(calls, RECENT).gameType).toBeUndefined();
  });

  it('lists the recent games with picture and name, and plays one on a press', async () => {
    renderPanel([gameCard(), gameCard({ nodeId: 'g2', gameName: 'Fishing War', vendorName: 'JDB' })]);
    const dialog = await openPanel();
    const row = await within(dialog).findByRole('button', { name: t('games.tile.playName', { name: 'Fishing War' }) });
    expect(within(dialog).getByText('Lucky Gold')).toBeTruthy();
    expect(row.querySelector('img')).toBeTruthy();
    expect(within(dialog).queryByText(t('common.noData'))).toBeNull();
    fireEvent.click(row);
    expect(play).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 'g2' }), 'real');
  });

  it('is not there for a visitor', async () => {
    const calls = renderPanel([gameCard()], false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: t('games.recentPanel.open') })).toBeNull();
    expect(calls.some((call) => call.url.pathname === RECENT)).toBe(false);
  });
});
