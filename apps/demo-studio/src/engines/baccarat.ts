import { type Card, freshShoe } from './cards.ts';
import { EngineError, requirePositiveMinor } from './errors.ts';
import type { Rng } from './rng.ts';

/**
 * Punto banco with 8 decks, shuffled afresh for every coup (no cut card), so each coup is an independent deal
 * and the house edges below are exact. Full third-card rules. Money is bigint minor units.
 *
 * Pays: player 1:1; banker 0.95:1 (5 % commission, rounded down to the minor unit); both push on a tie.
 * Tie 8:1; player pair and banker pair 11:1 (the hand's first two cards share a rank: K-K yes, K-Q no).
 */

export const BACCARAT_DECKS = 8;

export type BaccaratBet = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';
export const BACCARAT_BETS: readonly BaccaratBet[] = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'];
export type BaccaratOutcome = 'player' | 'banker' | 'tie';

/**
 * House edge per bet, percent, for 8 decks dealt afresh each coup. Proven by the exact enumeration in
 * `exactBaccaratOdds` (see baccarat.test.ts); they match the published figures (Wizard of Odds).
 */
export const BACCARAT_HOUSE_EDGE_PERCENT: Record<BaccaratBet, number> = {
  player: 1.2351,
  banker: 1.0579,
  tie: 14.3596,
  playerPair: 10.3614,
  bankerPair: 10.3614,
};

export interface BaccaratCoup {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  outcome: BaccaratOutcome;
  playerPair: boolean;
  bankerPair: boolean;
}

export function cardPoints(card: Card): number {
  return card.rank >= 10 ? 0 : card.rank;
}

export function handTotal(cards: readonly Card[]): number {
  return cards.reduce((sum, c) => sum + cardPoints(c), 0) % 10;
}

/** The player draws on 0–5 and stands on 6–7. */
export function playerDraws(total: number): boolean {
  return total <= 5;
}

/**
 * The banker's tableau on a two-card total of 0–7. When the player stood, the banker draws on 0–5. Otherwise by
 * the value of the player's third card: 0–2 draw; 3 draws unless it is 8; 4 on 2–7; 5 on 4–7; 6 on 6–7; 7 stands.
 */
export function bankerDraws(total: number, playerThird: number | null): boolean {
  if (playerThird === null) return total <= 5;
  switch (total) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Deals one coup from a card source: player, banker, player, banker, then third cards by the tableau. */
export function playCoup(draw: () => Card): BaccaratCoup {
  const player = [draw()];
  const banker = [draw()];
  player.push(draw());
  banker.push(draw());
  const p2 = handTotal(player);
  const b2 = handTotal(banker);
  if (p2 < 8 && b2 < 8) {
    let third: number | null = null;
    if (playerDraws(p2)) {
      const card = draw();
      player.push(card);
      third = cardPoints(card);
    }
    if (bankerDraws(b2, third)) banker.push(draw());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    outcome: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: player[0]!.rank === player[1]!.rank,
    bankerPair: banker[0]!.rank === banker[1]!.rank,
  };
}

export function dealBaccarat(rng: Rng): BaccaratCoup {
  return playCoup(freshShoe(BACCARAT_DECKS, rng));
}

export interface BaccaratSettlement {
  result: 'win' | 'lose' | 'push';
  /** Returned to the player, stake included. */
  payoutMinor: bigint;
}

export function validateBaccaratBet(bet: string, stakeMinor: bigint): asserts bet is BaccaratBet {
  if (!BACCARAT_BETS.includes(bet as BaccaratBet))
    throw new EngineError('invalid_bet', `unknown baccarat bet "${bet}"`);
  requirePositiveMinor(stakeMinor);
}

export function settleBaccaratBet(bet: BaccaratBet, stakeMinor: bigint, coup: BaccaratCoup): BaccaratSettlement {
  validateBaccaratBet(bet, stakeMinor);
  const win = (toOneNumerator: bigint, toOneDenominator = 1n): BaccaratSettlement => ({
    result: 'win',
    payoutMinor: stakeMinor + (stakeMinor * toOneNumerator) / toOneDenominator,
  });
  const lose: BaccaratSettlement = { result: 'lose', payoutMinor: 0n };
  switch (bet) {
    case 'player':
    case 'banker':
      if (coup.outcome === 'tie') return { result: 'push', payoutMinor: stakeMinor };
      if (coup.outcome !== bet) return lose;
      return bet === 'player' ? win(1n) : win(95n, 100n);
    case 'tie':
      return coup.outcome === 'tie' ? win(8n) : lose;
    case 'playerPair':
      return coup.playerPair ? win(11n) : lose;
    case 'bankerPair':
      return coup.bankerPair ? win(11n) : lose;
  }
}

/**
 * Exact probabilities of player, banker and tie for a fresh `decks`-deck shoe, by enumerating every sequence of
 * card values dealt (up to six cards) weighted by drawing without replacement.
 */
export function exactBaccaratOdds(deckCount = BACCARAT_DECKS): { player: number; banker: number; tie: number } {
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * deckCount);
  let left = 52 * deckCount;
  const result = { player: 0, banker: 0, tie: 0 };
  const take = (v: number): number => {
    const p = counts[v]! / left;
    counts[v]!--;
    left--;
    return p;
  };
  const put = (v: number): void => {
    counts[v]!++;
    left++;
  };
  const record = (p: number, playerTotal: number, bankerTotal: number): void => {
    if (playerTotal > bankerTotal) result.player += p;
    else if (bankerTotal > playerTotal) result.banker += p;
    else result.tie += p;
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = take(p1);
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = w1 * take(b1);
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = w2 * take(p2);
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = w3 * take(b2);
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (w4 === 0) {
            put(b2);
            continue;
          }
          if (pt >= 8 || bt >= 8) record(w4, pt, bt);
          else if (!playerDraws(pt)) {
            if (bankerDraws(bt, null)) {
              for (let b3 = 0; b3 < 10; b3++) {
                const w5 = w4 * take(b3);
                record(w5, pt, (bt + b3) % 10);
                put(b3);
              }
            } else record(w4, pt, bt);
          } else {
            for (let p3 = 0; p3 < 10; p3++) {
              const w5 = w4 * take(p3);
              const pt3 = (pt + p3) % 10;
              if (bankerDraws(bt, p3)) {
                for (let b3 = 0; b3 < 10; b3++) {
                  const w6 = w5 * take(b3);
                  record(w6, pt3, (bt + b3) % 10);
                  put(b3);
                }
              } else record(w5, pt3, bt);
              put(p3);
            }
          }
          put(b2);
        }
        put(p2);
      }
      put(b1);
    }
    put(p1);
  }
  return result;
}

/** Exact chance that a hand's first two cards share a rank: (cards of that rank left) / (cards left). */
export function exactPairProbability(deckCount = BACCARAT_DECKS): number {
  return (4 * deckCount - 1) / (52 * deckCount - 1);
}
