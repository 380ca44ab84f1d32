import { type Kysely, type RawBuilder, sql } from 'kysely';
import { preparedAs } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { PostingBatches } from '../wallet/posting-batches.ts';

/**
 * Statements of vendor calls running at once; the calls arriving meanwhile wait and go out together. One: with four,
 * batches of different players deadlocked with each other (1 s deadlock waits, p99 up to 1 s and fewer pairs per
 * second than one in flight), for a reason not found; a call caught in a deadlock still runs again alone.
 */
const BATCHES_IN_FLIGHT = 1;
/** Each call is a subtransaction; a backend tracks 64 of them before its snapshots get expensive for everyone. */
const MAX_BATCH_SIZE = 32;

/** What a money call's statement answers. */
export interface MoneyRow {
  replayed: boolean;
  entry_id: string | null;
  balance_minor: string;
}

/** One vendor call for seamless_call_batch: the arguments of seamless_bet, seamless_win or seamless_rollback. */
export interface SeamlessCall {
  kind: 'bet' | 'win' | 'rollback';
  vendor: string;
  txId: string;
  hash: string;
  memberId: string;
  account: string;
  clearing: string;
  roundId: string;
  currency: string;
  /** A bet's game node, or the bet a win or rollback names. */
  ref: string | null;
  /** A bet's or win's amount. */
  amountMinor?: bigint;
  /** A bet's session. */
  tokenHash?: string;
  sessionMinutes?: number;
  /** Whether a win closes its round. */
  roundClosed?: boolean;
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

/** The error a call raised, shaped as the database driver gives it for the call alone. */
class CallError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly detail: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Vendor calls that arrive together share one statement and one commit (`seamless_call_batch`); each still runs
 * alone in its own subtransaction, so a refusal reaches only its own call.
 */
export class SeamlessCallBatches {
  private readonly batches = new PostingBatches<SeamlessCall, MoneyRow>(
    (_statement, calls) => this.send(calls),
    BATCHES_IN_FLIGHT,
    MAX_BATCH_SIZE,
  );

  constructor(private readonly db: Kysely<Database>) {}

  run(call: SeamlessCall): Promise<MoneyRow> {
    return this.batches.submit('seamless_call_batch', call);
  }

  private async send(calls: SeamlessCall[]): Promise<PromiseSettledResult<MoneyRow>[]> {
    const column = <T>(pick: (call: SeamlessCall) => T) => calls.map(pick);
    const { rows } = await sql<CallRow>`${preparedAs('seamless_call_batch')}SELECT * FROM seamless_call_batch(
        ${column((c) => c.kind)}::text[], ${column((c) => c.vendor)}::text[], ${column((c) => c.txId)}::text[],
        ${column((c) => c.hash)}::text[], ${column((c) => c.memberId)}::bigint[], ${column((c) => c.account)}::bigint[],
        ${column((c) => c.clearing)}::bigint[], ${column((c) => c.roundId)}::text[], ${column((c) => c.ref)}::text[],
        ${column((c) => c.amountMinor?.toString() ?? null)}::bigint[], ${column((c) => c.currency)}::text[],
        ${column((c) => c.tokenHash ?? null)}::text[], ${column((c) => c.sessionMinutes ?? null)}::integer[],
        ${column((c) => c.roundClosed ?? null)}::boolean[])`.execute(this.db);
    return calls.map((_, index): PromiseSettledResult<MoneyRow> => {
      const row = rows[index];
      if (!row || row.item !== index + 1) {
        return { status: 'rejected', reason: new Error('seamless_call_batch answered out of order') };
      }
      if (row.error_code) {
        const reason = new CallError(row.error_message ?? '', row.error_code, row.error_detail || undefined);
        return { status: 'rejected', reason };
      }
      return {
        status: 'fulfilled',
        value: { replayed: row.replayed ?? false, entry_id: row.entry_id, balance_minor: row.balance_minor ?? '0' },
      };
    });
  }
}

/** The call alone, as its own prepared statement (for a call to run again after a deadlock). */
export function aloneStatement(call: SeamlessCall): RawBuilder<MoneyRow> {
  const amount = call.amountMinor?.toString() ?? null;
  switch (call.kind) {
    case 'bet':
      return sql<MoneyRow>`${preparedAs('seamless_bet')}SELECT * FROM seamless_bet(${call.vendor}, ${call.txId}, ${call.hash},
        ${call.memberId}::bigint, ${call.account}::bigint, ${call.clearing}::bigint, ${call.roundId}, ${call.ref},
        ${amount}::bigint, ${call.currency}, ${call.tokenHash ?? null}, ${call.sessionMinutes ?? null}::integer)`;
    case 'win':
      return sql<MoneyRow>`${preparedAs('seamless_win')}SELECT * FROM seamless_win(${call.vendor}, ${call.txId}, ${call.hash},
        ${call.memberId}::bigint, ${call.account}::bigint, ${call.clearing}::bigint, ${call.roundId}, ${call.ref}::text,
        ${amount}::bigint, ${call.currency}, ${call.roundClosed ?? null}::boolean)`;
    case 'rollback':
      return sql<MoneyRow>`${preparedAs('seamless_rollback')}SELECT * FROM seamless_rollback(${call.vendor}, ${call.txId},
        ${call.hash}, ${call.memberId}::bigint, ${call.account}::bigint, ${call.clearing}::bigint, ${call.roundId},
        ${call.ref}, ${call.currency})`;
  }
}
