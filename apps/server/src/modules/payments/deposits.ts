import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import type { DepositOrder, DepositStatus } from '@portal/shared/wallet';
import { TRANSACTION_REF_PATTERN } from '@portal/shared/wallet';
import { type Kysely, type Selectable, sql } from 'kysely';
import { moneyText } from '../../common/currencies.ts';
import type { Database, DepositOrdersTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { offsetOf, pageOf } from '../../http/pages.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { Ledger, LedgerTransaction } from '../wallet/ledger.ts';
import type { ChannelRow, PaymentChannels } from './channels.ts';
import { orderNumber } from './order-numbers.ts';
import { CallbackRefused, type PaymentProvider } from './providers/types.ts';
import { storeImage, type UploadedImage } from './uploads.ts';

type OrderRow = Selectable<DepositOrdersTable>;

interface CreditPlan {
  orderId: string;
  cash: string;
  clearing: string;
  turnoverPercent: number;
}

/**
 * An order's status as of now: an unpaid order past its deadline reads as expired before the expiry job has written
 * it down (a read never writes).
 */
const STATUS_NOW = sql<DepositStatus>`CASE WHEN deposit_orders.status = 'created' AND deposit_orders.expires_at <= now()
  THEN 'expired' ELSE deposit_orders.status END`;

/** The filter for orders whose status is `status` as of now (index-friendly: plain column tests). */
function statusIsNow(status: DepositStatus) {
  if (status === 'created') {
    return sql<boolean>`(deposit_orders.status = 'created' AND deposit_orders.expires_at > now())`;
  }
  if (status === 'expired') {
    return sql<boolean>`(deposit_orders.status = 'expired'
      OR (deposit_orders.status = 'created' AND deposit_orders.expires_at <= now()))`;
  }
  return sql<boolean>`deposit_orders.status = ${status}`;
}

/** Orders an operator may still confirm: a late payment found after expiry is credited too. */
const CONFIRMABLE: DepositStatus[] = ['created', 'waiting_confirmation', 'expired'];

export interface CallbackOutcome {
  status: number;
  outcome: 'credited' | 'ignored' | 'forged' | 'replayed' | 'stale' | 'mismatch' | 'unknown_order';
}

/**
 * Deposits: an order is created on a channel, paid by the member outside the portal, and confirmed once, by an
 * operator or by the gateway's signed callback. Confirming posts the deposit entry and marks the order in one
 * transaction; the entry's idempotency key is the order's, so no path can credit an order twice.
 */
export class DepositService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly channels: PaymentChannels,
    private readonly providers: Map<string, PaymentProvider>,
    private readonly turnoverPercent: () => Promise<number>,
    private readonly audit: AuditRecorder,
    /** The brand's currency symbol, for the amounts in messages. */
    private readonly brandSymbol: () => Promise<string>,
  ) {}

  async create(memberId: string, input: { channelCode: string; amount: string }, requestKey: string) {
    const amountMinor = parsePositiveAmount(input.amount);
    if (amountMinor === null) throw new AppError(400, 'AMOUNT_INVALID');
    const channel = await this.channels.enabledByCode(input.channelCode);
    const symbol = await this.brandSymbol();
    checkLimits(amountMinor, BigInt(channel.min_minor), BigInt(channel.max_minor), (minor) =>
      moneyText(minor, channel.currency, symbol),
    );

    const existing = await this.byRequestKey(memberId, requestKey);
    if (existing) return this.sameRequest(existing, channel, amountMinor);

    const orderNo = orderNumber('D');
    const payment =
      channel.mode === 'provider'
        ? await this.provider(channel).createPayment({ orderNo, amountMinor, currency: channel.currency })
        : null;
    const inserted = await this.db
      .insertInto('deposit_orders')
      .values({
        order_no: orderNo,
        member_id: memberId,
        channel_id: channel.id,
        amount_minor: amountMinor.toString(),
        currency: channel.currency,
        request_key: requestKey,
        provider_ref: payment?.providerRef ?? null,
        pay_url: payment?.payUrl ?? null,
        expires_at: sql<Date>`now() + make_interval(mins => ${channel.order_minutes})`,
      })
      .onConflict((oc) => oc.columns(['member_id', 'request_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      // The same request raced itself: answer with the order the other attempt created.
      const raced = await this.byRequestKey(memberId, requestKey);
      if (!raced) throw new Error('deposit order vanished');
      return this.sameRequest(raced, channel, amountMinor);
    }
    return this.present(inserted, channel);
  }

  /**
   * Seed only (db/seed/team.ts): deposits of the past, as members' orders that the operator confirmed: each order
   * dated `createdAt` and `confirmedAt`, its credit posted through the wallet dated `confirmedAt`
   * (`Ledger.transactionInPast`, docs/decisions.md "The demo team's past"), with the turnover it asks for, all in
   * one transaction.
   */
  async recordPastConfirmed(
    past: readonly {
      memberId: string;
      channelCode: string;
      amountMinor: bigint;
      orderNo: string;
      transactionRef: string;
      createdAt: Date;
      confirmedAt: Date;
    }[],
  ): Promise<void> {
    const turnoverPercent = BigInt(await this.turnoverPercent());
    const plans: { deposit: (typeof past)[number]; channel: ChannelRow; cash: string; clearing: string }[] = [];
    for (const deposit of past) {
      const channel = await this.channels.enabledByCode(deposit.channelCode);
      const currency = channel.currency;
      const cash = await this.ledger.memberAccount(deposit.memberId, 'member_cash', currency);
      const code = `channel:${channel.code}:${currency.toLowerCase()}`;
      const clearing = await this.ledger.systemAccount(code, 'channel_clearing', currency);
      plans.push({ deposit, channel, cash, clearing });
    }
    await this.ledger.transactionInPast(async (tx) => {
      for (const { deposit, channel, cash, clearing } of plans) {
        await tx.dateAs(deposit.confirmedAt);
        const entry = await tx.post({
          type: 'deposit',
          reference: `deposit:${deposit.orderNo}`,
          idempotencyKey: `deposit:${deposit.orderNo}`,
          lines: [
            { accountId: cash, amountMinor: deposit.amountMinor },
            { accountId: clearing, amountMinor: -deposit.amountMinor },
          ],
        });
        await tx.trx
          .insertInto('deposit_orders')
          .values({
            order_no: deposit.orderNo,
            member_id: deposit.memberId,
            channel_id: channel.id,
            amount_minor: deposit.amountMinor.toString(),
            currency: channel.currency,
            request_key: `seed:${deposit.orderNo}`,
            transaction_ref: deposit.transactionRef,
            status: 'confirmed',
            entry_id: entry.entryId,
            decided_by: 'seed',
            expires_at: new Date(deposit.createdAt.getTime() + channel.order_minutes * 60_000),
            created_at: deposit.createdAt,
            updated_at: deposit.confirmedAt,
          })
          .execute();
        await tx.trx
          .insertInto('turnover_requirements')
          .values({
            member_id: deposit.memberId,
            source: 'deposit',
            reference: deposit.orderNo,
            required_minor: ((deposit.amountMinor * turnoverPercent) / 100n).toString(),
            created_at: deposit.confirmedAt,
          })
          .execute();
      }
    });
  }

  /** The member reports the e-wallet transaction id (and may attach the receipt); the order then awaits the operator. */
  async submit(memberId: string, orderNo: string, transactionRef: string, receipt: UploadedImage | null) {
    if (!TRANSACTION_REF_PATTERN.test(transactionRef)) throw new AppError(400, 'TRANSACTION_REF_INVALID');
    const order = await this.memberOrder(memberId, orderNo);
    const channel = await this.channels.byId(order.channel_id);
    if (channel.mode !== 'manual') throw new AppError(409, 'ORDER_STATE');
    if (order.status === 'expired') throw new AppError(409, 'ORDER_EXPIRED');
    if (order.status !== 'created') throw new AppError(409, 'ORDER_STATE');
    try {
      const updated = await this.db.transaction().execute(async (trx) => {
        const receiptId = receipt ? await storeImage(trx, memberId, 'deposit_receipt', receipt) : null;
        return trx
          .updateTable('deposit_orders')
          .set({
            status: 'waiting_confirmation',
            transaction_ref: transactionRef,
            receipt_id: receiptId,
            updated_at: new Date(),
          })
          .where('id', '=', order.id)
          .where('status', '=', 'created')
          .where('expires_at', '>', sql<Date>`now()`)
          .returningAll()
          .executeTakeFirst();
      });
      if (!updated) throw new AppError(409, 'ORDER_STATE');
      return this.present(updated, channel);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new AppError(409, 'TRANSACTION_REF_USED');
      throw error;
    }
  }

  async get(memberId: string, orderNo: string): Promise<DepositOrder> {
    const order = await this.memberOrder(memberId, orderNo);
    return this.present(order, await this.channels.byId(order.channel_id));
  }

  async list(memberId: string | null, options: { status?: DepositStatus; pageNo: number; pageSize: number }) {
    let query = this.db.selectFrom('deposit_orders');
    if (memberId) query = query.where('member_id', '=', memberId);
    if (options.status) query = query.where(statusIsNow(options.status));
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .select(STATUS_NOW.as('status_now'))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.pageSize)
        .offset(offsetOf(options))
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    // The page's channels in one read, not one per order.
    const channels = await this.channels.byIds(rows.map((row) => row.channel_id));
    const list = rows.map((row) => this.present(asOfNow(row), channels.get(row.channel_id) as ChannelRow));
    return pageOf(options, Number(count.total), list);
  }

  async confirmByOperator(orderNo: string, actor: string): Promise<DepositOrder> {
    const order = await this.byOrderNo(orderNo);
    const plan = await this.creditPlan(order);
    await this.ledger.transaction(async (tx) => {
      // An order confirmed before (by the gateway, or a double click) is answered as it stands, with no second row.
      if (await this.credit(tx, plan, actor)) {
        await this.audit.record(tx.trx, { actor, action: 'deposit.confirmed', detail: { orderNo } });
      }
    });
    return this.present(await this.byOrderNo(orderNo), await this.channels.byId(order.channel_id));
  }

  async reject(orderNo: string, reason: string, actor: string): Promise<DepositOrder> {
    const updated = await this.db.transaction().execute(async (trx) => {
      const rejected = await trx
        .updateTable('deposit_orders')
        .set({ status: 'rejected', reject_reason: reason, decided_by: actor, updated_at: new Date() })
        .where('order_no', '=', orderNo)
        .where('status', 'in', CONFIRMABLE)
        .returningAll()
        .executeTakeFirst();
      if (rejected) await this.audit.record(trx, { actor, action: 'deposit.rejected', detail: { orderNo, reason } });
      return rejected;
    });
    if (!updated) {
      await this.byOrderNo(orderNo);
      throw new AppError(409, 'ORDER_STATE');
    }
    return this.present(updated, await this.channels.byId(updated.channel_id));
  }

  /**
   * A gateway's callback. The event id is claimed in the same transaction as the credit, so a replay finds it
   * taken, and a failure leaves neither behind (the gateway's retry is then processed afresh). Every callback,
   * refused ones included, is written to payment_callbacks.
   */
  async handleCallback(
    providerName: string,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    ip: string,
  ): Promise<CallbackOutcome> {
    const provider = this.providers.get(providerName);
    if (!provider) return { status: 404, outcome: 'unknown_order' };
    let callback: ReturnType<PaymentProvider['verifyCallback']>;
    try {
      callback = provider.verifyCallback(rawBody, headers, new Date());
    } catch (error) {
      const outcome = error instanceof CallbackRefused ? error.reason : 'forged';
      await this.logCallback(providerName, null, null, outcome, ip, rawBody);
      return { status: 401, outcome };
    }
    const order = await this.db
      .selectFrom('deposit_orders')
      .innerJoin('payment_channels', 'payment_channels.id', 'deposit_orders.channel_id')
      .selectAll('deposit_orders')
      .where('payment_channels.provider', '=', providerName)
      .where('deposit_orders.provider_ref', '=', callback.providerRef)
      .executeTakeFirst();
    const plan = order ? await this.creditPlan(order) : null;
    const settle = async (intended: CallbackOutcome['outcome'], status: number, credit: boolean) => {
      try {
        const outcome = await this.ledger.transaction(async (tx) => {
          // Crediting locks the order first, so of two genuine notices for one order only one reports 'credited'.
          const credited = credit && plan ? await this.credit(tx, plan, `provider:${providerName}`) : false;
          const final = credit && !credited ? 'ignored' : intended;
          const claimed = await tx.trx
            .insertInto('payment_callbacks')
            .values({
              provider: providerName,
              event_id: callback.eventId,
              order_no: order?.order_no ?? null,
              outcome: final,
              remote_ip: ip,
              body: rawBody,
            })
            .onConflict((oc) =>
              oc
                .columns(['provider', 'event_id'])
                .where('outcome', 'not in', ['forged', 'replayed', 'stale'])
                .doNothing(),
            )
            .returning('id')
            .executeTakeFirst();
          // An event id seen before: undo whatever this transaction did.
          if (!claimed) throw new ReplayedCallback();
          return final;
        });
        return { status: outcome === intended ? status : 200, outcome };
      } catch (error) {
        if (!(error instanceof ReplayedCallback)) throw error;
        await this.logCallback(providerName, callback.eventId, order?.order_no ?? null, 'replayed', ip, rawBody);
        return { status: 200, outcome: 'replayed' as const };
      }
    };
    if (!order) return settle('unknown_order', 404, false);
    if (callback.amountMinor !== BigInt(order.amount_minor) || callback.currency !== order.currency) {
      return settle('mismatch', 400, false);
    }
    // A failure notice changes nothing: the order simply expires, and a later genuine payment still credits it.
    if (callback.status !== 'paid' || !CONFIRMABLE.includes(order.status as DepositStatus))
      return settle('ignored', 200, false);
    return settle('credited', 200, true);
  }

  /** What the sandbox gateway knows of a payment it opened (a real gateway keeps its own records). */
  async sandboxPayment(providerRef: string): Promise<{ amountMinor: bigint; currency: string } | null> {
    const row = await this.db
      .selectFrom('deposit_orders')
      .innerJoin('payment_channels', 'payment_channels.id', 'deposit_orders.channel_id')
      .select(['deposit_orders.amount_minor', 'deposit_orders.currency'])
      .where('payment_channels.provider', '=', 'sandbox')
      .where('deposit_orders.provider_ref', '=', providerRef)
      .executeTakeFirst();
    return row ? { amountMinor: BigInt(row.amount_minor), currency: row.currency } : null;
  }

  /**
   * Orders nobody paid in time expire (an order whose payment the member reported waits for the operator). Reads
   * already show them expired; the payments' periodic job writes it down.
   */
  async expireDue(): Promise<number> {
    const expired = await this.db
      .updateTable('deposit_orders')
      .set({ status: 'expired', updated_at: new Date() })
      .where('status', '=', 'created')
      .where('expires_at', '<=', new Date())
      .executeTakeFirst();
    return Number(expired.numUpdatedRows);
  }

  /**
   * What crediting an order needs, resolved before its transaction opens (accounts are opened on first use, and the
   * embedded database has a single connection that the open transaction holds).
   */
  private async creditPlan(order: OrderRow): Promise<CreditPlan> {
    const channel = await this.channels.byId(order.channel_id);
    const currency = order.currency;
    return {
      orderId: order.id,
      cash: await this.ledger.memberAccount(order.member_id, 'member_cash', currency),
      clearing: await this.ledger.systemAccount(
        `channel:${channel.code}:${currency.toLowerCase()}`,
        'channel_clearing',
        currency,
      ),
      turnoverPercent: await this.turnoverPercent(),
    };
  }

  /** Credits the order unless it already was; says whether this call did. */
  private async credit(tx: LedgerTransaction, plan: CreditPlan, actor: string): Promise<boolean> {
    const order = await tx.trx
      .selectFrom('deposit_orders')
      .selectAll()
      .where('id', '=', plan.orderId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (order.status === 'confirmed') return false;
    if (!CONFIRMABLE.includes(order.status as DepositStatus)) throw new AppError(409, 'ORDER_STATE');
    const amount = BigInt(order.amount_minor);
    const entry = await tx.post({
      type: 'deposit',
      reference: `deposit:${order.order_no}`,
      idempotencyKey: `deposit:${order.order_no}`,
      lines: [
        { accountId: plan.cash, amountMinor: amount },
        { accountId: plan.clearing, amountMinor: -amount },
      ],
    });
    await tx.trx
      .updateTable('deposit_orders')
      .set({ status: 'confirmed', entry_id: entry.entryId, decided_by: actor, updated_at: new Date() })
      .where('id', '=', order.id)
      .execute();
    await tx.trx
      .insertInto('turnover_requirements')
      .values({
        member_id: order.member_id,
        source: 'deposit',
        reference: order.order_no,
        required_minor: ((amount * BigInt(plan.turnoverPercent)) / 100n).toString(),
      })
      .onConflict((oc) => oc.columns(['source', 'reference']).doNothing())
      .execute();
    return true;
  }

  private async logCallback(
    provider: string,
    eventId: string | null,
    orderNo: string | null,
    outcome: CallbackOutcome['outcome'],
    ip: string,
    body: string,
  ) {
    await this.db
      .insertInto('payment_callbacks')
      .values({ provider, event_id: eventId, order_no: orderNo, outcome, remote_ip: ip, body: body.slice(0, 4000) })
      .execute();
  }

  private provider(channel: ChannelRow): PaymentProvider {
    const provider = this.providers.get(channel.provider ?? '');
    if (!provider) throw new AppError(400, 'CHANNEL_UNAVAILABLE');
    return provider;
  }

  private sameRequest(order: OrderRow, channel: ChannelRow, amountMinor: bigint) {
    if (order.channel_id !== channel.id || BigInt(order.amount_minor) !== amountMinor) {
      throw new AppError(409, 'DUPLICATE_TRANSACTION');
    }
    return this.present(order, channel);
  }

  private async byRequestKey(memberId: string, requestKey: string): Promise<OrderRow | undefined> {
    const order = await this.db
      .selectFrom('deposit_orders')
      .selectAll()
      .select(STATUS_NOW.as('status_now'))
      .where('member_id', '=', memberId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
    return order && asOfNow(order);
  }

  /** The member's order, its status as of now. */
  private async memberOrder(memberId: string, orderNo: string): Promise<OrderRow> {
    const order = await this.db
      .selectFrom('deposit_orders')
      .selectAll()
      .select(STATUS_NOW.as('status_now'))
      .where('order_no', '=', orderNo)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!order) throw new AppError(404, 'NOT_FOUND');
    return asOfNow(order);
  }

  /** An order, its status as of now. */
  private async byOrderNo(orderNo: string): Promise<OrderRow> {
    const order = await this.db
      .selectFrom('deposit_orders')
      .selectAll()
      .select(STATUS_NOW.as('status_now'))
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
    if (!order) throw new AppError(404, 'NOT_FOUND');
    return asOfNow(order);
  }

  private present(order: OrderRow, channel: ChannelRow): DepositOrder {
    return {
      orderNo: order.order_no,
      channelCode: channel.code,
      channelName: channel.display_name,
      mode: channel.mode,
      amount: fromMinor(BigInt(order.amount_minor)),
      currency: order.currency,
      status: order.status as DepositStatus,
      createdAt: new Date(order.created_at).toISOString(),
      expiresAt: new Date(order.expires_at).toISOString(),
      receivingAccount: channel.mode === 'manual' ? channel.receiving_account : null,
      payUrl: order.status === 'created' ? order.pay_url : null,
      transactionRef: order.transaction_ref,
      hasReceipt: order.receipt_id !== null,
      rejectReason: order.reject_reason,
    };
  }
}

class ReplayedCallback extends Error {}

function asOfNow({ status_now, ...row }: OrderRow & { status_now: DepositStatus }): OrderRow {
  return { ...row, status: status_now };
}

/** 400 when an amount is outside a channel's or the withdrawal limits; the message shows the limit as players read amounts. */
export function checkLimits(amountMinor: bigint, minMinor: bigint, maxMinor: bigint, money: (minor: bigint) => string) {
  if (amountMinor < minMinor) throw new AppError(400, 'AMOUNT_BELOW_MIN', { min: money(minMinor) });
  if (amountMinor > maxMinor) throw new AppError(400, 'AMOUNT_ABOVE_MAX', { max: money(maxMinor) });
}
