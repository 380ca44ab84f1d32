import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BET_TYPES, type DrawResult, houseEdges, type Odds, payoutMinor, resultOf } from './rules.ts';
import { nextSlot, slotAt } from './schedule.ts';

/** The seeded defaults of migration 0054, written out again so that a changed seed is noticed here. */
const WINGO_ODDS: Odds = new Map([
  ['number', 90000],
  ['colour', 20000],
  ['colour_shared', 15000],
  ['violet', 45000],
  ['size', 19600],
]);
const K3_ODDS: Odds = new Map([
  ...[3, 18].map((s) => [`sum_${s}`, 2073600] as const),
  ...[4, 17].map((s) => [`sum_${s}`, 691200] as const),
  ...[5, 16].map((s) => [`sum_${s}`, 345600] as const),
  ...[6, 15].map((s) => [`sum_${s}`, 207400] as const),
  ...[7, 14].map((s) => [`sum_${s}`, 138300] as const),
  ...[8, 13].map((s) => [`sum_${s}`, 98800] as const),
  ...[9, 12].map((s) => [`sum_${s}`, 83000] as const),
  ...[10, 11].map((s) => [`sum_${s}`, 76800] as const),
  ['size', 19600],
  ['parity', 19600],
  ['triple_any', 345600],
  ['triple', 2073600],
  ['pair', 129600],
]);

const wingo = { code: 'WINGO_1M', group: 'WINGO' as const };
const k3 = { code: 'K3_1M', group: 'K3' as const };

function pays(group: 'WINGO' | 'K3', betType: string, selection: string, result: DrawResult): number {
  const type = BET_TYPES[group].find((t) => t.code === betType);
  if (!type) throw new Error(betType);
  return type.payoutE4(result, selection, group === 'WINGO' ? WINGO_ODDS : K3_ODDS);
}

describe('lottery bet types, against hand-computed examples', () => {
  it('settles every WINGO bet type', () => {
    expect(pays('WINGO', 'number', '7', { number: 7 })).toBe(90000);
    expect(pays('WINGO', 'number', '7', { number: 8 })).toBe(0);
    // 3 is green only: full colour odds; 5 is green and violet: green pays the shared odds, violet its own.
    expect(pays('WINGO', 'colour', 'green', { number: 3 })).toBe(20000);
    expect(pays('WINGO', 'colour', 'green', { number: 5 })).toBe(15000);
    expect(pays('WINGO', 'colour', 'violet', { number: 5 })).toBe(45000);
    expect(pays('WINGO', 'colour', 'red', { number: 5 })).toBe(0);
    // 0 is red and violet; 4 red only.
    expect(pays('WINGO', 'colour', 'red', { number: 0 })).toBe(15000);
    expect(pays('WINGO', 'colour', 'violet', { number: 0 })).toBe(45000);
    expect(pays('WINGO', 'colour', 'red', { number: 4 })).toBe(20000);
    expect(pays('WINGO', 'colour', 'violet', { number: 4 })).toBe(0);
    expect(pays('WINGO', 'colour', 'green', { number: 0 })).toBe(0);
    expect(pays('WINGO', 'size', 'big', { number: 5 })).toBe(19600);
    expect(pays('WINGO', 'size', 'small', { number: 4 })).toBe(19600);
    expect(pays('WINGO', 'size', 'big', { number: 4 })).toBe(0);
    expect(pays('WINGO', 'size', 'small', { number: 9 })).toBe(0);
  });

  it('settles every K3 bet type', () => {
    expect(pays('K3', 'sum', '10', { dice: [2, 3, 5] })).toBe(76800);
    expect(pays('K3', 'sum', '3', { dice: [1, 1, 1] })).toBe(2073600);
    expect(pays('K3', 'sum', '11', { dice: [2, 3, 5] })).toBe(0);
    expect(pays('K3', 'size', 'big', { dice: [6, 5, 1] })).toBe(19600);
    expect(pays('K3', 'size', 'small', { dice: [1, 2, 3] })).toBe(19600);
    // A triple loses big/small and odd/even, even when its sum is big (4+4+4 = 12) or odd (3+3+3 = 9).
    expect(pays('K3', 'size', 'big', { dice: [4, 4, 4] })).toBe(0);
    expect(pays('K3', 'parity', 'odd', { dice: [3, 3, 3] })).toBe(0);
    expect(pays('K3', 'parity', 'odd', { dice: [1, 2, 6] })).toBe(19600);
    expect(pays('K3', 'parity', 'even', { dice: [1, 2, 6] })).toBe(0);
    expect(pays('K3', 'triple_any', 'any', { dice: [2, 2, 2] })).toBe(345600);
    expect(pays('K3', 'triple_any', 'any', { dice: [2, 2, 3] })).toBe(0);
    expect(pays('K3', 'triple', '2', { dice: [2, 2, 2] })).toBe(2073600);
    expect(pays('K3', 'triple', '3', { dice: [2, 2, 2] })).toBe(0);
    expect(pays('K3', 'pair', '2', { dice: [2, 5, 2] })).toBe(129600);
    expect(pays('K3', 'pair', '2', { dice: [2, 2, 2] })).toBe(129600);
    expect(pays('K3', 'pair', '5', { dice: [2, 5, 2] })).toBe(0);
  });

  it('rounds a win down to the minor unit', () => {
    // 1.01 at 1.96 is 1.9796, paid as 1.97.
    expect(payoutMinor(101n, 19600)).toBe(197n);
    expect(payoutMinor(1000n, 90000)).toBe(9000n);
  });
});

describe('house edges, against hand computation', () => {
  const edge = (group: 'WINGO' | 'K3', betType: string, selection: string) => {
    const found = houseEdges(group, group === 'WINGO' ? WINGO_ODDS : K3_ODDS).find(
      (e) => e.betType === betType && e.selection === selection,
    );
    if (!found) throw new Error(`${betType} ${selection}`);
    return found.houseEdge;
  };

  it('computes WINGO edges', () => {
    // A number: 1/10 × 9 = 0.9.
    expect(edge('WINGO', 'number', '3')).toBeCloseTo(0.1, 12);
    // Green: 1, 3, 7, 9 at 2 and 5 at 1.5 → (4 × 2 + 1.5) / 10 = 0.95.
    expect(edge('WINGO', 'colour', 'green')).toBeCloseTo(0.05, 12);
    expect(edge('WINGO', 'colour', 'red')).toBeCloseTo(0.05, 12);
    // Violet: 0 and 5 at 4.5 → 0.9.
    expect(edge('WINGO', 'colour', 'violet')).toBeCloseTo(0.1, 12);
    // Big: 5 of 10 at 1.96 → 0.98.
    expect(edge('WINGO', 'size', 'big')).toBeCloseTo(0.02, 12);
  });

  it('computes K3 edges', () => {
    // Sum 10: 27 of 216 throws at 7.68 → 0.96.
    expect(edge('K3', 'sum', '10')).toBeCloseTo(1 - (27 * 7.68) / 216, 12);
    expect(edge('K3', 'sum', '3')).toBeCloseTo(1 - 207.36 / 216, 12);
    expect(edge('K3', 'sum', '9')).toBeCloseTo(1 - (25 * 8.3) / 216, 12);
    // Big: sums 11–17 are 107 throws, less the triples 4-4-4 and 5-5-5: 105 at 1.96.
    expect(edge('K3', 'size', 'big')).toBeCloseTo(1 - (105 * 1.96) / 216, 12);
    // Odd: 108 odd sums less the triples 1-1-1, 3-3-3, 5-5-5: 105.
    expect(edge('K3', 'parity', 'odd')).toBeCloseTo(1 - (105 * 1.96) / 216, 12);
    expect(edge('K3', 'triple_any', 'any')).toBeCloseTo(1 - (6 * 34.56) / 216, 12);
    expect(edge('K3', 'triple', '6')).toBeCloseTo(1 - 207.36 / 216, 12);
    // A pair of 4: exactly two 4s in 3 × 5 = 15 throws, three 4s in 1: 16 at 12.96.
    expect(edge('K3', 'pair', '4')).toBeCloseTo(1 - (16 * 12.96) / 216, 12);
  });

  it('gives every bet type of the seeded odds a positive edge', () => {
    for (const e of [...houseEdges('WINGO', WINGO_ODDS), ...houseEdges('K3', K3_ODDS)]) {
      expect(e.houseEdge, `${e.betType} ${e.selection}`).toBeGreaterThan(0);
    }
  });
});

/** The documented formula, written again from its description (rules.ts), sharing no code with it. */
function independentResult(group: 'WINGO' | 'K3', gameCode: string, seed: string, numero: string): DrawResult {
  const n = group === 'WINGO' ? 10 : 6;
  const want = group === 'WINGO' ? 1 : 3;
  const limit = 2 ** 32 - (2 ** 32 % n);
  const values: number[] = [];
  for (let round = 0; values.length < want; round++) {
    const message = round === 0 ? `${gameCode}:${numero}` : `${gameCode}:${numero}:${round}`;
    const digest = createHmac('sha256', Buffer.from(seed, 'ascii')).update(Buffer.from(message, 'ascii')).digest();
    for (let i = 0; i < 8 && values.length < want; i++) {
      const x = digest.readUInt32BE(i * 4);
      if (x < limit) values.push(x % n);
    }
  }
  return group === 'WINGO'
    ? { number: values[0] as number }
    : { dice: values.map((v) => v + 1) as [number, number, number] };
}

describe('verifiable results', () => {
  it('recomputes every draw of a simulated day of each game independently', () => {
    const day = Date.UTC(2026, 10, 26, 18, 0, 0); // midnight in Dhaka
    for (const game of [
      { ...wingo, code: 'WINGO_30S', roundSeconds: 30, lockSeconds: 5 },
      { ...k3, roundSeconds: 60, lockSeconds: 5 },
    ]) {
      let slot = slotAt(game, day);
      const counts = new Map<string, number>();
      let draws = 0;
      while (slot.openAt.getTime() < day + 86_400_000) {
        const seed = createHash('sha256').update(`${game.code}:${slot.numero}:seed`).digest('hex');
        const result = resultOf(game, seed, slot.numero);
        expect(result).toEqual(independentResult(game.group, game.code, seed, slot.numero));
        const key = JSON.stringify(result);
        counts.set(key, (counts.get(key) ?? 0) + 1);
        draws++;
        slot = nextSlot(game, slot);
      }
      expect(draws).toBe(86_400 / game.roundSeconds);
      // Every number, and many throws, come up over a day: the values are spread, not constant.
      expect(counts.size).toBeGreaterThan(game.group === 'WINGO' ? 9 : 150);
    }
  });

  it('numbers draws by Dhaka day and sequence', () => {
    const game = { roundSeconds: 30, lockSeconds: 5 };
    const first = slotAt(game, Date.UTC(2026, 10, 26, 18, 0, 10));
    expect(first.numero).toBe('202611270001');
    expect(first.openAt.toISOString()).toBe('2026-11-26T18:00:00.000Z');
    expect(first.lockAt.toISOString()).toBe('2026-11-26T18:00:25.000Z');
    expect(first.drawAt.toISOString()).toBe('2026-11-26T18:00:30.000Z');
    expect(slotAt(game, Date.UTC(2026, 10, 27, 17, 59, 59)).numero).toBe('202611272880');
    expect(nextSlot(game, slotAt(game, Date.UTC(2026, 10, 27, 17, 59, 59))).numero).toBe('202611280001');
  });
});
