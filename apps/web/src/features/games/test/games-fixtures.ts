import type { GameTypeItem, VendorCard } from '@portal/shared/api';
import type { GameType } from '@portal/shared/constants';
import type { GameCard } from '@portal/shared/games';
import { vi } from 'vitest';
import { stubFetch } from '@/test/render';

export function gameCard(overrides: Partial<GameCard> = {}): GameCard {
  return {
    nodeId: 'g1',
    gameName: 'Lucky Gold',
    vassalage: 'PG',
    vendorName: 'PG Soft',
    gameType: 'RNG',
    gameClassify: 'JP',
    minBet: '0.10',
    lineNum: 20,
    imageUrl: '/img/games/g1.png',
    isHot: 0,
    isNew: 0,
    rtp: null,
    margin: null,
    volatility: null,
    hasTrial: false,
    ...overrides,
  };
}

export function vendorCard(
  vassalage: string,
  gameType: GameType = 'RNG',
  overrides: Partial<VendorCard> = {},
): VendorCard {
  return {
    vassalage,
    accountTypeId: 1,
    isHot: 0,
    displayName: `${vassalage} Games`,
    gameType,
    logo: `/vendors/${vassalage}.svg`,
    isGame: 'VASSALAGE',
    lobbyNodeId: null,
    margin: null,
    ...overrides,
  };
}

export function gameTypes(rngVendors: string[] = ['PG', 'JILI']): GameTypeItem[] {
  return [
    { gameType: 'RNG', isHot: 1, vendors: rngVendors.map((code) => vendorCard(code)) },
    { gameType: 'FISH', isHot: 0, vendors: [vendorCard('JDB', 'FISH')] },
    { gameType: 'LOTT', isHot: 0, vendors: [vendorCard('TCG_LOTTO_VN', 'LOTT')] },
  ];
}

/** One request the stub saw. */
export interface RecordedCall {
  method: string;
  url: URL;
  json: unknown;
}

/** Stubs fetch like stubFetch (answers by path, 'METHOD /path' first) and records every request. */
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
      });
      return answer(input, init);
    }),
  );
  return calls;
}

export function callsTo(calls: RecordedCall[], method: string, path: string): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

/** The query of the last call to a path, as a plain object. */
export function lastQuery(calls: RecordedCall[], path: string): Record<string, string> {
  const list = callsTo(calls, 'GET', path);
  const last = list[list.length - 1];
  return last ? Object.fromEntries(last.url.searchParams) : {};
}
