import { createHmac } from 'node:crypto';
import { VN_BET_TYPES, type VnResult } from './vn-rules.ts';

/**
 * The fast e-lottery's games as data: how a group draws its result and which bets it takes. A game (a row of
 * `lottery_games`) names its group, its round length and its lock; the odds of its bets are rows of `lottery_odds`,
 * which the operator may change. Everything here is pure, so the draw job, the verify endpoint and the tests share it.
 *
 * The result of a draw, exactly, so that anyone can recompute it (docs/decisions.md, "Verifiable lottery draws"):
 *
 *  1. Each draw has its own server seed: 32 random bytes written as 64 lowercase hex characters. Before the draw
 *     opens, the lowercase hex SHA-256 of the ASCII text of those 64 characters is published.
 *  2. publicInput = `${gameCode}:${numero}`, e.g. `WINGO_1M:202611270001`.
 *  3. digest = HMAC-SHA256(key = ASCII text of the server seed, message = publicInput). The 32-byte digest is read
 *     as eight 4-byte big-endian unsigned integers, in order.
 *  4. A value from 0 to n−1 is taken from the next integer x that is below the largest multiple of n not above 2^32
 *     (4294967290 for n = 10, 4294967292 for n = 6), as x mod n; integers at or above it are skipped, so every value
 *     is exactly equally likely. When the eight integers run out, step 3 is repeated with the message
 *     `${publicInput}:${round}` for round = 1, 2, 3, ….
 *  5. WINGO takes one value with n = 10: the number 0–9. K3 takes three values with n = 6, each plus one: the dice,
 *     in the order drawn.
 */

// VN: the Vietnamese lottery (vn-rules.ts), drawn from official results instead of the formula above.
export type GameGroup = 'WINGO' | 'K3' | 'VN';

export interface LotteryGame {
  code: string;
  group: GameGroup;
  menuTag: string;
  roundSeconds: number;
  lockSeconds: number;
}

/** A drawn result: the WINGO number, or the K3 dice. */
export type DrawResult = { number: number } | { dice: [number, number, number] } | VnResult;

/** Odds as payout multipliers (the stake included) in ten-thousandths: 19600 pays 1.96 times the stake. */
export type Odds = ReadonlyMap<string, number>;

export interface BetType {
  /** The bet type's code, as a bet names it. */
  code: string;
  /** The selections it takes (a number, a colour, a sum). */
  selections: readonly string[];
  /** The multiplier a stake on `selection` is paid at when the draw gives `result` (0 when it loses), from `odds`. */
  payoutE4(result: DrawResult, selection: string, odds: Odds): number;
  /** The odds keys its payouts read for a selection (what the operator sets). */
  oddsKeys(selection: string): string[];
  /** Checks a selection too many to list in `selections` (the Vietnamese bets). */
  accepts?(selection: string): boolean;
  /** A bet type priced per point (the Vietnamese bets): the one stake a bet of it must have. */
  pricePerPointMinor?(odds: Odds): bigint;
  /** A payout not of the form stake × multiplier (the Vietnamese bets pay per point and appearance), exactly. */
  payoutMinor?(bet: SettledBet, result: DrawResult, odds: Odds): bigint;
}

/** What settlement knows of a bet when it asks a bet type for its payout. */
export interface SettledBet {
  amountMinor: bigint;
  stakeMinor: bigint;
  selection: string;
}

const HEX_SEED = /^[0-9a-f]{64}$/;

export function publicInputOf(gameCode: string, numero: string): string {
  return `${gameCode}:${numero}`;
}

/** Uniform values 0..n−1 from the seed and the public input, as step 4 above says. */
export function* uniformValues(serverSeed: string, publicInput: string, n: number): Generator<number> {
  const limit = Math.floor(2 ** 32 / n) * n;
  for (let round = 0; ; round++) {
    const message = round === 0 ? publicInput : `${publicInput}:${round}`;
    const digest = createHmac('sha256', serverSeed).update(message).digest();
    for (let offset = 0; offset < 32; offset += 4) {
      const x = digest.readUInt32BE(offset);
      if (x < limit) yield x % n;
    }
  }
}

/** The result of a draw; the draw job and the verify endpoint both call this. */
export function resultOf(game: Pick<LotteryGame, 'code' | 'group'>, serverSeed: string, numero: string): DrawResult {
  if (!HEX_SEED.test(serverSeed)) throw new Error('a server seed is 64 lowercase hex characters');
  const values = uniformValues(serverSeed, publicInputOf(game.code, numero), game.group === 'WINGO' ? 10 : 6);
  const next = () => values.next().value as number;
  if (game.group === 'WINGO') return { number: next() };
  return { dice: [next() + 1, next() + 1, next() + 1] };
}

// ---- WINGO ----

const WINGO_NUMBERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** Wingo's colours: 0 is red and violet, 5 green and violet, other odd numbers green, other even numbers red. */
export function wingoColours(number: number): string[] {
  if (number === 0) return ['red', 'violet'];
  if (number === 5) return ['green', 'violet'];
  return number % 2 === 1 ? ['green'] : ['red'];
}

const wingoNumber = (result: DrawResult) => {
  if (!('number' in result)) throw new Error('a WINGO bet settles against a number');
  return result.number;
};

const WINGO_BETS: BetType[] = [
  {
    code: 'number',
    selections: WINGO_NUMBERS,
    payoutE4: (result, selection, odds) => (wingoNumber(result) === Number(selection) ? need(odds, 'number') : 0),
    oddsKeys: () => ['number'],
  },
  {
    code: 'colour',
    selections: ['green', 'red', 'violet'],
    payoutE4: (result, selection, odds) => {
      const colours = wingoColours(wingoNumber(result));
      if (!colours.includes(selection)) return 0;
      if (selection === 'violet') return need(odds, 'violet');
      // Green or red on a number that is also violet (5 or 0) pays the shared odds, as Wingo does.
      return colours.length > 1 ? need(odds, 'colour_shared') : need(odds, 'colour');
    },
    oddsKeys: (selection) => (selection === 'violet' ? ['violet'] : ['colour', 'colour_shared']),
  },
  {
    code: 'size',
    selections: ['big', 'small'],
    payoutE4: (result, selection, odds) =>
      (wingoNumber(result) >= 5 ? 'big' : 'small') === selection ? need(odds, 'size') : 0,
    oddsKeys: () => ['size'],
  },
];

// ---- K3 ----

const diceOf = (result: DrawResult) => {
  if (!('dice' in result)) throw new Error('a K3 bet settles against three dice');
  return result.dice;
};
const sumOf = (dice: readonly [number, number, number]) => dice[0] + dice[1] + dice[2];
const isTriple = (dice: readonly [number, number, number]) => dice[0] === dice[1] && dice[1] === dice[2];
const FACES = ['1', '2', '3', '4', '5', '6'];
const SUMS = Array.from({ length: 16 }, (_, i) => String(i + 3));

const K3_BETS: BetType[] = [
  {
    code: 'sum',
    selections: SUMS,
    payoutE4: (result, selection, odds) =>
      sumOf(diceOf(result)) === Number(selection) ? need(odds, `sum_${selection}`) : 0,
    oddsKeys: (selection) => [`sum_${selection}`],
  },
  {
    // Big is a sum of 11–17, small 4–10; a triple loses both, as in sic bo.
    code: 'size',
    selections: ['big', 'small'],
    payoutE4: (result, selection, odds) => {
      const dice = diceOf(result);
      if (isTriple(dice)) return 0;
      return (sumOf(dice) >= 11 ? 'big' : 'small') === selection ? need(odds, 'size') : 0;
    },
    oddsKeys: () => ['size'],
  },
  {
    // Odd or even of the sum; a triple loses both.
    code: 'parity',
    selections: ['odd', 'even'],
    payoutE4: (result, selection, odds) => {
      const dice = diceOf(result);
      if (isTriple(dice)) return 0;
      return (sumOf(dice) % 2 === 1 ? 'odd' : 'even') === selection ? need(odds, 'parity') : 0;
    },
    oddsKeys: () => ['parity'],
  },
  {
    code: 'triple_any',
    selections: ['any'],
    payoutE4: (result, _selection, odds) => (isTriple(diceOf(result)) ? need(odds, 'triple_any') : 0),
    oddsKeys: () => ['triple_any'],
  },
  {
    code: 'triple',
    selections: FACES,
    payoutE4: (result, selection, odds) => {
      const dice = diceOf(result);
      return isTriple(dice) && dice[0] === Number(selection) ? need(odds, 'triple') : 0;
    },
    oddsKeys: () => ['triple'],
  },
  {
    // At least two of the three dice show the chosen face (a triple of it wins too).
    code: 'pair',
    selections: FACES,
    payoutE4: (result, selection, odds) =>
      diceOf(result).filter((die) => die === Number(selection)).length >= 2 ? need(odds, 'pair') : 0,
    oddsKeys: () => ['pair'],
  },
];

export const BET_TYPES: Record<GameGroup, readonly BetType[]> = { WINGO: WINGO_BETS, K3: K3_BETS, VN: VN_BET_TYPES };

export function betTypeOf(group: GameGroup, code: string): BetType | undefined {
  return BET_TYPES[group].find((type) => type.code === code);
}

/** Every result a group can draw, each equally likely (10 numbers; 216 ordered throws of three dice). */
export function allResults(group: GameGroup): DrawResult[] {
  if (group === 'WINGO') return WINGO_NUMBERS.map((n) => ({ number: Number(n) }));
  const results: DrawResult[] = [];
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) results.push({ dice: [a, b, c] });
  return results;
}

export interface HouseEdge {
  betType: string;
  selection: string;
  /** The exact return to the player per unit staked, from the odds and the exact probabilities. */
  rtp: number;
  /** 1 − rtp: what the house keeps of each unit staked, on average. */
  houseEdge: number;
}

/** The house edge of every bet type and selection of a group under `odds`, by summing over every result exactly. */
export function houseEdges(group: GameGroup, odds: Odds): HouseEdge[] {
  const results = allResults(group);
  return BET_TYPES[group].flatMap((type) =>
    type.selections.map((selection) => {
      // Integer sum of multipliers in ten-thousandths over equally likely results: exact until the one division.
      const total = results.reduce((sum, result) => sum + type.payoutE4(result, selection, odds), 0);
      const rtp = total / (results.length * 10_000);
      return { betType: type.code, selection, rtp, houseEdge: 1 - rtp };
    }),
  );
}

/** What a bet wins on a result (0 when it loses), in minor units: through the bet type's own payout when it has one. */
export function betPayoutMinor(type: BetType, bet: SettledBet, result: DrawResult, odds: Odds): bigint {
  if (type.payoutMinor) return type.payoutMinor(bet, result, odds);
  return payoutMinor(bet.amountMinor, type.payoutE4(result, bet.selection, odds));
}

/** A win of `stakeMinor` at multiplier `payoutE4`, rounded down to the minor unit. */
export function payoutMinor(stakeMinor: bigint, payoutE4: number): bigint {
  return (stakeMinor * BigInt(payoutE4)) / 10_000n;
}

function need(odds: Odds, key: string): number {
  const value = odds.get(key);
  if (value === undefined) throw new Error(`lottery odds ${key} are not set`);
  return value;
}
