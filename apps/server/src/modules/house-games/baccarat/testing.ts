// Helpers for the baccarat tests: stacked card sources and a seeded generator.
import type { Below, Card, CardSource, Rank, Suit } from './shoe.ts';

export function card(rank: Rank, suit: Suit = 'spades'): Card {
  return { rank, suit };
}

/** Deals the given cards in order; throws when the round asks for more than were stacked. */
export function stacked(cards: readonly Card[]): CardSource & { dealt: number } {
  return {
    dealt: 0,
    beginRound() {},
    draw() {
      const next = cards[this.dealt];
      if (!next) throw new Error(`Stacked source ran out after ${this.dealt} cards`);
      this.dealt++;
      return next;
    },
  };
}

/** splitmix32: a tiny, reproducible 32-bit generator (not for production, only for simulations). */
export function seededBelow(seed: number): Below {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  return (n) => {
    // Rejection keeps every value in [0, n) equally likely.
    const limit = 2 ** 32 - (2 ** 32 % n);
    let value = next();
    while (value >= limit) value = next();
    return value % n;
  };
}
