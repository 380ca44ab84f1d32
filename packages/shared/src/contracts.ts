// The agents' four salary contracts (spec sections 3, 4 and 7; issue 29): an upline offers a downline a tier table,
// the downline accepts or rejects, either side terminates, and a job pays every window exactly once with a statement
// anyone can audit. Amounts are decimal strings with two places; rates are percent with up to two places ("0.85" is
// 0.85 %); instants are ISO 8601 strings.

export const CONTRACT_TYPES = ['dividend', 'dailyWage', 'hourlySalary', 'realTimeSalary'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** The spec's call for each contract type (GET lists, POST acts). */
export const CONTRACT_PATHS: Record<ContractType, string> = {
  dividend: '/wps/relay/MCS2_processDividendReq',
  dailyWage: '/wps/relay/MCS2_processDailySalContract',
  hourlySalary: '/wps/relay/MCS2_processContractHourSalary',
  realTimeSalary: '/wps/relay/MCSFE_processRealTimeSalaryContract',
};

/** The consolidated call's switch for each type (spec section 3): the page shows only when it is on. */
export const CONTRACT_SWITCHES = {
  dividend: 'divtypereq',
  dailyWage: 'dailysalreqtype',
  hourlySalary: 'contracthoursalreq',
  realTimeSalary: 'realtimesalreqtype',
} as const satisfies Record<ContractType, string>;
export type ContractSwitches = Record<(typeof CONTRACT_SWITCHES)[ContractType], boolean>;

export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];

/** At most this many tiers in one table. */
export const MAX_TIERS = 10;

/** A dividend tier: reached when the period's valid bets, the team's loss and the active members all reach it. */
export interface DividendTier {
  minValidBet: string;
  /** The team's loss as players (the platform's win) before costs. */
  minProfitLoss: string;
  minActiveMembers: number;
  rate: string;
}
/** A daily-wage tier (the day's valid bets) or an hourly-salary tier (the hour's). */
export interface BetTier {
  minBet: string;
  rate: string;
}
/** A real-time tier: a settled bet whose stake reaches `minSingleBet` earns its stake times the rate of its outcome. */
export interface RealTimeTier {
  minSingleBet: string;
  /** For a bet the player won. */
  profitRate: string;
  /** For a bet the player lost. */
  lossRate: string;
}

/** A tier's amount as typed: up to 13 digits and two decimals, no sign ("50000", "50000.00"). */
export const TIER_AMOUNT_PATTERN = /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/;
/** A tier's rate in percent as typed, two decimals at most; it may not exceed 100. */
export const TIER_RATE_PATTERN = /^(0|[1-9]\d{0,2})(\.\d{1,2})?$/;
/** The most active members a dividend tier may ask for. */
export const MAX_TIER_ACTIVE_MEMBERS = 100_000;

/** One tier as numbers to compare: its thresholds and its rates, each in the same order in every tier of a table. */
export interface TierStep {
  thresholds: readonly bigint[];
  rates: readonly (number | bigint)[];
}

/**
 * The first tier that breaks the table's rule, and how: each tier's thresholds reach at least the one before's and
 * at least one of them more ('threshold'), and none of its rates is lower ('rate'). Null when the table holds.
 */
export function tableProblem(table: readonly TierStep[]): { index: number; problem: 'threshold' | 'rate' } | null {
  for (let i = 1; i < table.length; i++) {
    const [before, tier] = [table[i - 1]!, table[i]!];
    const rises = tier.thresholds.every((value, d) => value >= before.thresholds[d]!);
    const differs = tier.thresholds.some((value, d) => value > before.thresholds[d]!);
    if (!rises || !differs) return { index: i, problem: 'threshold' };
    if (!tier.rates.every((rate, r) => rate >= before.rates[r]!)) return { index: i, problem: 'rate' };
  }
  return null;
}

export type ContractTerms =
  | { type: 'dividend'; period: DividendPeriod; tiers: DividendTier[] }
  | { type: 'dailyWage'; tiers: BetTier[] }
  | { type: 'hourlySalary'; tiers: BetTier[] }
  | { type: 'realTimeSalary'; tiers: RealTimeTier[] };

export const CONTRACT_STATES = ['offered', 'active', 'rejected', 'terminated'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];

/**
 * Why a contract ended: rejected or terminated by a side; withdrawn (the offerer's offer, before an answer); replaced by
 * a newer contract of the same pair; lowerRate (the holder's upline gave it a lower rate than it gave this contract,
 * spec section 4); uplineEnded (the offerer no longer holds a contract of the type).
 */
export const CONTRACT_END_REASONS = [
  'rejected',
  'terminated',
  'withdrawn',
  'replaced',
  'lowerRate',
  'uplineEnded',
] as const;
export type ContractEndReason = (typeof CONTRACT_END_REASONS)[number];

export interface ContractEvent {
  state: ContractState;
  reason: ContractEndReason | null;
  /** An account, or null for the platform (an operator or the system). */
  by: string | null;
  at: string;
}

export interface Contract {
  id: string;
  type: ContractType;
  state: ContractState;
  /** Who is paid. */
  holder: string;
  /** Who offered it: the holder's upline, or null when the platform did (a top agent's contract). */
  offerer: string | null;
  terms: ContractTerms;
  offeredAt: string;
  acceptedAt: string | null;
  endedAt: string | null;
  endReason: ContractEndReason | null;
  /** Every change of state, oldest first. */
  events: ContractEvent[];
}

/**
 * GET <contract path>: the member's contracts of the type.
 * `own`: the member's active contract and any offer waiting for its answer, then its ended ones (newest first, 20).
 * `downline`: the contracts the member offered its direct downline that are offered or active.
 */
export interface ContractOverview {
  type: ContractType;
  own: Contract[];
  downline: Contract[];
  /** Whether the member may offer this type (it holds an active contract of it). */
  canOffer: boolean;
  settings: ContractSettingsView;
}

export interface ContractSettingsView {
  minPayout: string;
  minActiveMembers: number;
  platformFeeRate: string;
  depositFeeRate: string;
  withdrawalFeeRate: string;
}

/** POST <contract path> bodies. */
export type ContractAction =
  | { action: 'offer'; account: string; terms: ContractTerms }
  | { action: 'whatIf'; account: string; terms: ContractTerms }
  | { action: 'accept' | 'reject' | 'terminate'; contractId: string };

/**
 * One line of a statement. `amount` is signed as it enters the result; counts and rates are shown where the line has
 * them. The keys, in the order a statement lists them, are the statement's audit trail.
 */
export const STATEMENT_LINE_KEYS = [
  'validBets',
  'teamProfitLoss',
  'platformFee',
  'bonuses',
  'depositFees',
  'withdrawalFees',
  'carriedLossIn',
  'netProfit',
  'activeMembers',
  'tier',
  'realTimeWon',
  'realTimeLost',
  'gross',
  'downlineShares',
  'pendingIn',
  'due',
  'minimumPayout',
  'paid',
  'carriedLossOut',
  'pendingOut',
] as const;
export type StatementLineKey = (typeof STATEMENT_LINE_KEYS)[number];

export interface StatementLine {
  key: StatementLineKey;
  amount?: string;
  count?: number;
  /** For the active-member test: the minimum, and whether it was met. */
  required?: number;
  passed?: boolean;
  /** The tier applied (1-based; 0 when none was reached) and its rate. */
  tier?: number;
  rate?: string;
  /** Real-time lines: the stakes the rate applied to. */
  base?: string;
}

export interface ContractStatement {
  id: string;
  contractId: string;
  type: ContractType;
  holder: string;
  window: { key: string; start: string; end: string };
  lines: StatementLine[];
  paid: string;
  /** A loss carried into the next window (zero or negative). */
  carriedLoss: string;
  /** An amount below the minimum payout kept for the next window. */
  pending: string;
  /** The wallet entry that paid it; null when nothing was paid. */
  entryId: string | null;
  settledAt: string;
}

/** POST whatIf: last window's statement recomputed with the proposed terms (nothing is stored or paid). */
export interface WhatIfResult {
  window: { key: string; start: string; end: string } | null;
  current: StatementLine[] | null;
  proposed: StatementLine[] | null;
  currentPaid: string | null;
  proposedPaid: string | null;
}

/** GET /wps/agent/income?from=&to=&type=&pageNo=&pageSize=: the agent's contract payments, newest first. */
export interface IncomePage {
  list: ContractStatement[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  /** Sum of `paid` over the whole filtered range. */
  totalPaid: string;
}

/** GET /wps/agent/income/:statementId/bets?pageNo=&pageSize=: the team's bet lines that make up a statement. */
export interface StatementBet {
  id: string;
  time: string;
  account: string;
  type: 'bet' | 'win' | 'refund';
  amount: string;
  reference: string;
}
export interface StatementBetsPage {
  list: StatementBet[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}
