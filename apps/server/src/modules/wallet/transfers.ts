import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import type { Page, TransferParty, TransferResult } from '@portal/shared/wallet';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { AGENT_TYPES, accountKey } from '../../common/member-types.ts';
import { AppError } from '../../http/errors.ts';
import { offsetOf, pageOf } from '../../http/pages.ts';
import type { PaymentPasswords } from '../members/payment-password.ts';
import type { MemberService } from '../members/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import type { Ledger, PostedEntry, PostingGuard } from './ledger.ts';

/**
 * Transfers along the agent tree: a member to their upline, an agent to a direct downline. One entry moves the
 * money; its key is the request's, so a retried transfer moves nothing again.
 */
export class TransferService {
  /** Members by account key (an account name never changes), learnt from the full path's reads. */
  private readonly members = new LRUCache<string, { id: string; account: string }>({ max: 100_000 });

  constructor(
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
    private readonly passwords: PaymentPasswords,
    private readonly memberService: MemberService,
    private readonly currency: string,
  ) {}

  async parties(
    memberId: string,
    options: { search?: string; pageNo: number; pageSize: number },
  ): Promise<{ upline: TransferParty | null; downlines: Page<TransferParty> }> {
    const me = await this.member(memberId);
    const upline = me.upline_id ? await this.memberService.activeUpline(memberId) : null;
    if (!AGENT_TYPES.includes(me.type)) return { upline, downlines: pageOf(options, 0, []) };
    const { list, total } = await this.memberService.activeDownlines(memberId, {
      search: options.search,
      limit: options.pageSize,
      offset: offsetOf(options),
    });
    return { upline, downlines: pageOf(options, total, list) };
  }

  async transfer(
    member: { id: string; account: string; type: number },
    input: { to: string; amount: string; paymentPassword: string },
    requestKey: string,
  ): Promise<TransferResult> {
    const amountMinor = parsePositiveAmount(input.amount);
    if (amountMinor === null) throw new AppError(400, 'AMOUNT_INVALID');
    const idempotencyKey = `transfer:${member.id}:${requestKey}`;
    const quick = await this.quickTransfer(member, input, amountMinor, idempotencyKey);
    if (quick) return quick;
    // Both questions at once: was this request made before, and who are the two members.
    const [rows, earlier] = await Promise.all([
      this.memberService.transferParties(member.id, input.to),
      this.ledger.entryByKey(idempotencyKey),
    ]);
    for (const row of rows) this.members.set(accountKey(row.account), { id: row.id, account: row.account });
    if (earlier) return this.answerRetry(earlier, member, input.to, amountMinor);
    if (!(await this.settings.snapshot()).get('wallet').transfersEnabled) throw new AppError(403, 'FEATURE_DISABLED');
    const me = rows.find((row) => row.id === member.id);
    const target = rows.find((row) => row.id !== member.id);
    if (!me || target?.status !== 'active') throw new AppError(403, 'TRANSFER_NOT_ALLOWED');
    const toUpline = target.id === me.upline_id;
    const toDownline = AGENT_TYPES.includes(me.type) && target.upline_id === member.id;
    if (!toUpline && !toDownline) throw new AppError(403, 'TRANSFER_NOT_ALLOWED');
    await this.passwords.verify(member.id, input.paymentPassword);
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

  /**
   * The common case in one statement: a payer whose payment password was verified minutes ago, paying a member
   * this process has seen. The posting runs only if, when it runs, both members are active, still related along
   * the tree, and the payer's password is still the one verified. Null when any of that is unknown or false, and
   * the full path then decides (and explains a refusal); nothing was written.
   */
  private async quickTransfer(
    member: { id: string; account: string; type: number },
    input: { to: string; paymentPassword: string },
    amountMinor: bigint,
    idempotencyKey: string,
  ): Promise<TransferResult | null> {
    const target = this.members.get(accountKey(input.to));
    if (!target || target.id === member.id) return null;
    if (!(await this.settings.snapshot()).get('wallet').transfersEnabled) return null;
    const fingerprint = this.passwords.rememberedFingerprint(member.id, input.paymentPassword);
    if (!fingerprint) return null;
    const [from, to] = await Promise.all([
      this.ledger.memberAccount(member.id, 'member_cash', this.currency),
      this.ledger.memberAccount(target.id, 'member_cash', this.currency),
    ]);
    const entry = await this.ledger.postIf(
      {
        type: 'transfer',
        reference: `transfer:${member.account}>${target.account}`,
        idempotencyKey,
        lines: [
          { accountId: from, amountMinor: -amountMinor },
          { accountId: to, amountMinor },
        ],
      },
      { ...TRANSFER_GUARD, values: [member.id, target.id, fingerprint, AGENT_TYPES.includes(member.type)] },
    );
    return entry ? present(entry, from, target.account, amountMinor) : null;
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
    const member = await this.memberService.findById(memberId);
    if (!member) throw new AppError(404, 'NOT_FOUND');
    return member;
  }
}

/** The fast path's guard, for many transfers at once: the members' own check (member_transfer_allowed). */
const TRANSFER_GUARD: Omit<PostingGuard, 'values'> = {
  name: 'transfer_post_batch',
  sql: ([payers = [], targets = [], fingerprints = [], agents = []]) =>
    sql<boolean[]>`member_transfer_allowed(${payers}::bigint[], ${targets}::bigint[], ${fingerprints}::text[],
      ${agents}::boolean[])`,
};

function present(entry: PostedEntry, from: string, to: string, amountMinor: bigint): TransferResult {
  const mine = entry.lines.find((line) => line.accountId === from);
  return {
    transferNo: `T${entry.entryId}`,
    to,
    amount: fromMinor(amountMinor),
    balance: fromMinor(mine?.balanceAfterMinor ?? 0n),
  };
}
