import type {
  BaccaratCardValue,
  BaccaratRoundValue,
  BaccaratSpot,
  HouseSessionValue,
} from '@portal/shared/house-games';
import { vi } from 'vitest';
import { stubFetch } from '@/test/render';
import { permission } from '../../slot/test/slot-fixtures';

export const SESSION = '/house/api/session';
export const DEAL = 'POST /house/api/baccarat/deal';

export function session(overrides: Partial<HouseSessionValue> = {}): HouseSessionValue {
  return { mode: 'real', balance: '1000.00', currency: 'BDT', ...overrides };
}

function card(rank: number, suit: BaccaratCardValue['suit']): BaccaratCardValue {
  return { rank, suit };
}

/** Player 9 (9♥ K♠) against banker 5 (3♣ 2♦): a natural, nobody draws. */
export const PLAYER_NATURAL = {
  player: [card(9, 'hearts'), card(13, 'spades')],
  banker: [card(3, 'clubs'), card(2, 'diamonds')],
  playerTotal: 9,
  bankerTotal: 5,
  outcome: 'player',
} as const;

/** Player 2♠ 3♥ draws 10♦ (5); banker 7♣ Q♥ stands on 7: banker wins. */
export const BANKER_SEVEN = {
  player: [card(2, 'spades'), card(3, 'hearts'), card(10, 'diamonds')],
  banker: [card(7, 'clubs'), card(12, 'hearts')],
  playerTotal: 5,
  bankerTotal: 7,
  outcome: 'banker',
} as const;

/** Both 8, the banker on a pair of fours. */
export const TIE_EIGHTS = {
  player: [card(5, 'spades'), card(3, 'diamonds')],
  banker: [card(4, 'hearts'), card(4, 'clubs')],
  playerTotal: 8,
  bankerTotal: 8,
  outcome: 'tie',
} as const;

type Deal = typeof PLAYER_NATURAL | typeof BANKER_SEVEN | typeof TIE_EIGHTS;

export function round(
  deal: Deal,
  settlements: { spot: BaccaratSpot; stake: string; win: string }[],
  overrides: Partial<BaccaratRoundValue> = {},
): BaccaratRoundValue {
  const stake = settlements.reduce((sum, s) => sum + Number(s.stake), 0).toFixed(2);
  const win = settlements.reduce((sum, s) => sum + Number(s.win), 0).toFixed(2);
  return {
    roundId: `r-${Math.random().toString(36).slice(2)}`,
    stake,
    win,
    balance: null,
    player: [...deal.player],
    banker: [...deal.banker],
    playerTotal: deal.playerTotal,
    bankerTotal: deal.bankerTotal,
    outcome: deal.outcome,
    settlements,
    ...overrides,
  };
}

export interface DealCall {
  token?: string;
  roundKey: string;
  bets: Partial<Record<BaccaratSpot, string>>;
}

/**
 * Stubs fetch: the session answer, then the deal answers in turn (a value, a fail(), or 'offline' for a request
 * that never reaches the server). Records every deal body.
 */
/** Two tables as the room list answers them. */
export const ROOMS = [
  {
    roomId: 'BAC-CLASSIC',
    nodeId: 'HOUSE-PVP-BACCARAT',
    gameName: 'Royal Baccarat',
    roomName: 'Classic table',
    minBet: '10.00',
    maxBet: '5000.00',
    players: 3,
  },
  {
    roomId: 'BAC-VIP',
    nodeId: 'HOUSE-PVP-BACCARAT',
    gameName: 'Royal Baccarat',
    roomName: 'VIP table',
    minBet: '100.00',
    maxBet: '50000.00',
    players: 1,
  },
];

export function stubTable(sessionAnswer: unknown, deals: unknown[] = [], rooms?: unknown[]) {
  const bodies: DealCall[] = [];
  const sessionQueries: URLSearchParams[] = [];
  const queue = [...deals];
  const answer = stubFetch({
    [SESSION]: ({ url }: { url: URL }) => {
      sessionQueries.push(url.searchParams);
      return sessionAnswer;
    },
    [DEAL]: ({ body }: { body: DealCall }) => {
      bodies.push(body);
      return queue.shift();
    },
    ...(rooms ? { '/wps/relay/GLS2_roomList': { list: rooms } } : {}),
    // The brand's currency symbol, as the demo brand sets it.
    '/wps/system/permission': permission('৳'),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (queue[0] === 'offline' && init?.method === 'POST') {
        queue.shift();
        bodies.push(JSON.parse(String(init.body)) as DealCall);
        throw new TypeError('Failed to fetch');
      }
      return answer(input, init);
    }),
  );
  return { bodies, sessionQueries };
}
