import { fromMinor, parsePositiveAmount, toMinor } from '@portal/shared/money';
import type { Withdrawal, WithdrawalEligibility, WithdrawalStatus } from '@portal/shared/wallet';
import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { moneyText } from '../../common/currencies.ts';
import type { Database, WithdrawalsTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { offsetOf, pageOf } from '../../http/pages.ts';
import type { AuditEntry, AuditRecorder } from '../audit/service.ts';
import type { PaymentPasswords } from '../members/payment-password.ts';
import type { SettingsService } from '../system/settings-service.ts';
import type { Ledger, LedgerTransaction } from '../wallet/ledger.ts';
import { checkLimits } from './deposits.ts';
import { orderNumber } from './order-numbers.ts';
import { type PayoutAccountRow, type PayoutAccounts, presentPayoutAccount } from './payout-accounts.ts';
import { turnoverOf } from './turnover.ts';
import { storeImage, type UploadedImage } from './uploads.ts';

type WithdrawalRow = Selectable<WithdrawalsTable>;
/** A withdrawal as of now; `forced_now` marks a forced receipt the periodic job has not written yet. */
type WithdrawalNow = WithdrawalRow & { forced_now: boolean };

/** What a forced receipt says in the withdrawal's history. */
const FORCED_NOTE = 'not confirmed in time';

/**
 * Whether a paid withdrawal's confirmation time has passed: it then reads as received (a forced receipt) before the
 * payments' periodic job has written it down (a read never writes).
 */
const RECEIPT_DUE = sql<boolean>`(withdrawals.status = 'paid' AND withdrawals.confirm_by <= now())`;

/** The filter for withdrawals whose status is `status` as of now (plain column tests, so indexes still serve). */
function statusIsNow(status: WithdrawalStatus) {
  if (status === 'paid') return sql<boolean>`(withdrawals.status = 'paid' AND withdrawals.confirm_by > now())`;
  if (status === 'received') return sql<boolean>`(withdrawals.status = 'received' OR ${RECEIPT_DUE})`;
  return sql<boolean>`withdrawals.status = ${status}`;
}

/** Where paid-out money goes in the books: the operator's payout clearing account. */
const PAYOUT_CLEARING = (currency: string) => `payout:${currency.toLowerCase()}`;

/**
 * Withdrawals. A request moves the amount from the member's cash to a hold in one entry; the operator then pays
 * it out (hold → payout clearing) or rejects it (hold → cash), and the member may cancel while it is pending.
 * After payment the member confirms receipt, or reports it missing with proofs; a paid withdrawal left unconfirmed
 * for the configured minutes counts as received (forced receipt), after which no refund is possible.
 */
export class WithdrawalService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
    private readonly passwords: PaymentPasswords,
    private readonly payoutAccounts: PayoutAccounts,
    private readonly audit: AuditRecorder,
    private readonly currency: string,
  ) {}

  async eligibility(memberId: string): Promise<WithdrawalEligibility> {
    const wallet = (await this.settings.snapshot()).get('wallet');
    const cash = await this.ledger.findMemberAccount(memberId, 'member_cash', this.currency);
    const [balance, turnover, hasPaymentPassword] = await Promise.all([
      cash ? this.ledger.balance(cash) : 0n,
      turnoverOf(this.db, this.ledger, memberId, cash),
      this.passwords.isSet(memberId),
    ]);
    return {
      balance: fromMinor(balance),
      minAmount: fromMinor(toMinor(wallet.withdrawalMinAmount)),
      maxAmount: fromMinor(toMinor(wallet.withdrawalMaxAmount)),
      turnoverRequired: fromMinor(turnover.requiredMinor),
      turnoverDone: fromMinor(turnover.doneMinor),
      turnoverRemaining: fromMinor(turnover.remainingMinor),
      hasPaymentPassword,
      payoutAccountLimit: wallet.payoutAccountLimit,
    };
  }

  async request(
    memberId: string,
    input: { payoutAccountId: string; amount: string; paymentPassword: string },
    requestKey: string,
  ): Promise<Withdrawal> {
    const amountMinor = parsePositiveAmount(input.amount);
    if (amountMinor === null) throw new AppError(400, 'AMOUNT_INVALID');
    const settings = await this.settings.snapshot();
    const wallet = settings.get('wallet');
    const symbol = settings.get('brand').currencySymbol;
    checkLimits(amountMinor, toMinor(wallet.withdrawalMinAmount), toMinor(wallet.withdrawalMaxAmount), (minor) =>
      moneyText(minor, this.currency, symbol),
    );

    const existing = await this.byRequestKey(memberId, requestKey);
    if (existing) return this.sameRequest(existing, input.payoutAccountId, amountMinor);

    await this.passwords.verify(memberId, input.paymentPassword);
    const account = await this.payoutAccounts.owned(memberId, input.payoutAccountId);
    const cash = await this.ledger.memberAccount(memberId, 'member_cash', this.currency);
    const hold = await this.ledger.memberAccount(memberId, 'withdrawal_hold', this.currency);
    const turnover = await turnoverOf(this.db, this.ledger, memberId, cash);
    if (turnover.remainingMinor > 0n) {
      throw new AppError(400, 'TURNOVER_NOT_MET', {
        remaining: moneyText(turnover.remainingMinor, this.currency, symbol),
      });
    }

    const orderNo = orderNumber('W');
    const row = await this.ledger.transaction(async (tx) => {
      // The entry's key is the request's: a double submission posts one hold; the loser finds the winner's row.
      const entry = await tx.post(holdPosting(memberId, requestKey, { cash, hold }, amountMinor));
      const inserted = await tx.trx
        .insertInto('withdrawals')
        .values({
          order_no: orderNo,
          member_id: memberId,
          payout_account_id: account.id,
          amount_minor: amountMinor.toString(),
          currency: this.currency,
          request_key: requestKey,
          hold_entry_id: entry.entryId,
        })
        .onConflict((oc) => oc.columns(['member_id', 'request_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) await this.event(tx, inserted.id, 'pending', `member:${memberId}`, null);
      return inserted ?? null;
    });
    const saved = row ? asOfNow(row) : await this.byRequestKey(memberId, requestKey);
    if (!saved) throw new Error('withdrawal vanished');
    return this.present(saved);
  }

  /**
   * Seed only (db/seed/team.ts): a withdrawal of the past to a payout account of the member, paid by the operator
   * and confirmed received by the member: the hold and the payout are posted by the same steps as a request and a
   * payment, each in a transaction whose entry the wallet dates at its time (`Ledger.transactionInPast`,
   * docs/decisions.md "The demo team's past").
   */
  async recordPastReceived(past: {
    memberId: string;
    orderNo: string;
    amountMinor: bigint;
    payout: { kind: 'bank' | 'ewallet'; provider: string; accountName: string; accountNumber: string };
    createdAt: Date;
    paidAt: Date;
  }): Promise<void> {
    const { memberId, orderNo, amountMinor, createdAt, paidAt } = past;
    const saved = await this.db
      .selectFrom('payout_accounts')
      .select('id')
      .where('member_id', '=', memberId)
      .where('account_number', '=', past.payout.accountNumber)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    const account =
      saved ??
      (await this.db
        .insertInto('payout_accounts')
        .values({
          member_id: memberId,
          kind: past.payout.kind,
          provider: past.payout.provider,
          account_name: past.payout.accountName,
          account_number: past.payout.accountNumber,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    const cash = await this.ledger.memberAccount(memberId, 'member_cash', this.currency);
    const hold = await this.ledger.memberAccount(memberId, 'withdrawal_hold', this.currency);
    const clearing = await this.ledger.systemAccount(PAYOUT_CLEARING(this.currency), 'channel_clearing', this.currency);
    const requestKey = `seed:${orderNo}`;
    const row = await this.ledger.transactionInPast(async (tx) => {
      await tx.dateAs(createdAt);
      const entry = await tx.post(holdPosting(memberId, requestKey, { cash, hold }, amountMinor));
      const inserted = await tx.trx
        .insertInto('withdrawals')
        .values({
          order_no: orderNo,
          member_id: memberId,
          payout_account_id: account.id,
          amount_minor: amountMinor.toString(),
          currency: this.currency,
          request_key: requestKey,
          hold_entry_id: entry.entryId,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.trx
        .insertInto('withdrawal_events')
        .values({ withdrawal_id: inserted.id, status: 'pending', actor: `member:${memberId}`, created_at: createdAt })
        .execute();
      return inserted;
    });
    const minutes = (await this.settings.snapshot()).get('wallet').withdrawalConfirmMinutes;
    const receivedAt = new Date(paidAt.getTime() + Math.min(minutes, 20) * 60_000);
    await this.ledger.transactionInPast(async (tx) => {
      await tx.dateAs(paidAt);
      const entry = await tx.post({
        type: 'withdrawal',
        reference: `withdrawal:${orderNo}`,
        idempotencyKey: `withdrawal-settle:${orderNo}`,
        lines: [
          { accountId: hold, amountMinor: -amountMinor },
          { accountId: clearing, amountMinor },
        ],
      });
      await tx.trx
        .updateTable('withdrawals')
        .set({
          status: 'received',
          settle_entry_id: entry.entryId,
          received_minor: amountMinor.toString(),
          confirm_by: new Date(paidAt.getTime() + minutes * 60_000),
          updated_at: receivedAt,
        })
        .where('id', '=', row.id)
        .execute();
      await tx.trx
        .insertInto('withdrawal_events')
        .values([
          { withdrawal_id: row.id, status: 'paid', actor: 'seed', created_at: paidAt },
          { withdrawal_id: row.id, status: 'received', actor: `member:${memberId}`, created_at: receivedAt },
        ])
        .execute();
    });
  }

  async cancel(memberId: string, orderNo: string): Promise<Withdrawal> {
    const row = await this.memberRow(memberId, orderNo);
    return this.release(row, 'cancelled', `member:${memberId}`, null, null);
  }

  async reject(orderNo: string, reason: string, actor: string): Promise<Withdrawal> {
    const audited = { actor, action: 'withdrawal.rejected', detail: { orderNo, reason } };
    return this.release(await this.byOrderNo(orderNo), 'rejected', actor, reason, audited);
  }

  async pay(orderNo: string, actor: string): Promise<Withdrawal> {
    const row = await this.byOrderNo(orderNo);
    const clearing = await this.ledger.systemAccount(PAYOUT_CLEARING(row.currency), 'channel_clearing', row.currency);
    const minutes = (await this.settings.snapshot()).get('wallet').withdrawalConfirmMinutes;
    const audited = { actor, action: 'withdrawal.paid', detail: { orderNo } };
    return this.settleHold(row, clearing, 'paid', actor, null, audited, {
      confirm_by: sql<Date>`now() + make_interval(mins => ${minutes})`,
    });
  }

  /** The member's answer to a paid withdrawal: received, or not (with how much did arrive, and proofs). */
  async confirm(
    memberId: string,
    orderNo: string,
    answer: { received: boolean; receivedAmount: string | null; proofs: UploadedImage[] },
  ): Promise<Withdrawal> {
    const row = await this.memberRow(memberId, orderNo);
    if (row.status !== 'paid') throw new AppError(409, 'ORDER_STATE');
    let receivedMinor = BigInt(row.amount_minor);
    if (!answer.received) {
      const typed = answer.receivedAmount === null ? 0n : parseNonNegative(answer.receivedAmount);
      if (typed === null || typed >= receivedMinor) throw new AppError(400, 'AMOUNT_INVALID');
      receivedMinor = typed;
    }
    const status: WithdrawalStatus = answer.received ? 'received' : 'not_received';
    await this.ledger.transaction(async (tx) => {
      const updated = await tx.trx
        .updateTable('withdrawals')
        .set({ status, received_minor: receivedMinor.toString(), updated_at: new Date() })
        .where('id', '=', row.id)
        .where('status', '=', 'paid')
        .where('confirm_by', '>', new Date())
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new AppError(409, 'ORDER_STATE');
      for (const proof of answer.proofs) {
        const uploadId = await storeImage(tx.trx, memberId, 'withdrawal_proof', proof);
        await tx.trx.insertInto('withdrawal_proofs').values({ withdrawal_id: row.id, upload_id: uploadId }).execute();
      }
      await this.event(tx, row.id, status, `member:${memberId}`, null);
    });
    return this.present(await this.byOrderNo(orderNo));
  }

  /** The operator settles a "not received": either it was paid in full after all, or the rest goes back. */
  async resolve(orderNo: string, outcome: 'fully_paid' | 'refunded', note: string, actor: string) {
    const row = await this.byOrderNo(orderNo);
    const cash = await this.ledger.memberAccount(row.member_id, 'member_cash', row.currency);
    const clearing = await this.ledger.systemAccount(PAYOUT_CLEARING(row.currency), 'channel_clearing', row.currency);
    await this.ledger.transaction(async (tx) => {
      const locked = await tx.trx
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', row.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (locked.status !== 'not_received') throw new AppError(409, 'ORDER_STATE');
      let refundEntry: string | null = null;
      const remaining = BigInt(locked.amount_minor) - BigInt(locked.received_minor ?? '0');
      if (outcome === 'refunded' && remaining > 0n) {
        const entry = await tx.post({
          type: 'withdrawal',
          reference: `withdrawal:${locked.order_no}`,
          idempotencyKey: `withdrawal-refund:${locked.order_no}`,
          lines: [
            { accountId: clearing, amountMinor: -remaining },
            { accountId: cash, amountMinor: remaining },
          ],
        });
        refundEntry = entry.entryId;
      }
      await tx.trx
        .updateTable('withdrawals')
        .set({ status: outcome, refund_entry_id: refundEntry, updated_at: new Date() })
        .where('id', '=', locked.id)
        .execute();
      await this.event(tx, locked.id, outcome, actor, note);
      await this.audit.record(tx.trx, { actor, action: `withdrawal.${outcome}`, detail: { orderNo, note } });
    });
    return this.present(await this.byOrderNo(orderNo));
  }

  /**
   * Paid withdrawals nobody confirmed in time count as received; no refund can follow (spec section 4). Reads
   * already show them so; the payments' periodic job writes it down, dating the history's event at the deadline, as
   * the reads did.
   */
  async forceDueReceipts(): Promise<number> {
    const forced = await sql<{ id: string }>`
      WITH due AS (
        UPDATE withdrawals SET status = 'received', forced_receipt = true, received_minor = amount_minor,
               updated_at = now()
         WHERE status = 'paid' AND confirm_by <= now()
        RETURNING id, confirm_by
      )
      INSERT INTO withdrawal_events (withdrawal_id, status, actor, note, created_at)
      SELECT id, 'received', 'system', ${FORCED_NOTE}, confirm_by FROM due
      RETURNING withdrawal_id AS id`.execute(this.db);
    return forced.rows.length;
  }

  async get(memberId: string, orderNo: string): Promise<Withdrawal> {
    return this.present(await this.memberRow(memberId, orderNo));
  }

  async list(memberId: string | null, options: { status?: WithdrawalStatus; pageNo: number; pageSize: number }) {
    let query = this.db.selectFrom('withdrawals');
    if (memberId) query = query.where('member_id', '=', memberId);
    if (options.status) query = query.where(statusIsNow(options.status));
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .select(RECEIPT_DUE.as('receipt_due'))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.pageSize)
        .offset(offsetOf(options))
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const list = await Promise.all(rows.map((row) => this.present(asOfNow(row))));
    return pageOf(options, Number(count.total), list);
  }

  private async release(
    row: WithdrawalRow,
    status: 'cancelled' | 'rejected',
    actor: string,
    reason: string | null,
    audited: AuditEntry | null,
  ) {
    const cash = await this.ledger.memberAccount(row.member_id, 'member_cash', row.currency);
    return this.settleHold(row, cash, status, actor, reason, audited, { reject_reason: reason });
  }

  /**
   * Ends a pending withdrawal's hold: one entry moves it to `target` (payout clearing when paid, the member's cash
   * when cancelled or rejected), the status changes and the history (and the operator's audit row) records it, in
   * one transaction.
   */
  private async settleHold(
    row: WithdrawalRow,
    target: string,
    status: 'paid' | 'cancelled' | 'rejected',
    actor: string,
    note: string | null,
    audited: AuditEntry | null,
    columns: { confirm_by?: RawBuilder<Date>; reject_reason?: string | null },
  ): Promise<Withdrawal> {
    const hold = await this.ledger.memberAccount(row.member_id, 'withdrawal_hold', row.currency);
    await this.ledger.transaction(async (tx) => {
      const locked = await this.lockPending(tx, row.id);
      const amount = BigInt(locked.amount_minor);
      const entry = await tx.post({
        type: 'withdrawal',
        reference: `withdrawal:${locked.order_no}`,
        idempotencyKey: `withdrawal-settle:${locked.order_no}`,
        lines: [
          { accountId: hold, amountMinor: -amount },
          { accountId: target, amountMinor: amount },
        ],
      });
      await tx.trx
        .updateTable('withdrawals')
        .set({ ...columns, status, settle_entry_id: entry.entryId, updated_at: new Date() })
        .where('id', '=', locked.id)
        .execute();
      await this.event(tx, locked.id, status, actor, note);
      if (audited) await this.audit.record(tx.trx, audited);
    });
    return this.present(await this.byOrderNo(row.order_no));
  }

  private async lockPending(tx: LedgerTransaction, id: string): Promise<WithdrawalRow> {
    const locked = await tx.trx
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.status !== 'pending') throw new AppError(409, 'ORDER_STATE');
    return locked;
  }

  private async event(
    tx: LedgerTransaction,
    withdrawalId: string,
    status: WithdrawalStatus,
    actor: string,
    note: string | null,
  ) {
    await tx.trx.insertInto('withdrawal_events').values({ withdrawal_id: withdrawalId, status, actor, note }).execute();
  }

  private sameRequest(row: WithdrawalNow, payoutAccountId: string, amountMinor: bigint) {
    if (row.payout_account_id !== payoutAccountId || BigInt(row.amount_minor) !== amountMinor) {
      throw new AppError(409, 'DUPLICATE_TRANSACTION');
    }
    return this.present(row);
  }

  private async byRequestKey(memberId: string, requestKey: string): Promise<WithdrawalNow | undefined> {
    const row = await this.db
      .selectFrom('withdrawals')
      .selectAll()
      .select(RECEIPT_DUE.as('receipt_due'))
      .where('member_id', '=', memberId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
    return row && asOfNow(row);
  }

  /** The member's withdrawal, its status as of now. */
  private async memberRow(memberId: string, orderNo: string): Promise<WithdrawalNow> {
    const row = await this.db
      .selectFrom('withdrawals')
      .selectAll()
      .select(RECEIPT_DUE.as('receipt_due'))
      .where('order_no', '=', orderNo)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return asOfNow(row);
  }

  /** A withdrawal, its status as of now. */
  private async byOrderNo(orderNo: string): Promise<WithdrawalNow> {
    const row = await this.db
      .selectFrom('withdrawals')
      .selectAll()
      .select(RECEIPT_DUE.as('receipt_due'))
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return asOfNow(row);
  }

  private async present(row: WithdrawalNow): Promise<Withdrawal> {
    const [account, history, proofs] = await Promise.all([
      this.db
        .selectFrom('payout_accounts')
        .selectAll()
        .where('id', '=', row.payout_account_id)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('withdrawal_events')
        .select(['status', 'note', 'created_at'])
        .where('withdrawal_id', '=', row.id)
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('withdrawal_proofs')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('withdrawal_id', '=', row.id)
        .executeTakeFirstOrThrow(),
    ]);
    const amount = BigInt(row.amount_minor);
    const received = row.received_minor === null ? null : BigInt(row.received_minor);
    return {
      orderNo: row.order_no,
      amount: fromMinor(amount),
      currency: row.currency,
      status: row.status as WithdrawalStatus,
      payoutAccount: presentPayoutAccount(account as PayoutAccountRow),
      createdAt: new Date(row.created_at).toISOString(),
      confirmBy: row.confirm_by ? new Date(row.confirm_by).toISOString() : null,
      forcedReceipt: row.forced_receipt,
      receivedAmount: received === null ? null : fromMinor(received),
      remainingAmount: received === null ? null : fromMinor(amount - received),
      proofCount: Number(proofs.count),
      rejectReason: row.reject_reason,
      history: [
        ...history.map((event) => ({
          status: event.status as WithdrawalStatus,
          at: new Date(event.created_at).toISOString(),
          note: event.note,
        })),
        // The event the job will write, dated as it will date it.
        ...(row.forced_now
          ? [{ status: 'received' as const, at: new Date(row.confirm_by as Date).toISOString(), note: FORCED_NOTE }]
          : []),
      ],
    };
  }
}

function asOfNow({ receipt_due, ...row }: WithdrawalRow & { receipt_due?: boolean }): WithdrawalNow {
  return receipt_due
    ? { ...row, status: 'received', forced_receipt: true, received_minor: row.amount_minor, forced_now: true }
    : { ...row, forced_now: false };
}

function parseNonNegative(text: string): bigint | null {
  return text === '0' || /^0(\.0{1,2})?$/.test(text) ? 0n : parsePositiveAmount(text);
}

/** The entry that moves a withdrawal's amount from the member's cash to its hold, keyed by the request. */
function holdPosting(
  memberId: string,
  requestKey: string,
  accounts: { cash: string; hold: string },
  amountMinor: bigint,
) {
  return {
    type: 'withdrawal' as const,
    reference: `withdrawal-request:${memberId}:${requestKey}`,
    idempotencyKey: `withdrawal-hold:${memberId}:${requestKey}`,
    lines: [
      { accountId: accounts.cash, amountMinor: -amountMinor },
      { accountId: accounts.hold, amountMinor },
    ],
  };
}
