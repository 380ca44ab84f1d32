import { type Card, decks, freshShoe, type Rank } from './cards.ts';
import { requirePositiveMinor } from './errors.ts';
import type { Rng } from './rng.ts';

/**
 * Teen Patti against the house. One deck per round; the player and the dealer get three cards each. The player
 * places an ante; the higher hand wins. A player win pays 0.95:1 (5 % commission, rounded down to the minor unit),
 * equal hands push, a loss loses the ante. There is no dealer qualification and no decision to make, so the game
 * is symmetric and the house edge is the commission on the player's wins: 5 % × P(win) = 2.4972 % (exact, below).
 *
 * Ranking, high to low: trail (three of a kind, A-A-A best) > pure sequence (straight flush) > sequence >
 * colour (flush) > pair > high card. Aces are high; A-K-Q is the best sequence, A-2-3 the second best, then
 * K-Q-J down to 2-3-4. Suits never break ties.
 */

export type TeenPattiCategory = 'trail' | 'pureSequence' | 'sequence' | 'colour' | 'pair' | 'highCard';
const CATEGORY_ORDER: readonly TeenPattiCategory[] = [
  'highCard',
  'pair',
  'colour',
  'sequence',
  'pureSequence',
  'trail',
];

export interface HandValue {
  category: TeenPattiCategory;
  /** Comparable strength: a higher number is a better hand; equal numbers tie. */
  score: number;
}

const high = (rank: Rank): number => (rank === 1 ? 14 : rank);

/** The strength of a sequence: A-K-Q 15, A-2-3 14, K-Q-J 13 … 2-3-4 4; null when the ranks do not run. */
function sequenceStrength(ranks: number[]): number | null {
  const [a, b, c] = [...ranks].sort((x, y) => x - y) as [number, number, number];
  if (a === 1 && b === 12 && c === 13) return 15;
  if (a === 1 && b === 2 && c === 3) return 14;
  if (b === a + 1 && c === b + 1) return c;
  return null;
}

export function evaluateHand(cards: readonly Card[]): HandValue {
  if (cards.length !== 3) throw new RangeError('a Teen Patti hand has three cards');
  const values = cards.map((c) => high(c.rank)).sort((x, y) => y - x) as [number, number, number];
  const flush = cards.every((c) => c.suit === cards[0]!.suit);
  const seq = sequenceStrength(cards.map((c) => c.rank));
  const encode = (category: TeenPattiCategory, ...tiebreak: number[]): HandValue => {
    let score = CATEGORY_ORDER.indexOf(category);
    for (let i = 0; i < 3; i++) score = score * 16 + (tiebreak[i] ?? 0);
    return { category, score };
  };
  if (values[0] === values[2]) return encode('trail', values[0]);
  if (seq !== null) return encode(flush ? 'pureSequence' : 'sequence', seq);
  if (flush) return encode('colour', ...values);
  if (values[0] === values[1]) return encode('pair', values[0], values[2]);
  if (values[1] === values[2]) return encode('pair', values[1], values[0]);
  return encode('highCard', ...values);
}

/** 1 when a beats b, −1 when b beats a, 0 when they tie. */
export function compareHands(a: readonly Card[], b: readonly Card[]): 1 | 0 | -1 {
  const x = evaluateHand(a).score;
  const y = evaluateHand(b).score;
  return x > y ? 1 : x < y ? -1 : 0;
}

export interface TeenPattiRound {
  player: Card[];
  dealer: Card[];
  playerHand: TeenPattiCategory;
  dealerHand: TeenPattiCategory;
  outcome: 'player' | 'dealer' | 'tie';
}

/** Deals player, dealer, player, dealer, player, dealer. */
export function playTeenPatti(draw: () => Card): TeenPattiRound {
  const player: Card[] = [];
  const dealer: Card[] = [];
  for (let i = 0; i < 3; i++) {
    player.push(draw());
    dealer.push(draw());
  }
  const cmp = compareHands(player, dealer);
  return {
    player,
    dealer,
    playerHand: evaluateHand(player).category,
    dealerHand: evaluateHand(dealer).category,
    outcome: cmp > 0 ? 'player' : cmp < 0 ? 'dealer' : 'tie',
  };
}

export function dealTeenPatti(rng: Rng): TeenPattiRound {
  return playTeenPatti(freshShoe(1, rng));
}

export function settleTeenPattiAnte(
  anteMinor: bigint,
  round: TeenPattiRound,
): { result: 'win' | 'lose' | 'push'; payoutMinor: bigint } {
  requirePositiveMinor(anteMinor, 'ante');
  if (round.outcome === 'tie') return { result: 'push', payoutMinor: anteMinor };
  if (round.outcome === 'dealer') return { result: 'lose', payoutMinor: 0n };
  return { result: 'win', payoutMinor: anteMinor + (anteMinor * 95n) / 100n };
}

export const TEEN_PATTI_COMMISSION_PERCENT = 5;
export const TEEN_PATTI_HOUSE_EDGE_PERCENT = 2.4972;

/**
 * Exact chance that the two hands tie: ordered pairs of disjoint hands of equal strength over all
 * 22,100 × 18,424 deals. Hands of equal strength are grouped first, so only same-group pairs are visited.
 */
export function exactTieProbability(): number {
  const deck = decks(1);
  const groups = new Map<number, number[][]>();
  for (let i = 0; i < 52; i++) {
    for (let j = i + 1; j < 52; j++) {
      for (let k = j + 1; k < 52; k++) {
        const { score } = evaluateHand([deck[i]!, deck[j]!, deck[k]!]);
        const group = groups.get(score) ?? [];
        group.push([i, j, k]);
        groups.set(score, group);
      }
    }
  }
  let ties = 0;
  for (const group of groups.values()) {
    for (const a of group) for (const b of group) if (!a.some((c) => b.includes(c))) ties++;
  }
  return ties / (22_100 * 18_424);
}

/**
 * The deal is exchangeable (player and dealer cards come from one shuffled deck), so P(win) = P(lose) =
 * (1 − P(tie)) / 2 and the edge is the commission on the wins.
 */
export function teenPattiHouseEdgePercent(): number {
  return TEEN_PATTI_COMMISSION_PERCENT * ((1 - exactTieProbability()) / 2);
}
