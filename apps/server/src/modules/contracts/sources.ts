// What the contracts module reads and does through other modules (passed in by app.ts): members and the tree from the
// members and agents modules, the teams' figures from the wallet and payments modules, payments through the wallet's
// door, and the settings and switches of the system module.
import type { FeatureFlag } from '@portal/shared/constants';
import type { ContractType } from '@portal/shared/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface ContractMember {
  id: string;
  account: string;
  type: number;
  uplineId: string | null;
  status: string;
}

export interface TeamPlay {
  validBets: bigint;
  wins: bigint;
  bonuses: bigint;
  activeMembers: number;
}

export interface TeamCash {
  deposits: bigint;
  withdrawals: bigint;
}

export interface ContractPaymentRequest {
  memberId: string;
  amountMinor: bigint;
  type: 'salary' | 'dividend';
  reference: string;
  idempotencyKey: string;
}

export interface ContractSettingsValue {
  platformFeeRate: string;
  depositFeeRate: string;
  withdrawalFeeRate: string;
  minActiveMembers: Record<ContractType, number>;
  minPayout: string;
}

export interface ContractSources {
  memberByAccount(account: string): Promise<ContractMember | null>;
  memberById(id: string): Promise<ContractMember | null>;
  accounts(ids: readonly string[]): Promise<Map<string, string>>;
  /** Whether `memberId` is in `agentId`'s whole subtree (the agent excluded). */
  inTeam(agentId: string, memberId: string): Promise<boolean>;
  play(holderIds: readonly string[], start: Date, end: Date): Promise<Map<string, TeamPlay>>;
  rounds(
    holderIds: readonly string[],
    start: Date,
    end: Date,
    cutoff: Date,
  ): Promise<Map<string, { stake: bigint; payout: bigint }[]>>;
  cashFlow(holderIds: readonly string[], start: Date, end: Date): Promise<Map<string, TeamCash>>;
  betLines(
    holderId: string,
    start: Date,
    end: Date,
    page: { limit: number; offset: number },
  ): Promise<{
    count: number;
    lines: {
      id: string;
      time: Date;
      memberId: string;
      type: 'bet' | 'win' | 'refund';
      amount: bigint;
      reference: string;
    }[];
  }>;
  /** One ledger transaction with the payments it makes (the wallet's door); members named up front. */
  payments<T>(
    memberIds: readonly string[],
    work: (tx: { trx: Transaction<Database>; pay(payment: ContractPaymentRequest): Promise<string> }) => Promise<T>,
  ): Promise<T>;
  flags(): Promise<Record<FeatureFlag, boolean>>;
  settings(): Promise<ContractSettingsValue>;
}
