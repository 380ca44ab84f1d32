import { fromMinor, toMinor } from '@portal/shared/money';
import type { ChannelKind, ChannelMode, PaymentChannel, ReceivingAccount } from '@portal/shared/wallet';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PaymentChannelsTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';

export type ChannelRow = Selectable<PaymentChannelsTable>;

/** A channel as the operator writes it (amounts as decimal strings). */
export interface ChannelInput {
  code: string;
  kind: ChannelKind;
  mode: ChannelMode;
  provider?: string | null;
  displayName: string;
  currency?: string;
  minAmount: string;
  maxAmount: string;
  quickAmounts?: string[];
  orderMinutes?: number;
  receivingAccount?: ReceivingAccount | null;
  enabled?: boolean;
  sortOrder?: number;
}

export interface AdminChannel extends PaymentChannel {
  provider: string | null;
  receivingAccount: ReceivingAccount | null;
  enabled: boolean;
  sortOrder: number;
}

/** The operator's deposit channels: bank transfer, e-wallets (manual) and gateways (provider). */
export class PaymentChannels {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly providerNames: () => string[],
    private readonly audit: AuditRecorder,
  ) {}

  async listEnabled(): Promise<PaymentChannel[]> {
    const rows = await this.db
      .selectFrom('payment_channels')
      .selectAll()
      .where('enabled', '=', true)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return rows.map(toPublicChannel);
  }

  async listAll(): Promise<AdminChannel[]> {
    const rows = await this.db.selectFrom('payment_channels').selectAll().orderBy('sort_order').orderBy('id').execute();
    return rows.map(toAdminChannel);
  }

  async enabledByCode(code: string): Promise<ChannelRow> {
    const row = await this.db
      .selectFrom('payment_channels')
      .selectAll()
      .where('code', '=', code)
      .where('enabled', '=', true)
      .executeTakeFirst();
    if (!row) throw new AppError(400, 'CHANNEL_UNAVAILABLE');
    return row;
  }

  async byId(id: string): Promise<ChannelRow> {
    return this.db.selectFrom('payment_channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** Several channels in one read, by id. */
  async byIds(ids: string[]): Promise<Map<string, ChannelRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('payment_channels')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  async create(input: ChannelInput, actor: { name: string; ip?: string }): Promise<AdminChannel> {
    const values = this.toColumns(input);
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('payment_channels')
        .values(values)
        .onConflict((oc) => oc.column('code').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) throw new AppError(409, 'CHANNEL_EXISTS');
      await this.audit.record(trx, {
        actor: actor.name,
        action: 'payment_channel.created',
        detail: { ...input },
        ip: actor.ip,
      });
      return inserted;
    });
    return toAdminChannel(row);
  }

  async update(code: string, input: Omit<ChannelInput, 'code'>, actor: { name: string; ip?: string }) {
    const values = this.toColumns({ ...input, code });
    const row = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('payment_channels')
        .set({ ...values, updated_at: new Date() })
        .where('code', '=', code)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw new AppError(404, 'NOT_FOUND');
      const detail = { code, ...input };
      await this.audit.record(trx, { actor: actor.name, action: 'payment_channel.updated', detail, ip: actor.ip });
      return updated;
    });
    return toAdminChannel(row);
  }

  private toColumns(input: ChannelInput) {
    const min = toMinor(input.minAmount);
    const max = toMinor(input.maxAmount);
    if (min <= 0n || max < min) throw new AppError(400, 'VALIDATION', { detail: 'minAmount and maxAmount' });
    const quick = (input.quickAmounts ?? []).map(toMinor);
    if (quick.some((amount) => amount < min || amount > max)) {
      throw new AppError(400, 'VALIDATION', { detail: 'quickAmounts must lie between minAmount and maxAmount' });
    }
    if (input.mode === 'provider' && !this.providerNames().includes(input.provider ?? '')) {
      throw new AppError(400, 'VALIDATION', { detail: `provider must be one of ${this.providerNames().join(', ')}` });
    }
    if (input.mode === 'manual' && !input.receivingAccount) {
      throw new AppError(400, 'VALIDATION', { detail: 'a manual channel needs receivingAccount' });
    }
    return {
      code: input.code,
      kind: input.kind,
      mode: input.mode,
      provider: input.mode === 'provider' ? (input.provider ?? null) : null,
      display_name: input.displayName,
      currency: input.currency ?? 'BDT',
      min_minor: min.toString(),
      max_minor: max.toString(),
      quick_amounts: quick.map(String),
      order_minutes: input.orderMinutes ?? 30,
      receiving_account: input.receivingAccount ? JSON.stringify(input.receivingAccount) : null,
      enabled: input.enabled ?? true,
      sort_order: input.sortOrder ?? 0,
    };
  }
}

export function toPublicChannel(row: ChannelRow): PaymentChannel {
  return {
    code: row.code,
    kind: row.kind,
    mode: row.mode,
    displayName: row.display_name,
    currency: row.currency,
    minAmount: fromMinor(BigInt(row.min_minor)),
    maxAmount: fromMinor(BigInt(row.max_minor)),
    quickAmounts: row.quick_amounts.map((amount) => fromMinor(BigInt(amount))),
    orderMinutes: row.order_minutes,
  };
}

function toAdminChannel(row: ChannelRow): AdminChannel {
  return {
    ...toPublicChannel(row),
    provider: row.provider,
    receivingAccount: row.receiving_account,
    enabled: row.enabled,
    sortOrder: row.sort_order,
  };
}
