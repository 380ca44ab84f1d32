import { vi } from 'vitest';
import { stubFetch } from '@/test/render';
import type { LotteryBet, LotteryGame, LotteryGameDetails, LotteryResult } from '../api/lottery-types';

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
