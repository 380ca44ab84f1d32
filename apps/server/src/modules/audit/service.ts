import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type AuditRecorder = (entry: {
  actor: string;
  action: string;
  detail?: Record<string, unknown>;
  ip?: string;
}) => Promise<void>;

/** Appends to the audit log; the log is written, never edited. */
export function createAuditRecorder(db: Kysely<Database>): AuditRecorder {
  return async ({ actor, action, detail = {}, ip }) => {
    await db
      .insertInto('audit_log')
      .values({ actor, action, detail: JSON.stringify(detail), ip: ip ?? null })
      .execute();
  };
}
