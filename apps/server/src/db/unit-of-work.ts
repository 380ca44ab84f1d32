import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** One transaction of a service: its writes, the audit row among them, commit together or not at all. */
export interface UnitOfWork {
  readonly trx: Transaction<Database>;
  /**
   * Runs `effect` once the transaction has committed, never when it rolls back: dropping a cache or telling the other
   * nodes before the commit would let a reader load (and keep) the state the transaction is about to replace.
   */
  afterCommit(effect: () => void): void;
}

/** Runs `work` in one transaction, then the effects it asked for after the commit. */
export async function inTransaction<T>(db: Kysely<Database>, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
  const effects: (() => void)[] = [];
  const result = await db.transaction().execute((trx) => work({ trx, afterCommit: (effect) => effects.push(effect) }));
  for (const effect of effects) effect();
  return result;
}
