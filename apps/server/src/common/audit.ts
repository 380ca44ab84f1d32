import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AuditEntry {
  actor: string;
  action: string;
  detail?: Record<string, unknown>;
  ip?: string;
  /** The request's idempotency key: a replay under it writes no second row. */
  requestKey?: string;
}

/**
 * The audit log, written and never edited (the audit module keeps it). A state change records its row with
 * `record`, inside the transaction that makes the change, so both commit or neither does; the parameter is a
 * `Transaction`, so the root database handle does not type-check there. `event` is only for what changes nothing
 * stored of its own (a refused sign-in, whose counters live in the ephemeral store): the row is then the whole write.
 */
export interface AuditRecorder {
  record(trx: Transaction<Database>, entry: AuditEntry): Promise<void>;
  event(entry: AuditEntry): Promise<void>;
}
