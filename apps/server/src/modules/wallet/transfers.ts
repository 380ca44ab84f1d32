import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import type { Page, TransferParty, TransferResult } from '@portal/shared/wallet';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { accountKey } from '../members/repository.ts';
import { AGENT_TYPES } from '../members/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import { pageCount } from './deposits.ts';
import type { Ledger } from './ledger.ts';
import type { PaymentPasswords } from './payment-password.ts';

/**
 * Transfers along the agent tree: a member to their upline, an agent to a direct downline. One entry moves the
 * money; its key is the request's, so a retried transfer moves nothing again.
 */
export class TransferService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
    private readonly passwords: PaymentPasswords,
    private readonly currency: string,
  ) {}

  async parties(
    memberId: string,
    options: { search?: string; pageNo: number; pageSize: number },
  ): Promise<{ upline: TransferParty | null; downlines: Page<TransferParty> }> {
    const me = await this.member(memberId);
    const upline = me.upline_id
      ? await this.db
          .selectFrom('members')
          .select(['account', 'nickname'])
          .where('id', '=', me.upline_id)
          .where('status', '=', 'active')
          .executeTakeFirst()
      : undefined;
    const empty = { list: [], pageNo: options.pageNo, pageSize: options.pageSize, total: 0, totalPages: 1 };
    if (!AGENT_TYPES.includes(me.type)) return { upline: upline ?? null, downlines: empty };
    let query = this.db.selectFrom('members').where('upline_id', '=', memberId).where('status', '=', 'active');
    if (options.search) query = query.where('account_key', 'like', `${escapeLike(accountKey(options.search))}%`);
    const [list, count] = await Promise.all([
      query
        .select(['account', 'nickname'])
        .orderBy('account_key')
        .limit(options.pageSize)
        .offset((options.pageNo - 1) * options.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const total = Number(count.total);
    return {
      upline: upline ?? null,
      downlines: {
        list,
        pageNo: options.pageNo,
        pageSize: options.pageSize,
        total,
        totalPages: pageCount(total, options.pageSize),
      },
    };
  }

  async transfer(
    memberId: string,
    input: { to: string; amount: string; paymentPassword: string },
    requestKey: string,
  ): Promise<TransferResult> {
    const amountMinor = parsePositiveAmount(input.amount);
    if (amountMinor === null) throw new AppError(400, 'AMOUNT_INVALID');
    if (!(await this.settings.snapshot()).get('wallet').transfersEnabled) throw new AppError(403, 'FEATURE_DISABLED');
    const me = await this.member(memberId);
    const target = await this.db
      .selectFrom('members')
      .select(['id', 'account', 'type', 'status', 'upline_id'])
      .where('account_key', '=', accountKey(input.to))
      .executeTakeFirst();
    if (target?.status !== 'active') throw new AppError(403, 'TRANSFER_NOT_ALLOWED');
    const toUpline = target.id === me.upline_id;
    const toDownline = AGENT_TYPES.includes(me.type) && target.upline_id === memberId;
    if (!toUpline && !toDownline) {
      throw new AppError(403, 'TRANSFER_NOT_ALLOWED');
    }
    await this.passwords.verify(memberId, input.paymentPassword);
    const from = await this.ledger.memberAccount(memberId, 'member_cash', this.currency);
    const to = await this.ledger.memberAccount(target.id, 'member_cash', this.currency);
    const entry = await this.ledger.post({
      type: 'transfer',
      reference: `transfer:${me.account}>${target.account}`,
      idempotencyKey: `transfer:${memberId}:${requestKey}`,
      lines: [
        { accountId: from, amountMinor: -amountMinor },
        { accountId: to, amountMinor },
      ],
    });
    const mine = entry.lines.find((line) => line.accountId === from);
    return {
      transferNo: `T${entry.entryId}`,
      to: target.account,
      amount: fromMinor(amountMinor),
      balance: fromMinor(mine?.balanceAfterMinor ?? 0n),
    };
  }

  private async member(memberId: string) {
    return this.db
      .selectFrom('members')
      .select(['id', 'account', 'type', 'upline_id'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
