import type { DiceRollRequest, DiceRollValue, DiceSeedValue, HouseSessionValue } from '@portal/shared/house-games';
import { vi } from 'vitest';
import { type StubRequest, stubFetch } from '@/test/render';
import { permission } from '../../slot/test/slot-fixtures';

/** The shared code's known-answer vector: this seed's SHA-256, and roll 6784 for player-seed:0. */
export const SERVER_SEED = '20e18dd9752c4dd88526af94b8865bc2df5c78b743102279a8ebad9a4fd0327c';
export const SERVER_SEED_HASH = 'aed7ee5fec52c980cb090412f0f0fe61ac2687a83b447413fcfe3bc35c0c9506';
export const NEXT_SEED_HASH = 'b'.repeat(64);

export function session(overrides: Partial<HouseSessionValue> = {}): HouseSessionValue {
  return { mode: 'real', balance: '100.00', currency: 'BDT', ...overrides };
}

export function seedValue(overrides: Partial<DiceSeedValue> = {}): DiceSeedValue {
  return { serverSeedHash: SERVER_SEED_HASH, clientSeed: 'player-seed', nonce: 0, ...overrides };
}

/** The server's answer to a roll request: the given roll, paying what the bet's multiplier says on a win. */
export function rollAnswer(
  body: DiceRollRequest,
  { roll, win, balance, nonce = 0 }: { roll: number; win: string; balance: string | null; nonce?: number },
): DiceRollValue {
  return {
    roundId: `round-${body.roundKey}`,
    stake: body.amount,
    win,
    balance,
    roll,
    direction: body.direction,
    target: body.target,
    multiplierE4: 20_000,
    serverSeedHash: SERVER_SEED_HASH,
    clientSeed: 'player-seed',
    nonce,
  };
}

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** Stubs fetch with stubFetch's routes and records every request (a route may throw to simulate no network). */
export function recordCalls(routes: Record<string, unknown>): Call[] {
  const calls: Call[] = [];
  // The brand's currency symbol, as the demo brand sets it.
  const answer = stubFetch({ '/wps/system/permission': permission('৳'), ...routes });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: (init?.method ?? 'GET').toUpperCase(), url, body });
      return answer(input, init);
    }),
  );
  return calls;
}

export function posts(calls: Call[], path: string): Call[] {
  return calls.filter((call) => call.method === 'POST' && call.url.pathname === path);
}

export type { StubRequest };
