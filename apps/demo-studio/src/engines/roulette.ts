import { EngineError, requirePositiveMinor } from './errors.ts';
import type { Rng } from './rng.ts';

/**
 * European roulette, one zero, 37 pockets. Every bet pays 36/n − 1 to 1 for n covered numbers, so every bet
 * returns 36/37 and the house edge is 1/37 = 2.70 %. Zero loses every outside bet (no la partage).
 * Money is bigint minor units.
 */

export const ROULETTE_POCKETS = 37;
export const ROULETTE_HOUSE_EDGE_PERCENT = 2.7;
export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

export type RouletteBetKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'line'
  | 'dozen'
  | 'column'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';

export interface RouletteBet {
  kind: RouletteBetKind;
  /** Inside bets: the numbers covered, e.g. split [17, 20], corner [1, 2, 4, 5]; order does not matter. */
  numbers?: readonly number[];
  /** Dozen and column: 1, 2 or 3. Column 1 is 1, 4, 7 … 34. */
  index?: number;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const invalid = (message: string): never => {
  throw new EngineError('invalid_position', message);
};

function insideNumbers(bet: RouletteBet, count: number): number[] {
  const numbers = bet.numbers;
  if (!Array.isArray(numbers) || numbers.length !== count) return invalid(`a ${bet.kind} covers ${count} numbers`);
  const sorted = [...numbers].sort((a, b) => a - b);
  for (const n of sorted) if (!Number.isInteger(n) || n < 0 || n > 36) invalid('numbers are 0 to 36');
  if (new Set(sorted).size !== sorted.length) invalid('numbers must differ');
  return sorted;
}

const same = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** The numbers a bet covers, after checking it is a position on the layout; throws `invalid_position` otherwise. */
export function coveredNumbers(bet: RouletteBet): number[] {
  switch (bet.kind) {
    case 'straight':
      return insideNumbers(bet, 1);
    case 'split': {
      const [a, b] = insideNumbers(bet, 2) as [number, number];
      const sideBySide = a >= 1 && b === a + 1 && a % 3 !== 0;
      const aboveBelow = a >= 1 && b === a + 3;
      const withZero = a === 0 && b <= 3;
      if (!sideBySide && !aboveBelow && !withZero) invalid('a split covers two neighbouring numbers');
      return [a, b];
    }
    case 'street': {
      const nums = insideNumbers(bet, 3);
      const a = nums[0]!;
      const row = a % 3 === 1 && same(nums, [a, a + 1, a + 2]);
      const trio = same(nums, [0, 1, 2]) || same(nums, [0, 2, 3]);
      if (!row && !trio) invalid('a street covers one row of three numbers (or 0-1-2, 0-2-3)');
      return nums;
    }
    case 'corner': {
      const nums = insideNumbers(bet, 4);
      const a = nums[0]!;
      const square = a >= 1 && a % 3 !== 0 && same(nums, [a, a + 1, a + 3, a + 4]);
      if (!square && !same(nums, [0, 1, 2, 3])) invalid('a corner covers four numbers that meet at a corner');
      return nums;
    }
    case 'line': {
      const nums = insideNumbers(bet, 6);
      const a = nums[0]!;
      if (!(a % 3 === 1 && same(nums, range(a, a + 5)))) invalid('a line covers two neighbouring rows');
      return nums;
    }
    case 'dozen':
    case 'column': {
      const index = bet.index;
      if (index !== 1 && index !== 2 && index !== 3) return invalid(`a ${bet.kind} is 1, 2 or 3`);
      return bet.kind === 'dozen'
        ? range(index * 12 - 11, index * 12)
        : range(1, 36).filter((n) => n % 3 === index % 3);
    }
    case 'red':
      return [...RED_NUMBERS];
    case 'black':
      return range(1, 36).filter((n) => !RED_NUMBERS.includes(n));
    case 'odd':
      return range(1, 36).filter((n) => n % 2 === 1);
    case 'even':
      return range(1, 36).filter((n) => n % 2 === 0);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 36);
    default:
      return invalid(`unknown roulette bet "${String((bet as { kind: unknown }).kind)}"`);
  }
}

/** Payout to one: 35 straight, 17 split, 11 street, 8 corner, 5 line, 2 dozen/column, 1 even-money bets. */
export function payoutToOne(bet: RouletteBet): number {
  return 36 / coveredNumbers(bet).length - 1;
}

export function spinWheel(rng: Rng): number {
  return rng.int(ROULETTE_POCKETS);
}

export function pocketColour(n: number): 'green' | 'red' | 'black' {
  return n === 0 ? 'green' : RED_NUMBERS.includes(n) ? 'red' : 'black';
}

/** What the bet returns, stake included, when the ball lands on `pocket`. */
export function settleRouletteBet(bet: RouletteBet, stakeMinor: bigint, pocket: number): bigint {
  requirePositiveMinor(stakeMinor);
  if (!Number.isInteger(pocket) || pocket < 0 || pocket > 36) throw new RangeError('pocket must be 0 to 36');
  const covered = coveredNumbers(bet);
  return covered.includes(pocket) ? stakeMinor * BigInt(36 / covered.length) : 0n;
}
