import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import type { Page, TransferParty, TransferResult } from '@portal/shared/wallet';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { accountKey } from '../members/repository.ts';
import { AGENT_TYPES } from '../members/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import { pageCount } from './deposits.ts';
import type { Ledger, PostedEntry } from './ledger.ts';
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
    member: { id: string; account: string },
    input: { to: string; amount: string; paymentPassword: string },
    requestKey: string,
  ): Promise<TransferResult> {
    const amountMinor = parsePositiveAmount(input.amount);
    if (amountMinor === null) throw new AppError(400, 'AMOUNT_INVALID');
    const idempotencyKey = `transfer:${member.id}:${requestKey}`;
    // A retry is answered from the journal alone (nothing else needs resolving for an entry that exists).
    const earlier = await this.ledger.findByKey(idempotencyKey);
    if (earlier) return this.answerRetry(earlier, member, input.to, amountMinor);

    if (!(await this.settings.snapshot()).get('wallet').transfersEnabled) throw new AppError(403, 'FEATURE_DISABLED');
    // The member and the target in one read.
    const rows = await this.db
      .selectFrom('members')
      .select(['id', 'account', 'type', 'status', 'upline_id', 'payment_password_hash'])
      .where((eb) => eb.or([eb('id', '=', member.id), eb('account_key', '=', accountKey(input.to))]))
      .limit(2)
      .execute();
    const me = rows.find((row) => row.id === member.id);
    const target = rows.find((row) => row.id !== member.id);
    if (!me || target?.status !== 'active') throw new AppError(403, 'TRANSFER_NOT_ALLOWED');
    const toUpline = target.id === me.upline_id;
    const toDownline = AGENT_TYPES.includes(me.type) && target.upline_id === member.id;
    if (!toUpline && !toDownline) throw new AppError(403, 'TRANSFER_NOT_ALLOWED');
    await this.passwords.verify(member.id, input.paymentPassword, me.payment_password_hash);
    const from = await this.ledger.memberAccount(member.id, 'member_cash', this.currency);
    const to = await this.ledger.memberAccount(target.id, 'member_cash', this.currency);
    const entry = await this.ledger.post({
      type: 'transfer',
      reference: `transfer:${me.account}>${target.account}`,
      idempotencyKey,
      lines: [
        { accountId: from, amountMinor: -amountMinor },
        { accountId: to, amountMinor },
      ],
    });
    return present(entry, from, target.account, amountMinor);
  }

  /** The stored answer to a retried transfer, or 409 when the key was used for another transfer. */
  private answerRetry(entry: PostedEntry, member: { account: string }, to: string, amountMinor: bigint) {
    const [prefix, route = ''] = entry.reference.split(/:(.*)/s);
    const [fromAccount = '', toAccount = ''] = route.split('>');
    const mine = entry.lines.find((line) => line.amountMinor < 0n);
    const same =
      prefix === 'transfer' &&
      fromAccount.toLowerCase() === member.account.toLowerCase() &&
      toAccount.toLowerCase() === to.trim().toLowerCase() &&
      mine?.amountMinor === -amountMinor;
    if (!same || !mine) throw new AppError(409, 'DUPLICATE_TRANSACTION');
    return present(entry, mine.accountId, toAccount, amountMinor);
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

function present(entry: PostedEntry, from: string, to: string, amountMinor: bigint): TransferResult {
  const mine = entry.lines.find((line) => line.accountId === from);
  return {
    transferNo: `T${entry.entryId}`,
    to,
    amount: fromMinor(amountMinor),
    balance: fromMinor(mine?.balanceAfterMinor ?? 0n),
  };
}
