// A contract's terms in the units the settlement computes with (minor units, rates in hundredths of a percent), read
// from and written to the API's decimal strings, checked, and compared: an upline may not give more than it holds,
// and a holder whose upline now gives it less than it gives its own downline loses the downline's contract.
import {
  type ContractTerms,
  type ContractType,
  DIVIDEND_PERIODS,
  type DividendPeriod,
  MAX_TIER_ACTIVE_MEMBERS,
  MAX_TIERS,
  TIER_AMOUNT_PATTERN,
  TIER_RATE_PATTERN,
  tableProblem,
} from '@portal/shared/contracts';
import { fromMinor, toMinor } from '@portal/shared/money';
import { AppError } from '../../http/errors.ts';

/** Hundredths of a percent: "0.85" % is 85; an amount earns amount × rate / 10 000. */
export type Rate = number;
export const FULL_RATE: Rate = 10_000;

export interface DividendTierM {
  minValidBet: bigint;
  minProfitLoss: bigint;
  minActiveMembers: number;
  rate: Rate;
}
export interface BetTierM {
  minBet: bigint;
  rate: Rate;
}
export interface RealTimeTierM {
  minSingleBet: bigint;
  profitRate: Rate;
  lossRate: Rate;
}

export type Terms =
  | { type: 'dividend'; period: DividendPeriod; tiers: DividendTierM[] }
  | { type: 'dailyWage' | 'hourlySalary'; tiers: BetTierM[] }
  | { type: 'realTimeSalary'; tiers: RealTimeTierM[] };

function invalid(field: string): AppError {
  return new AppError(400, 'CONTRACT_TERMS_INVALID', {}, { field });
}

function rateOf(text: string, field: string): Rate {
  if (!TIER_RATE_PATTERN.test(text)) throw invalid(field);
  const rate = Number(toMinor(text));
  if (rate > FULL_RATE) throw invalid(field);
  return rate;
}

function amountOf(text: string, field: string): bigint {
  if (!TIER_AMOUNT_PATTERN.test(text)) throw invalid(field);
  return toMinor(text);
}

export const rateText = (rate: Rate) => fromMinor(BigInt(rate));

/**
 * The API's terms, checked: one to MAX_TIERS tiers whose thresholds rise and whose rates never fall (a higher tier
 * never pays less), the dividend's period known, and the type the call's.
 */
export function parseTerms(type: ContractType, input: ContractTerms): Terms {
  if (input.type !== type) throw invalid('type');
  const tiers = input.tiers as unknown[];
  if (!Array.isArray(tiers) || tiers.length === 0 || tiers.length > MAX_TIERS) throw invalid('tiers');
  let terms: Terms;
  switch (input.type) {
    case 'dividend': {
      if (!DIVIDEND_PERIODS.includes(input.period)) throw invalid('period');
      terms = {
        type: 'dividend',
        period: input.period,
        tiers: input.tiers.map((tier, i) => {
          if (
            !Number.isInteger(tier.minActiveMembers) ||
            tier.minActiveMembers < 0 ||
            tier.minActiveMembers > MAX_TIER_ACTIVE_MEMBERS
          ) {
            throw invalid(`tiers.${i}.minActiveMembers`);
          }
          return {
            minValidBet: amountOf(tier.minValidBet, `tiers.${i}.minValidBet`),
            minProfitLoss: amountOf(tier.minProfitLoss, `tiers.${i}.minProfitLoss`),
            minActiveMembers: tier.minActiveMembers,
            rate: rateOf(tier.rate, `tiers.${i}.rate`),
          };
        }),
      };
      break;
    }
    case 'dailyWage':
    case 'hourlySalary':
      terms = {
        type: input.type,
        tiers: input.tiers.map((tier, i) => ({
          minBet: amountOf(tier.minBet, `tiers.${i}.minBet`),
          rate: rateOf(tier.rate, `tiers.${i}.rate`),
        })),
      };
      break;
    case 'realTimeSalary':
      terms = {
        type: 'realTimeSalary',
        tiers: input.tiers.map((tier, i) => ({
          minSingleBet: amountOf(tier.minSingleBet, `tiers.${i}.minSingleBet`),
          profitRate: rateOf(tier.profitRate, `tiers.${i}.profitRate`),
          lossRate: rateOf(tier.lossRate, `tiers.${i}.lossRate`),
        })),
      };
      break;
    default:
      throw invalid('type');
  }
  checkRising(terms);
  return terms;
}

/** Thresholds of each tier (as numbers to compare) and its rates, in table order. */
function steps(terms: Terms): { thresholds: bigint[]; rates: Rate[] }[] {
  switch (terms.type) {
    case 'dividend':
      return terms.tiers.map((t) => ({
        thresholds: [t.minValidBet, t.minProfitLoss, BigInt(t.minActiveMembers)],
        rates: [t.rate],
      }));
    case 'dailyWage':
    case 'hourlySalary':
      return terms.tiers.map((t) => ({ thresholds: [t.minBet], rates: [t.rate] }));
    case 'realTimeSalary':
      return terms.tiers.map((t) => ({ thresholds: [t.minSingleBet], rates: [t.profitRate, t.lossRate] }));
  }
}

function checkRising(terms: Terms) {
  const problem = tableProblem(steps(terms));
  if (problem) throw invalid(`tiers.${problem.index}`);
}

/** The index of the highest tier all of whose thresholds `values` reach, or -1 (thresholds as in `steps`). */
function tierAt(table: { thresholds: bigint[] }[], values: bigint[]): number {
  for (let i = table.length - 1; i >= 0; i--) {
    if (table[i]!.thresholds.every((threshold, d) => values[d]! >= threshold)) return i;
  }
  return -1;
}

/**
 * Whether `a` never pays a higher rate than `b` (both of one type): compared at every corner where either table's
 * rate can change, which is where a step function's maximum difference lies.
 */
export function paysAtMost(a: Terms, b: Terms): boolean {
  const [stepsA, stepsB] = [steps(a), steps(b)];
  const dimensions = stepsA[0]!.thresholds.length;
  const axes = Array.from({ length: dimensions }, (_, d) =>
    [...new Set([...stepsA, ...stepsB].map((s) => s.thresholds[d]!))].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
  );
  const corners = axes.reduce<bigint[][]>((points, axis) => points.flatMap((p) => axis.map((v) => [...p, v])), [[]]);
  return corners.every((corner) => {
    const [ia, ib] = [tierAt(stepsA, corner), tierAt(stepsB, corner)];
    if (ia < 0) return true;
    if (ib < 0) return false;
    return stepsA[ia]!.rates.every((rate, r) => rate <= stepsB[ib]!.rates[r]!);
  });
}

/** The API's view of stored terms. */
export function termsView(terms: Terms): ContractTerms {
  switch (terms.type) {
    case 'dividend':
      return {
        type: 'dividend',
        period: terms.period,
        tiers: terms.tiers.map((t) => ({
          minValidBet: fromMinor(t.minValidBet),
          minProfitLoss: fromMinor(t.minProfitLoss),
          minActiveMembers: t.minActiveMembers,
          rate: rateText(t.rate),
        })),
      };
    case 'dailyWage':
    case 'hourlySalary':
      return {
        type: terms.type,
        tiers: terms.tiers.map((t) => ({ minBet: fromMinor(t.minBet), rate: rateText(t.rate) })),
      };
    case 'realTimeSalary':
      return {
        type: 'realTimeSalary',
        tiers: terms.tiers.map((t) => ({
          minSingleBet: fromMinor(t.minSingleBet),
          profitRate: rateText(t.profitRate),
          lossRate: rateText(t.lossRate),
        })),
      };
  }
}

/** Stored as the API's text (exact decimals, readable in the database), parsed back through the same checks. */
export const storedTerms = (terms: Terms) => JSON.stringify(termsView(terms));
export const loadTerms = (type: ContractType, stored: unknown) => parseTerms(type, stored as ContractTerms);
