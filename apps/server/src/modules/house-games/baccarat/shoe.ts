/** A uniform integer in [0, n). The real one is a CSPRNG; tests inject a seeded one. */
export type Below = (n: number) => number;

export type Suit = 'clubs' | 'diamonds' | 'hearts' | 'spades';
/** 1 = ace, 11 = jack, 12 = queen, 13 = king. */
export type Rank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;

export interface Card {
  rank: Rank;
  suit: Suit;
}

export const SUITS: readonly Suit[] = ['clubs', 'diamonds', 'hearts', 'spades'];
export const RANKS: readonly Rank[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
export const SHOE_DECKS = 8;
/**
 * The cut card: before each round, a shoe with fewer than this many cards left is reshuffled whole. A round uses at
 * most six cards, so a round never runs out; 16 cards is where land-based shoes usually place the cut card.
 */
export const RESHUFFLE_BELOW = 16;

/** Baccarat value: ace 1, 2–9 face value, 10 and court cards 0. */
export function cardValue(card: Card): number {
  return card.rank >= 10 ? 0 : card.rank;
}

export function orderedDecks(decks: number): Card[] {
  const cards: Card[] = [];
  for (let deck = 0; deck < decks; deck++) {
    for (const suit of SUITS) for (const rank of RANKS) cards.push({ rank, suit });
  }
  return cards;
}

/** Fisher–Yates (Durstenfeld): every permutation equally likely when `below` is uniform. */
export function shuffleInPlace<T>(items: T[], below: Below): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = below(i + 1);
    if (!Number.isInteger(j) || j < 0 || j > i) throw new RangeError(`below(${i + 1}) returned ${j}`);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

/** Where a round's cards come from: the shoe, or a stacked list in tests. */
export interface CardSource {
  /** Called once before the first card of each round; the shoe reshuffles here when past the cut card. */
  beginRound(): void;
  draw(): Card;
}

export class Shoe implements CardSource {
  private readonly below: Below;
  private readonly reshuffleBelow: number;
  private readonly cards: Card[];
  private next = 0;
  private shuffleCount = 0;

  constructor(below: Below, { decks = SHOE_DECKS, reshuffleBelow = RESHUFFLE_BELOW } = {}) {
    if (!Number.isInteger(decks) || decks < 1) throw new RangeError(`Invalid number of decks: ${decks}`);
    if (reshuffleBelow < 6 || reshuffleBelow > decks * 52) throw new RangeError('Cut card must leave room for a round');
    this.below = below;
    this.reshuffleBelow = reshuffleBelow;
    this.cards = orderedDecks(decks);
    this.shuffle();
  }

  get remaining(): number {
    return this.cards.length - this.next;
  }

  /** How many times the shoe has been shuffled, the first shuffle included. */
  get shuffles(): number {
    return this.shuffleCount;
  }

  /** Gathers every card back into the shoe and shuffles. */
  shuffle(): void {
    shuffleInPlace(this.cards, this.below);
    this.next = 0;
    this.shuffleCount++;
  }

  beginRound(): void {
    if (this.remaining < this.reshuffleBelow) this.shuffle();
  }

  draw(): Card {
    const card = this.cards[this.next];
    if (!card) throw new Error('The shoe is empty');
    this.next++;
    return card;
  }
}
