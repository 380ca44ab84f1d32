import { describe, expect, it } from 'vitest';
import { bankerDraws, dealRound, handTotal, isNatural, playerDraws } from './rules.ts';
import { type Card, cardValue, RANKS, type Rank } from './shoe.ts';
import { card, stacked } from './testing.ts';

/** The two cards (ace–9) that make a total; 0 is a pair of kings. */
function twoCards(total: number): [Card, Card] {
  if (total === 0) return [card(13), card(12)];
  if (total === 1) return [card(1, 'hearts'), card(10)];
  return [card(1), card((total - 1) as Rank, 'hearts')];
}

/** A card of the given baccarat value; 0 is a ten. */
function valued(value: number): Card {
  return card((value === 0 ? 10 : value) as Rank, 'diamonds');
}

/** Deals P1 B1 P2 B2 [P3] [B3] from totals; spare cards guarantee a draw never runs out. */
function deal(playerTwo: number, bankerTwo: number, extra: Card[]) {
  const [p1, p2] = twoCards(playerTwo);
  const [b1, b2] = twoCards(bankerTwo);
  const source = stacked([p1, b1, p2, b2, ...extra, card(5, 'clubs'), card(5, 'clubs')]);
  return { round: dealRound(source), source };
}

describe('baccarat card values and totals', () => {
  it('counts ace as 1, 2–9 at face value and 10/J/Q/K as 0', () => {
    expect(RANKS.map((rank) => cardValue(card(rank)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]);
  });

  it('keeps only the last digit of the sum', () => {
    expect(handTotal([card(9), card(8)])).toBe(7);
    expect(handTotal([card(13), card(10), card(12)])).toBe(0);
    expect(handTotal([card(5), card(5), card(9)])).toBe(9);
    for (let total = 0; total <= 9; total++) expect(handTotal(twoCards(total))).toBe(total);
  });
});

describe('baccarat tableau', () => {
  // Banker's rule from the tableau: row = banker's two-card total, columns = player's third card 0–9, then "stood".
  const TABLEAU: Record<number, string> = {
    0: 'DDDDDDDDDD D',
    1: 'DDDDDDDDDD D',
    2: 'DDDDDDDDDD D',
    3: 'DDDDDDDDSD D',
    4: 'SSDDDDDDSS D',
    5: 'SSSSDDDDSS D',
    6: 'SSSSSSDDSS S',
    7: 'SSSSSSSSSS S',
  };

  it('player draws on 0–5 and stands on 6–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([true, true, true, true, true, true, false, false]);
  });

  it('naturals are 8 and 9', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(isNatural)).toEqual([...Array(8).fill(false), true, true]);
  });

  it('follows every cell of the banker table', () => {
    for (let bankerTotal = 0; bankerTotal <= 7; bankerTotal++) {
      const row = TABLEAU[bankerTotal]!.replace(' ', '');
      for (let third = 0; third <= 9; third++) {
        expect(bankerDraws(bankerTotal, third), `banker ${bankerTotal}, player third ${third}`).toBe(
          row[third] === 'D',
        );
      }
      expect(bankerDraws(bankerTotal, null), `banker ${bankerTotal}, player stood`).toBe(row[10] === 'D');
    }
  });

  it('deals by the table: every banker total 0–7 against every player third card and a standing player', () => {
    for (let bankerTotal = 0; bankerTotal <= 7; bankerTotal++) {
      const row = TABLEAU[bankerTotal]!.replace(' ', '');
      for (let third = 0; third <= 9; third++) {
        const { round } = deal(3, bankerTotal, [valued(third)]);
        expect(round.player).toHaveLength(3);
        expect(cardValue(round.player[2]!)).toBe(third);
        expect(round.banker.length, `banker ${bankerTotal}, player third ${third}`).toBe(row[third] === 'D' ? 3 : 2);
      }
      for (const playerTotal of [6, 7]) {
        const { round } = deal(playerTotal, bankerTotal, []);
        expect(round.player).toHaveLength(2);
        expect(round.banker.length, `banker ${bankerTotal}, player stood`).toBe(row[10] === 'D' ? 3 : 2);
      }
    }
  });

  it('stops all drawing when either hand is a natural', () => {
    for (let natural = 8; natural <= 9; natural++) {
      for (let other = 0; other <= 9; other++) {
        for (const [playerTwo, bankerTwo] of [
          [natural, other],
          [other, natural],
        ] as const) {
          const { round, source } = deal(playerTwo, bankerTwo, []);
          expect(source.dealt).toBe(4);
          expect(round.player).toHaveLength(2);
          expect(round.banker).toHaveLength(2);
        }
      }
    }
  });

  it('deals in the order player, banker, player, banker, player third, banker third', () => {
    const cards = [card(1), card(2), card(3), card(13), card(4), card(12)];
    const { player, banker, playerTotal, bankerTotal, outcome } = dealRound(stacked(cards));
    // Player 1+3 = 4 draws the 4 → 8; banker 2+0 = 2 draws the queen → 2.
    expect(player).toEqual([cards[0], cards[2], cards[4]]);
    expect(banker).toEqual([cards[1], cards[3], cards[5]]);
    expect([playerTotal, bankerTotal, outcome]).toEqual([8, 2, 'player']);
  });

  it('decides the outcome on the final totals', () => {
    expect(deal(7, 6, []).round.outcome).toBe('player');
    expect(deal(6, 7, []).round.outcome).toBe('banker');
    expect(deal(7, 7, []).round.outcome).toBe('tie');
    expect(deal(9, 9, []).round.outcome).toBe('tie');
    // Banker 6 stands on a standing player; both 6.
    const { round } = deal(6, 6, []);
    expect([round.playerTotal, round.bankerTotal, round.outcome]).toEqual([6, 6, 'tie']);
  });

  it('marks a pair only for two first cards of the same rank', () => {
    const kings = dealRound(stacked([card(13), card(13, 'hearts'), card(13, 'clubs'), card(12), card(5), card(5)]));
    expect([kings.playerPair, kings.bankerPair]).toEqual([true, false]);
    // K and Q are both worth 0 but are not a pair; 4-4 on the banker side is.
    const mixed = dealRound(stacked([card(13), card(4), card(12), card(4, 'hearts'), card(2), card(2)]));
    expect([mixed.playerPair, mixed.bankerPair]).toEqual([false, true]);
    // A third card matching does not make a pair.
    const third = dealRound(stacked([card(2), card(4), card(3), card(10), card(2, 'hearts'), card(9, 'hearts')]));
    expect(third.player).toHaveLength(3);
    expect(third.playerPair).toBe(false);
  });
});
