import type { Rng } from './rng.ts';

export type Suit = 'c' | 'd' | 'h' | 's';
export const SUITS: readonly Suit[] = ['c', 'd', 'h', 's'];
/** 1 = ace … 11 = jack, 12 = queen, 13 = king. */
export type Rank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;

export interface Card {
  readonly rank: Rank;
  readonly suit: Suit;
}

const RANK_CODES = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];

/** "As", "Td", "Kh": rank then suit, for logs, the screen and hand-built tests. */
export function cardCode(card: Card): string {
  return `${RANK_CODES[card.rank]}${card.suit}`;
}

export function parseCard(code: string): Card {
  const rank = RANK_CODES.indexOf(code.slice(0, -1).toUpperCase());
  const suit = code.slice(-1).toLowerCase() as Suit;
  if (rank < 1 || !SUITS.includes(suit)) throw new RangeError(`not a card: ${code}`);
  return { rank: rank as Rank, suit };
}

export function isRed(card: Card): boolean {
  return card.suit === 'd' || card.suit === 'h';
}

export function decks(count: number): Card[] {
  const out: Card[] = [];
  for (let d = 0; d < count; d++) {
    for (const suit of SUITS) for (let rank = 1; rank <= 13; rank++) out.push({ rank: rank as Rank, suit });
  }
  return out;
}

/**
 * Draws cards one at a time from a freshly shuffled shoe of `deckCount` decks: each draw picks uniformly among the
 * cards left (a lazy Fisher–Yates), so only the cards actually dealt cost a random number.
 */
export function freshShoe(deckCount: number, rng: Rng): () => Card {
  const cards = decks(deckCount);
  let left = cards.length;
  return () => {
    if (left === 0) throw new Error('the shoe is empty');
    const i = rng.int(left);
    const card = cards[i]!;
    cards[i] = cards[left - 1]!;
    left--;
    return card;
  };
}

/** A card source that deals the given codes in order, for hand-built tests and replays. */
export function stackedShoe(codes: readonly string[]): () => Card {
  const queue = codes.map(parseCard);
  return () => {
    const card = queue.shift();
    if (!card) throw new Error('the stacked shoe is empty');
    return card;
  };
}
