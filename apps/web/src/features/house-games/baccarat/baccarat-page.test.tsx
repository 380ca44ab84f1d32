import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { fail, renderWithProviders } from '@/test/render';
import { HouseBaccaratPage } from './baccarat-page';
import { BANKER_SEVEN, PLAYER_NATURAL, ROOMS, round, session, stubTable, TIE_EIGHTS } from './test/baccarat-fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
const b = (key: string, options?: Record<string, unknown>) => t(`houseBaccarat.${key}`, options);

function renderPage(query = '?token=tok-1&lang=bn') {
  return renderWithProviders(<HouseBaccaratPage revealStepMs={0} />, { path: `/house/baccarat${query}` });
}

async function balance() {
  return (await screen.findByTestId('baccarat-balance')).textContent;
}

function spot(name: 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair') {
  return screen.getByTestId(`baccarat-spot-${name}`);
}

function chip(amount: string) {
  return screen.getByRole('button', { name: b('chip', { amount }) });
}

function dealButton() {
  return screen.getByTestId('baccarat-deal') as HTMLButtonElement;
}

async function outcome() {
  return screen.findByTestId('baccarat-outcome');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('bn');
});

describe('HouseBaccaratPage: session', () => {
  it('loads the session with the launch token and shows balance and mode', async () => {
    const { sessionQueries } = stubTable(session());
    renderPage();
    await balance();
    await waitFor(() => expect(screen.getByTestId('baccarat-balance').textContent).toBe('৳ 1,000.00'));
    expect(screen.getByTestId('baccarat-mode').textContent).toContain(b('mode.real'));
    expect(sessionQueries[0]?.get('token')).toBe('tok-1');
    // Nothing on the felt yet: no deal possible.
    expect(dealButton().disabled).toBe(true);
    expect(screen.getByTestId('baccarat-total-stake').textContent).toBe('৳ 0.00');
  });

  it('shows demo and free play badges', async () => {
    stubTable(session({ mode: 'free', balance: '2000.00' }));
    renderPage('?lang=bn');
    await balance();
    expect(screen.getByTestId('baccarat-mode').textContent).toContain(b('mode.free'));
  });

  it('speaks English when the launch asks for it', async () => {
    stubTable(session({ mode: 'demo' }));
    renderPage('?token=tok-1&lang=en');
    await balance();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Baccarat'));
    expect(screen.getByTestId('baccarat-mode').textContent).toContain('Demo money');
  });

  it('tells the player to reopen the game when the session has ended', async () => {
    stubTable(fail(401, 'SESSION_EXPIRED', 'সেশন শেষ'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('সেশন শেষ');
    expect(alert.textContent).toContain(b('errors.sessionExpired'));
    expect(screen.queryByTestId('baccarat-deal')).toBeNull();
  });
});

describe('HouseBaccaratPage: betting', () => {
  it('adds the selected chip to a spot on each tap, clears, and totals the stake', async () => {
    stubTable(session());
    renderPage();
    await balance();
    fireEvent.click(spot('player'));
    fireEvent.click(spot('player'));
    fireEvent.click(chip('500'));
    expect(chip('500').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(spot('tie'));
    expect(screen.getByTestId('baccarat-stake-player').textContent).toBe('20');
    expect(screen.getByTestId('baccarat-stake-tie').textContent).toBe('500');
    expect(screen.getByTestId('baccarat-total-stake').textContent).toBe('৳ 520.00');
    expect(dealButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: b('clearAria') }));
    expect(screen.getByTestId('baccarat-total-stake').textContent).toBe('৳ 0.00');
    expect(dealButton().disabled).toBe(true);
  });

  it('will not deal a stake above the balance', async () => {
    stubTable(session({ balance: '40.00' }));
    renderPage();
    await balance();
    fireEvent.click(chip('50'));
    fireEvent.click(spot('banker'));
    expect(dealButton().disabled).toBe(true);
    expect(screen.getByText(b('overBalance'))).toBeTruthy();
  });
});

describe('HouseBaccaratPage: rounds in real money', () => {
  it('deals, turns the cards, shows the outcome and each spot, and takes the server balance', async () => {
    const win = round(
      PLAYER_NATURAL,
      [
        { spot: 'player', stake: '10.00', win: '20.00' },
        { spot: 'banker', stake: '10.00', win: '0.00' },
      ],
      { balance: '1010.00' },
    );
    const { bodies } = stubTable(session(), [win]);
    renderPage();
    await balance();
    fireEvent.click(spot('player'));
    fireEvent.click(spot('banker'));
    fireEvent.click(dealButton());

    const banner = await outcome();
    expect(banner.textContent).toContain(b('outcome.player'));
    expect(banner.textContent).toContain('9 : 5');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({
      token: 'tok-1',
      roundKey: expect.any(String),
      bets: { player: '10.00', banker: '10.00' },
    });
    expect(await balance()).toBe('৳ 1,010.00');
    expect(screen.getByTestId('baccarat-win').textContent).toBe('+৳ 20.00');
    // Cards with rank and suit, red and black.
    const playerHand = screen.getByTestId('baccarat-hand-player');
    expect(
      within(playerHand).getByRole('img', { name: b('card', { rank: '9', suit: b('suits.hearts') }) }).className,
    ).toContain('bac-card--red');
    expect(
      within(playerHand).getByRole('img', { name: b('card', { rank: b('ranks.13'), suit: b('suits.spades') }) })
        .className,
    ).toContain('bac-card--black');
    expect(screen.getByTestId('baccarat-total-player').textContent).toContain('9');
    expect(screen.getByTestId('baccarat-total-banker').textContent).toContain('5');
    // Each spot's result.
    expect(spot('player').textContent).toContain(`${b('results.win')} +20`);
    expect(spot('banker').textContent).toContain(b('results.lose'));
    // The announcement for screen readers.
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toContain('৳ 20.00');
    // The table is cleared for the next round.
    expect(screen.getByTestId('baccarat-total-stake').textContent).toBe('৳ 0.00');
  });

  it('shows a loss, a third card, and the balance the server answers', async () => {
    const loss = round(BANKER_SEVEN, [{ spot: 'player', stake: '50.00', win: '0.00' }], { balance: '950.00' });
    stubTable(session(), [loss]);
    renderPage();
    await balance();
    fireEvent.click(chip('50'));
    fireEvent.click(spot('player'));
    fireEvent.click(dealButton());
    expect((await outcome()).textContent).toContain(b('outcome.banker'));
    expect(await balance()).toBe('৳ 950.00');
    expect(screen.getByTestId('baccarat-win').textContent).toBe(b('noWin'));
    const third = within(screen.getByTestId('baccarat-hand-player')).getAllByRole('img');
    expect(third).toHaveLength(3);
    expect(third[2]?.className).toContain('bac-card--sideways');
    expect(screen.getByTestId('baccarat-total-player').textContent).toContain('5');
  });

  it('turns the cards one at a time in dealing order, the outcome last', async () => {
    stubTable(session(), [
      round(BANKER_SEVEN, [{ spot: 'banker', stake: '10.00', win: '19.50' }], { balance: '1009.50' }),
    ]);
    renderWithProviders(<HouseBaccaratPage revealStepMs={200} />, { path: '/house/baccarat?token=tok-1' });
    await balance();
    fireEvent.click(spot('banker'));
    fireEvent.click(dealButton());
    const upCards = (hand: string) =>
      screen.getByTestId(`baccarat-hand-${hand}`).querySelectorAll('.bac-card--up').length;
    // While the cards are turned the stake has left the balance, the deal is locked and no outcome shows.
    await waitFor(() => expect(screen.getByTestId('baccarat-balance').textContent).toBe('৳ 990.00'));
    expect(dealButton().textContent).toBe(b('dealing'));
    expect(spot('tie')).toHaveProperty('disabled', true);
    for (const expected of ['10', '11', '21', '22', '32']) {
      await waitFor(() => expect(`${upCards('player')}${upCards('banker')}`).toBe(expected));
      expect(screen.queryByTestId('baccarat-outcome')).toBeNull();
    }
    expect((await outcome()).textContent).toContain(b('outcome.banker'));
    expect(screen.getByTestId('baccarat-balance').textContent).toBe('৳ 1,009.50');
    expect(dealButton().textContent).toBe(b('deal'));
  });

  it('puts the last bets back on Repeat and deals them with a new round key, filling the road', async () => {
    const first = round(TIE_EIGHTS, [
      { spot: 'player', stake: '10.00', win: '10.00' },
      { spot: 'bankerPair', stake: '10.00', win: '120.00' },
    ]);
    const second = round(PLAYER_NATURAL, [
      { spot: 'player', stake: '10.00', win: '20.00' },
      { spot: 'bankerPair', stake: '10.00', win: '0.00' },
    ]);
    const { bodies } = stubTable(session(), [
      { ...first, balance: '1110.00' },
      { ...second, balance: '1120.00' },
    ]);
    renderPage();
    await balance();
    expect(screen.getByRole('button', { name: b('repeatAria') })).toHaveProperty('disabled', true);
    fireEvent.click(spot('player'));
    fireEvent.click(spot('bankerPair'));
    fireEvent.click(dealButton());
    expect((await outcome()).textContent).toContain(b('outcome.tie'));
    // A tie pushes the player bet; the banker pair wins.
    expect(spot('player').textContent).toContain(b('results.push'));
    expect(spot('bankerPair').textContent).toContain(`${b('results.win')} +120`);
    expect(await balance()).toBe('৳ 1,110.00');

    fireEvent.click(screen.getByRole('button', { name: b('repeatAria') }));
    expect(screen.getByTestId('baccarat-total-stake').textContent).toBe('৳ 20.00');
    fireEvent.click(dealButton());
    await waitFor(() => expect(screen.getByTestId('baccarat-outcome').textContent).toContain(b('outcome.player')));
    expect(await balance()).toBe('৳ 1,120.00');
    expect(bodies[1]?.bets).toEqual({ player: '10.00', bankerPair: '10.00' });
    expect(bodies[1]?.roundKey).not.toBe(bodies[0]?.roundKey);

    const road = screen.getByTestId('baccarat-road');
    const beads = road.querySelectorAll('[data-outcome]');
    expect([...beads].map((bead) => bead.getAttribute('data-outcome'))).toEqual(['tie', 'player']);
    expect(beads[0]?.querySelector('.bac-bead__pair--banker')).toBeTruthy();
  });
});

describe('HouseBaccaratPage: free play', () => {
  it('keeps its own balance: a win adds stake and winnings back', async () => {
    const { bodies } = stubTable(session({ mode: 'free', balance: '2000.00' }), [
      round(TIE_EIGHTS, [{ spot: 'tie', stake: '10.00', win: '90.00' }]),
    ]);
    renderPage('?token=&lang=bn');
    // Free play is demo money: no currency symbol, as the portal's header shows demo money.
    expect(await balance()).toBe('2,000.00');
    fireEvent.click(spot('tie'));
    fireEvent.click(dealButton());
    await outcome();
    expect(await balance()).toBe('2,080.00');
    expect(bodies[0]).not.toHaveProperty('token');
  });

  it('keeps its own balance: a loss takes the stake', async () => {
    stubTable(session({ mode: 'free', balance: '2000.00' }), [
      round(BANKER_SEVEN, [
        { spot: 'player', stake: '100.00', win: '0.00' },
        { spot: 'playerPair', stake: '10.00', win: '0.00' },
      ]),
      round(PLAYER_NATURAL, [{ spot: 'player', stake: '100.00', win: '200.00' }]),
    ]);
    renderPage('?lang=bn');
    await balance();
    fireEvent.click(chip('100'));
    fireEvent.click(spot('player'));
    fireEvent.click(chip('10'));
    fireEvent.click(spot('playerPair'));
    fireEvent.click(dealButton());
    await outcome();
    expect(await balance()).toBe('1,890.00');
  });
});

describe('HouseBaccaratPage: refusals and failures', () => {
  it('shows an insufficient-funds refusal with the balance the server gave', async () => {
    stubTable(session(), [fail(409, 'INSUFFICIENT_FUNDS', 'পর্যাপ্ত ব্যালেন্স নেই', { balance: '5.00' })]);
    renderPage();
    await balance();
    fireEvent.click(spot('player'));
    fireEvent.click(dealButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('পর্যাপ্ত ব্যালেন্স নেই');
    expect(alert.textContent).toContain('৳ 5.00');
    expect(await balance()).toBe('৳ 5.00');
    // The bets stay; the stake is now above the balance.
    expect(dealButton().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: b('retry') })).toBeNull();
    expect(screen.queryByTestId('baccarat-outcome')).toBeNull();
  });

  it('stops play when the session has ended', async () => {
    stubTable(session(), [fail(401, 'SESSION_EXPIRED', 'সেশনের মেয়াদ শেষ')]);
    renderPage();
    await balance();
    fireEvent.click(spot('player'));
    fireEvent.click(dealButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('সেশনের মেয়াদ শেষ');
    expect(alert.textContent).toContain(b('errors.sessionExpired'));
    expect(dealButton().disabled).toBe(true);
    expect(spot('player')).toHaveProperty('disabled', true);
  });

  it('shows a stake refusal and lets the player change the bets', async () => {
    stubTable(session(), [fail(400, 'AMOUNT_INVALID', 'বাজির পরিমাণ সঠিক নয়')]);
    renderPage();
    await balance();
    fireEvent.click(spot('tie'));
    fireEvent.click(dealButton());
    expect((await screen.findByRole('alert')).textContent).toContain('বাজির পরিমাণ সঠিক নয়');
    expect(dealButton().disabled).toBe(false);
    fireEvent.click(spot('tie'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows maintenance as a refusal, not a round to resend', async () => {
    stubTable(session(), [fail(503, 'GAME_MAINTENANCE', 'গেমটি রক্ষণাবেক্ষণে আছে')]);
    renderPage();
    await balance();
    fireEvent.click(spot('player'));
    fireEvent.click(dealButton());
    expect((await screen.findByRole('alert')).textContent).toContain('গেমটি রক্ষণাবেক্ষণে আছে');
    expect(screen.queryByRole('button', { name: b('retry') })).toBeNull();
    expect(await balance()).toBe('৳ 1,000.00');
  });

  it('frees the table when a resent round turns out cancelled', async () => {
    const { bodies } = stubTable(session(), ['offline', fail(409, 'ROUND_CANCELLED', 'রাউন্ড বাতিল হয়েছে')]);
    renderPage();
    await balance();
    fireEvent.click(spot('banker'));
    fireEvent.click(dealButton());
    fireEvent.click(await screen.findByRole('button', { name: b('retry') }));
    expect((await screen.findByRole('alert')).textContent).toContain('রাউন্ড বাতিল হয়েছে');
    expect(bodies[1]).toEqual(bodies[0]);
    expect(screen.queryByRole('button', { name: b('retry') })).toBeNull();
    expect(spot('banker')).toHaveProperty('disabled', false);
    expect(dealButton().disabled).toBe(false);
  });

  it('retries a round that got no answer with the same body and round key', async () => {
    const { bodies } = stubTable(session(), [
      'offline',
      fail(503, 'UNAVAILABLE', 'Service unavailable'),
      round(PLAYER_NATURAL, [{ spot: 'player', stake: '10.00', win: '20.00' }], { balance: '1010.00' }),
    ]);
    renderPage();
    await balance();
    fireEvent.click(spot('player'));
    fireEvent.click(dealButton());

    expect((await screen.findByRole('alert')).textContent).toContain(b('errors.network'));
    // The round may have been played: the bets are locked and only a resend is offered.
    expect(spot('player')).toHaveProperty('disabled', true);
    expect(dealButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: b('retry') }));

    // A 5xx is no answer either: retry again.
    await waitFor(() => expect(bodies).toHaveLength(2));
    fireEvent.click(await screen.findByRole('button', { name: b('retry') }));

    expect((await outcome()).textContent).toContain(b('outcome.player'));
    expect(await balance()).toBe('৳ 1,010.00');
    expect(bodies).toHaveLength(3);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('HouseBaccaratPage: help', () => {
  it('opens the rules with payouts and RTP per spot', async () => {
    stubTable(session());
    renderPage();
    await balance();
    fireEvent.click(screen.getByRole('button', { name: b('help') }));
    const dialog = await screen.findByRole('dialog', { name: b('help') });
    for (const rtp of ['98.76%', '98.94%', '85.64%', '89.64%'])
      expect(within(dialog).getAllByText(rtp).length).toBeGreaterThan(0);
    expect(within(dialog).getByText(b('rules.commission'))).toBeTruthy();
    expect(within(dialog).getByText(b('rules.bankerRows.draw3'))).toBeTruthy();
  });
});

describe('HouseBaccaratPage: card rooms', () => {
  it('shows the tables with their limits and players, and deals at the table the player picked', async () => {
    const { bodies } = stubTable(
      session(),
      [round(PLAYER_NATURAL, [{ spot: 'player', stake: '10.00', win: '20.00' }])],
      ROOMS,
    );
    renderPage('?token=tok-1&lang=en');
    await balance();
    const vip = await screen.findByRole('radio', { name: /VIP table/ });
    expect(screen.getByRole('radio', { name: /Classic table/ })).toHaveProperty('checked', true);
    expect(vip.closest('label')?.textContent).toContain('৳ 100.00 to ৳ 50,000.00 a spot');
    expect(vip.closest('label')?.textContent).toContain('1 player lately');
    fireEvent.click(vip);
    fireEvent.click(spot('player'));
    fireEvent.click(dealButton());
    await outcome();
    expect(bodies[0]).toMatchObject({ room: 'BAC-VIP' });
  });
});
