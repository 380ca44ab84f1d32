import { type Kysely, sql } from 'kysely';
import { DEMO_CURRENCY } from '../../common/currencies.ts';
import { preparedAs } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { InsufficientFunds } from './ledger.ts';
import { PostingBatches, type PostingGuard } from './posting-batches.ts';

/**
 * Statements of vendor calls running at once; the calls arriving meanwhile wait and go out together. A member's
 * calls never run in two statements at once (PostingBatches), and in the database each statement locks its
 * members' balance rows first, in id order, skipping those another transaction holds (ledger_vendor_calls), so
 * statements in flight cannot deadlock.
 */
const STATEMENTS_IN_FLIGHT = 4;
/** Each call is a subtransaction; a backend tracks 64 of them before its snapshots get expensive for everyone. */
const MAX_BATCH_SIZE = 32;
/** A statement that goes out while others run takes at least this many calls (see PostingBatches). */
const MIN_BATCH_WHILE_BUSY = 8;
const DEADLOCK_RETRIES = 3;

/** The refusals a vendor call can meet, each with the member's balance where it is known. */
export const VENDOR_REFUSALS = [
  'SESSION_EXPIRED',
  'ACCOUNT_DISABLED',
  'BET_NOT_FOUND',
  'BET_ROLLED_BACK',
  'ROUND_CLOSED',
  'DUPLICATE_TRANSACTION',
] as const;
export type VendorRefusal = (typeof VENDOR_REFUSALS)[number];

/** A vendor call the wallet refused; nothing moved. */
export class VendorCallRefused extends Error {
  constructor(
    readonly code: VendorRefusal,
    readonly balanceMinor: bigint | null,
  ) {
    super(code);
  }
}

/**
 * One money call of a game vendor. The transaction id is the vendor's, applied at most once per vendor; `hash`
 * stands for the call's content, so the same id with other content is refused as a duplicate.
 */
export interface VendorCall {
  kind: 'bet' | 'win' | 'rollback';
  vendor: string;
  txId: string;
  hash: string;
  memberId: string;
  /** The member's account the call plays (cash, or a trial member's demo money). */
  account: string;
  /** The vendor's clearing account in the call's currency. */
  clearing: string;
  roundId: string;
  currency: string;
  /** A bet's game node, or the bet a win or rollback names. */
  ref: string | null;
  /** A bet's or win's amount. */
  amountMinor?: bigint;
  /** Whether a win closes its round (a closed round takes no more bets). */
  roundClosed?: boolean;
}

/**
 * A condition the caller puts on its bets, evaluated in the statement that posts them: per call, null to let it
 * through or the refusal to answer (a launch session that ended, a disabled member).
 */
export type VendorCallPrecondition = PostingGuard<VendorRefusal | null>;

export interface VendorPosting {
  /** The same call was applied before: this is its first answer. */
  replayed: boolean;
  /** The journal entry that moved the money; null when nothing moved (a zero win, a rollback of nothing). */
  entryId: string | null;
  /** The member's balance after the call. */
  balanceMinor: bigint;
}

/** A vendor's round of the past (see `VendorPostings.postPastRounds`): its bet is `<roundId>-b`, its win `<roundId>-w`. */
export interface PastVendorRound {
  vendor: string;
  roundId: string;
  memberId: string;
  /** The member's cash account and the vendor's clearing account. */
  account: string;
  clearing: string;
  gameId: string;
  stakeMinor: bigint;
  /** Zero for a lost round. */
  winMinor: bigint;
  betAt: Date;
  settledAt: Date;
  /** The hashes the bet and the win calls would carry. */
  betHash: string;
  winHash: string;
}

interface CallRow {
  item: number;
  replayed: boolean | null;
  entry_id: string | null;
  balance_minor: string | null;
  error_code: string | null;
  error_message: string | null;
  error_detail: string | null;
}

interface PendingCall {
  call: VendorCall;
  precondition: VendorCallPrecondition | null;
}

const NO_PRECONDITION = 'none';

/**
 * The vendor calls' postings: bets, wins and rollbacks with the vendors' rules (a transaction id applied once, a
 * rollback naming its bet, a late bet of a rolled-back id refused, wins paid after the session ended). Calls that
 * arrive together share one statement (ledger_vendor_calls) and its commit; each still runs in its own
 * subtransaction, so a refusal reaches only its own call.
 */
export class VendorPostings {
  private readonly batches = new PostingBatches<PendingCall, VendorPosting>(
    (statement, calls) => this.send(statement, calls),
    STATEMENTS_IN_FLIGHT,
    MAX_BATCH_SIZE,
    ({ call }) => [call.account],
    MIN_BATCH_WHILE_BUSY,
  );

  /**
   * Since start: calls that found their member's balance row held by another transaction (another node's statement,
   * an order being decided) and ran again on their own, waiting their turn; calls that waited 250 ms for another
   * lock and gave up (another call using the same transaction id at once); deadlocks PostgreSQL reported (the
   * lock order rules them out, so any is a defect).
   */
  readonly stats = { waitedTurn: 0, lockTimeouts: 0, deadlocks: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onMembersMoved: (memberIds: string[]) => void,
  ) {}

  /** Whether a vendor's transaction id was used (by any call, or a rollback's marker). */
  async known(vendor: string, txId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('vendor_transactions')
      .select('tx_id')
      .where('vendor_code', '=', vendor)
      .where('tx_id', '=', txId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The latest real-money wins (more than zero), newest first, each with the game node of its round's bet; of the
   * given game nodes only, or of all when `nodeIds` is null.
   */
  async latestWins(limit: number, nodeIds: readonly string[] | null) {
    const { rows } = await sql<{
      member_id: string;
      vendor_code: string;
      node_id: string;
      amount_minor: string;
      created_at: Date;
    }>`
      SELECT w.member_id, w.vendor_code, bet.node_id, w.amount_minor, w.created_at
        FROM vendor_transactions w
        JOIN LATERAL (
          SELECT b.node_id FROM vendor_transactions b
           WHERE b.vendor_code = w.vendor_code AND b.member_id = w.member_id AND b.round_id = w.round_id
             AND b.kind = 'bet' AND b.node_id IS NOT NULL
           LIMIT 1) bet ON true
       WHERE w.kind = 'win' AND w.amount_minor > 0 AND w.currency <> ${DEMO_CURRENCY}
         AND (${nodeIds}::text[] IS NULL OR bet.node_id = ANY (${nodeIds}::text[]))
       ORDER BY w.created_at DESC
       LIMIT ${limit}`.execute(this.db);
    return rows.map((row) => ({
      memberId: row.member_id,
      vendorCode: row.vendor_code,
      nodeId: row.node_id,
      amountMinor: BigInt(row.amount_minor),
      createdAt: new Date(row.created_at),
    }));
  }

  async post(call: VendorCall, precondition: VendorCallPrecondition | null = null): Promise<VendorPosting> {
    const pending = { call, precondition };
    const statement = precondition?.name ?? NO_PRECONDITION;
    let posting: VendorPosting;
    try {
      posting = await this.batches.submit(statement, pending);
    } catch (error) {
      if (!(error instanceof HeldUp)) throw error;
      // On its own, outside the batches: the other calls neither wait for it nor queue behind it.
      this.count(error.row);
      const [row] = await this.run(statement, [pending], true);
      posting = unwrap(settle(row));
    }
    if (!posting.replayed && posting.entryId) this.onMembersMoved([call.memberId]);
    return posting;
  }

  /**
   * Seed only (db/seed/team.ts through SeamlessService.recordPastRounds): vendor rounds of the past, each a bet and
   * the win that closed it, written with the times they were played by ledger_vendor_rounds_past in one statement
   * (a call at a time costs milliseconds on the embedded database; docs/decisions.md "The demo team's past"). A
   * member's rounds come in the order played; a balance that would go below zero refuses them all.
   */
  async postPastRounds(rounds: readonly PastVendorRound[], currency: string): Promise<void> {
    if (rounds.length === 0) return;
    const column = <T>(pick: (round: PastVendorRound) => T) => rounds.map(pick);
    try {
      await sql`SELECT ledger_vendor_rounds_past(
          ${column((r) => r.vendor)}::text[], ${column((r) => r.roundId)}::text[], ${column((r) => r.memberId)}::bigint[],
          ${column((r) => r.account)}::bigint[], ${column((r) => r.clearing)}::bigint[], ${column((r) => r.gameId)}::text[],
          ${column((r) => r.stakeMinor.toString())}::bigint[], ${column((r) => r.winMinor.toString())}::bigint[],
          ${column((r) => r.betAt.toISOString())}::timestamptz[], ${column((r) => r.settledAt.toISOString())}::timestamptz[],
          ${column((r) => r.betHash)}::text[], ${column((r) => r.winHash)}::text[], ${currency})`.execute(this.db);
    } catch (error) {
      const e = error as { message?: string; detail?: string };
      if (e?.message === 'ledger_insufficient_funds') {
        const [accountId = '', balance = '0'] = String(e.detail ?? '').split(':');
        throw new InsufficientFunds(accountId, BigInt(balance));
      }
      throw error;
    }
  }

  /** Sends the calls together; a call another transaction held up is answered `HeldUp`, to run again on its own. */
  private async send(statement: string, calls: PendingCall[]): Promise<PromiseSettledResult<VendorPosting>[]> {
    const rows = await this.run(statement, calls, false);
    // The statement runs the calls in account order: each row names its call.
    const rowOf = new Map(rows.map((row) => [row.item, row]));
    return calls.map((_, index): PromiseSettledResult<VendorPosting> => {
      const row = rowOf.get(index + 1);
      if (row && isHeldUp(row.error_code)) return { status: 'rejected', reason: new HeldUp(row) };
      return settle(row);
    });
  }

  private count(row: CallRow) {
    if (row.error_message === 'ledger_account_busy') this.stats.waitedTurn++;
    else if (row.error_code === '55P03') this.stats.lockTimeouts++;
    else if (row.error_code === '40P01') this.stats.deadlocks++;
  }

  private async run(statement: string, calls: PendingCall[], wait: boolean): Promise<CallRow[]> {
    const column = <T>(pick: (call: VendorCall) => T) => calls.map(({ call }) => pick(call));
    const precondition = calls[0]?.precondition;
    const refusals = precondition
      ? precondition.sql(
          precondition.values.map((_, i) => calls.map((pending) => pending.precondition?.values[i] ?? null)),
        )
      : sql<null[]>`NULL`;
    const query = sql<CallRow>`${preparedAs(`ledger_vendor_calls_${statement}`)}SELECT * FROM ledger_vendor_calls(
        ${column((c) => c.kind)}::text[], ${column((c) => c.vendor)}::text[], ${column((c) => c.txId)}::text[],
        ${column((c) => c.hash)}::text[], ${column((c) => c.memberId)}::bigint[], ${column((c) => c.account)}::bigint[],
        ${column((c) => c.clearing)}::bigint[], ${column((c) => c.roundId)}::text[], ${column((c) => c.ref)}::text[],
        ${column((c) => c.amountMinor?.toString() ?? null)}::bigint[], ${column((c) => c.currency)}::text[],
        ${column((c) => c.roundClosed ?? null)}::boolean[], ${refusals}::text[], ${wait})`;
    for (let attempt = 1; ; attempt++) {
      try {
        return (await query.execute(this.db)).rows;
      } catch (error) {
        if ((error as { code?: string })?.code === '40P01') this.stats.deadlocks++;
        if (isRetryable(error) && attempt < DEADLOCK_RETRIES) continue;
        throw error;
      }
    }
  }
}

/** A call that another transaction held up (a balance row it holds, a lock wait given up, a deadlock). */
class HeldUp extends Error {
  constructor(readonly row: CallRow) {
    super(row.error_message ?? 'held up');
  }
}

function unwrap<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** A call's answer from its row: the posting, or the refusal as a typed error. */
function settle(row: CallRow | undefined): PromiseSettledResult<VendorPosting> {
  if (!row) return { status: 'rejected', reason: new Error('ledger_vendor_calls answered nothing') };
  if (!row.error_code) {
    return {
      status: 'fulfilled',
      value: {
        replayed: row.replayed ?? false,
        entryId: row.entry_id,
        balanceMinor: BigInt(row.balance_minor ?? '0'),
      },
    };
  }
  const detail = row.error_detail ?? '';
  if (row.error_code === 'P0001' && row.error_message === 'vendor_call_refused') {
    const [code = '', balance] = detail.split(':');
    if ((VENDOR_REFUSALS as readonly string[]).includes(code)) {
      const reason = new VendorCallRefused(code as VendorRefusal, balance ? BigInt(balance) : null);
      return { status: 'rejected', reason };
    }
  }
  if (row.error_code === 'P0001' && row.error_message === 'ledger_insufficient_funds') {
    const [accountId = '', balance = '0'] = detail.split(':');
    return { status: 'rejected', reason: new InsufficientFunds(accountId, BigInt(balance)) };
  }
  const reason = Object.assign(new Error(row.error_message ?? 'vendor call failed'), {
    code: row.error_code,
    detail: row.error_detail,
  });
  return { status: 'rejected', reason };
}

/** Held up by another transaction: a balance row it holds, a lock wait given up, a deadlock or a serialization failure. */
function isHeldUp(code: string | null): boolean {
  return code === '55P03' || code === '40P01' || code === '40001';
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '40P01' || code === '40001';
}
