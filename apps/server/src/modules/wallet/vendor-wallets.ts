import { createHash } from 'node:crypto';
import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import { MAIN_WALLET, type MerchantWallets, type WalletTransferResult } from '@portal/shared/wallet';
import type { Kysely, Selectable } from 'kysely';
import type { Database, VendorTransfersTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { JobScheduler } from '../../jobs/jobs.ts';
import { DuplicateTransaction, InsufficientFunds, type Ledger } from './ledger.ts';

/** What a vendor's transfer call came to: final (done or refused), or unknown (sent again later). */
export type TransferOutcome =
  | { kind: 'done'; balanceMinor: bigint | null }
  | { kind: 'refused'; code: string }
  | { kind: 'unknown' };

/** The transfer API of vendors in transfer mode, as the wallet needs it (the seamless module's client). */
export interface VendorTransferPort {
  connected(vendorCode: string): Promise<boolean>;
  move(
    vendorCode: string,
    direction: 'in' | 'out',
    call: { txId: string; playerId: string; amountMinor: bigint; currency: string },
  ): Promise<TransferOutcome>;
  balance(vendorCode: string, playerId: string, currency: string): Promise<bigint | null>;
}

type TransferRow = Selectable<VendorTransfersTable>;

/** A move whose answer was lost is sent again once it has waited this long. */
export const RESEND_AFTER_MS = 10_000;

/**
 * Wallets at game vendors in transfer mode: the vendor holds the member's balance there, and a move between the main
 * wallet and the vendor's is a call of the vendor's transfer API (docs/transfer-api.md) recorded in
 * `vendor_transfers`. Money going in leaves the member's cash (to the vendor's clearing account) with the record, in
 * one transaction, before the call, and comes back if the vendor refuses; money coming out reaches the member's cash
 * only once the vendor has paid it out. A call without a final answer stays pending and is sent again, under the
 * same transaction id, by the caller's retry or the sweep job, until it is done or refused; each outcome is written
 * once (a pending row changes once, each posting has its key).
 *
 * A vendor not connected has no wallet to move money into; money left in the ledger's own wallet account of a vendor
 * (as moves worked before the transfer API) can still be moved back out.
 */
export class VendorWallets {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly currency: string,
    /** The catalogue's enabled vendors in transfer mode. */
    private readonly transferVendors: () => Promise<{ code: string; display_name: string }[]>,
    private readonly vendors: VendorTransferPort,
    /** The member's account name: the player id vendors know the member by. */
    private readonly accountName: (memberId: string) => Promise<string>,
  ) {}

  async list(memberId: string): Promise<MerchantWallets> {
    const [vendors, kept, cash, player] = await Promise.all([
      this.transferVendors(),
      this.ledger.vendorWalletBalances(memberId, this.currency),
      this.ledger.findMemberAccount(memberId, 'member_cash', this.currency),
      this.accountName(memberId),
    ]);
    const wallets = await Promise.all(
      vendors.map(async (vendor) => {
        const keptHere = kept.get(vendor.code) ?? 0n;
        const connected = await this.vendors.connected(vendor.code);
        const atVendor = connected ? await this.vendors.balance(vendor.code, player, this.currency) : 0n;
        return {
          vassalage: vendor.code,
          displayName: vendor.display_name,
          // Unknown while the vendor does not answer.
          balance: atVendor === null ? null : fromMinor(atVendor + keptHere),
        };
      }),
    );
    return { currency: this.currency, main: fromMinor(cash ? await this.ledger.balance(cash) : 0n), wallets };
  }

  async transfer(
    memberId: string,
    input: { from: string; to: string; amount: string },
    requestKey: string,
  ): Promise<WalletTransferResult> {
    const amountMinor = parsePositiveAmount(input.amount);
    if (amountMinor === null) throw new AppError(400, 'AMOUNT_INVALID');
    const vendorCode = input.from === MAIN_WALLET ? input.to : input.to === MAIN_WALLET ? input.from : null;
    const vendors = await this.transferVendors();
    if (!vendorCode || !vendors.some((vendor) => vendor.code === vendorCode)) {
      throw new AppError(400, 'WALLET_TRANSFER_INVALID');
    }
    const direction = input.from === MAIN_WALLET ? 'in' : 'out';
    const hash = createHash('sha256')
      .update(JSON.stringify([direction, vendorCode, amountMinor.toString()]))
      .digest('hex');
    const earlier = await this.find(memberId, requestKey);
    if (earlier) return this.answerAgain(earlier, hash);

    if (!(await this.vendors.connected(vendorCode))) {
      if (direction === 'in') throw new AppError(503, 'GAME_MAINTENANCE');
      return this.moveKeptOut(memberId, vendorCode, amountMinor, requestKey);
    }
    const row = await this.record(memberId, vendorCode, direction, amountMinor, requestKey, hash);
    // A concurrent request with the same key wrote the row first: answer as it is answered.
    if (!row) return this.answerAgain(await this.findOrFail(memberId, requestKey), hash);
    return this.present(await this.send(row));
  }

  /** The latest moves, for the operator: those of a status, newest first. */
  async moves(filter: { status?: 'pending' | 'done' | 'failed'; limit: number }) {
    let query = this.db.selectFrom('vendor_transfers').selectAll().orderBy('id', 'desc').limit(filter.limit);
    if (filter.status) query = query.where('status', '=', filter.status);
    const rows = await query.execute();
    const names = await Promise.all(rows.map((row) => this.accountName(row.member_id)));
    return rows.map((row, index) => ({
      txId: `T${row.id}`,
      account: names[index] ?? '',
      vendor: row.vendor_code,
      direction: row.direction,
      amount: fromMinor(BigInt(row.amount_minor)),
      status: row.status,
      refusal: row.refusal,
      attempts: row.attempts,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }));
  }

  /** Sends again the moves whose answer was lost, once each has waited; the sweep job's work. */
  async resendPending(now = Date.now()): Promise<{ resent: number }> {
    const rows = await this.db
      .selectFrom('vendor_transfers')
      .selectAll()
      .where('status', '=', 'pending')
      .where('updated_at', '<', new Date(now - RESEND_AFTER_MS))
      .orderBy('updated_at')
      .limit(100)
      .execute();
    for (const row of rows) await this.send(row).catch(() => undefined);
    return { resent: rows.length };
  }

  /** Writes the move (and, for money going in, takes it from the member's cash) in one transaction. */
  private async record(
    memberId: string,
    vendorCode: string,
    direction: 'in' | 'out',
    amountMinor: bigint,
    requestKey: string,
    hash: string,
  ): Promise<TransferRow | null> {
    const cash = await this.ledger.memberAccount(memberId, 'member_cash', this.currency);
    const clearing = await this.clearing(vendorCode);
    return this.ledger.transaction(async ({ trx, post }) => {
      const row = await trx
        .insertInto('vendor_transfers')
        .values({
          member_id: memberId,
          vendor_code: vendorCode,
          direction,
          amount_minor: amountMinor.toString(),
          currency: this.currency,
          request_key: requestKey,
          request_hash: hash,
        })
        .onConflict((oc) => oc.columns(['member_id', 'request_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      if (direction === 'in') {
        await post({
          type: 'transfer',
          reference: transferReference(row),
          idempotencyKey: `vendor-transfer:T${row.id}:sent`,
          lines: [
            { accountId: cash, amountMinor: -amountMinor },
            { accountId: clearing, amountMinor },
          ],
        });
      }
      return row;
    });
  }

  /** Calls the vendor for a pending move and writes what it answered; the row as it stands after. */
  private async send(row: TransferRow): Promise<TransferRow> {
    const outcome = await this.vendors.move(row.vendor_code, row.direction, {
      txId: `T${row.id}`,
      playerId: await this.accountName(row.member_id),
      amountMinor: BigInt(row.amount_minor),
      currency: row.currency,
    });
    if (outcome.kind === 'unknown') {
      const touched = await this.db
        .updateTable('vendor_transfers')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: new Date() }))
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      return touched ?? (await this.findById(row.id));
    }
    const cash = await this.ledger.memberAccount(row.member_id, 'member_cash', this.currency);
    const clearing = await this.clearing(row.vendor_code);
    const amountMinor = BigInt(row.amount_minor);
    return this.ledger.transaction(async ({ trx, post }) => {
      const concluded = await trx
        .updateTable('vendor_transfers')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          status: outcome.kind === 'done' ? 'done' : 'failed',
          refusal: outcome.kind === 'refused' ? outcome.code : null,
          vendor_balance_minor: outcome.kind === 'done' ? (outcome.balanceMinor?.toString() ?? null) : null,
          updated_at: new Date(),
        }))
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      // Another node or request concluded it first.
      if (!concluded) return this.findById(row.id, trx);
      const back =
        (concluded.direction === 'in' && concluded.status === 'failed') ||
        (concluded.direction === 'out' && concluded.status === 'done');
      if (back) {
        await post({
          type: 'transfer',
          reference: transferReference(concluded),
          idempotencyKey: `vendor-transfer:T${concluded.id}:${concluded.direction === 'in' ? 'returned' : 'received'}`,
          lines: [
            { accountId: clearing, amountMinor: -amountMinor },
            { accountId: cash, amountMinor },
          ],
        });
      }
      return concluded;
    });
  }

  /** A retried request: the same key with the same move answers as the move stands (sending it again if pending). */
  private async answerAgain(row: TransferRow, hash: string): Promise<WalletTransferResult> {
    if (row.request_hash !== hash) throw new DuplicateTransaction();
    return this.present(row.status === 'pending' ? await this.send(row) : row);
  }

  /** The answer for a move as it stands: its refusal, or the balances with the move done or still pending. */
  private async present(row: TransferRow): Promise<WalletTransferResult> {
    if (row.status === 'failed') {
      if (row.refusal === 'INSUFFICIENT_FUNDS') throw new InsufficientFunds('', 0n);
      throw new AppError(409, 'VENDOR_TRANSFER_REFUSED', { code: row.refusal ?? '' });
    }
    const cash = await this.ledger.memberAccount(row.member_id, 'member_cash', this.currency);
    const [from, to] = row.direction === 'in' ? [MAIN_WALLET, row.vendor_code] : [row.vendor_code, MAIN_WALLET];
    return {
      from,
      to,
      amount: fromMinor(BigInt(row.amount_minor)),
      status: row.status === 'done' ? 'done' : 'pending',
      main: fromMinor(await this.ledger.balance(cash)),
      vendor: row.vendor_balance_minor === null ? null : fromMinor(BigInt(row.vendor_balance_minor)),
    };
  }

  /** Money a vendor's wallet kept in the ledger (before the vendor was connected) moves back to the main wallet. */
  private async moveKeptOut(
    memberId: string,
    vendorCode: string,
    amountMinor: bigint,
    requestKey: string,
  ): Promise<WalletTransferResult> {
    const main = await this.ledger.memberAccount(memberId, 'member_cash', this.currency);
    const kept = await this.ledger.vendorWallet(memberId, vendorCode, this.currency);
    const entry = await this.ledger.post({
      type: 'transfer',
      reference: `vendor-transfer:${vendorCode}>${MAIN_WALLET}`,
      idempotencyKey: `vendor-transfer:${memberId}:${requestKey}`,
      lines: [
        { accountId: kept, amountMinor: -amountMinor },
        { accountId: main, amountMinor },
      ],
    });
    const after = (accountId: string) =>
      fromMinor(entry.lines.find((line) => line.accountId === accountId)?.balanceAfterMinor ?? 0n);
    return {
      from: vendorCode,
      to: MAIN_WALLET,
      amount: fromMinor(amountMinor),
      status: 'done',
      main: after(main),
      vendor: after(kept),
    };
  }

  private clearing(vendorCode: string) {
    return this.ledger.systemAccount(
      `vendor:${vendorCode.toLowerCase()}:${this.currency.toLowerCase()}`,
      'vendor_clearing',
      this.currency,
    );
  }

  private find(memberId: string, requestKey: string) {
    return this.db
      .selectFrom('vendor_transfers')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
  }

  private async findOrFail(memberId: string, requestKey: string): Promise<TransferRow> {
    const row = await this.find(memberId, requestKey);
    if (!row) throw new Error('a vendor transfer vanished');
    return row;
  }

  private async findById(id: string, executor: Pick<Kysely<Database>, 'selectFrom'> = this.db): Promise<TransferRow> {
    return executor.selectFrom('vendor_transfers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }
}

/** Every entry of a move names it, so the member's record shows the move's money as one line. */
const transferReference = (row: TransferRow) =>
  `vendor-transfer:${row.direction === 'in' ? `${MAIN_WALLET}>${row.vendor_code}` : `${row.vendor_code}>${MAIN_WALLET}`}:T${row.id}`;

export const VENDOR_TRANSFER_SWEEP = 'wallet.vendor-transfers.resend';

/** Moves whose vendor answer was lost are sent again every `everyMs`, on one node at a time. */
export function scheduleVendorTransferSweep(jobs: JobScheduler, wallets: VendorWallets, everyMs: number): void {
  jobs.define(VENDOR_TRANSFER_SWEEP, () => wallets.resendPending());
  jobs.every(VENDOR_TRANSFER_SWEEP, { everyMs, catchUp: 1 });
}
