import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import type { Page, TransferParty, TransferResult } from '@portal/shared/wallet';
import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { AGENT_TYPES, accountKey } from '../../common/member-types.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { offsetOf, pageOf } from '../../http/pages.ts';
import type { SettingsService } from '../system/settings-service.ts';
import type { Ledger, PostedEntry, PostingGuard } from './ledger.ts';
import { type PaymentPasswords, storedHashMatches } from './payment-password.ts';

/**
 * Transfers along the agent tree: a member to their upline, an agent to a direct downline. One entry moves the
 * money; its key is the request's, so a retried transfer moves nothing again.
 */
export class TransferService {
  /** Members by account key (an account name never changes), learnt from the full path's reads. */
  private readonly members = new LRUCache<string, { id: string; account: string }>({ max: 100_000 });

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
    if (!AGENT_TYPES.includes(me.type)) return { upline: upline ?? null, downlines: pageOf(options, 0, []) };
    let query = this.db.selectFrom('members').where('upline_id', '=', memberId).where('status', '=', 'active');
    if (options.search) query = query.where('account_key', 'like', `${escapeLike(accountKey(options.search))}%`);
    const [list, count] = await Promise.all([
      query
        .select(['account', 'nickname'])
        .orderBy('account_key')
        .limit(options.pageSize)
        .offset(offsetOf(options))
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const total = Number(count.total);
    return {
      upline: upline ?? null,
      downlines: pageOf(options, total, list),
    };
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
    // One read answers both questions: was this request made before, and who are the two members.
    const { parties: rows, earlier } = await this.partiesAndEarlier(member.id, input.to, idempotencyKey);
    for (const row of rows) this.members.set(accountKey(row.account), { id: row.id, account: row.account });
    if (earlier) return this.answerRetry(earlier, member, input.to, amountMinor);
    if (!(await this.settings.snapshot()).get('wallet').transfersEnabled) throw new AppError(403, 'FEATURE_DISABLED');
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
    const fingerprint = await this.passwords.rememberedFingerprint(member.id, input.paymentPassword);
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

  private async partiesAndEarlier(memberId: string, to: string, idempotencyKey: string) {
    const { rows } = await sql<{ parties: PartyRow[] | null; earlier: EarlierLine[] | null }>`
      SELECT
        (SELECT json_agg(json_build_object(
                  'id', m.id::text, 'account', m.account, 'type', m.type, 'status', m.status,
                  'upline_id', m.upline_id::text, 'payment_password_hash', m.payment_password_hash))
           FROM members m WHERE m.id = ${memberId} OR m.account_key = ${accountKey(to)}) AS parties,
        (SELECT json_agg(json_build_object(
                  'entry_id', e.id::text, 'type', e.type, 'reference', e.reference, 'account_id', l.account_id::text,
                  'amount_minor', l.amount_minor::text, 'balance_after_minor', l.balance_after_minor::text)
                  ORDER BY l.id)
           FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
          WHERE e.idempotency_key = ${idempotencyKey}) AS earlier`.execute(this.db);
    const row = rows[0];
    const earlier = row?.earlier?.[0]
      ? ({
          entryId: row.earlier[0].entry_id,
          type: row.earlier[0].type,
          reference: row.earlier[0].reference,
          lines: row.earlier.map((line) => ({
            accountId: line.account_id,
            amountMinor: BigInt(line.amount_minor),
            balanceAfterMinor: line.balance_after_minor === null ? null : BigInt(line.balance_after_minor),
          })),
        } satisfies PostedEntry)
      : null;
    return { parties: row?.parties ?? [], earlier };
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

/**
 * The fast path's guard, for many transfers at once: the payer and the payee are active, the payee is the payer's
 * upline or (for an agent) a direct downline, and the payer's payment password is the one verified.
 */
const TRANSFER_GUARD: Omit<PostingGuard, 'values'> = {
  name: 'transfer_post_batch',
  sql: ([payers = [], targets = [], fingerprints = [], agents = []]) => sql<boolean[]>`ARRAY(
    SELECT EXISTS (
      SELECT 1 FROM members me JOIN members target ON target.id = g.target
       WHERE me.id = g.payer AND me.status = 'active' AND target.status = 'active'
         AND ${storedHashMatches('me.payment_password_hash', sql<string>`g.fingerprint`)}
         AND (target.id = me.upline_id OR (g.agent AND target.upline_id = me.id)))
      FROM unnest(${payers}::bigint[], ${targets}::bigint[], ${fingerprints}::text[], ${agents}::boolean[])
           WITH ORDINALITY AS g(payer, target, fingerprint, agent, n)
     ORDER BY g.n)`,
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface PartyRow {
  id: string;
  account: string;
  type: number;
  status: string;
  upline_id: string | null;
  payment_password_hash: string | null;
}

interface EarlierLine {
  entry_id: string;
  type: string;
  reference: string;
  account_id: string;
  amount_minor: string;
  balance_after_minor: string | null;
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
