import { createHmac } from 'node:crypto';
import { FIVE_DIGIT_RULES } from './rules-5d.ts';
import { ELEVEN_FIVE_RULES } from './rules-11x5.ts';
import {
  type BetType,
  type Chance,
  type DrawResult,
  field,
  type GroupRules,
  need,
  type Odds,
  type SettledBet,
  type Take,
} from './rules-base.ts';
import { LHC_RULES } from './rules-lhc.ts';
import { PK10_RULES } from './rules-pk10.ts';
import { VN_BET_TYPES } from './vn-rules.ts';

export type { BetType, DrawResult, Odds, SettledBet };

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
 *     Each value is taken with the n its step asks for; an integer skipped for one n is not reused for another.
 *  5. WINGO takes one value with n = 10: the number 0–9. K3 takes three values with n = 6, each plus one: the dice,
 *     in the order drawn. 5D and SSC (rules-5d.ts), 11X5 (rules-11x5.ts), PK10 (rules-pk10.ts) and LHC
 *     (rules-lhc.ts) document their steps in their own files.
 */

// VN: the Vietnamese lottery (vn-rules.ts), drawn from official results instead of the formula above.
export type GameGroup = 'WINGO' | 'K3' | '5D' | 'SSC' | '11X5' | 'PK10' | 'LHC' | 'VN';

export interface LotteryGame {
  code: string;
  group: GameGroup;
  menuTag: string;
  roundSeconds: number;
  lockSeconds: number;
}

const HEX_SEED = /^[0-9a-f]{64}$/;

export function publicInputOf(gameCode: string, numero: string): string {
  return `${gameCode}:${numero}`;
}

/** The draw's 4-byte integers of step 3, and `take(n)` of step 4 over them. */
export function uniformStream(serverSeed: string, publicInput: string): Take {
  let round = 0;
  let digest = createHmac('sha256', serverSeed).update(publicInput).digest();
  let offset = 0;
  const nextInteger = () => {
    if (offset === 32) {
      round++;
      digest = createHmac('sha256', serverSeed).update(`${publicInput}:${round}`).digest();
      offset = 0;
    }
    const x = digest.readUInt32BE(offset);
    offset += 4;
    return x;
  };
  return (n) => {
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const x = nextInteger();
      if (x < limit) return x % n;
    }
  };
}

/** The result of a draw; the draw job and the verify endpoint both call this. */
export function resultOf(game: Pick<LotteryGame, 'code' | 'group'>, serverSeed: string, numero: string): DrawResult {
  if (!HEX_SEED.test(serverSeed)) throw new Error('a server seed is 64 lowercase hex characters');
  return GROUPS[game.group].draw(uniformStream(serverSeed, publicInputOf(game.code, numero)));
}

/** The formula's steps for a group, as the verify endpoint shows them. */
export function formulaOf(group: GameGroup): string {
  return `digest = HMAC-SHA256(key = serverSeed as ASCII hex, message = publicInput); 4-byte big-endian integers; a value of n is the next integer below the largest multiple of n not above 2^32, mod n; then publicInput:1, :2, … when they run out. ${group}: ${GROUPS[group].formula}`;
}

// ---- WINGO ----

const WINGO_NUMBERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** Wingo's colours: 0 is red and violet, 5 green and violet, other odd numbers green, other even numbers red. */
export function wingoColours(number: number): string[] {
  if (number === 0) return ['red', 'violet'];
  if (number === 5) return ['green', 'violet'];
  return number % 2 === 1 ? ['green'] : ['red'];
}

const wingoNumber = (result: DrawResult) => field(result, 'number', 'WINGO');

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

const diceOf = (result: DrawResult) => field(result, 'dice', 'K3');
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

const WINGO_RULES: GroupRules = {
  draw: (take) => ({ number: take(10) }),
  bets: WINGO_BETS,
  allResults: () => WINGO_NUMBERS.map((n) => ({ number: Number(n) })),
  formula: 'one value of n = 10: the number',
};

const K3_RULES: GroupRules = {
  draw: (take) => ({ dice: [take(6) + 1, take(6) + 1, take(6) + 1] }),
  bets: K3_BETS,
  // The 216 ordered throws of three dice.
  allResults: () => {
    const results: DrawResult[] = [];
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) results.push({ dice: [a, b, c] });
    return results;
  },
  formula: 'three values of n = 6, each plus 1: the dice in order',
};

// The Vietnamese bets take numbers too many to list (each type checks its own), and their house edges are computed
// per bet type from the prize tables (vn-rules.ts), so this registry only lends them its bet types.
const VN_RULES: GroupRules = {
  draw: () => {
    throw new Error('a Vietnamese draw takes the official results (vn-feed.ts), not the formula');
  },
  bets: VN_BET_TYPES,
  allResults: () => [],
  formula: 'the official results; the demo source draws their digits as vn-feed.ts documents',
};

const GROUPS: Record<GameGroup, GroupRules> = {
  WINGO: WINGO_RULES,
  K3: K3_RULES,
  '5D': FIVE_DIGIT_RULES,
  SSC: FIVE_DIGIT_RULES,
  '11X5': ELEVEN_FIVE_RULES,
  PK10: PK10_RULES,
  LHC: LHC_RULES,
  VN: VN_RULES,
};

export const BET_TYPES = Object.fromEntries(
  Object.entries(GROUPS).map(([group, rules]) => [group, rules.bets]),
) as Record<GameGroup, readonly BetType[]>;

export function betTypeOf(group: GameGroup, code: string): BetType | undefined {
  return GROUPS[group]?.bets.find((type) => type.code === code);
}

export interface HouseEdge {
  betType: string;
  selection: string;
  /** The exact return to the player per unit staked, from the odds and the exact probabilities. */
  rtp: number;
  /** 1 − rtp: what the house keeps of each unit staked, on average. */
  houseEdge: number;
}

/**
 * The house edge of every bet type and selection of a group under `odds`: by summing over every result where the
 * group enumerates them (WINGO, K3), else from each bet's exact chances. Both are exact until the one division.
 */
export function houseEdges(group: GameGroup, odds: Odds): HouseEdge[] {
  const rules = GROUPS[group];
  const results = rules.allResults?.();
  return rules.bets.flatMap((type) =>
    type.selections.map((selection) => {
      const rtp = results ? enumeratedRtp(type, selection, odds, results) : chanceRtp(type, selection, odds);
      return { betType: type.code, selection, rtp, houseEdge: 1 - rtp };
    }),
  );
}

function enumeratedRtp(type: BetType, selection: string, odds: Odds, results: readonly DrawResult[]): number {
  // Integer sum of multipliers in ten-thousandths over equally likely results.
  const total = results.reduce((sum, result) => sum + type.payoutE4(result, selection, odds), 0);
  return total / (results.length * 10_000);
}

function chanceRtp(type: BetType, selection: string, odds: Odds): number {
  if (!type.chances) throw new Error(`bet type ${type.code} has neither enumerable results nor chances`);
  // The sum of ways × odds / of as one fraction of integers.
  let numerator = 0n;
  let denominator = 1n;
  for (const chance of type.chances(selection) as Chance[]) {
    numerator = numerator * chance.of + chance.ways * BigInt(need(odds, chance.oddsKey)) * denominator;
    denominator *= chance.of;
  }
  const scaled = denominator * 10_000n;
  const common = gcd(numerator, scaled);
  return Number(numerator / common) / Number(scaled / common);
}

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
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
