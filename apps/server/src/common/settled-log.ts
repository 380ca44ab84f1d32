// Catching a roll-up up with an append-only log read by id (the journal's lines, the payments' change log): only ids
// that can no longer change are read. An id is taken after the transaction that writes it got its own transaction
// id (its row follows a write of the same transaction), so once every transaction older than the snapshot's xmax
// has ended, no row at or below the newest id seen can still appear.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface LogCatchUp {
  /** An SQL bigint: the newest id of the log. */
  newest: RawBuilder<unknown>;
  /** The id of the newest row in the roll-up. */
  watermark: () => Promise<bigint>;
  /** Rows read per call of `rebuild`, which bounds its memory and the length of its transaction. */
  batch: number;
  /** How long to wait for the older transactions to end before leaving the rest to the next run. */
  settleWaitMs: number;
  /** Rolls the rows (from, to] up and moves the watermark to `to`; what it rebuilt (a count). */
  rebuild: (from: bigint, to: bigint) => Promise<number>;
}

/**
 * Reads the newest id and the snapshot's xmax, waits until every transaction older than that xmax has ended, then
 * rebuilds batch by batch from the watermark up to that id; at least one pass, even with nothing new (the passes
 * also re-add up what the tree's moves changed).
 */
export async function catchUpLog(
  db: Kysely<Database>,
  log: LogCatchUp,
): Promise<{ from: bigint; to: bigint; rebuilt: number }> {
  const { rows } = await sql<{ top: string; xmax: string }>`
    SELECT coalesce(${log.newest}, 0)::text AS top, pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`.execute(db);
  const top = BigInt(rows[0]?.top ?? '0');
  const settled = await olderTransactionsEnded(db, rows[0]?.xmax ?? '0', log.settleWaitMs);
  const start = await log.watermark();
  let done = start;
  let rebuilt = 0;
  while (settled) {
    const step = BigInt(log.batch);
    const to = done + step < top ? done + step : top > done ? top : done;
    rebuilt += await log.rebuild(done, to);
    done = to;
    if (done >= top) break;
  }
  return { from: start, to: done, rebuilt };
}

/** Whether every transaction below `xmax` has ended, waiting for them up to `waitMs`. */
async function olderTransactionsEnded(db: Kysely<Database>, xmax: string, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await sql<{ done: boolean }>`
      SELECT pg_snapshot_xmin(pg_current_snapshot()) >= ${xmax}::xid8 AS done`.execute(db);
    if (rows[0]?.done) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
