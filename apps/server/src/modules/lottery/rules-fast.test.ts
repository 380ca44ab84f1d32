import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BET_TYPES, type DrawResult, type GameGroup, houseEdges, type Odds, resultOf } from './rules.ts';
import { nextSlot, slotAt } from './schedule.ts';

/** The seeded defaults of migration 0055, written out again so that a changed seed is noticed here. */
const FIVE_DIGIT_ODDS: Odds = new Map([
  ['digit', 98000],
  ['position_size', 19600],
  ['position_parity', 19600],
  ['sum_size', 19600],
  ['sum_parity', 19600],
  ['dragon_tiger', 21700],
  ['tie', 96000],
]);
const ELEVEN_FIVE_ODDS: Odds = new Map([
  ['any1', 21300],
  ['any2', 53300],
  ['any3', 160000],
  ['any4', 640200],
  ['any5', 4481400],
  ['first', 106700],
]);
const PK10_ODDS: Odds = new Map([
  ['position', 98000],
  ['champion_size', 19600],
  ['champion_parity', 19600],
  ['dragon_tiger', 19600],
  ...[3, 4, 18, 19].map((s) => [`sum_${s}`, 436500] as const),
  ...[5, 6, 16, 17].map((s) => [`sum_${s}`, 218200] as const),
  ...[7, 8, 14, 15].map((s) => [`sum_${s}`, 145500] as const),
  ...[9, 10, 12, 13].map((s) => [`sum_${s}`, 109100] as const),
  ['sum_11', 87300],
]);
const LHC_ODDS: Odds = new Map([
  ['special', 475000],
  ['special_size', 20000],
  ['special_parity', 20000],
  ['main', 80000],
]);
const ODDS: Record<string, Odds> = {
  '5D': FIVE_DIGIT_ODDS,
  SSC: FIVE_DIGIT_ODDS,
  '11X5': ELEVEN_FIVE_ODDS,
  PK10: PK10_ODDS,
  LHC: LHC_ODDS,
};
const GROUPS = ['5D', 'SSC', '11X5', 'PK10', 'LHC'] as const;

function pays(group: GameGroup, betType: string, selection: string, result: DrawResult): number {
  const type = BET_TYPES[group].find((t) => t.code === betType);
  if (!type) throw new Error(betType);
  if (!type.selections.includes(selection)) throw new Error(`${betType} takes no ${selection}`);
  return type.payoutE4(result, selection, ODDS[group] as Odds);
}

function edge(group: GameGroup, betType: string, selection: string) {
  const found = houseEdges(group, ODDS[group] as Odds).find((e) => e.betType === betType && e.selection === selection);
  if (!found) throw new Error(`${betType} ${selection}`);
  return found;
}

describe('the fast groups bet types, against hand-computed examples', () => {
  it('settles every 5D and SSC bet type', () => {
    for (const group of ['5D', 'SSC'] as const) {
      const digits = { digits: [7, 0, 3, 9, 2] }; // sum 21: small, odd; A 7 above E 2: dragon
      expect(pays(group, 'digit', 'A:7', digits)).toBe(98000);
      expect(pays(group, 'digit', 'B:7', digits)).toBe(0);
      expect(pays(group, 'digit', 'E:2', digits)).toBe(98000);
      expect(pays(group, 'position_size', 'A:big', digits)).toBe(19600);
      expect(pays(group, 'position_size', 'C:big', digits)).toBe(0);
      expect(pays(group, 'position_size', 'B:small', digits)).toBe(19600);
      expect(pays(group, 'position_parity', 'D:odd', digits)).toBe(19600);
      expect(pays(group, 'position_parity', 'B:even', digits)).toBe(19600);
      expect(pays(group, 'position_parity', 'B:odd', digits)).toBe(0);
      expect(pays(group, 'sum_size', 'small', digits)).toBe(19600);
      expect(pays(group, 'sum_size', 'big', digits)).toBe(0);
      // 23 is the least big sum, 22 the largest small one.
      expect(pays(group, 'sum_size', 'big', { digits: [9, 9, 5, 0, 0] })).toBe(19600);
      expect(pays(group, 'sum_size', 'small', { digits: [9, 9, 4, 0, 0] })).toBe(19600);
      expect(pays(group, 'sum_parity', 'odd', digits)).toBe(19600);
      expect(pays(group, 'sum_parity', 'even', digits)).toBe(0);
      expect(pays(group, 'dragon_tiger', 'dragon', digits)).toBe(21700);
      expect(pays(group, 'dragon_tiger', 'tiger', digits)).toBe(0);
      expect(pays(group, 'dragon_tiger', 'tiger', { digits: [1, 5, 5, 5, 8] })).toBe(21700);
      // A tie loses dragon and tiger and pays the tie.
      expect(pays(group, 'dragon_tiger', 'dragon', { digits: [4, 1, 1, 1, 4] })).toBe(0);
      expect(pays(group, 'dragon_tiger', 'tiger', { digits: [4, 1, 1, 1, 4] })).toBe(0);
      expect(pays(group, 'dragon_tiger', 'tie', { digits: [4, 1, 1, 1, 4] })).toBe(96000);
      expect(pays(group, 'dragon_tiger', 'tie', digits)).toBe(0);
    }
  });

  it('settles every 11X5 bet type', () => {
    const balls = { balls: [7, 2, 11, 5, 9] };
    expect(pays('11X5', 'any1', '11', balls)).toBe(21300);
    expect(pays('11X5', 'any1', '01', balls)).toBe(0);
    expect(pays('11X5', 'any2', '02,07', balls)).toBe(53300);
    expect(pays('11X5', 'any2', '02,03', balls)).toBe(0);
    expect(pays('11X5', 'any3', '05,09,11', balls)).toBe(160000);
    expect(pays('11X5', 'any3', '04,09,11', balls)).toBe(0);
    expect(pays('11X5', 'any4', '02,05,07,09', balls)).toBe(640200);
    expect(pays('11X5', 'any4', '02,05,07,10', balls)).toBe(0);
    expect(pays('11X5', 'any5', '02,05,07,09,11', balls)).toBe(4481400);
    expect(pays('11X5', 'any5', '01,02,05,07,09', balls)).toBe(0);
    expect(pays('11X5', 'first', '07', balls)).toBe(106700);
    expect(pays('11X5', 'first', '02', balls)).toBe(0);
    // A selection is written ascending and zero-padded: another spelling is not one of the bet's selections.
    expect(BET_TYPES['11X5'].find((t) => t.code === 'any2')?.selections.includes('07,02')).toBe(false);
  });

  it('settles every PK10 bet type', () => {
    const ranking = { ranking: [8, 3, 10, 1, 6, 2, 9, 4, 7, 5] };
    expect(pays('PK10', 'position', '1:08', ranking)).toBe(98000);
    expect(pays('PK10', 'position', '10:05', ranking)).toBe(98000);
    expect(pays('PK10', 'position', '2:08', ranking)).toBe(0);
    expect(pays('PK10', 'champion_size', 'big', ranking)).toBe(19600);
    expect(pays('PK10', 'champion_size', 'small', ranking)).toBe(0);
    expect(pays('PK10', 'champion_size', 'small', { ranking: [5, 3, 10, 1, 6, 2, 9, 4, 7, 8] })).toBe(19600);
    expect(pays('PK10', 'champion_parity', 'even', ranking)).toBe(19600);
    expect(pays('PK10', 'champion_parity', 'odd', ranking)).toBe(0);
    // 1v10: 8 against 5, dragon; 2v9: 3 against 7, tiger; 5v6: 6 against 2, dragon.
    expect(pays('PK10', 'dragon_tiger', '1v10:dragon', ranking)).toBe(19600);
    expect(pays('PK10', 'dragon_tiger', '1v10:tiger', ranking)).toBe(0);
    expect(pays('PK10', 'dragon_tiger', '2v9:tiger', ranking)).toBe(19600);
    expect(pays('PK10', 'dragon_tiger', '5v6:dragon', ranking)).toBe(19600);
    // 8 + 3 = 11.
    expect(pays('PK10', 'sum12', '11', ranking)).toBe(87300);
    expect(pays('PK10', 'sum12', '12', ranking)).toBe(0);
    expect(pays('PK10', 'sum12', '19', { ranking: [10, 9, 8, 1, 6, 2, 3, 4, 7, 5] })).toBe(436500);
  });

  it('settles every LHC bet type', () => {
    const drawn = { numbers: [3, 17, 22, 31, 40, 48], special: 26 };
    expect(pays('LHC', 'special', '26', drawn)).toBe(475000);
    expect(pays('LHC', 'special', '03', drawn)).toBe(0);
    expect(pays('LHC', 'special_size', 'big', drawn)).toBe(20000);
    expect(pays('LHC', 'special_size', 'small', drawn)).toBe(0);
    expect(pays('LHC', 'special_parity', 'even', drawn)).toBe(20000);
    expect(pays('LHC', 'special_parity', 'odd', drawn)).toBe(0);
    expect(pays('LHC', 'special_size', 'small', { ...drawn, special: 24 })).toBe(20000);
    // A special 49 loses size and parity, but pays a bet on the number itself.
    for (const [type, selection] of [
      ['special_size', 'big'],
      ['special_size', 'small'],
      ['special_parity', 'odd'],
      ['special_parity', 'even'],
    ] as const) {
      expect(pays('LHC', type, selection, { ...drawn, special: 49 })).toBe(0);
    }
    expect(pays('LHC', 'special', '49', { ...drawn, special: 49 })).toBe(475000);
    expect(pays('LHC', 'main', '31', drawn)).toBe(80000);
    expect(pays('LHC', 'main', '26', drawn)).toBe(0);
  });
});

/** Every ordered draw of k of the numbers 1..n without replacement (equally likely under the draw formula). */
function* ordered(n: number, k: number, prefix: number[] = []): Generator<number[]> {
  if (prefix.length === k) {
    yield prefix;
    return;
  }
  for (let x = 1; x <= n; x++) if (!prefix.includes(x)) yield* ordered(n, k, [...prefix, x]);
}

/** The return of a bet by summing over every equally likely result, to check the combinatorics against. */
function enumeratedRtp(group: GameGroup, betType: string, selection: string, results: Iterable<DrawResult>) {
  let total = 0;
  let count = 0;
  for (const result of results) {
    total += pays(group, betType, selection, result);
    count++;
  }
  return total / (count * 10_000);
}

describe('house edges of the fast groups', () => {
  it('equals an enumeration of every result where one is feasible', () => {
    const fiveDigits = function* () {
      for (let i = 0; i < 100_000; i++) yield { digits: String(i).padStart(5, '0').split('').map(Number) };
    };
    for (const [betType, selection] of [
      ['digit', 'C:4'],
      ['position_size', 'E:big'],
      ['position_parity', 'A:odd'],
      ['sum_size', 'big'],
      ['sum_size', 'small'],
      ['sum_parity', 'even'],
      ['dragon_tiger', 'dragon'],
      ['dragon_tiger', 'tie'],
    ] as const) {
      expect(edge('5D', betType, selection).rtp, `${betType} ${selection}`).toBeCloseTo(
        enumeratedRtp('5D', betType, selection, fiveDigits()),
        12,
      );
    }
    const elevenFive = [...ordered(11, 5)].map((balls) => ({ balls }));
    expect(elevenFive).toHaveLength(55_440);
    for (const [betType, selection] of [
      ['any1', '04'],
      ['any2', '01,11'],
      ['any3', '02,03,10'],
      ['any4', '01,05,06,08'],
      ['any5', '03,04,05,06,07'],
      ['first', '09'],
    ] as const) {
      expect(edge('11X5', betType, selection).rtp, `${betType} ${selection}`).toBeCloseTo(
        enumeratedRtp('11X5', betType, selection, elevenFive),
        12,
      );
    }
    // PK10's bets read the first two positions (or two positions of a pair): the 90 ordered pairs of cars are
    // equally likely, so enumerating them is exact for those bets.
    const pairs = [...ordered(10, 2)];
    const byPair = (at: [number, number]) =>
      pairs.map(([a, b]) => {
        const rest = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((car) => car !== a && car !== b);
        const ranking = [...rest.slice(0, at[0] - 1), a as number, ...rest.slice(at[0] - 1)];
        ranking.splice(at[1] - 1, 0, b as number);
        return { ranking };
      });
    expect(edge('PK10', 'sum12', '9').rtp).toBeCloseTo(enumeratedRtp('PK10', 'sum12', '9', byPair([1, 2])), 12);
    expect(edge('PK10', 'sum12', '11').rtp).toBeCloseTo(enumeratedRtp('PK10', 'sum12', '11', byPair([1, 2])), 12);
    expect(edge('PK10', 'dragon_tiger', '3v8:tiger').rtp).toBeCloseTo(
      enumeratedRtp('PK10', 'dragon_tiger', '3v8:tiger', byPair([3, 8])),
      12,
    );
  });

  it('matches hand computation', () => {
    expect(edge('5D', 'digit', 'B:3').houseEdge).toBeCloseTo(0.02, 12);
    expect(edge('SSC', 'sum_size', 'big').houseEdge).toBeCloseTo(0.02, 12);
    // Dragon: 45 of the 100 pairs (A, E) at 2.17; a tie: 10 of 100 at 9.6.
    expect(edge('SSC', 'dragon_tiger', 'tiger').houseEdge).toBeCloseTo(1 - 0.45 * 2.17, 12);
    expect(edge('SSC', 'dragon_tiger', 'tie').houseEdge).toBeCloseTo(0.04, 12);
    // Any 2 of five: C(9, 3) = 84 of the C(11, 5) = 462 draws hold both balls.
    expect(edge('11X5', 'any2', '03,08').houseEdge).toBeCloseTo(1 - (84 / 462) * 5.33, 12);
    expect(edge('11X5', 'any5', '01,02,03,04,05').houseEdge).toBeCloseTo(1 - 448.14 / 462, 12);
    expect(edge('11X5', 'first', '11').houseEdge).toBeCloseTo(1 - 10.67 / 11, 12);
    expect(edge('PK10', 'position', '7:03').houseEdge).toBeCloseTo(0.02, 12);
    // Sum 3 of the first two: the pairs (1, 2) and (2, 1) of the 90.
    expect(edge('PK10', 'sum12', '3').houseEdge).toBeCloseTo(1 - (2 / 90) * 43.65, 12);
    expect(edge('PK10', 'champion_size', 'big').houseEdge).toBeCloseTo(0.02, 12);
    expect(edge('LHC', 'special', '07').houseEdge).toBeCloseTo(1 - 47.5 / 49, 12);
    // Big is 25–48: 24 of 49; odd is 1–47 odd: 24 of 49 (49 is neither).
    expect(edge('LHC', 'special_size', 'big').houseEdge).toBeCloseTo(1 - (24 / 49) * 2, 12);
    expect(edge('LHC', 'special_parity', 'odd').houseEdge).toBeCloseTo(1 - (24 / 49) * 2, 12);
    expect(edge('LHC', 'main', '49').houseEdge).toBeCloseTo(1 - (6 / 49) * 8, 12);
  });

  it('gives every bet of the seeded odds an edge of 2 to 5 %, fast enough for the game page', () => {
    for (const group of GROUPS) {
      const started = performance.now();
      const edges = houseEdges(group, ODDS[group] as Odds);
      expect(performance.now() - started, group).toBeLessThan(50);
      for (const e of edges) {
        expect(e.houseEdge, `${group} ${e.betType} ${e.selection}`).toBeGreaterThanOrEqual(0.02);
        expect(e.houseEdge, `${group} ${e.betType} ${e.selection}`).toBeLessThanOrEqual(0.05);
      }
      // Every selection of every bet type is priced.
      expect(edges.length).toBe(BET_TYPES[group].reduce((n, type) => n + type.selections.length, 0));
    }
  });
});

/** The documented formula and each group's steps, written again from their descriptions, sharing no code. */
function independentResult(group: GameGroup, gameCode: string, seed: string, numero: string): DrawResult {
  const integers: number[] = [];
  let round = 0;
  const take = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      if (integers.length === 0) {
        const message = round === 0 ? `${gameCode}:${numero}` : `${gameCode}:${numero}:${round}`;
        const digest = createHmac('sha256', Buffer.from(seed, 'ascii')).update(Buffer.from(message, 'ascii')).digest();
        for (let i = 0; i < 8; i++) integers.push(digest.readUInt32BE(i * 4));
        round++;
      }
      const x = integers.shift() as number;
      if (x < limit) return x % n;
    }
  };
  const withoutReplacement = (top: number, count: number) => {
    const left = Array.from({ length: top }, (_, i) => i + 1);
    return Array.from({ length: count }, () => left.splice(take(left.length), 1)[0] as number);
  };
  switch (group) {
    case '5D':
    case 'SSC':
      return { digits: [take(10), take(10), take(10), take(10), take(10)] };
    case '11X5':
      return { balls: withoutReplacement(11, 5) };
    case 'PK10': {
      const list = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
      for (let i = 9; i >= 1; i--) {
        const j = take(i + 1);
        const swap = list[i] as number;
        list[i] = list[j] as number;
        list[j] = swap;
      }
      return { ranking: list };
    }
    case 'LHC': {
      const seven = withoutReplacement(49, 7);
      return { numbers: seven.slice(0, 6), special: seven[6] as number };
    }
    default:
      throw new Error(group);
  }
}

describe('verifiable results of the fast groups', () => {
  it('recomputes every draw of a simulated day of each game independently', () => {
    const day = Date.UTC(2026, 10, 26, 18, 0, 0); // midnight in Dhaka
    const games = [
      { code: '5D_1M', group: '5D' as const, roundSeconds: 60, lockSeconds: 5 },
      { code: 'SSC_1M', group: 'SSC' as const, roundSeconds: 60, lockSeconds: 5 },
      { code: '11X5_3M', group: '11X5' as const, roundSeconds: 180, lockSeconds: 10 },
      { code: 'PK10_1M', group: 'PK10' as const, roundSeconds: 60, lockSeconds: 5 },
      { code: 'LHC_5M', group: 'LHC' as const, roundSeconds: 300, lockSeconds: 10 },
    ];
    for (const game of games) {
      let slot = slotAt(game, day);
      const firsts = new Set<number>();
      let draws = 0;
      while (slot.openAt.getTime() < day + 86_400_000) {
        const seed = createHash('sha256').update(`${game.code}:${slot.numero}:seed`).digest('hex');
        const result = resultOf(game, seed, slot.numero);
        expect(result).toEqual(independentResult(game.group, game.code, seed, slot.numero));
        const values = Object.values(result).flat() as number[];
        if (game.group !== '5D' && game.group !== 'SSC') expect(new Set(values).size).toBe(values.length);
        firsts.add(values[0] as number);
        draws++;
        slot = nextSlot(game, slot);
      }
      expect(draws).toBe(86_400 / game.roundSeconds);
      // Over a day the first value takes every value its group allows: the draws are spread, not constant.
      expect(firsts.size, game.code).toBe({ '5D': 10, SSC: 10, '11X5': 11, PK10: 10, LHC: 49 }[game.group]);
    }
  });
});
