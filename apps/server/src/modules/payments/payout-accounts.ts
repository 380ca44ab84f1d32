import type { ChannelKind, PayoutAccount } from '@portal/shared/wallet';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PayoutAccountsTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { PaymentPasswords } from '../members/payment-password.ts';

export type PayoutAccountRow = Selectable<PayoutAccountsTable>;

/** The receiving accounts a member binds for withdrawals (payment password required to add or remove). */
export class PayoutAccounts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly passwords: PaymentPasswords,
    private readonly limit: () => Promise<number>,
    private readonly audit: AuditRecorder,
  ) {}

  async list(memberId: string): Promise<PayoutAccount[]> {
    const rows = await this.db
      .selectFrom('payout_accounts')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('removed_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map(presentPayoutAccount);
  }

  /** Binds an account; where withdrawals may go is audited with the change (`actor` is the member). */
  async add(
    memberId: string,
    input: { kind: ChannelKind; provider: string; accountName: string; accountNumber: string; paymentPassword: string },
    actor: { name: string; ip: string },
  ): Promise<PayoutAccount> {
    await this.passwords.verify(memberId, input.paymentPassword);
    const limit = await this.limit();
    if ((await this.list(memberId)).length >= limit) {
      throw new AppError(409, 'PAYOUT_ACCOUNT_LIMIT', { limit: String(limit) });
    }
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('payout_accounts')
        .values({
          member_id: memberId,
          kind: input.kind,
          provider: input.provider.trim(),
          account_name: input.accountName.trim(),
          account_number: input.accountNumber,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) throw new AppError(409, 'PAYOUT_ACCOUNT_EXISTS');
      const detail = { id: inserted.id, kind: inserted.kind, provider: inserted.provider };
      await this.audit.record(trx, { actor: actor.name, action: 'member.payout_account.added', detail, ip: actor.ip });
      return inserted;
    });
    return presentPayoutAccount(row);
  }

  async remove(memberId: string, id: string, paymentPassword: string, actor: { name: string; ip: string }) {
    await this.passwords.verify(memberId, paymentPassword);
    await this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .updateTable('payout_accounts')
        .set({ removed_at: new Date() })
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (Number(removed.numUpdatedRows) === 0) throw new AppError(404, 'NOT_FOUND');
      await this.audit.record(trx, {
        actor: actor.name,
        action: 'member.payout_account.removed',
        detail: { id },
        ip: actor.ip,
      });
    });
  }

  async owned(memberId: string, id: string): Promise<PayoutAccountRow> {
    const row = await this.db
      .selectFrom('payout_accounts')
      .selectAll()
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return row;
  }
}

export function presentPayoutAccount(row: PayoutAccountRow): PayoutAccount {
  return {
    id: row.id,
    kind: row.kind,
    provider: row.provider,
    accountName: row.account_name,
    accountNumberMasked: `****${row.account_number.slice(-4)}`,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
