import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { clearSessionHintCookie, memberInfo, setSessionHint } from '@/test/auth-fixtures';
import { fail, renderWithProviders } from '@/test/render';
import { LOTTERY_FAVOURITES_KEY } from '../lib/favourites';
import { callsTo, lotteryGame, menusOf, recordFetch } from '../test/lottery-fixtures';
import { LotteryPage } from './lottery-page';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
const MENUS = '/lgw/games/game_menus';
const POPULAR = '/lgw/games/popular';
const RECENT = '/lgw/vn/games/game_menu/recent';

const wingo1 = lotteryGame({ gameId: 'WINGO_1M', remark: 'Win Go 1 Minute', remainTime: 40_000 });
const wingo3 = lotteryGame({ gameId: 'WINGO_3M', remark: 'Win Go 3 Minutes', remainTime: 160_000, lockTime: 10 });
const k3 = lotteryGame({ gameId: 'K3_1M', gameGroupCode: 'K3', gameMenuTag: 'K3', remark: 'K3 1 Minute' });
const south = lotteryGame({
  gameId: 'VN_HCM',
  gameGroupCode: 'VN',
  gameMenuTag: 'SOUTH',
  remark: 'Ho Chi Minh',
  drawDayOfWeek: 2,
  remainTime: 3_600_000,
});

function renderLobby(routes: Record<string, unknown> = {}, signedIn = false) {
  if (signedIn) {
    setSessionHint();
    window.localStorage.setItem('username', 'amin');
  }
  const calls = recordFetch({
    '/wps/member/info': signedIn ? memberInfo() : fail(401, 'NOT_LOGGED_IN'),
    [MENUS]: menusOf([wingo1, wingo3, k3, south]),
    ...routes,
  });
  renderWithProviders(<LotteryPage kind="fast" prizeMode="Elott" onBalanceChange={() => {}} />, { path: '/lottery' });
  return calls;
}

const cardNames = () => screen.queryAllByTestId('lottery-card').map((card) => card.getAttribute('data-game'));
const chip = (name: string) => screen.getByRole('button', { name });

afterEach(() => clearSessionHintCookie());

describe('lottery lobby', () => {
  it('lists the menus’ games with their draw and a countdown to the lock, asking with the prize mode', async () => {
    const calls = renderLobby();
    const card = (await screen.findAllByTestId('lottery-card'))[0] as HTMLElement;
    expect(within(card).getByText('Win Go 1 Minute')).toBeTruthy();
    expect(within(card).getByText(t('lottery.card.numero', { numero: '202611280229' }))).toBeTruthy();
    // 40 s to the draw less the 5 s lock.
    expect(within(card).getByTestId('lottery-card-clock').textContent).toMatch(/^00:3[45]$/);
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/lottery?gameCode=WINGO_1M');
    const query = Object.fromEntries((callsTo(calls, 'GET', MENUS)[0] as { url: URL }).url.searchParams);
    expect(query).toMatchObject({ prizeMode: 'Elott', device: 'WEB', language: 'bn' });
    expect(card.querySelector('svg[data-art="WINGO"]')).toBeTruthy();
  });

  it('filters by menu tag, weekday (2..7 then Sunday) and a case-insensitive name search', async () => {
    renderLobby();
    await screen.findAllByTestId('lottery-card');
    const days = within(screen.getByRole('group', { name: t('lottery.lobby.weekdaysLabel') }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(days).toEqual([t('lottery.lobby.anyDay'), ...[2, 3, 4, 5, 6, 7, 1].map((d) => t(`lottery.weekdays.${d}`))]);

    fireEvent.click(chip(t('lottery.tags.K3')));
    expect(cardNames()).toEqual(['K3_1M']);

    fireEvent.click(chip(t('lottery.lobby.allTags')));
    fireEvent.click(chip(t('lottery.weekdays.1')));
    // The southern game draws on Mondays only; the fast games every day.
    expect(cardNames()).toEqual(['WINGO_1M', 'WINGO_3M', 'K3_1M']);
    fireEvent.click(chip(t('lottery.weekdays.2')));
    expect(cardNames()).toEqual(['WINGO_1M', 'WINGO_3M', 'K3_1M', 'VN_HCM']);

    fireEvent.change(screen.getByRole('searchbox', { name: t('lottery.lobby.searchLabel') }), {
      target: { value: 'WIN GO 3' },
    });
    expect(cardNames()).toEqual(['WINGO_3M']);
  });

  it('clears the list type and the weekday when a menu tag is selected', async () => {
    renderLobby({ [POPULAR]: [k3, wingo1] });
    await screen.findAllByTestId('lottery-card');
    fireEvent.click(chip(t('lottery.weekdays.3')));
    fireEvent.click(chip(t('lottery.lists.hot')));
    expect(chip(t('lottery.lists.hot')).getAttribute('aria-pressed')).toBe('true');
    await screen.findByText('K3 1 Minute');
    fireEvent.click(chip(t('lottery.tags.WINGO')));
    expect(chip(t('lottery.lists.hot')).getAttribute('aria-pressed')).toBe('false');
    expect(chip(t('lottery.weekdays.3')).getAttribute('aria-pressed')).toBe('false');
    expect(chip(t('lottery.lobby.anyDay')).getAttribute('aria-pressed')).toBe('true');
    expect(cardNames()).toEqual(['WINGO_1M', 'WINGO_3M']);
  });

  it('shows the popular games most first, with the count of 20', async () => {
    const calls = renderLobby({ [POPULAR]: [k3, wingo1] });
    await screen.findAllByTestId('lottery-card');
    fireEvent.click(chip(t('lottery.lists.hot')));
    await screen.findByText('K3 1 Minute');
    expect(cardNames()).toEqual(['K3_1M', 'WINGO_1M']);
    const query = Object.fromEntries((callsTo(calls, 'GET', POPULAR)[0] as { url: URL }).url.searchParams);
    expect(query).toMatchObject({ count: '20', prizeMode: 'Elott', device: 'WEB' });
  });

  it('shows an empty list, not an error, when the server has no popular list yet (404)', async () => {
    renderLobby();
    await screen.findAllByTestId('lottery-card');
    fireEvent.click(chip(t('lottery.lists.hot')));
    expect(await screen.findByText(t('lottery.lobby.noGames'))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves games under LOTTFAV for the signed-in username and lists them as saved', async () => {
    renderLobby({}, true);
    await screen.findAllByTestId('lottery-card');
    fireEvent.click(chip(t('lottery.lists.saved')));
    expect(screen.getByText(t('lottery.lobby.savedEmpty'))).toBeTruthy();
    fireEvent.click(chip(t('lottery.lobby.allTags')));
    fireEvent.click(screen.getByRole('button', { name: t('lottery.card.save', { name: 'K3 1 Minute' }) }));
    expect(JSON.parse(window.localStorage.getItem(LOTTERY_FAVOURITES_KEY) ?? '{}')).toEqual({ amin: ['K3_1M'] });
    fireEvent.click(chip(t('lottery.lists.saved')));
    expect(cardNames()).toEqual(['K3_1M']);
  });

  it('shows the latest winners of this page’s games, masked, with the payout', async () => {
    const win = (gameId: string, account: string, payout: string) => ({
      account,
      gameId,
      gameName: gameId,
      numero: '1',
      betType: 'number',
      selection: '7',
      payout,
      settledAt: '2026-11-27T21:49:03.000Z',
    });
    const calls = renderLobby({
      '/lotto/lgw/winners': { list: [win('K3_1M', 'ab***yz', '90.00'), win('VN_MB', 'cd***wx', '950.00')] },
    });
    const board = await screen.findByTestId('lottery-winners');
    expect(within(board).getByText('ab***yz')).toBeTruthy();
    expect(within(board).getByText(/\+.* 90\.00$/)).toBeTruthy();
    // The Vietnamese game's win belongs to /vnlottery's board.
    expect(within(board).queryByText('cd***wx')).toBeNull();
    const query = Object.fromEntries((callsTo(calls, 'GET', '/lotto/lgw/winners')[0] as { url: URL }).url.searchParams);
    expect(query).toMatchObject({ count: '50' });
  });

  it('asks a visitor to sign in for the recent list, and shows a member’s recent games', async () => {
    renderLobby();
    await screen.findAllByTestId('lottery-card');
    fireEvent.click(chip(t('lottery.lists.recent')));
    expect(screen.getByText(t('lottery.lobby.recentSignIn'))).toBeTruthy();
  });

  it('lists the member’s recent fast games with recentCount 100 (the Vietnamese ones belong to /vnlottery)', async () => {
    const calls = renderLobby({ [RECENT]: [south, k3] }, true);
    await screen.findAllByTestId('lottery-card');
    fireEvent.click(chip(t('lottery.lists.recent')));
    await screen.findByText('K3 1 Minute');
    expect(cardNames()).toEqual(['K3_1M']);
    const query = Object.fromEntries((callsTo(calls, 'GET', RECENT)[0] as { url: URL }).url.searchParams);
    expect(query).toMatchObject({ recentCount: '100', prizeMode: 'Elott', device: 'WEB' });
  });
});

describe('the Vietnamese lottery vendor on /lottery', () => {
  it('lists the Vietnamese games when the launch names the TCG_LOTTO_VN vendor', async () => {
    const calls = recordFetch({
      '/wps/member/info': fail(401, 'NOT_LOGGED_IN'),
      '/lgw/vn/games/game_menu': menusOf([south]),
      [MENUS]: menusOf([wingo1]),
    });
    renderWithProviders(<LotteryPage kind="fast" prizeMode="Elott" onBalanceChange={() => {}} />, {
      path: '/lottery?vendor=TCG_LOTTO_VN',
    });
    const card = (await screen.findAllByTestId('lottery-card'))[0] as HTMLElement;
    expect(card.getAttribute('data-game')).toBe('VN_HCM');
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/lottery?vendor=TCG_LOTTO_VN&gameCode=VN_HCM');
    expect(callsTo(calls, 'GET', MENUS)).toHaveLength(0);
  });
});
