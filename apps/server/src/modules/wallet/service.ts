import { fromMinor } from '@portal/shared/money';
import type { ConsolidatedFunds } from '@portal/shared/wallet';
import type { Transaction } from 'kysely';
import { DEMO_CURRENCY, REAL_CURRENCY } from '../../common/currencies.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { Ledger } from './ledger.ts';

/** What a free-play (trial) account starts with, in the DEMO currency that no real account holds. */
export const DEMO_BALANCE_MINOR = 200_000n;

export interface WalletBalance {
  /** Two decimals, as every amount in the API. */
  sumBalance: string;
  currency: string;
  /** Free-play money: never real, never withdrawn, never transferred to a real account. */
  demo: boolean;
}

/** An agent's contract payment (salary or dividend) from the platform, once per idempotency key. */
export interface ContractPayment {
  memberId: string;
  amountMinor: bigint;
  type: 'salary' | 'dividend';
  reference: string;
  idempotencyKey: string;
}

/** Member wallets on top of the ledger. Other modules move money through this service only. */
export class WalletService {
  constructor(
    readonly ledger: Ledger,
    private readonly audit: AuditRecorder,
  ) {}

  /** Credits a new trial account's demo balance, once (the key is the member's). */
  async grantDemoBalance(memberId: string): Promise<void> {
    const account = await this.ledger.memberAccount(memberId, 'demo', DEMO_CURRENCY);
    const issuer = await this.ledger.systemAccount('demo:issuer', 'adjustment', DEMO_CURRENCY);
    await this.ledger.post({
      type: 'bonus',
      reference: `free-play:${memberId}`,
      idempotencyKey: `free-play-grant:${memberId}`,
      lines: [
        { accountId: account, amountMinor: DEMO_BALANCE_MINOR },
        { accountId: issuer, amountMinor: -DEMO_BALANCE_MINOR },
      ],
    });
  }

  /** The header balance: a trial account's demo money, or a member's cash. */
  async balance(memberId: string, trial: boolean, currency: string): Promise<WalletBalance> {
    const account = await this.ledger.memberAccount(
      memberId,
      trial ? 'demo' : 'member_cash',
      trial ? DEMO_CURRENCY : currency,
    );
    const minor = await this.ledger.balance(account);
    return { sumBalance: fromMinor(minor), currency: trial ? DEMO_CURRENCY : currency, demo: trial };
  }

  /** Cash, bonus money and what is held for pending withdrawals (reads never open accounts). */
  async consolidated(memberId: string, currency: string): Promise<ConsolidatedFunds> {
    const [cash, bonus, hold] = await Promise.all(
      (['member_cash', 'member_bonus', 'withdrawal_hold'] as const).map(async (kind) => {
        const account = await this.ledger.findMemberAccount(memberId, kind, currency);
        return account ? this.ledger.balance(account) : 0n;
      }),
    );
    return {
      currency,
      cash: fromMinor(cash ?? 0n),
      bonus: fromMinor(bonus ?? 0n),
      withdrawalHold: fromMinor(hold ?? 0n),
      total: fromMinor((cash ?? 0n) + (bonus ?? 0n) + (hold ?? 0n)),
    };
  }

  /**
   * Runs `work` in one ledger transaction in which `pay` credits agents' contract payments from the platform's
   * agent-pay account: the caller's statements and the payments they record commit together or not at all. A replay
   * of a key returns the first entry.
   */
  async contractPayments<T>(
    memberIds: readonly string[],
    work: (tx: { trx: Transaction<Database>; pay(payment: ContractPayment): Promise<string> }) => Promise<T>,
  ): Promise<T> {
    // Accounts open before the transaction (an embedded database has one connection, which the transaction holds).
    const platform = await this.ledger.systemAccount('agent-pay:bdt', 'house', REAL_CURRENCY);
    const cash = await this.ledger.memberAccounts([...new Set(memberIds)], 'member_cash', REAL_CURRENCY);
    return this.ledger.transaction(({ trx, post }) =>
      work({
        trx,
        pay: async (payment) => {
          const account = cash.get(payment.memberId);
          if (!account) throw new Error(`member ${payment.memberId} was not named to contractPayments`);
          if (payment.amountMinor <= 0n) throw new AppError(400, 'AMOUNT_INVALID');
          const entry = await post({
            type: payment.type,
            reference: payment.reference,
            idempotencyKey: payment.idempotencyKey,
            lines: [
              { accountId: account, amountMinor: payment.amountMinor },
              { accountId: platform, amountMinor: -payment.amountMinor },
            ],
          });
          return entry.entryId;
        },
      }),
    );
  }

  /** An operator's manual credit (positive) or debit (negative) of a member's cash, keyed by the operator's request. */
  async adjust(
    memberId: string,
    amountMinor: bigint,
    reason: string,
    requestKey: string,
    actor: string,
  ): Promise<{ entryId: string; balance: string }> {
    if (amountMinor === 0n) throw new AppError(400, 'AMOUNT_INVALID');
    const cash = await this.ledger.memberAccount(memberId, 'member_cash', REAL_CURRENCY);
    const adjustment = await this.ledger.systemAccount('adjustment:bdt', 'adjustment', REAL_CURRENCY);
    // The entry and its audit row commit together. A replay under the same key gets the first entry back from the
    // ledger, and the audit row keyed alike is not written twice.
    const entry = await this.ledger.transaction(async ({ trx, post }) => {
      const posted = await post({
        type: 'adjustment',
        reference: `adjustment:${memberId}:${reason}`.slice(0, 200),
        idempotencyKey: `adjustment:${requestKey}`,
        lines: [
          { accountId: cash, amountMinor },
          { accountId: adjustment, amountMinor: -amountMinor },
        ],
      });
      await this.audit.record(trx, {
        actor,
        action: 'wallet.adjusted',
        detail: { memberId, amount: fromMinor(amountMinor), reason, entryId: posted.entryId },
        requestKey: `adjustment:${requestKey}`,
      });
      return posted;
    });
    const line = entry.lines.find((l) => l.accountId === cash);
    return { entryId: entry.entryId, balance: fromMinor(line?.balanceAfterMinor ?? 0n) };
  }
}
