import { vi } from 'vitest';
import { stubFetch } from '@/test/render';
import type {
  LotteryBet,
  LotteryGame,
  LotteryGameDetails,
  LotteryResult,
  VnDetails,
  VnResult,
} from '../api/lottery-types';

export function lotteryGame(overrides: Partial<LotteryGame> = {}): LotteryGame {
  return {
    gameId: 'WINGO_1M',
    gameGroupCode: 'WINGO',
    gameMenuTag: 'WINGO',
    remark: 'Win Go 1 Minute',
    numero: '202611280229',
    remainTime: 40_000,
    lockTime: 5,
    drawDayOfWeek: null,
    winningTime: '2026-11-27T21:49:00.000Z',
    ...overrides,
  };
}

export function lotteryResult(overrides: Partial<LotteryResult> = {}): LotteryResult {
  return {
    numero: '202611280228',
    winningTime: '2026-11-27T21:48:00.000Z',
    result: { number: 7 },
    status: 'settled',
    serverSeed: 'ab'.repeat(32),
    serverSeedHash: 'cd'.repeat(32),
    ...overrides,
  };
}

export function wingoDetails(overrides: Partial<LotteryGameDetails> = {}): LotteryGameDetails {
  const numbers = Array.from({ length: 10 }, (_, i) => ({ betType: 'number', selection: String(i), houseEdge: '0.1' }));
  return {
    gameId: 'WINGO_1M',
    gameGroupCode: 'WINGO',
    name: 'Win Go 1 Minute',
    roundSeconds: 60,
    lockSeconds: 5,
    odds: { number: '9.0000', colour: '2.0000', colour_shared: '1.5000', violet: '4.5000', size: '1.9600' },
    betTypes: [
      ...numbers,
      { betType: 'colour', selection: 'green', houseEdge: '0.05' },
      { betType: 'colour', selection: 'red', houseEdge: '0.05' },
      { betType: 'colour', selection: 'violet', houseEdge: '0.1' },
      { betType: 'size', selection: 'big', houseEdge: '0.02' },
      { betType: 'size', selection: 'small', houseEdge: '0.02' },
    ],
    ...overrides,
  };
}

export function lotteryBet(overrides: Partial<LotteryBet> = {}): LotteryBet {
  return {
    betId: '1',
    gameId: 'WINGO_1M',
    numero: '202611280229',
    betType: 'number',
    selection: '7',
    stake: '10.00',
    multiple: 1,
    amount: '10.00',
    status: 'pending',
    payout: null,
    createdAt: '2026-11-27T21:48:10.000Z',
    settledAt: null,
    ...overrides,
  };
}

export interface RecordedCall {
  method: string;
  url: URL;
  json: unknown;
  headers: Record<string, string>;
}

/** Stubs fetch with envelopes by path (see stubFetch) and records every call with its body and headers. */
export function recordFetch(routes: Record<string, unknown>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const answer = stubFetch(routes);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = init?.body;
      calls.push({
        method: (init?.method ?? 'GET').toUpperCase(),
        url: new URL(String(input), 'http://localhost'),
        json: typeof body === 'string' ? JSON.parse(body) : undefined,
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      });
      return answer(input, init);
    }),
  );
  return calls;
}

export function callsTo(calls: RecordedCall[], method: string, path: string): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

/** The lottery's menus answer: the games grouped by their menu tag, in order. */
export function menusOf(games: LotteryGame[]) {
  const menus = new Map<string, LotteryGame[]>();
  for (const game of games) menus.set(game.gameMenuTag, [...(menus.get(game.gameMenuTag) ?? []), game]);
  return [...menus].map(([tag, gameMenus]) => ({ tag, gameMenus }));
}

const NORTH_PRIZES = [
  { prize: 'DB', count: 1, digits: 5 },
  { prize: 'G1', count: 1, digits: 5 },
  { prize: 'G2', count: 2, digits: 5 },
  { prize: 'G3', count: 6, digits: 5 },
  { prize: 'G4', count: 4, digits: 4 },
  { prize: 'G5', count: 6, digits: 4 },
  { prize: 'G6', count: 3, digits: 3 },
  { prize: 'G7', count: 4, digits: 2 },
] as const;

/** The northern game's details as the server answers them: no odds, its vn block of prices per point. */
export function vnNorthDetails(): LotteryGameDetails & { vn: VnDetails } {
  const bet = (betType: string, numbers: number, digits: 2 | 3, counts: number, price: string, payout: string) => ({
    betType,
    numbers,
    digits,
    counts,
    pricePerPoint: price,
    payoutPerPoint: payout,
    houseEdge: '0.050000',
  });
  return {
    gameId: 'VN_MB',
    gameGroupCode: 'VN',
    name: 'Northern lottery',
    roundSeconds: 86_400,
    lockSeconds: 900,
    odds: {},
    betTypes: [],
    vn: {
      region: 'north',
      source: 'demo',
      prizes: NORTH_PRIZES.map((row) => ({ ...row })),
      betTypes: [
        bet('lo2', 1, 2, 27, '27.00', '99.00'),
        bet('lo3', 1, 3, 23, '23.00', '960.00'),
        bet('de', 1, 2, 1, '1.00', '95.00'),
        bet('xien2', 2, 2, 1, '1.00', '17.00'),
        bet('xien3', 3, 2, 1, '1.00', '65.00'),
        bet('xien4', 4, 2, 1, '1.00', '250.00'),
        bet('3cang', 1, 3, 1, '1.00', '950.00'),
      ],
    },
  };
}

/** A full northern prize table (27 numbers), the special prize 12345. */
export function vnNorthResult(): VnResult {
  const numbers = (count: number, digits: number, from: number) =>
    Array.from({ length: count }, (_, i) =>
      String(from + i * 7)
        .padStart(digits, '0')
        .slice(-digits),
    );
  return {
    source: 'demo',
    prizes: {
      DB: ['12345'],
      G1: ['54321'],
      G2: numbers(2, 5, 10_007),
      G3: numbers(6, 5, 20_011),
      G4: numbers(4, 4, 3_013),
      G5: numbers(6, 4, 4_017),
      G6: numbers(3, 3, 519),
      G7: numbers(4, 2, 23),
    },
  };
}
