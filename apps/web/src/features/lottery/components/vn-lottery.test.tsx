import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { clearSessionHintCookie, memberInfo, setSessionHint } from '@/test/auth-fixtures';
import { fail, renderWithProviders } from '@/test/render';
import {
  callsTo,
  lotteryBet,
  lotteryGame,
  lotteryResult,
  menusOf,
  recordFetch,
  vnNorthDetails,
  vnNorthResult,
} from '../test/lottery-fixtures';
import { LotteryPage } from './lottery-page';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
const VN_MENU = '/lgw/vn/games/game_menu';
const DETAILS = '/lotto/lgw/games/VN_MB';
const SLIP = '/lotto/lgw/bets/slip';
const CHASE = '/lotto/lgw/bets/chase';
const page = <T,>(list: T[]) => ({ list, pageNo: 1, pageSize: 100, total: list.length, totalPages: 1 });

const vnGame = (overrides: Parameters<typeof lotteryGame>[0]) =>
  lotteryGame({ gameGroupCode: 'VN', numero: '20261128', remainTime: 7_200_000, lockTime: 900, ...overrides });
const north = vnGame({ gameId: 'VN_MB', gameMenuTag: 'NORTH', remark: 'Miền Bắc' });
const hcm = vnGame({ gameId: 'VN_HCM', gameMenuTag: 'SOUTH', remark: 'TP. Hồ Chí Minh', drawDayOfWeek: 2 });
const vungTau = vnGame({ gameId: 'VN_VT', gameMenuTag: 'SOUTH', remark: 'Vũng Tàu', drawDayOfWeek: 3 });
const daNang = vnGame({ gameId: 'VN_DN', gameMenuTag: 'CENTRAL', remark: 'Đà Nẵng', drawDayOfWeek: 4 });

function renderVn(path: string, routes: Record<string, unknown> = {}) {
  setSessionHint();
  const onBalanceChange = vi.fn();
  const calls = recordFetch({
    '/wps/member/info': memberInfo(),
    [VN_MENU]: menusOf([north, hcm, vungTau, daNang]),
    [DETAILS]: vnNorthDetails(),
    '/lotto/lgw/games/VN_MB/results': page([
      lotteryResult({ numero: '20261127', result: vnNorthResult() as never, serverSeed: null }),
    ]),
    '/lotto/lgw/bets': page([]),
    ...routes,
  });
  renderWithProviders(<LotteryPage kind="vn" prizeMode="Lott" onBalanceChange={onBalanceChange} />, { path });
  return { calls, onBalanceChange };
}

const cardNames = () => screen.queryAllByTestId('lottery-card').map((card) => card.getAttribute('data-game'));
const number = (value: string) => screen.getByRole('button', { name: value });

afterEach(() => {
  clearSessionHintCookie();
  vi.unstubAllGlobals();
});

describe('/vnlottery lobby', () => {
  it('lists the games by NORTH, SOUTH and CENTRAL and filters them by draw weekday', async () => {
    const { calls } = renderVn('/vnlottery');
    await screen.findAllByTestId('lottery-card');
    expect(screen.getByRole('heading', { name: t('lottery.vnTitle') })).toBeTruthy();
    const query = Object.fromEntries((callsTo(calls, 'GET', VN_MENU)[0] as { url: URL }).url.searchParams);
    expect(query).toMatchObject({ device: 'WEB', prizeMode: 'Lott' });
    fireEvent.click(screen.getByRole('button', { name: t('lottery.tags.SOUTH') }));
    expect(cardNames()).toEqual(['VN_HCM', 'VN_VT']);
    fireEvent.click(screen.getByRole('button', { name: t('lottery.lobby.allTags') }));
    fireEvent.click(screen.getByRole('button', { name: t('lottery.weekdays.3') }));
    // The north draws daily; Vũng Tàu on Tuesdays.
    expect(cardNames()).toEqual(['VN_MB', 'VN_VT']);
    const link = within(screen.getAllByTestId('lottery-card')[0] as HTMLElement).getByRole('link');
    expect(link.getAttribute('href')).toBe('/vnlottery?gameCode=VN_MB');
  });
});

describe('/vnlottery game page', () => {
  it('picks lô numbers on the 00–99 grid and previews the ticket before confirming', async () => {
    const { calls, onBalanceChange } = renderVn('/vnlottery?gameCode=VN_MB', {
      [`POST ${SLIP}`]: { bets: [lotteryBet(), lotteryBet()], totalAmount: '162.00' },
    });
    await screen.findByTestId('lottery-countdown');
    expect(screen.getAllByRole('button', { name: /^\d\d$/ })).toHaveLength(100);
    fireEvent.click(number('07'));
    fireEvent.click(number('33'));
    fireEvent.click(screen.getByRole('button', { name: t('lottery.vn.morePoints') }));
    fireEvent.click(screen.getByRole('button', { name: t('lottery.vn.morePoints') }));
    // Two numbers, 3 points each at 27.00 a point.
    expect(screen.getByTestId('lottery-slip-cost').textContent).toMatch(/ 162\.00$/);

    fireEvent.click(screen.getByRole('button', { name: t('lottery.slip.place') }));
    const dialog = await screen.findByRole('dialog', { name: t('lottery.confirm.title') });
    // The draw reads as its day, the picks by their bet's name.
    expect(within(dialog).getByText(new RegExp(t('lottery.confirm.draw', { numero: '28/11/2026' })))).toBeTruthy();
    expect(within(dialog).getAllByText(`${t('lottery.vn.betTypes.lo2')}:`, { exact: false })).toHaveLength(2);
    const preview = within(dialog).getByTestId('vn-preview');
    expect(within(preview).getByTestId('vn-counts').textContent).toBe(t('lottery.vn.preview.counts', { count: 27 }));
    expect(within(preview).getByTestId('vn-total').textContent).toMatch(/ 162\.00$/);
    expect(within(preview).getByRole('table', { name: t('lottery.vn.table.title') })).toBeTruthy();
    // A chase repeats one pick only.
    const chase = within(dialog).getByRole('checkbox', { name: t('lottery.confirm.chase') }) as HTMLInputElement;
    expect(chase.disabled).toBe(true);
    expect(within(dialog).getByText(t('lottery.confirm.chaseOnlyOne'))).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: t('lottery.confirm.confirm') }));
    await waitFor(() => expect(onBalanceChange).toHaveBeenCalled());
    const [call] = callsTo(calls, 'POST', SLIP);
    expect(call?.json).toEqual({
      gameId: 'VN_MB',
      numero: '20261128',
      items: [
        { betType: 'lo2', selection: '07', stake: '27.00', multiple: 3 },
        { betType: 'lo2', selection: '33', stake: '27.00', multiple: 3 },
      ],
    });
    expect(call?.headers['Idempotency-Key']).toBeTruthy();
  });

  it("chases one pick over the next days' open draws at the price shown, stopping after a win", async () => {
    const opened = ['20261128', '20261129', '20261130'].map((numero) => ({
      numero,
      openTime: '2026-11-27T11:15:00.000Z',
      lockTime: '2026-11-28T11:00:00.000Z',
      winningTime: '2026-11-28T11:15:00.000Z',
      serverSeedHash: 'ab'.repeat(32),
    }));
    const { calls, onBalanceChange } = renderVn('/vnlottery?gameCode=VN_MB', {
      '/lgw/vn/numeros/opened/game': opened,
      [`POST ${CHASE}`]: { chaseId: '9', stopAfterWin: true, bets: [lotteryBet(), lotteryBet(), lotteryBet()] },
    });
    await screen.findByTestId('lottery-countdown');
    fireEvent.click(number('07'));
    fireEvent.click(screen.getByRole('button', { name: t('lottery.slip.place') }));
    const dialog = await screen.findByRole('dialog', { name: t('lottery.confirm.title') });
    const chase = within(dialog).getByRole('checkbox', { name: t('lottery.confirm.chase') });
    await waitFor(() => expect((chase as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(chase);
    // Three days are open: the chase covers at most those, and names its last day.
    const draws = within(dialog).getByRole('spinbutton', { name: t('lottery.confirm.chaseDraws') }) as HTMLInputElement;
    expect(draws.value).toBe('3');
    expect(draws.max).toBe('3');
    fireEvent.change(draws, { target: { value: '2' } });
    expect(within(dialog).getByTestId('lottery-chase-until').textContent).toBe(
      t('lottery.confirm.chaseUntil', { date: '29/11/2026' }),
    );
    expect(within(dialog).getByTestId('lottery-confirm-total').textContent).toMatch(/ 54\.00$/);
    // The ticket's total counts both days too.
    expect(within(dialog).getByTestId('vn-total').textContent).toMatch(/ 54\.00$/);
    const each = within(dialog).getByTestId('lottery-chase-each').textContent ?? '';
    expect(each).toBe(t('lottery.confirm.chaseEach', { amount: each.match(/\S* ?27\.00/)?.[0], count: 2 }));
    fireEvent.click(within(dialog).getByRole('button', { name: t('lottery.confirm.confirm') }));
    await waitFor(() => expect(onBalanceChange).toHaveBeenCalled());
    expect(callsTo(calls, 'POST', CHASE)[0]?.json).toEqual({
      gameId: 'VN_MB',
      betType: 'lo2',
      selection: '07',
      stake: '27.00',
      multiple: 1,
      draws: 2,
      stopAfterWin: true,
    });
    expect(callsTo(calls, 'POST', SLIP)).toHaveLength(0);
  });

  it('makes one xiên of its numbers, ascending, and 3-digit bets from typed numbers', async () => {
    const { calls } = renderVn('/vnlottery?gameCode=VN_MB', {
      [`POST ${SLIP}`]: { bets: [lotteryBet()], totalAmount: '1.00' },
    });
    await screen.findByTestId('lottery-countdown');
    fireEvent.click(screen.getByRole('button', { name: t('lottery.vn.betTypes.xien3') }));
    fireEvent.click(number('33'));
    fireEvent.click(number('07'));
    expect(within(screen.getByTestId('lottery-slip')).getByText(t('lottery.slip.empty'))).toBeTruthy();
    fireEvent.click(number('12'));
    expect(within(screen.getByTestId('lottery-slip')).getByText(t('lottery.slip.picks', { count: 1 }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('lottery.slip.place') }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t('lottery.confirm.confirm') }));
    await waitFor(() => expect(callsTo(calls, 'POST', SLIP)).toHaveLength(1));
    expect((callsTo(calls, 'POST', SLIP)[0]?.json as { items: unknown[] } | undefined)?.items).toEqual([
      { betType: 'xien3', selection: '07,12,33', stake: '1.00', multiple: 1 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: t('lottery.vn.betTypes.3cang') }));
    const input = screen.getByRole('textbox', { name: t('lottery.vn.typeLabel', { digits: 3 }) });
    fireEvent.click(screen.getByRole('button', { name: t('lottery.vn.add') }));
    expect(screen.getByRole('alert').textContent).toBe(
      t('lottery.vn.typedInvalid', { digits: 3, min: '000', max: '999' }),
    );
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: t('lottery.vn.add') }));
    expect(screen.getByRole('button', { name: t('lottery.vn.remove', { number: '007' }) })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('lottery.slip.place') }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('vn-counts').textContent).toBe(t('lottery.vn.preview.countsOnce'));
    fireEvent.click(within(dialog).getByRole('button', { name: t('lottery.confirm.confirm') }));
    await waitFor(() => expect(callsTo(calls, 'POST', SLIP)).toHaveLength(2));
    expect((callsTo(calls, 'POST', SLIP)[1]?.json as { items: unknown[] } | undefined)?.items).toEqual([
      { betType: '3cang', selection: '007', stake: '1.00', multiple: 1 },
    ]);
  });

  it('shows a changed price’s refusal and reads the game’s prices again', async () => {
    const { calls } = renderVn('/vnlottery?gameCode=VN_MB', {
      [`POST ${SLIP}`]: fail(409, 'LOTTERY_PRICE_CHANGED', 'The price per point has changed'),
    });
    await screen.findByTestId('lottery-countdown');
    fireEvent.click(number('07'));
    fireEvent.click(screen.getByRole('button', { name: t('lottery.slip.place') }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t('lottery.confirm.confirm') }));
    expect(await within(dialog).findByText('The price per point has changed')).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'GET', DETAILS).length).toBeGreaterThan(1));
  });

  it('shows the results with the 27-prize table and the demo source label', async () => {
    renderVn('/vnlottery?gameCode=VN_MB');
    await screen.findByTestId('lottery-countdown');
    expect(screen.getByTestId('vn-source').textContent).toBe(t('lottery.vn.source.demo'));
    fireEvent.click(screen.getByRole('tab', { name: t('lottery.game.tabs.results') }));
    const table = await screen.findByTestId('vn-prize-table');
    expect(within(table).getByText(t('lottery.vn.prizeTableTitle', { date: '27/11/2026', count: 27 }))).toBeTruthy();
    const special = within(table).getByRole('row', { name: new RegExp(t('lottery.vn.prizes.DB')) });
    expect(within(special).getByText('12345')).toBeTruthy();
    expect(table.querySelectorAll('.vn-prizes__numbers span')).toHaveLength(27);
    expect(within(table).getByTestId('vn-source').textContent).toBe(t('lottery.vn.source.demo'));
  });

  it('shows the trend of lô and đề endings: hot, cold and absent longest', async () => {
    renderVn('/vnlottery?gameCode=VN_MB');
    await screen.findByTestId('lottery-countdown');
    fireEvent.click(screen.getByRole('tab', { name: t('lottery.game.tabs.trend') }));
    const trend = await screen.findByTestId('vn-trend');
    expect(within(trend).getByRole('heading', { name: t('lottery.vnTrend.title', { count: 1 }) })).toBeTruthy();
    const hot = () =>
      within(trend).getByRole('heading', { name: t('lottery.trend.hot') }).nextElementSibling as HTMLElement;
    // 45 ends the special prize 12345 and G5's 4045: twice as lô.
    expect(hot().querySelector('li')?.textContent).toBe(`45${t('lottery.trend.times', { count: 2 })}`);
    expect(within(trend).getByTestId('vn-trend-absent').querySelector('li')?.textContent).toBe(
      `00${t('lottery.vnTrend.never', { count: 1 })}`,
    );
    fireEvent.click(within(trend).getByRole('button', { name: t('lottery.vnTrend.kinds.de') }));
    expect([...hot().querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      `45${t('lottery.trend.times', { count: 1 })}`,
    ]);
  });
});
