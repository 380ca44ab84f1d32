import { describe, expect, it } from 'vitest';
import { type Card, orderedDecks, RESHUFFLE_BELOW, SHOE_DECKS, Shoe, shuffleInPlace } from './shoe.ts';
import { seededBelow } from './testing.ts';

const key = (card: Card) => `${card.rank}-${card.suit}`;

describe('baccarat shoe', () => {
  it('holds eight full decks', () => {
    const cards = orderedDecks(SHOE_DECKS);
    expect(cards).toHaveLength(416);
    const counts = new Map<string, number>();
    for (const card of cards) counts.set(key(card), (counts.get(key(card)) ?? 0) + 1);
    expect(counts.size).toBe(52);
    expect([...counts.values()].every((count) => count === 8)).toBe(true);
  });

  it('shuffles with Fisher–Yates: every choice sequence gives a different permutation', () => {
    // For 4 items below(4), below(3), below(2) give 4·3·2 = 24 sequences; all 24 permutations must appear once.
    const seen = new Set<string>();
    for (let a = 0; a < 4; a++) {
      for (let b = 0; b < 3; b++) {
        for (let c = 0; c < 2; c++) {
          const choices = [a, b, c];
          const asked: number[] = [];
          const items = ['w', 'x', 'y', 'z'];
          shuffleInPlace(items, (n) => {
            asked.push(n);
            return choices.shift()!;
          });
          expect(asked).toEqual([4, 3, 2]);
          seen.add(items.join(''));
        }
      }
    }
    expect(seen.size).toBe(24);
  });

  it('refuses a random function that leaves its range', () => {
    expect(() => shuffleInPlace([1, 2, 3], (n) => n)).toThrow(RangeError);
    expect(() => shuffleInPlace([1, 2, 3], () => -1)).toThrow(RangeError);
    expect(() => shuffleInPlace([1, 2, 3], () => 0.5)).toThrow(RangeError);
  });

  it('keeps every card through a shuffle and deals them all once', () => {
    const shoe = new Shoe(seededBelow(7));
    const dealt: string[] = [];
    while (shoe.remaining > 0) dealt.push(key(shoe.draw()));
    expect(dealt.sort()).toEqual(orderedDecks(SHOE_DECKS).map(key).sort());
    expect(() => shoe.draw()).toThrow('empty');
  });

  it('reshuffles before a round once fewer than 16 cards remain, never within a round', () => {
    expect(RESHUFFLE_BELOW).toBe(16);
    const shoe = new Shoe(seededBelow(11));
    expect(shoe.shuffles).toBe(1);
    while (shoe.remaining > RESHUFFLE_BELOW) shoe.draw();
    shoe.beginRound();
    expect([shoe.shuffles, shoe.remaining]).toEqual([1, 16]);
    shoe.draw();
    shoe.beginRound();
    expect([shoe.shuffles, shoe.remaining]).toEqual([2, 416]);
  });

  it('is reproducible with the same random function', () => {
    const first = new Shoe(seededBelow(3));
    const second = new Shoe(seededBelow(3));
    for (let i = 0; i < 416; i++) expect(key(first.draw())).toBe(key(second.draw()));
  });

  it('refuses impossible shoe sizes', () => {
    expect(() => new Shoe(seededBelow(1), { decks: 0 })).toThrow(RangeError);
    expect(() => new Shoe(seededBelow(1), { reshuffleBelow: 5 })).toThrow(RangeError);
  });
});
