import type { BetType, DrawResult, Odds } from './rules.ts';
import type { VnPrizeName, VnPrizes } from './rules-base.ts';

/**
 * The Vietnamese lottery's rules as data: the prize tables of the official draws, the bet types (lô, đề, xiên,
 * 3 càng) and their payouts. Everything here is pure, so settlement, the game's page and the tests share it.
 *
 * A bet buys points: one point costs the game's price per point (`<betType>_price_minor` in lottery_odds, e.g. 27.00
 * for a northern lô 2, which counts on all 27 prizes) and pays the payout per point (`<betType>_payout_minor`) for
 * each appearance (lô) or once (đề, 3 càng, xiên). Payout = points × payout per point × appearances, in minor units.
 */

export type VnRegion = 'north' | 'south' | 'central';
export type { VnPrizeName, VnPrizes, VnResult, VnSource } from './rules-base.ts';

export interface PrizeRow {
  prize: VnPrizeName;
  /** How many numbers the prize has. */
  count: number;
  /** How many digits each of them has. */
  digits: number;
}

const NORTH: PrizeRow[] = [
  { prize: 'DB', count: 1, digits: 5 },
  { prize: 'G1', count: 1, digits: 5 },
  { prize: 'G2', count: 2, digits: 5 },
  { prize: 'G3', count: 6, digits: 5 },
  { prize: 'G4', count: 4, digits: 4 },
  { prize: 'G5', count: 6, digits: 4 },
  { prize: 'G6', count: 3, digits: 3 },
  { prize: 'G7', count: 4, digits: 2 },
];

/** The southern and central table, in the order the prizes are drawn (the eighth prize first). */
const SOUTH: PrizeRow[] = [
  { prize: 'G8', count: 1, digits: 2 },
  { prize: 'G7', count: 1, digits: 3 },
  { prize: 'G6', count: 3, digits: 4 },
  { prize: 'G5', count: 1, digits: 4 },
  { prize: 'G4', count: 7, digits: 5 },
  { prize: 'G3', count: 2, digits: 5 },
  { prize: 'G2', count: 1, digits: 5 },
  { prize: 'G1', count: 1, digits: 5 },
  { prize: 'DB', count: 1, digits: 6 },
];

export function prizeTable(region: VnRegion): readonly PrizeRow[] {
  return region === 'north' ? NORTH : SOUTH;
}

/** How many numbers of the table have at least `digits` digits: the lô a point of that many digits counts on. */
export function numbersWithDigits(region: VnRegion, digits: number): number {
  return prizeTable(region).reduce((sum, row) => sum + (row.digits >= digits ? row.count : 0), 0);
}

export type VnBetCode = 'lo2' | 'lo3' | 'de' | 'xien2' | 'xien3' | 'xien4' | '3cang';

interface VnBetShape {
  code: VnBetCode;
  /** How many numbers a selection has. */
  numbers: number;
  /** Digits of each number. */
  digits: 2 | 3;
  /** Lô bets count every matching prize; the others pay once. */
  kind: 'lo' | 'special' | 'xien';
}

export const VN_BETS: readonly VnBetShape[] = [
  { code: 'lo2', numbers: 1, digits: 2, kind: 'lo' },
  { code: 'lo3', numbers: 1, digits: 3, kind: 'lo' },
  { code: 'de', numbers: 1, digits: 2, kind: 'special' },
  { code: 'xien2', numbers: 2, digits: 2, kind: 'xien' },
  { code: 'xien3', numbers: 3, digits: 2, kind: 'xien' },
  { code: 'xien4', numbers: 4, digits: 2, kind: 'xien' },
  { code: '3cang', numbers: 1, digits: 3, kind: 'special' },
];

/** How many lô one point counts on (what a point's price is made of): every prize number long enough for lô. */
export function countsOf(region: VnRegion, bet: VnBetShape): number {
  return bet.kind === 'lo' ? numbersWithDigits(region, bet.digits) : 1;
}

/**
 * The numbers of a selection: zero-padded to the bet's digits, and for xiên distinct, ascending and comma separated
 * ("07,12,33"); null when it is not one.
 */
export function selectionNumbers(bet: VnBetShape, selection: string): string[] | null {
  const numbers = selection.split(',');
  if (numbers.length !== bet.numbers) return null;
  const pattern = bet.digits === 2 ? /^[0-9]{2}$/ : /^[0-9]{3}$/;
  if (!numbers.every((number) => pattern.test(number))) return null;
  for (let i = 1; i < numbers.length; i++) {
    if ((numbers[i - 1] as string) >= (numbers[i] as string)) return null;
  }
  return numbers;
}

/**
 * What is wrong with a prize table entered for `region` (a missing or extra prize, a wrong count, a number of the
 * wrong length), or null when it is a full table.
 */
export function prizeTableProblem(region: VnRegion, prizes: Record<string, unknown>): string | null {
  const rows = prizeTable(region);
  for (const name of Object.keys(prizes)) {
    if (!rows.some((row) => row.prize === name)) return `${name}: not a prize of this draw`;
  }
  for (const row of rows) {
    const numbers = prizes[row.prize];
    if (!Array.isArray(numbers) || numbers.length !== row.count) return `${row.prize}: ${row.count} numbers`;
    const pattern = new RegExp(`^[0-9]{${row.digits}}$`);
    if (!numbers.every((number) => typeof number === 'string' && pattern.test(number))) {
      return `${row.prize}: ${row.digits} digits each`;
    }
  }
  return null;
}

function allNumbers(prizes: VnPrizes): string[] {
  return Object.values(prizes).flatMap((numbers) => numbers ?? []);
}

/** How many times a bet's selection wins on the prizes: lô per matching prize, the others once or not at all. */
export function appearances(bet: VnBetShape, numbers: readonly string[], prizes: VnPrizes): number {
  const special = prizes.DB?.[0] ?? '';
  const ends = (value: string, tail: string) => value.length >= tail.length && value.endsWith(tail);
  const [first = ''] = numbers;
  switch (bet.kind) {
    case 'lo':
      return allNumbers(prizes).filter((value) => ends(value, first)).length;
    case 'special':
      return ends(special, first) ? 1 : 0;
    case 'xien': {
      const all = allNumbers(prizes);
      return numbers.every((number) => all.some((value) => ends(value, number))) ? 1 : 0;
    }
  }
}

export function vnBet(code: string): VnBetShape | undefined {
  return VN_BETS.find((bet) => bet.code === code);
}

export const priceKey = (code: string) => `${code}_price_minor`;
export const payoutKey = (code: string) => `${code}_payout_minor`;

function setting(odds: Odds, key: string): bigint {
  const value = odds.get(key);
  if (value === undefined) throw new Error(`lottery setting ${key} is not set`);
  return BigInt(value);
}

export const pricePerPointMinor = (odds: Odds, code: string) => setting(odds, priceKey(code));
export const payoutPerPointMinor = (odds: Odds, code: string) => setting(odds, payoutKey(code));

const vnPrizesOf = (result: DrawResult): VnPrizes => {
  if (!('prizes' in result)) throw new Error('a Vietnamese bet settles against prizes');
  return result.prizes;
};

/** The bet types of the group VN, as settlement and the bet check see them. */
export const VN_BET_TYPES: readonly BetType[] = VN_BETS.map((bet) => {
  const numbersOf = (selection: string) => {
    const numbers = selectionNumbers(bet, selection);
    if (!numbers) throw new Error(`${selection} is not a ${bet.code} selection`);
    return numbers;
  };
  return {
    code: bet.code,
    // Too many to list (a xiên 4 has 3,921,225); `accepts` checks them instead.
    selections: [],
    accepts: (selection: string) => selectionNumbers(bet, selection) !== null,
    pricePerPointMinor: (odds: Odds) => pricePerPointMinor(odds, bet.code),
    // What one unit staked returns, for the callers that only ask whether a bet won (chases that stop after a win).
    payoutE4: (result, selection, odds) => {
      const times = BigInt(appearances(bet, numbersOf(selection), vnPrizesOf(result)));
      return Number((payoutPerPointMinor(odds, bet.code) * times * 10_000n) / pricePerPointMinor(odds, bet.code));
    },
    payoutMinor: ({ amountMinor, stakeMinor, selection }, result, odds) => {
      const points = amountMinor / stakeMinor;
      const times = BigInt(appearances(bet, numbersOf(selection), vnPrizesOf(result)));
      return points * payoutPerPointMinor(odds, bet.code) * times;
    },
    oddsKeys: () => [priceKey(bet.code), payoutKey(bet.code)],
  };
});

/** n choose k, exactly. */
function choose(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/**
 * The expected number of times one point is paid, as an exact fraction: every digit of every prize is independent and
 * uniform, so a lô's appearances are Binomial(numbers long enough, 1/100 or 1/1000), đề and 3 càng win with 1/100 and
 * 1/1000, and a xiên of k numbers wins when each of them is the tail of one of the N prizes, which by
 * inclusion–exclusion happens with Σ_j (−1)^j C(k, j) ((100 − j)/100)^N.
 */
export function expectedAppearances(region: VnRegion, bet: VnBetShape): { num: bigint; den: bigint } {
  const space = bet.digits === 2 ? 100n : 1000n;
  if (bet.kind === 'lo') return { num: BigInt(numbersWithDigits(region, bet.digits)), den: space };
  if (bet.kind === 'special') return { num: 1n, den: space };
  const n = numbersWithDigits(region, 2);
  let num = 0n;
  for (let j = 0; j <= bet.numbers; j++) {
    const term = choose(bet.numbers, j) * (100n - BigInt(j)) ** BigInt(n);
    num += j % 2 === 0 ? term : -term;
  }
  return { num, den: 100n ** BigInt(n) };
}

/**
 * The house edge of a bet type under a price and payout per point: 1 − payout × E[appearances] / price, computed as
 * an exact fraction and only then written with `places` decimals (rounded half up).
 */
export function vnHouseEdge(
  region: VnRegion,
  bet: VnBetShape,
  priceMinor: bigint,
  payoutMinor: bigint,
  places = 6,
): string {
  const { num, den } = expectedAppearances(region, bet);
  const edgeNum = priceMinor * den - payoutMinor * num;
  const edgeDen = priceMinor * den;
  const scale = 10n ** BigInt(places);
  const negative = edgeNum < 0n;
  const scaled = ((negative ? -edgeNum : edgeNum) * scale * 2n + edgeDen) / (edgeDen * 2n);
  const text = scaled.toString().padStart(places + 1, '0');
  return `${negative ? '-' : ''}${text.slice(0, -places)}.${text.slice(-places)}`;
}
