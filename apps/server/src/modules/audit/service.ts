import type { Kysely } from 'kysely';
import type { AuditEntry, AuditRecorder } from '../../common/audit.ts';

export type { AuditEntry, AuditRecorder };

import type { Database } from '../../db/schema.ts';

export function createAuditRecorder(db: Kysely<Database>): AuditRecorder {
  const insert = async (executor: Kysely<Database>, { actor, action, detail = {}, ip, requestKey }: AuditEntry) => {
    await executor
      .insertInto('audit_log')
      .values({ actor, action, detail: JSON.stringify(detail), ip: ip ?? null, request_key: requestKey ?? null })
      .onConflict((oc) => oc.column('request_key').doNothing())
      .execute();
  };
  return {
    record: (trx, entry) => insert(trx, entry),
    event: (entry) => insert(db, entry),
  };
}

export interface AuditRow {
  id: string;
  actor: string;
  action: string;
  detail: Record<string, unknown>;
  ip: string | null;
  createdAt: string;
}

/** The log as operators read it. */
export class AuditLog {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest first; an action prefix ('member.login') also finds its sub-actions. */
  async read(filter: { actor?: string; action?: string; limit: number }): Promise<AuditRow[]> {
    let query = this.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(filter.limit);
    if (filter.actor) query = query.where('actor', '=', filter.actor);
    if (filter.action) query = query.where('action', 'like', `${filter.action.replace(/[%_\\]/g, '\\$&')}%`);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: r.id,
      actor: r.actor,
      action: r.action,
      detail: r.detail,
      ip: r.ip,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}
