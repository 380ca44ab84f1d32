import type { SlotInfoValue, SlotRoundValue, SlotSpinValue } from '@portal/shared/house-games';

const PAYLINES = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

const PAYS: [string, number, number, number][] = [
  ['10', 5, 25, 100],
  ['J', 5, 25, 100],
  ['Q', 10, 30, 125],
  ['K', 10, 40, 150],
  ['A', 15, 50, 200],
  ['EM', 20, 75, 250],
  ['RU', 25, 100, 400],
  ['CR', 40, 150, 750],
  ['WI', 50, 250, 1500],
  ['SC', 2, 10, 50],
];

/** The slot's rules as the server sends them. */
export function slotInfo(overrides: Partial<SlotInfoValue> = {}): SlotInfoValue {
  return {
    rtp: 0.960082,
    volatility: 'low',
    lines: 20,
    paylines: PAYLINES,
    betsPerLine: ['0.01', '0.02', '0.05', '0.10', '0.20', '0.50', '1.00', '2.00', '5.00'],
    symbols: PAYS.map(([id]) => ({ id, wild: id === 'WI', scatter: id === 'SC' })),
    paytable: PAYS.map(([symbol, three, four, five]) => ({
      symbol,
      pays: [
        { count: 3, credits: three },
        { count: 4, credits: four },
        { count: 5, credits: five },
      ],
    })),
    freeSpins: { scattersToTrigger: 3, award: 10, multiplier: 3 },
    jackpotSharePercent: 1,
    ...overrides,
  };
}

/** A grid written as the player sees it (three rows of five), turned into grid[reel][row]. */
export function gridOf(...rows: string[][]): string[][] {
  return [0, 1, 2, 3, 4].map((reel) => rows.map((row) => row[reel]!));
}

export const LOSING_GRID = gridOf(['10', 'J', 'Q', 'K', 'A'], ['J', 'Q', 'K', 'A', '10'], ['Q', 'K', 'A', '10', 'J']);

/** Line 7 (rows 2, 2, 1, 0, 0) with three crowns. */
export const CROWN_LINE_GRID = gridOf(
  ['10', 'J', 'Q', 'K', 'A'],
  ['J', 'Q', 'CR', 'A', '10'],
  ['CR', 'CR', 'A', '10', 'J'],
);

export function spinOf(overrides: Partial<SlotSpinValue> = {}): SlotSpinValue {
  return {
    freeSpin: false,
    multiplier: 1,
    grid: LOSING_GRID,
    lineWins: [],
    scatterCount: 0,
    scatterWin: '0.00',
    freeSpinsAwarded: 0,
    win: '0.00',
    ...overrides,
  };
}

export function roundOf(overrides: Partial<SlotRoundValue> = {}): SlotRoundValue {
  return {
    roundId: 'r1',
    stake: '0.20',
    win: '0.00',
    balance: '99.80',
    betPerLine: '0.01',
    spins: [spinOf()],
    jackpotWin: null,
    ...overrides,
  };
}

export function permission(currencySymbol = '৳') {
  return { customerService: [], resources: [], settings: { flags: {}, socialLinks: {}, licences: [], currencySymbol } };
}
