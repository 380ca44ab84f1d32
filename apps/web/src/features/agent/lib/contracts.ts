// The contract pages' model: which page shows which type, the fields of a type's tier, and the tier editor's rows
// checked as the server checks them (packages/shared/src/contracts.ts holds the patterns and the table rule).
import type { AgentCentrePage } from '@portal/shared/agents';
import {
  CONTRACT_SWITCHES,
  type ContractSwitches,
  type ContractTerms,
  type ContractType,
  type DividendPeriod,
  MAX_TIER_ACTIVE_MEMBERS,
  TIER_AMOUNT_PATTERN,
  TIER_RATE_PATTERN,
  type TierStep,
  tableProblem,
} from '@portal/shared/contracts';
import { fromMinor, toMinor } from '@portal/shared/money';

/** The agent centre's contract pages and the contract type each shows. */
export const CONTRACT_PAGE_TYPES = {
  dividend: 'dividend',
  dailyWages: 'dailyWage',
  hourlySalary: 'hourlySalary',
  realTimeSalary: 'realTimeSalary',
} as const satisfies Partial<Record<AgentCentrePage, ContractType>>;
export type ContractPageKey = keyof typeof CONTRACT_PAGE_TYPES;

export function isContractPage(page: AgentCentrePage): page is ContractPageKey {
  return page in CONTRACT_PAGE_TYPES;
}

/** Whether a page is listed: a contract page only while its switch in the consolidated call is on. */
export function pageSwitchedOn(page: AgentCentrePage, switches: ContractSwitches | undefined): boolean {
  if (!isContractPage(page)) return true;
  return switches?.[CONTRACT_SWITCHES[CONTRACT_PAGE_TYPES[page]]] === true;
}

export type TierFieldKind = 'amount' | 'count' | 'rate';
export interface TierField {
  key: string;
  kind: TierFieldKind;
}

/** A tier's fields per type, thresholds first, in the order contracts.ts gives them. */
export const TIER_FIELDS: Record<ContractType, readonly TierField[]> = {
  dividend: [
    { key: 'minValidBet', kind: 'amount' },
    { key: 'minProfitLoss', kind: 'amount' },
    { key: 'minActiveMembers', kind: 'count' },
    { key: 'rate', kind: 'rate' },
  ],
  dailyWage: [
    { key: 'minBet', kind: 'amount' },
    { key: 'rate', kind: 'rate' },
  ],
  hourlySalary: [
    { key: 'minBet', kind: 'amount' },
    { key: 'rate', kind: 'rate' },
  ],
  realTimeSalary: [
    { key: 'minSingleBet', kind: 'amount' },
    { key: 'profitRate', kind: 'rate' },
    { key: 'lossRate', kind: 'rate' },
  ],
};

/** A tier as typed: every field as text. */
export type TierDraft = Record<string, string>;

/** The tiers of terms as the editor's rows (a downline's offer starts from the agent's own table). */
export function draftsOf(terms: ContractTerms): TierDraft[] {
  return (terms.tiers as unknown as Record<string, string | number>[]).map((tier) =>
    Object.fromEntries(TIER_FIELDS[terms.type].map((field) => [field.key, String(tier[field.key] ?? '')])),
  );
}

export function emptyDraft(type: ContractType): TierDraft {
  return Object.fromEntries(TIER_FIELDS[type].map((field) => [field.key, '']));
}

/** What is wrong with a field as typed; null when it is fine. */
export function fieldProblem(kind: TierFieldKind, text: string): 'amount' | 'count' | 'rate' | null {
  const value = text.trim();
  switch (kind) {
    case 'amount':
      return TIER_AMOUNT_PATTERN.test(value) ? null : 'amount';
    case 'count':
      return /^\d{1,6}$/.test(value) && Number(value) <= MAX_TIER_ACTIVE_MEMBERS ? null : 'count';
    case 'rate':
      return TIER_RATE_PATTERN.test(value) && toMinor(value) <= 10_000n ? null : 'rate';
  }
}

export interface TiersCheck {
  /** Field problems by `${row}.${field}`. */
  fields: Record<string, 'amount' | 'count' | 'rate'>;
  /** The first row that does not rise above the one before, or pays less than it. */
  table: { index: number; problem: 'threshold' | 'rate' } | null;
}

/** The editor's rows checked as the server checks terms: each field's form, then the table rule. */
export function checkDrafts(type: ContractType, drafts: TierDraft[]): TiersCheck {
  const fields: TiersCheck['fields'] = {};
  drafts.forEach((draft, row) => {
    for (const field of TIER_FIELDS[type]) {
      const problem = fieldProblem(field.kind, draft[field.key] ?? '');
      if (problem) fields[`${row}.${field.key}`] = problem;
    }
  });
  if (Object.keys(fields).length > 0) return { fields, table: null };
  const steps: TierStep[] = drafts.map((draft) => {
    const thresholds: bigint[] = [];
    const rates: bigint[] = [];
    for (const field of TIER_FIELDS[type]) {
      const text = draft[field.key]!.trim();
      if (field.kind === 'rate') rates.push(toMinor(text));
      else thresholds.push(field.kind === 'count' ? BigInt(text) : toMinor(text));
    }
    return { thresholds, rates };
  });
  return { fields, table: tableProblem(steps) };
}

export const draftsValid = (check: TiersCheck) => Object.keys(check.fields).length === 0 && check.table === null;

/** Checked rows as the API's terms, amounts and rates with two places. */
export function termsOf(type: ContractType, drafts: TierDraft[], period: DividendPeriod | null): ContractTerms {
  const tiers = drafts.map((draft) =>
    Object.fromEntries(
      TIER_FIELDS[type].map((field) => {
        const text = draft[field.key]!.trim();
        return [field.key, field.kind === 'count' ? Number(text) : fromMinor(toMinor(text))];
      }),
    ),
  );
  // The fields are the type's by construction (TIER_FIELDS), which the compiler cannot follow through fromEntries.
  const terms = type === 'dividend' ? { type, period: period ?? 'daily', tiers } : { type, tiers };
  return terms as unknown as ContractTerms;
}

/** The dividend's period of terms, null for the salaries. */
export function periodOf(terms: ContractTerms | undefined): DividendPeriod | null {
  return terms?.type === 'dividend' ? terms.period : null;
}
