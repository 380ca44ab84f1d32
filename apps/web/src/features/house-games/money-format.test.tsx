import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/test/render';
import { HouseBaccaratPage } from './baccarat/baccarat-page';
import { session as baccaratSession, stubTable } from './baccarat/test/baccarat-fixtures';
import { HouseDicePage } from './dice/dice-page';
import { session as diceSession, recordCalls, seedValue } from './dice/test/dice-fixtures';
import { HouseSlotPage } from './slot/slot-page';
import { permission, slotInfo } from './slot/test/slot-fixtures';

// One amount, one string, in every house game: the brand's symbol from the server's settings, grouped digits and two
// decimals. The server's withdrawal limit error carries the same string (payments/withdrawals.test.ts).
const AMOUNT = '50000.00';
const SHOWN = '৳ 50,000.00';
const FREE_SHOWN = '2,000.00';

afterEach(() => vi.unstubAllGlobals());

async function shown(testId: string, text: string) {
  await waitFor(() => expect(screen.getByTestId(testId).textContent).toBe(text));
}

function stubSlot(session: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        '/house/api/session': session,
        '/house/api/slot/info': slotInfo(),
        '/house/api/jackpot': { amount: '1234.50', currency: 'BDT' },
        '/wps/system/permission': permission('৳'),
      }),
    ),
  );
}

describe('money in the house games', () => {
  it('dice shows a real balance with the brand symbol', async () => {
    recordCalls({ '/house/api/session': diceSession({ balance: AMOUNT }), '/house/api/dice/seed': seedValue() });
    renderWithProviders(<HouseDicePage />, { path: '/house/dice?token=tok-1&lang=bn&mode=real' });
    await shown('dice-balance', SHOWN);
  });

  it('baccarat shows a real balance with the brand symbol', async () => {
    stubTable(baccaratSession({ balance: AMOUNT }));
    renderWithProviders(<HouseBaccaratPage revealStepMs={0} />, { path: '/house/baccarat?token=tok-1&lang=bn' });
    await shown('baccarat-balance', SHOWN);
  });

  it('the slot shows a real balance with the brand symbol', async () => {
    stubSlot({ mode: 'real', balance: AMOUNT, currency: 'BDT' });
    renderWithProviders(<HouseSlotPage />, { path: '/house/slot?token=tok-1&lang=bn' });
    await shown('slot-balance', SHOWN);
  });

  it('free play is demo money in all three: the amount alone, as the portal header shows demo money', async () => {
    // The server answers free play with the house currency; the page knows it is demo money.
    recordCalls({
      '/house/api/session': diceSession({ mode: 'free', balance: '2000.00', currency: 'BDT' }),
      '/house/api/dice/seed': seedValue(),
    });
    const dice = renderWithProviders(<HouseDicePage />, { path: '/house/dice?lang=bn' });
    await shown('dice-balance', FREE_SHOWN);
    dice.unmount();
    vi.unstubAllGlobals();

    stubTable(baccaratSession({ mode: 'free', balance: '2000.00' }));
    const baccarat = renderWithProviders(<HouseBaccaratPage revealStepMs={0} />, { path: '/house/baccarat?lang=bn' });
    await shown('baccarat-balance', FREE_SHOWN);
    baccarat.unmount();
    vi.unstubAllGlobals();

    stubSlot({ mode: 'free', balance: '2000.00', currency: 'BDT' });
    renderWithProviders(<HouseSlotPage />, { path: '/house/slot?lang=bn' });
    await shown('slot-balance', FREE_SHOWN);
  });
});
