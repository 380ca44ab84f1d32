import type { DiceRollRequest, DiceRotateRequest } from '@portal/shared/house-games';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { fail, renderWithProviders, type StubRequest } from '@/test/render';
import { HouseDicePage } from './dice-page';
import {
  NEXT_SEED_HASH,
  posts,
  recordCalls,
  rollAnswer,
  SERVER_SEED,
  SERVER_SEED_HASH,
  seedValue,
  session,
} from './test/dice-fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
const ROLL = '/house/api/dice/roll';
const ROTATE = '/house/api/dice/rotate';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The number spins for about 650 ms before it lands. */
const LANDED = { timeout: 3000 };

afterEach(async () => {
  await i18n.changeLanguage('bn');
});

function renderDice(path = '/house/dice?token=tok-1&lang=bn&mode=real') {
  return renderWithProviders(<HouseDicePage />, { path });
}

const balance = () => screen.getByTestId('dice-balance').textContent;
const rollButton = () => screen.getByTestId('dice-roll') as HTMLButtonElement;

async function ready() {
  await screen.findByTestId('dice-commitment');
  await waitFor(() => expect(rollButton().disabled).toBe(false));
}

describe('HouseDicePage: loading', () => {
  it('shows the pair retired last time, so a reopened game can still verify it', async () => {
    const calls = recordCalls({
      '/house/api/session': session(),
      '/house/api/dice/seed': seedValue(),
      '/house/api/dice/revealed': {
        list: [{ serverSeed: SERVER_SEED, serverSeedHash: SERVER_SEED_HASH, clientSeed: 'old-seed', rolls: 4 }],
      },
    });
    renderDice();
    await ready();
    const shown = await screen.findByTestId('dice-revealed');
    expect(shown.textContent).toContain(SERVER_SEED);
    expect(calls.find((call) => call.url.pathname === '/house/api/dice/revealed')?.url.searchParams.get('token')).toBe(
      'tok-1',
    );
  });

  it('shows the session, its mode and balance, and the commitment before any roll', async () => {
    const calls = recordCalls({ '/house/api/session': session(), '/house/api/dice/seed': seedValue({ nonce: 7 }) });
    renderDice();
    await ready();
    expect(balance()).toBe('৳ 100.00');
    expect(screen.getByTestId('dice-mode').textContent).toBe(t('houseDice.mode.real'));
    expect(screen.getByText(t('houseDice.fair.commitment'))).toBeTruthy();
    expect(screen.getByTestId('dice-commitment').textContent).toBe(SERVER_SEED_HASH);
    expect(screen.getByTestId('dice-client-seed').textContent).toBe('player-seed');
    expect(screen.getByTestId('dice-nonce').textContent).toBe('7');
    const seedCall = calls.find((call) => call.url.pathname === '/house/api/dice/seed');
    expect(seedCall?.url.searchParams.get('token')).toBe('tok-1');
    expect(seedCall?.url.searchParams.has('freeKey')).toBe(false);
    expect(calls.find((call) => call.url.pathname === '/house/api/session')?.url.searchParams.get('token')).toBe(
      'tok-1',
    );
  });

  it('tells the player to reopen the game when the session has ended', async () => {
    recordCalls({
      '/house/api/session': fail(401, 'SESSION_EXPIRED', 'Session over'),
      '/house/api/dice/seed': seedValue(),
    });
    renderDice();
    const error = await screen.findByTestId('dice-session-error');
    expect(error.textContent).toContain(t('houseDice.sessionEnded'));
    expect(error.textContent).toContain(t('houseDice.errors.expiredHint'));
  });

  it('shows the bet maths: chance, multiplier and payout, and keeps the chance when the direction flips', async () => {
    recordCalls({ '/house/api/session': session(), '/house/api/dice/seed': seedValue() });
    renderDice();
    await ready();
    expect(screen.getByTestId('dice-chance').textContent).toBe('49.50%');
    expect(screen.getByTestId('dice-multiplier').textContent).toBe('×2.0000');
    expect(screen.getByTestId('dice-payout').textContent).toBe('৳ 20.00');

    fireEvent.click(screen.getByTestId('dice-direction-over'));
    expect(screen.getByTestId('dice-chance').textContent).toBe('49.50%');
    expect((screen.getByTestId('dice-target') as HTMLInputElement).value).toBe('5049');

    // The slider stops at the 98% chance edge: over 1.99.
    fireEvent.change(screen.getByTestId('dice-target'), { target: { value: '0' } });
    expect((screen.getByTestId('dice-target') as HTMLInputElement).value).toBe('199');
    expect(screen.getByTestId('dice-chance').textContent).toBe('98.00%');
    expect(screen.getByTestId('dice-multiplier').textContent).toBe('×1.0102');
  });

  it('halves and doubles the stake, and will not roll more than the balance or a bad amount', async () => {
    recordCalls({ '/house/api/session': session({ balance: '30.00' }), '/house/api/dice/seed': seedValue() });
    renderDice();
    await ready();
    const stake = screen.getByTestId('dice-stake') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: t('houseDice.controls.halve') }));
    expect(stake.value).toBe('5.00');
    fireEvent.click(screen.getByRole('button', { name: t('houseDice.controls.double') }));
    fireEvent.click(screen.getByRole('button', { name: t('houseDice.controls.double') }));
    expect(stake.value).toBe('20.00');
    fireEvent.click(screen.getByRole('button', { name: t('houseDice.controls.double') }));
    expect(stake.value).toBe('30.00');

    fireEvent.change(stake, { target: { value: '30.01' } });
    expect(rollButton().disabled).toBe(true);
    expect(screen.getByText(t('houseDice.controls.stakeTooHigh'))).toBeTruthy();
    fireEvent.change(stake, { target: { value: '1.234' } });
    expect(rollButton().disabled).toBe(true);
    expect(screen.getByText(t('houseDice.controls.stakeInvalid'))).toBeTruthy();
    fireEvent.change(stake, { target: { value: '12.5' } });
    expect(rollButton().disabled).toBe(false);
  });
});

describe('HouseDicePage: rounds with real money', () => {
  it('plays a win then a loss, showing the balance the server answers', async () => {
    const answers = [
      { roll: 1234, win: '19.80', balance: '109.80', nonce: 0 },
      { roll: 8000, win: '0.00', balance: '99.80', nonce: 1 },
    ];
    const calls = recordCalls({
      '/house/api/session': session(),
      '/house/api/dice/seed': seedValue(),
      [`POST ${ROLL}`]: ({ body }: StubRequest) => rollAnswer(body as DiceRollRequest, answers.shift()!),
    });
    renderDice();
    await ready();

    fireEvent.click(rollButton());
    expect(rollButton().disabled).toBe(true);
    const result = screen.getByTestId('dice-result');
    await within(result).findByText(
      t('houseDice.stage.win', { roll: '12.34', amount: '৳ 19.80' }),
      { exact: false },
      LANDED,
    );
    expect(balance()).toBe('৳ 109.80');
    expect(screen.getByTestId('dice-nonce').textContent).toBe('1');
    const [first] = posts(calls, ROLL);
    expect(first?.body).toEqual({
      token: 'tok-1',
      roundKey: expect.stringMatching(UUID),
      amount: '10.00',
      direction: 'under',
      target: 4950,
    });

    await waitFor(() => expect(rollButton().disabled).toBe(false));
    fireEvent.click(rollButton());
    await within(result).findByText(t('houseDice.stage.lose', { roll: '80.00' }), { exact: false }, LANDED);
    expect(balance()).toBe('৳ 99.80');
    const rolls = posts(calls, ROLL);
    expect(rolls).toHaveLength(2);
    const [firstKey, secondKey] = rolls.map((call) => (call.body as DiceRollRequest).roundKey);
    expect(secondKey).not.toBe(firstKey);

    const rows = within(screen.getByTestId('dice-history')).getAllByRole('row');
    // The header, then the newest roll first.
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('80.00');
    expect(rows[1]?.textContent).toContain(t('houseDice.history.lost'));
    expect(rows[2]?.textContent).toContain('12.34');
    expect(rows[2]?.textContent).toContain('+৳ 19.80');
  });
});

describe('HouseDicePage: free play', () => {
  it('keeps its own balance from the session, under its own free key', async () => {
    const answers = [
      { roll: 9000, win: '0.00', balance: null },
      { roll: 100, win: '19.80', balance: null, nonce: 1 },
    ];
    const calls = recordCalls({
      '/house/api/session': session({ mode: 'free', balance: '2000.00', currency: 'DEMO' }),
      '/house/api/dice/seed': seedValue(),
      [`POST ${ROLL}`]: ({ body }: StubRequest) => rollAnswer(body as DiceRollRequest, answers.shift()!),
    });
    renderDice('/house/dice?token=&lang=bn&mode=trial');
    await ready();
    expect(balance()).toBe('2,000.00');
    expect(screen.getByTestId('dice-mode').textContent).toBe(t('houseDice.mode.free'));
    const seedCall = calls.find((call) => call.url.pathname === '/house/api/dice/seed');
    const freeKey = seedCall?.url.searchParams.get('freeKey');
    expect(freeKey).toMatch(UUID);
    expect(seedCall?.url.searchParams.has('token')).toBe(false);

    fireEvent.click(rollButton());
    await within(screen.getByTestId('dice-result')).findByText(
      t('houseDice.stage.lose', { roll: '90.00' }),
      { exact: false },
      LANDED,
    );
    expect(balance()).toBe('1,990.00');

    await waitFor(() => expect(rollButton().disabled).toBe(false));
    fireEvent.click(rollButton());
    await within(screen.getByTestId('dice-result')).findByText(
      t('houseDice.stage.win', { roll: '1.00', amount: '19.80' }),
      { exact: false },
      LANDED,
    );
    expect(balance()).toBe('1,999.80');
    for (const call of posts(calls, ROLL)) {
      expect(call.body).toMatchObject({ freeKey, amount: '10.00' });
      expect(call.body).not.toHaveProperty('token');
    }
  });
});

describe('HouseDicePage: refusals and failures', () => {
  it('shows a refusal for lack of funds with the balance it carries, and plays nothing', async () => {
    recordCalls({
      '/house/api/session': session(),
      '/house/api/dice/seed': seedValue(),
      [`POST ${ROLL}`]: fail(409, 'INSUFFICIENT_FUNDS', 'Not enough balance', { balance: '5.00' }),
    });
    renderDice();
    await ready();
    fireEvent.click(rollButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not enough balance');
    expect(alert.textContent).toContain(t('houseDice.errors.fundsBalance', { balance: '৳ 5.00' }));
    expect(balance()).toBe('৳ 5.00');
    expect(screen.queryByTestId('dice-retry')).toBeNull();
    // The stake of 10.00 is now more than the known balance.
    expect(rollButton().disabled).toBe(true);
  });

  it('stops play when the session expires mid-game', async () => {
    recordCalls({
      '/house/api/session': session(),
      '/house/api/dice/seed': seedValue(),
      [`POST ${ROLL}`]: fail(401, 'SESSION_EXPIRED', 'Your session has ended'),
    });
    renderDice();
    await ready();
    fireEvent.click(rollButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your session has ended');
    expect(alert.textContent).toContain(t('houseDice.errors.expiredHint'));
    expect(rollButton().disabled).toBe(true);
  });

  it('shows the server message of a refused stake', async () => {
    recordCalls({
      '/house/api/session': session(),
      '/house/api/dice/seed': seedValue(),
      [`POST ${ROLL}`]: fail(400, 'AMOUNT_INVALID', 'Stake must be at least 1.00'),
    });
    renderDice();
    await ready();
    fireEvent.click(rollButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Stake must be at least 1.00');
    expect(rollButton().disabled).toBe(false);
  });

  it('retries a round whose answer was lost with the very same body', async () => {
    let attempts = 0;
    const calls = recordCalls({
      '/house/api/session': session(),
      '/house/api/dice/seed': seedValue(),
      [`POST ${ROLL}`]: ({ body }: StubRequest) => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        if (attempts === 2) return fail(503, 'UNAVAILABLE', 'Service unavailable');
        return rollAnswer(body as DiceRollRequest, { roll: 4000, win: '19.80', balance: '109.80' });
      },
    });
    renderDice();
    await ready();
    fireEvent.click(rollButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('houseDice.errors.network'));
    // Nothing new may be played until the lost round is known.
    expect(rollButton().disabled).toBe(true);

    fireEvent.click(screen.getByTestId('dice-retry'));
    await waitFor(() => expect(posts(calls, ROLL)).toHaveLength(2));
    await screen.findByTestId('dice-retry');
    fireEvent.click(screen.getByTestId('dice-retry'));

    await within(screen.getByTestId('dice-result')).findByText(
      t('houseDice.stage.win', { roll: '40.00', amount: '৳ 19.80' }),
      { exact: false },
      LANDED,
    );
    expect(balance()).toBe('৳ 109.80');
    expect(screen.queryByRole('alert')).toBeNull();
    const bodies = posts(calls, ROLL).map((call) => call.body);
    expect(bodies).toHaveLength(3);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });
});

describe('HouseDicePage: seeds', () => {
  it('changes seeds with the client seed typed, reveals the old server seed with a verifier link, and commits anew', async () => {
    const calls = recordCalls({
      '/house/api/session': session(),
      '/house/api/dice/seed': seedValue(),
      [`POST ${ROLL}`]: ({ body }: StubRequest) =>
        rollAnswer(body as DiceRollRequest, { roll: 6784, win: '0.00', balance: '90.00' }),
      [`POST ${ROTATE}`]: ({ body }: StubRequest) => ({
        revealed: { serverSeed: SERVER_SEED, serverSeedHash: SERVER_SEED_HASH, clientSeed: 'player-seed', rolls: 1 },
        next: { serverSeedHash: NEXT_SEED_HASH, clientSeed: (body as DiceRotateRequest).clientSeed, nonce: 0 },
      }),
    });
    renderDice('/house/dice?token=tok-1&lang=en&mode=real');
    await ready();
    fireEvent.click(rollButton());
    await within(screen.getByTestId('dice-result')).findByText(
      t('houseDice.stage.lose', { roll: '67.84' }),
      { exact: false },
      LANDED,
    );

    const input = screen.getByTestId('dice-client-seed-input') as HTMLInputElement;
    expect(input.value).toBe('player-seed');
    fireEvent.change(input, { target: { value: 'bad seed:1' } });
    expect((screen.getByTestId('dice-rotate') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'lucky-7' } });
    fireEvent.click(screen.getByTestId('dice-rotate'));

    expect((await screen.findByTestId('dice-revealed-seed')).textContent).toBe(SERVER_SEED);
    expect(posts(calls, ROTATE)[0]?.body).toEqual({
      token: 'tok-1',
      clientSeed: 'lucky-7',
      serverSeedHash: SERVER_SEED_HASH,
    });
    expect(screen.getByTestId('dice-commitment').textContent).toBe(NEXT_SEED_HASH);
    expect(screen.getByTestId('dice-client-seed').textContent).toBe('lucky-7');
    expect(screen.getByTestId('dice-nonce').textContent).toBe('0');

    const link = new URL((screen.getByTestId('dice-verify-link') as HTMLAnchorElement).href);
    expect(link.pathname).toBe('/house/verify');
    expect(link.searchParams.get('serverSeed')).toBe(SERVER_SEED);
    expect(link.searchParams.get('clientSeed')).toBe('player-seed');
    expect(link.searchParams.get('nonce')).toBe('0');
    expect(link.searchParams.get('lang')).toBe('en');

    // The roll of the revealed pair can now be verified from the history.
    const rowLink = within(screen.getByTestId('dice-history')).getByRole('link', {
      name: t('houseDice.history.verifyNonce', { nonce: 0 }),
    }) as HTMLAnchorElement;
    const rowUrl = new URL(rowLink.href);
    expect(rowUrl.searchParams.get('target')).toBe('49.50');
    expect(rowUrl.searchParams.get('direction')).toBe('under');
  });

  it('posts the free key, not a token, to change seeds in free play', async () => {
    const calls = recordCalls({
      '/house/api/session': session({ mode: 'free', balance: '2000.00', currency: 'DEMO' }),
      '/house/api/dice/seed': seedValue(),
      [`POST ${ROTATE}`]: fail(503, 'UNAVAILABLE', 'down'),
    });
    renderDice('/house/dice?lang=bn');
    await ready();
    fireEvent.click(screen.getByTestId('dice-rotate'));
    await screen.findByTestId('dice-retry');
    const freeKey = calls.find((call) => call.url.pathname === '/house/api/dice/seed')?.url.searchParams.get('freeKey');
    expect(posts(calls, ROTATE)[0]?.body).toEqual({
      freeKey,
      clientSeed: 'player-seed',
      serverSeedHash: SERVER_SEED_HASH,
    });
    expect(rollButton().disabled).toBe(true);
  });
});
