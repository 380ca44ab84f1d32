import type { HouseSessionValue, SlotRoundValue } from '@portal/shared/house-games';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { fakeMatchMedia } from '@/test/match-media';
import { fail, renderWithProviders, type StubRequest, stubFetch } from '@/test/render';
import { HouseSlotPage } from './slot-page';
import { CROWN_LINE_GRID, permission, roundOf, slotInfo, spinOf } from './test/slot-fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

const REAL: HouseSessionValue = { mode: 'real', balance: '100.00', currency: 'BDT' };

function reducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    fakeMatchMedia((query) => matches && query.includes('prefers-reduced-motion')),
  );
}

/** Stubs the house API; `spin` answers each POST /house/api/slot/spin in turn. Returns the spin bodies sent. */
function stubHouse({
  session = REAL,
  spins = [] as (SlotRoundValue | ReturnType<typeof fail> | ((body: unknown) => unknown))[],
  jackpot = '1234.50',
} = {}) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        '/house/api/session': session,
        '/house/api/slot/info': slotInfo(),
        '/house/api/jackpot': { amount: jackpot, currency: 'BDT' },
        '/wps/system/permission': permission('৳'),
        'POST /house/api/slot/spin': ({ body }: StubRequest) => {
          sent.push(body as Record<string, unknown>);
          const answer = spins[sent.length - 1];
          return typeof answer === 'function' ? answer(body) : answer;
        },
      }),
    ),
  );
  return sent;
}

async function renderPage(path = '/house/slot?token=tok-1&lang=en') {
  const view = renderWithProviders(<HouseSlotPage />, { path });
  await screen.findByTestId('slot-spin');
  return view;
}

const balance = () => screen.getByTestId('slot-balance').textContent;
const lastWin = () => screen.getByTestId('slot-last-win').textContent;
const spinButton = () => screen.getByTestId('slot-spin');
const idle = () => expect(spinButton().getAttribute('aria-disabled')).toBe('false');

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('bn'));
});

describe('HouseSlotPage', () => {
  it('shows the jackpot, the balance and the stake, and steps the bet per line with − and +', async () => {
    reducedMotion(true);
    stubHouse();
    await renderPage();

    expect(screen.getByRole('heading', { name: 'Lucky Lanterns' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('slot-jackpot').textContent).toContain('৳ 1,234.50'));
    await waitFor(() => expect(balance()).toBe('৳ 100.00'));
    expect(lastWin()).toBe('—');
    expect(screen.getByTestId('slot-mode').textContent).toBe('Real money');
    expect(screen.getByTestId('slot-stake').textContent).toBe('৳ 0.20');

    const minus = screen.getByRole('button', { name: 'Lower the bet per line' }) as HTMLButtonElement;
    const plus = screen.getByRole('button', { name: 'Raise the bet per line' }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    fireEvent.click(plus);
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(screen.getByTestId('slot-stake').textContent).toBe('৳ 2.00');
    for (let i = 0; i < 10; i++) fireEvent.click(plus);
    expect(plus.disabled).toBe(true);
    expect(screen.getByTestId('slot-stake').textContent).toBe('৳ 100.00');
    fireEvent.click(minus);
    expect(screen.getByTestId('slot-stake').textContent).toBe('৳ 40.00');
  });

  it('opens the rules: RTP with two decimals, volatility, paytable at the bet, free spins and jackpot share', async () => {
    reducedMotion(true);
    stubHouse();
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Raise the bet per line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Game rules and paytable' }));

    const help = await screen.findByTestId('slot-help');
    expect(within(help).getByTestId('slot-help-rtp').textContent).toBe('RTP 96.01% · volatility low');
    expect(help.textContent).toContain('1.00% of every real-money stake');
    // Crown at 0.02 per line: 40, 150 and 750 credits; the scatter pays times the 0.40 stake.
    expect(within(help).getByTestId('slot-pay-CR').textContent).toContain('0.80');
    expect(within(help).getByTestId('slot-pay-CR').textContent).toContain('15.00');
    expect(within(help).getByTestId('slot-pay-SC').textContent).toContain('20.00');
    expect(within(help).getByTestId('slot-help-free-spins').textContent).toBe(
      '3 or more scatters anywhere award 10 free spins; every free-spin win pays ×3. Free spins can award more free spins.',
    );
    expect(help.querySelectorAll('.slot-help__payline')).toHaveLength(20);
    fireEvent.click(within(help).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('slot-help')).toBeNull();
  });

  it('plays a spin: sends the token, a round key and the bet, lists the winning line and settles the balance', async () => {
    reducedMotion(true);
    const sent = stubHouse({
      spins: [
        roundOf({
          win: '4.00',
          balance: '103.80',
          spins: [
            spinOf({
              grid: CROWN_LINE_GRID,
              lineWins: [{ line: 7, symbol: 'CR', count: 3, amount: '4.00' }],
              win: '4.00',
            }),
          ],
        }),
      ],
    });
    await renderPage();

    fireEvent.click(spinButton());
    await waitFor(() => expect(lastWin()).toBe('৳ 4.00'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({ token: 'tok-1', roundKey: expect.stringMatching(/^[0-9a-f-]{36}$/), betPerLine: '0.01' });
    expect(balance()).toBe('৳ 103.80');
    expect(screen.getByTestId('slot-line-wins').textContent).toContain('Line 7: 3 × Crown = ৳ 4.00');
    expect(screen.getByTestId('slot-round-win').textContent).toBe('Round win ৳ 4.00');
    // The line's cells light up: reels 1 and 2 on the bottom row, reel 3 in the middle.
    expect(screen.getByTestId('slot-cell-0-2').className).toContain('is-win');
    expect(screen.getByTestId('slot-cell-2-1').className).toContain('is-win');
    expect(screen.getByTestId('slot-cell-3-0').className).not.toContain('is-win');
    idle();
  });

  it('spins every reel at the press and stops them one by one when motion is allowed', async () => {
    reducedMotion(false);
    stubHouse({ spins: [roundOf()] });
    await renderPage();

    fireEvent.click(spinButton());
    expect(spinButton().getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(document.querySelectorAll('.slot-reel.is-spinning')).toHaveLength(5));
    // The timing itself (about a second in all) is checked in use-round-playback.test.ts; generous limits here keep
    // this test steady on a busy machine.
    await waitFor(() => expect(document.querySelectorAll('.slot-reel.is-spinning').length).toBeLessThan(5), {
      timeout: 3000,
    });
    await waitFor(idle, { timeout: 4000 });
    expect(document.querySelectorAll('.slot-reel.is-spinning')).toHaveLength(0);
    expect(balance()).toBe('৳ 99.80');
    expect(lastWin()).toBe('৳ 0.00');
    expect(screen.getByTestId('slot-round-win').textContent).toBe('No win this time');
  });

  it('steps through the free spins with a running total, and sums them up at the end', async () => {
    reducedMotion(true);
    stubHouse({
      spins: [
        roundOf({
          win: '1.60',
          balance: '101.40',
          spins: [
            spinOf({ scatterCount: 3, scatterWin: '0.40', freeSpinsAwarded: 2, win: '0.40' }),
            spinOf({
              freeSpin: true,
              multiplier: 3,
              grid: CROWN_LINE_GRID,
              lineWins: [{ line: 7, symbol: 'CR', count: 3, amount: '1.20' }],
              win: '1.20',
            }),
            spinOf({ freeSpin: true, multiplier: 3 }),
          ],
        }),
      ],
    });
    await renderPage();

    fireEvent.click(spinButton());
    expect(await screen.findByText('2 free spins ×3!')).toBeTruthy();
    expect(screen.getByTestId('slot-line-wins').textContent).toContain('Scatter: 3 × Scatter = ৳ 0.40');
    const progress = await screen.findByTestId('slot-free-spin-progress', {}, { timeout: 2500 });
    expect(progress.textContent).toBe('Free spin 1 of 2 · wins ×3');
    expect(screen.getByTestId('slot-round-win').textContent).toBe('Total win so far ৳ 1.60');
    expect(screen.getByTestId('slot-line-wins').textContent).toContain('Line 7: 3 × Crown = ৳ 1.20');
    // The balance still lacks the stake until the round's end is on screen.
    expect(balance()).toBe('৳ 99.80');

    fireEvent.click(screen.getByTestId('slot-skip'));
    await waitFor(() => expect(lastWin()).toBe('৳ 1.60'));
    expect(screen.getByTestId('slot-free-spins-played').textContent).toBe('Free spins 2 × 3');
    expect(balance()).toBe('৳ 101.40');
    idle();
  });

  it('celebrates a jackpot win', async () => {
    reducedMotion(true);
    stubHouse({ spins: [roundOf({ win: '5000.00', balance: '5099.80', jackpotWin: '5000.00' })] });
    await renderPage();

    fireEvent.click(spinButton());
    const dialog = await screen.findByTestId('slot-jackpot-win');
    expect(within(dialog).getByText('৳ 5,000.00')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Collect' }));
    expect(screen.queryByTestId('slot-jackpot-win')).toBeNull();
    expect(lastWin()).toBe('৳ 5,000.00');
  });

  it('keeps its own balance in free play, without a token or a currency symbol', async () => {
    reducedMotion(true);
    const sent = stubHouse({
      session: { mode: 'free', balance: '2000.00', currency: 'BDT' },
      spins: [roundOf({ stake: '100.00', win: '12.50', balance: null, betPerLine: '5.00' })],
    });
    await renderPage('/house/slot?lang=en');
    for (let i = 0; i < 8; i++) fireEvent.click(screen.getByRole('button', { name: 'Raise the bet per line' }));

    fireEvent.click(spinButton());
    await waitFor(() => expect(lastWin()).toBe('12.50'));
    expect(sent[0]).not.toHaveProperty('token');
    expect(sent[0]?.betPerLine).toBe('5.00');
    expect(balance()).toBe('1,912.50');
    expect(screen.getByTestId('slot-mode').textContent).toBe('Free play');
  });

  it('refuses a stake above the free-play balance and offers to top it up', async () => {
    reducedMotion(true);
    const sent = stubHouse({ session: { mode: 'free', balance: '0.10', currency: 'BDT' } });
    await renderPage('/house/slot?lang=en');

    fireEvent.click(spinButton());
    expect((await screen.findByTestId('slot-error')).textContent).toContain('free-play balance is below this stake');
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Top up free-play balance' }));
    expect(balance()).toBe('2,000.00');
    expect(screen.queryByTestId('slot-error')).toBeNull();
  });

  it('resumes the same round after a dropped connection, and shows refusals in the game language', async () => {
    reducedMotion(true);
    const sent = stubHouse({
      spins: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        roundOf(),
        fail(409, 'INSUFFICIENT_FUNDS', 'server text'),
      ],
    });
    await renderPage();

    fireEvent.click(spinButton());
    expect((await screen.findByTestId('slot-error')).textContent).toBe(t('houseSlot.errors.network'));
    expect(balance()).toBe('৳ 100.00');
    fireEvent.click(spinButton());
    await waitFor(() => expect(lastWin()).toBe('৳ 0.00'));
    expect(sent[1]?.roundKey).toBe(sent[0]?.roundKey);

    fireEvent.click(spinButton());
    expect((await screen.findByTestId('slot-error')).textContent).toBe('Insufficient balance');
    expect(sent[2]?.roundKey).not.toBe(sent[0]?.roundKey);
    expect(balance()).toBe('৳ 99.80');
  });

  it('speaks the language of the launch', async () => {
    reducedMotion(true);
    stubHouse();
    await renderPage('/house/slot?token=tok-1&lang=bn');
    expect(screen.getByRole('heading', { name: 'লাকি লণ্ঠন' })).toBeTruthy();
    expect(spinButton().textContent).toBe('স্পিন');
  });

  it('says when the game session cannot be opened', async () => {
    reducedMotion(true);
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/house/api/session': fail(401, 'SESSION_EXPIRED', 'expired'),
        '/house/api/slot/info': slotInfo(),
        '/house/api/jackpot': { amount: '10.00', currency: 'BDT' },
      }),
    );
    renderWithProviders(<HouseSlotPage />, { path: '/house/slot?token=old&lang=en' });
    expect((await screen.findByTestId('slot-load-error')).textContent).toContain(
      'The game session has expired, please open the game again',
    );
  });
});
