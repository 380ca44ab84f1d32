import { createHash, createHmac } from 'node:crypto';
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
  wingoDetails,
} from '../test/lottery-fixtures';
import { LotteryPage } from './lottery-page';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
const MENUS = '/lgw/games/game_menus';
const DETAILS = '/lotto/lgw/games/WINGO_1M';
const RESULTS = '/lotto/lgw/games/WINGO_1M/results';
const SLIP = '/lotto/lgw/bets/slip';
const CHASE = '/lotto/lgw/bets/chase';
const page = <T,>(list: T[]) => ({ list, pageNo: 1, pageSize: 100, total: list.length, totalPages: 1 });

function renderGame(routes: Record<string, unknown> = {}, signedIn = true) {
  if (signedIn) setSessionHint();
  const onBalanceChange = vi.fn();
  const calls = recordFetch({
    '/wps/member/info': signedIn ? memberInfo() : fail(401, 'NOT_LOGGED_IN'),
    [MENUS]: menusOf([lotteryGame({ remainTime: 45_000 })]),
    [DETAILS]: wingoDetails(),
    [RESULTS]: page([lotteryResult()]),
    '/lotto/lgw/bets': page([]),
    '/lotto/lgw/games/opened/numero': [
      {
        numero: '202611280229',
        openTime: '2026-11-27T21:48:00.000Z',
        lockTime: '2026-11-27T21:48:55.000Z',
        winningTime: '2026-11-27T21:49:00.000Z',
        serverSeedHash: '9f'.repeat(32),
      },
    ],
    ...routes,
  });
  renderWithProviders(<LotteryPage kind="fast" prizeMode="Lott" onBalanceChange={onBalanceChange} />, {
    path: '/lottery?gameCode=WINGO_1M',
  });
  return { calls, onBalanceChange };
}

const pick = (selection: string) =>
  screen.getByRole('button', {
    name: t('lottery.board.pickLabel', {
      selection: t(`lottery.board.selections.${selection}`, { defaultValue: selection }),
      odds: selection === 'big' ? '1.96' : '9.00',
    }),
  });

async function openConfirm() {
  fireEvent.click(screen.getByRole('button', { name: t('lottery.slip.place') }));
  return screen.findByRole('dialog', { name: t('lottery.confirm.title') });
}

afterEach(() => {
  clearSessionHintCookie();
  vi.unstubAllGlobals();
});

describe('lottery game page', () => {
  it('shows the open draw with its countdown to the lock and the last result', async () => {
    renderGame();
    expect(await screen.findByText(t('lottery.draw.numero', { numero: '202611280229' }))).toBeTruthy();
    // 45 s to the draw, less the 5 s lock.
    expect(screen.getByTestId('lottery-countdown').textContent).toMatch(/^00:(39|40)$/);
    expect(screen.getByText(t('lottery.draw.previous', { numero: '202611280228' }))).toBeTruthy();
    expect(screen.getByRole('img', { name: `7 (${t('lottery.results.colours.green')})` })).toBeTruthy();
    // The hash of the open draw's seed, published before betting.
    expect((await screen.findByTestId('lottery-seed-hash')).getAttribute('title')).toBe('9f'.repeat(32));
  });

  it('adds picks to the slip with their cost and best win, and places them through the slip with a key', async () => {
    const { calls, onBalanceChange } = renderGame({
      [`POST ${SLIP}`]: {
        bets: [lotteryBet({ selection: '3' }), lotteryBet({ selection: '7' })],
        totalAmount: '40.00',
      },
    });
    await screen.findByTestId('lottery-countdown');
    fireEvent.click(pick('3'));
    fireEvent.click(pick('7'));
    fireEvent.click(screen.getByRole('button', { name: t('lottery.board.more') }));
    const slip = screen.getByTestId('lottery-slip');
    expect(within(slip).getByText(t('lottery.slip.picks', { count: 2 }))).toBeTruthy();
    // Two picks of 10.00 × 2; the numbers exclude each other, so at most one wins 20.00 × 9.
    expect(within(slip).getByTestId('lottery-slip-cost').textContent).toEqual(expect.stringMatching(/ 40\.00$/));
    expect(within(slip).getByText(/ 180\.00$/)).toBeTruthy();

    const dialog = await openConfirm();
    expect(within(dialog).getByTestId('lottery-confirm-total').textContent).toEqual(expect.stringMatching(/ 40\.00$/));
    fireEvent.click(within(dialog).getByRole('button', { name: t('lottery.confirm.confirm') }));
    await waitFor(() => expect(onBalanceChange).toHaveBeenCalled());
    const [call] = callsTo(calls, 'POST', SLIP);
    expect(call?.json).toEqual({
      gameId: 'WINGO_1M',
      numero: '202611280229',
      items: [
        { betType: 'number', selection: '3', stake: '10.00', multiple: 2 },
        { betType: 'number', selection: '7', stake: '10.00', multiple: 2 },
      ],
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(t('lottery.confirm.placed', { numero: '202611280229' }))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByTestId('lottery-slip')).getByText(t('lottery.slip.empty'))).toBeTruthy();
  });

  it('resends the same key after a lost answer, so the bet is placed at most once', async () => {
    let attempt = 0;
    const { calls } = renderGame({
      [`POST ${SLIP}`]: () => {
        attempt++;
        return attempt === 1 ? fail(503, 'UNAVAILABLE', 'down') : { bets: [lotteryBet()], totalAmount: '10.00' };
      },
    });
    await screen.findByTestId('lottery-countdown');
    fireEvent.click(screen.getByRole('button', { name: t('lottery.board.betTypes.size') }));
    fireEvent.click(pick('big'));
    const dialog = await openConfirm();
    fireEvent.click(within(dialog).getByRole('button', { name: t('lottery.confirm.confirm') }));
    expect(await within(dialog).findByText(t('lottery.confirm.unknownOutcome'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: t('lottery.confirm.confirm') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const keys = callsTo(calls, 'POST', SLIP).map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows the server’s refusal and keeps the slip', async () => {
    renderGame({ [`POST ${SLIP}`]: fail(409, 'DRAW_LOCKED', 'Betting on this draw has closed') });
    await screen.findByTestId('lottery-countdown');
    fireEvent.click(pick('3'));
    const dialog = await openConfirm();
    fireEvent.click(within(dialog).getByRole('button', { name: t('lottery.confirm.confirm') }));
    expect(await within(dialog).findByText('Betting on this draw has closed')).toBeTruthy();
  });

  it('chases a single pick over the next draws, stopping after a win', async () => {
    const { calls } = renderGame({
      [`POST ${CHASE}`]: { chaseId: '1', stopAfterWin: true, bets: [lotteryBet(), lotteryBet(), lotteryBet()] },
    });
    await screen.findByTestId('lottery-countdown');
    fireEvent.click(pick('3'));
    const dialog = await openConfirm();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: t('lottery.confirm.chase') }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: t('lottery.confirm.chaseDraws') }), {
      target: { value: '3' },
    });
    expect(within(dialog).getByTestId('lottery-confirm-total').textContent).toEqual(expect.stringMatching(/ 30\.00$/));
    fireEvent.click(within(dialog).getByRole('button', { name: t('lottery.confirm.confirm') }));
    expect(await screen.findByText(t('lottery.confirm.placedChase', { count: 3 }))).toBeTruthy();
    expect(callsTo(calls, 'POST', CHASE)[0]?.json).toEqual({
      gameId: 'WINGO_1M',
      betType: 'number',
      selection: '3',
      stake: '10.00',
      multiple: 1,
      draws: 3,
      stopAfterWin: true,
    });
  });

  it('offers the chase for a single pick only', async () => {
    renderGame();
    await screen.findByTestId('lottery-countdown');
    fireEvent.click(pick('3'));
    fireEvent.click(screen.getByRole('button', { name: t('lottery.board.betTypes.size') }));
    fireEvent.click(pick('big'));
    const dialog = await openConfirm();
    expect(within(dialog).getByRole('checkbox', { name: t('lottery.confirm.chase') })).toHaveProperty('disabled', true);
    expect(within(dialog).getByText(t('lottery.confirm.chaseOnlyOne'))).toBeTruthy();
  });

  it('asks a visitor to sign in instead of betting', async () => {
    renderGame({}, false);
    await screen.findByTestId('lottery-countdown');
    expect(screen.getByRole('button', { name: t('lottery.slip.signIn') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('lottery.slip.place') })).toBeNull();
  });

  it('shows "drawing" once the lock passes, then the draw’s result when it arrives', async () => {
    let menuCalls = 0;
    let resultCalls = 0;
    const { onBalanceChange } = renderGame({
      // The first answer's draw locks half a second later; the next answer has moved on to the next draw.
      [MENUS]: () =>
        menusOf([
          ++menuCalls === 1
            ? lotteryGame({ numero: '202611280229', remainTime: 5_500 })
            : lotteryGame({ numero: '202611280230', remainTime: 60_000 }),
        ]),
      [RESULTS]: () =>
        page(
          ++resultCalls < 3 ? [lotteryResult()] : [lotteryResult({ numero: '202611280229', result: { number: 4 } })],
        ),
    });
    expect(
      await screen.findByText(t('lottery.draw.drawingNumero', { numero: '202611280229' }), {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(await screen.findByText(t('lottery.draw.numero', { numero: '202611280230' }))).toBeTruthy();
    expect(
      await screen.findByText(t('lottery.draw.previous', { numero: '202611280229' }), {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('lottery-draw-pending')).toBeNull();
    expect(onBalanceChange).toHaveBeenCalled();
  }, 15_000);

  it('verifies a draw: the server’s answer and the browser’s own HMAC agree', async () => {
    const seed = '5e'.repeat(32);
    const publicInput = 'WINGO_1M:202611280228';
    const digest = createHmac('sha256', seed).update(publicInput).digest();
    // The first 4-byte integer is below 4294967290 for this seed, so it gives the number.
    const number = digest.readUInt32BE(0) % 10;
    renderGame({
      '/lotto/lgw/games/WINGO_1M/draws/202611280228/verify': {
        gameId: 'WINGO_1M',
        numero: '202611280228',
        status: 'settled',
        serverSeedHash: createHash('sha256').update(seed).digest('hex'),
        serverSeed: seed,
        publicInput,
        result: { number },
        recomputed: { number },
        formula: 'digest = HMAC-SHA256(...)',
      },
    });
    await screen.findByTestId('lottery-countdown');
    fireEvent.click(screen.getByRole('tab', { name: t('lottery.game.tabs.results') }));
    fireEvent.click(
      await screen.findByRole('button', { name: t('lottery.results.verify', { numero: '202611280228' }) }),
    );
    const dialog = await screen.findByRole('dialog', { name: t('lottery.verify.title', { numero: '202611280228' }) });
    const verdict = await within(dialog).findByTestId('lottery-verdict');
    expect(verdict.getAttribute('data-verdict')).toBe('agrees');
    expect(verdict.textContent).toContain(t('lottery.verify.agrees'));
    expect(
      within(within(dialog).getByTestId('lottery-browser-result')).getByRole('img').getAttribute('aria-label'),
    ).toMatch(new RegExp(`^${number} `));
    expect(within(dialog).getByText(seed)).toBeTruthy();
    expect(within(dialog).getByText(publicInput)).toBeTruthy();
  });

  it('lists the member’s bets with their status and payout', async () => {
    renderGame({
      '/lotto/lgw/bets': page([
        lotteryBet({ betId: '2', status: 'won', payout: '90.00' }),
        lotteryBet({ betId: '1', status: 'lost', payout: '0.00' }),
      ]),
    });
    await screen.findByTestId('lottery-countdown');
    fireEvent.click(screen.getByRole('tab', { name: t('lottery.game.tabs.mine') }));
    const list = await screen.findByTestId('lottery-bets');
    expect(within(list).getByText(t('lottery.mine.status.won'))).toBeTruthy();
    expect(within(list).getByText(t('lottery.mine.status.lost'))).toBeTruthy();
    expect(within(list).getByText(`+${t('lottery.mine.payout', { amount: 'P 90.00' })}`)).toBeTruthy();
  });

  it('says so when the game does not exist', async () => {
    renderGame({ [DETAILS]: fail(404, 'LOTTERY_GAME_NOT_FOUND', 'no such game') });
    expect(await screen.findByText(t('lottery.game.notFound'))).toBeTruthy();
  });
});
