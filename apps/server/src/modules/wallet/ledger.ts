import { createHash } from 'node:crypto';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import { preparedAs } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { PostingBatches, type PostingGuard } from './posting-batches.ts';
import { VendorPostings } from './vendor-postings.ts';

export type { PostingCompanion, PostingGuard } from './posting-batches.ts';

export const ENTRY_TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'refund',
  'transfer',
  'bonus',
  'rebate',
  'salary',
  'dividend',
  'adjustment',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export const MEMBER_ACCOUNT_KINDS = ['member_cash', 'member_bonus', 'withdrawal_hold', 'demo'] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];

/** One line of an entry: a signed amount in minor units (credit positive, debit negative) on one account. */
export interface Posting {
  accountId: string;
  amountMinor: bigint;
}

export interface PostingRequest {
  type: EntryType;
  /** What the movement belongs to: an order, a bet, a transfer. */
  reference: string;
  /** Unique per externally triggered movement; a retry with the same key returns the first result. */
  idempotencyKey?: string;
  lines: Posting[];
}

export interface PostedEntry {
  entryId: string;
  type: string;
  reference: string;
  lines: { accountId: string; amountMinor: bigint; balanceAfterMinor: bigint | null }[];
}

export class InsufficientFunds extends AppError {
  constructor(accountId: string, balanceMinor: bigint) {
    super(409, 'INSUFFICIENT_FUNDS', {}, { accountId, balanceMinor: balanceMinor.toString() });
  }
}

export class DuplicateTransaction extends AppError {
  constructor() {
    super(409, 'DUPLICATE_TRANSACTION');
  }
}

type Executor = Kysely<Database> | Transaction<Database>;

/** A transaction of `Ledger.transaction`: the caller's writes go through `trx`, money through `post`. */
export interface LedgerTransaction {
  trx: Transaction<Database>;
  post(request: PostingRequest): Promise<PostedEntry>;
  /**
   * Posts many entries as one set in one statement (ledger_post_set), each with its own idempotency key, their
   * balance rows locked at once in id order first; any refusal (funds, a key reused with other content) aborts the
   * transaction. Answers in the order of `requests`.
   */
  postMany(requests: readonly PostingRequest[]): Promise<PostedEntry[]>;
  /** An account's balance as this transaction sees it (with what it posted). */
  balance(accountId: string): Promise<bigint>;
}

function memberAccountCode(memberId: string, kind: MemberAccountKind, currency: string): string {
  return `member:${memberId}:${kind}:${currency.toLowerCase()}`;
}

function vendorWalletCode(memberId: string, vendorCode: string, currency: string): string {
  return `member:${memberId}:vendor:${vendorCode.toLowerCase()}:${currency.toLowerCase()}`;
}
const MAX_LINES = 20;
const DEADLOCK_RETRIES = 3;
/** Statements of postings running at once; the postings arriving meanwhile wait and go out together. */
const BATCHES_IN_FLIGHT = 4;
const MAX_BATCH_SIZE = 50;
/** The statement of postings without a guard. */
const UNGUARDED = 'ledger_post_batch';

/** A posting waiting for its statement: lines checked and sorted by account id. */
interface PendingPosting {
  request: PostingRequest;
  lines: Posting[];
  hash: string | null;
  guard: PostingGuard | null;
}

/** What a posting of a batch came to: its entry (null when its guard refused it) and its companion's row. */
interface Posted {
  entry: PostedEntry | null;
  /** The entry was posted before under the same key (and content); no companion row was written this time. */
  replayed: boolean;
  rows: Record<string, unknown>[];
}

interface BatchRow {
  item: number;
  outcome: 'posted' | 'replayed' | 'refused' | 'insufficient' | 'busy';
  entry_id: string | null;
  request_hash: string | null;
  account_id: string | null;
  amount_minor: string | null;
  balance_after_minor: string | null;
  /** On the statement's first row: every row the guard's companion wrote in it (`postedOf` picks a posting's). */
  companion?: Record<string, unknown>[] | null;
}

/**
 * The double-entry ledger: the only code that writes balances. An entry is posted in one transaction: the member
 * balance rows it moves are locked first, in account-id order (so two transfers in opposite directions never
 * deadlock), the idempotency key is claimed, the balances move with the database refusing any that would go below
 * zero, and the lines are written with the balance after each. The database also refuses an entry that does not
 * sum to zero and any change to a written line.
 */
export class Ledger {
  /** Game vendors' bets, wins and rollbacks. */
  readonly vendorCalls: VendorPostings;

  constructor(private readonly db: Kysely<Database>) {
    this.vendorCalls = new VendorPostings(db, (memberIds) => this.onMembersMoved?.(memberIds));
  }

  /** Called after a commit with the members whose balances moved (the balance push listens). */
  onMembersMoved: ((memberIds: string[]) => void) | null = null;
  /** Which member owns an account, for the accounts this process has looked up. */
  private readonly accountMembers = new LRUCache<string, string>({ max: 200_000 });
  /** The system accounts (house, clearing per vendor and channel, adjustment) this process has looked up. */
  private readonly systemAccountIds = new Set<string>();
  /**
   * Entries posted under a key lately, with their request hash: a client's retry (usually seconds after a lost
   * answer) is answered from here without a database call. Only committed entries are kept, and a retry that
   * reaches another node is answered from the journal as before.
   */
  private readonly answered = new LRUCache<string, { hash: string; entry: PostedEntry }>({
    max: 50_000,
    ttl: 10 * 60_000,
  });
  /** Account ids by code: an account's id never changes, so a hot path never looks it up twice. */
  private readonly accountIds = new LRUCache<string, string>({ max: 200_000 });

  /** Posts one entry: one statement, atomic on its own (shared with the postings that arrive with it). */
  async post(request: PostingRequest): Promise<PostedEntry> {
    const entry = await this.postIf(request, null);
    if (!entry) throw new Error('ledger_post_batch refused an unguarded posting');
    return entry;
  }

  /**
   * Posts one entry only if `guard` holds when the statement runs; null when it does not, and then nothing is
   * written. The caller's checks and the posting are one round trip, e.g. "both members are still active and
   * related" on a transfer's fast path. Postings that arrive while others are being written share the next
   * statement and its commit; each is still refused, replayed or posted on its own.
   */
  async postIf(request: PostingRequest, guard: PostingGuard | null): Promise<PostedEntry | null> {
    return (await this.postGuarded(request, guard)).entry;
  }

  /**
   * Posts one keyed entry and writes the guard's companion row with it, in a statement shared with the postings that
   * arrive together, only if the guard holds (a lottery bet: its row and its stake, while its draw takes bets).
   * Answers the entry and the row written, or the entry alone when it was posted before under the key (`replayed`:
   * the caller reads its row), or no entry when the guard refused it; a refused balance throws as `post` does.
   */
  async postIfWith(
    request: PostingRequest & { idempotencyKey: string },
    guard: PostingGuard & { companion: NonNullable<PostingGuard['companion']> },
  ): Promise<Posted> {
    return this.postGuarded(request, guard);
  }

  private async postGuarded(request: PostingRequest, guard: PostingGuard | null): Promise<Posted> {
    const item = pendingPosting(request, guard);
    const key = request.idempotencyKey;
    const hash = item.hash;
    const earlier = key ? this.answered.get(key) : undefined;
    if (earlier) {
      if (earlier.hash !== hash) throw new DuplicateTransaction();
      return { entry: earlier.entry, replayed: true, rows: [] };
    }
    const statement = guard?.name ?? UNGUARDED;
    let posted: Posted;
    try {
      posted = await this.batches.submit(statement, item);
    } catch (error) {
      if (!(error instanceof PostingHeldUp)) throw error;
      posted = await this.postAlone(statement, item);
    }
    const { entry } = posted;
    if (entry) {
      if (key && hash) this.answered.set(key, { hash, entry });
      const moved = new Set<string>();
      this.noteMoved(entry, moved);
      this.announce(moved);
    }
    return posted;
  }

  private readonly batches = new PostingBatches<PendingPosting, Posted>(
    (statement, items) => this.sendBatch(statement, items),
    BATCHES_IN_FLIGHT,
    MAX_BATCH_SIZE,
    // The system accounts a posting names keep no balance row and are never locked (docs/decisions.md); any other
    // account is taken for a balance row.
    (item) => item.lines.map((line) => line.accountId).filter((id) => !this.systemAccountIds.has(id)),
  );

  /**
   * Writes a batch in one statement. A posting whose balance row another transaction held is answered
   * `PostingHeldUp`, and so is every posting of a statement that PostgreSQL refused with an error no refusal
   * explains (a missing account, say): each then posts on its own (`postAlone`), so the error reaches only the
   * posting it belongs to, and neither waits in this statement's place.
   */
  private async sendBatch(statement: string, items: PendingPosting[]): Promise<PromiseSettledResult<Posted>[]> {
    let rows: BatchRow[];
    try {
      rows = await this.runBatch(statement, items, false);
    } catch (error) {
      // A lost connection or a full pool is every posting's answer; only the statement's own error needs finding.
      const reason = items.length === 1 || !isStatementError(error) ? mapDatabaseError(error) : new PostingHeldUp();
      return items.map(() => ({ status: 'rejected', reason }) as const);
    }
    const rowsOf = items.map((): BatchRow[] => []);
    for (const row of rows) rowsOf[row.item - 1]?.push(row);
    return items.map((item, index) => {
      const own = rowsOf[index] ?? [];
      if (own[0]?.outcome === 'busy') return { status: 'rejected', reason: new PostingHeldUp() } as const;
      return settle(() => postedOf(item, own, rows[0]?.companion));
    });
  }

  /** A posting on its own, waiting for its balance rows as long as another transaction holds them. */
  private async postAlone(statement: string, item: PendingPosting): Promise<Posted> {
    let rows: BatchRow[];
    try {
      rows = await this.runBatch(statement, [item], true);
    } catch (error) {
      if ((error as { message?: string })?.message === 'ledger_companion_partial') throw new DuplicateTransaction();
      throw mapDatabaseError(error);
    }
    return postedOf(item, rows, rows[0]?.companion);
  }

  /** One call of ledger_post_batch (again after a deadlock, which rolled all of it back). */
  private async runBatch(statement: string, items: PendingPosting[], wait: boolean): Promise<BatchRow[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await callPostBatch(this.db, statement, items, wait);
      } catch (error) {
        if (isRetryable(error) && attempt < DEADLOCK_RETRIES) continue;
        throw error;
      }
    }
  }

  /**
   * Posts one entry in the same statement as the caller's own write, for a hot path that must commit a row and its
   * money together in one round trip (a lottery bet: its row and its stake). `companion` is a data-modifying query
   * returning the rows it wrote; the entry is posted (by ledger_post, as `post` does) only if it wrote `rows` rows
   * (a statement in which it wrote some but not all fails whole, as a reused key), and the two commit together or not
   * at all.
   * Answers the companion's rows (as JSON) and the entry, or no rows and null when the companion wrote nothing (a
   * conflict, a condition that no longer held), and then nothing moved.
   */
  async postWith<R>(
    request: PostingRequest & { idempotencyKey: string },
    companion: RawBuilder<unknown>,
    { rows: expected = 1 }: { rows?: number } = {},
  ): Promise<{ rows: R[]; entry: PostedEntry | null }> {
    const item = pendingPosting(request, null);
    for (let attempt = 1; ; attempt++) {
      try {
        // The gate row exists only when the companion wrote; ledger_post is called through it (a lateral call per
        // gate row), so it runs once or not at all. A companion that wrote some rows but not `expected` aborts the
        // statement, so that no row of it commits without its money.
        const { rows } = await sql<{
          companion: R[];
          entry_id: string;
          replayed: boolean;
          request_hash: string | null;
          account_id: string;
          amount_minor: string;
          balance_after_minor: string | null;
        }>`WITH companion AS (${companion}),
                written AS (SELECT count(*) AS n FROM companion),
                gate AS (SELECT ${request.idempotencyKey}::text AS key FROM written w
                          WHERE CASE WHEN w.n = 0 THEN false
                                     ELSE ledger_require(w.n = ${expected}, 'ledger_companion_partial') END)
           SELECT (SELECT json_agg(c) FROM companion c) AS companion, p.*
             FROM gate g,
                  LATERAL ledger_post(g.key, ${item.hash}, ${request.type}, ${request.reference}, NULL::bigint,
                    ${item.lines.map((l) => l.accountId)}::bigint[],
                    ${item.lines.map((l) => l.amountMinor.toString())}::bigint[]) p`.execute(this.db);
        const first = rows[0];
        if (!first) return { rows: [], entry: null };
        if (first.replayed && first.request_hash !== item.hash) throw new DuplicateTransaction();
        const entry: PostedEntry = {
          entryId: first.entry_id,
          type: request.type,
          reference: request.reference,
          lines: rows.map((row) => ({
            accountId: row.account_id,
            amountMinor: BigInt(row.amount_minor),
            balanceAfterMinor: row.balance_after_minor === null ? null : BigInt(row.balance_after_minor),
          })),
        };
        const moved = new Set<string>();
        this.noteMoved(entry, moved);
        this.announce(moved);
        return { rows: first.companion, entry };
      } catch (error) {
        if (isRetryable(error) && attempt < DEADLOCK_RETRIES) continue;
        // Some of the companion's rows met rows written before (its keys were used before, with other content).
        if ((error as { message?: string })?.message === 'ledger_companion_partial') throw new DuplicateTransaction();
        throw mapDatabaseError(error);
      }
    }
  }

  /**
   * Runs `work` in one transaction in which entries can be posted next to the caller's own writes (an order's
   * status and the money it moves commit together or not at all). A deadlock or serialization failure reruns it
   * from the start, so `work` must only touch the database through `tx`.
   */
  async transaction<T>(work: (tx: LedgerTransaction) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const moved = new Set<string>();
      try {
        const result = await this.db.transaction().execute((trx) =>
          work({
            trx,
            post: async (request) => {
              const lines = checkLines(request.lines);
              const hash = request.idempotencyKey ? requestHash(request.type, request.reference, lines) : null;
              const entry = await this.postIn(trx, request, lines, hash, null);
              if (!entry) throw new Error('ledger_post returned no lines');
              this.noteMoved(entry, moved);
              return entry;
            },
            postMany: async (requests) => {
              if (requests.length === 0) return [];
              const items = requests.map((request) => pendingPosting(request, null));
              const rows = await callPostSet(trx, items);
              const rowsOf = items.map((): BatchRow[] => []);
              for (const row of rows) rowsOf[row.item - 1]?.push(row);
              return items.map((item, index) => {
                const entry = batchOutcome(item, rowsOf[index] ?? []);
                if (!entry) throw new Error('ledger_post_set refused a posting');
                this.noteMoved(entry, moved);
                return entry;
              });
            },
            balance: (accountId) => this.balanceIn(trx, accountId),
          }),
        );
        this.announce(moved);
        return result;
      } catch (error) {
        if (isRetryable(error) && attempt < DEADLOCK_RETRIES) continue;
        throw mapDatabaseError(error);
      }
    }
  }

  /**
   * Seed only (db/seed/team.ts): `transaction`, in which `dateAs(at)` dates the entries posted after it at `at`
   * instead of now, through the seed clock (migration 0044_seed_clock, docs/decisions.md "The demo team's past").
   * The postings go through the same ledger_post and the same checks; only their time differs.
   */
  transactionInPast<T>(work: (tx: LedgerTransaction & { dateAs(at: Date): Promise<void> }) => Promise<T>): Promise<T> {
    return this.transaction((tx) =>
      work({
        ...tx,
        dateAs: async (at) => {
          await sql`SELECT set_config('ledger.seed_clock', ${at.toISOString()}, true)`.execute(tx.trx);
        },
      }),
    );
  }

  private noteMoved(entry: PostedEntry, moved: Set<string>) {
    for (const line of entry.lines) {
      const member = this.accountMembers.get(line.accountId);
      if (member) moved.add(member);
    }
  }

  private announce(moved: Set<string>) {
    if (moved.size > 0 && this.onMembersMoved) this.onMembersMoved([...moved]);
  }

  /** Reverses an entry once: the same lines with opposite signs, referring to it. */
  async reverse(entryId: string, idempotencyKey: string, reference: string): Promise<PostedEntry> {
    const original = await this.entry(this.db, entryId);
    if (!original) throw new AppError(404, 'NOT_FOUND');
    const lines = original.lines.map((l) => ({ accountId: l.accountId, amountMinor: -l.amountMinor }));
    const hash = requestHash('reversal', reference, lines);
    try {
      const entry = await this.db
        .transaction()
        .execute((trx) =>
          this.postIn(trx, { type: 'adjustment', reference, idempotencyKey, lines }, lines, hash, entryId),
        );
      if (!entry) throw new Error('ledger_post returned no lines');
      const moved = new Set<string>();
      this.noteMoved(entry, moved);
      this.announce(moved);
      return entry;
    } catch (error) {
      const mapped = mapDatabaseError(error);
      if (mapped instanceof AppError && mapped.code === 'ALREADY_REVERSED') {
        // The same reversal retried under the same key is answered as the first time.
        const existing = await this.byKey(this.db, idempotencyKey);
        if (existing && existing.hash === hash) return existing.entry;
      }
      throw mapped;
    }
  }

  /** Claims the key, moves the balances in account-id order and writes the lines: one call of ledger_post. */
  private async postIn(
    executor: Executor,
    request: PostingRequest,
    lines: Posting[],
    hash: string | null,
    reverses: string | null,
  ): Promise<PostedEntry | null> {
    const ordered = [...lines].sort((a, b) => compareIds(a.accountId, b.accountId));
    const type = reverses ? 'reversal' : request.type;
    const { rows } = await sql<{
      entry_id: string;
      replayed: boolean;
      request_hash: string | null;
      account_id: string;
      amount_minor: string;
      balance_after_minor: string | null;
    }>`${preparedAs('ledger_post')}SELECT * FROM ledger_post(${request.idempotencyKey ?? null}, ${hash}, ${type}, ${request.reference},
        ${reverses}::bigint, ${ordered.map((l) => l.accountId)}::bigint[],
        ${ordered.map((l) => l.amountMinor.toString())}::bigint[])`.execute(executor);
    const first = rows[0];
    if (!first) return null;
    // Another request with this key came first: answer as it was answered, or refuse different content.
    if (first.replayed && first.request_hash !== hash) throw new DuplicateTransaction();
    return {
      entryId: first.entry_id,
      type,
      reference: request.reference,
      lines: rows.map((row) => ({
        accountId: row.account_id,
        amountMinor: BigInt(row.amount_minor),
        balanceAfterMinor: row.balance_after_minor === null ? null : BigInt(row.balance_after_minor),
      })),
    };
  }

  /** The entry under a key with its lines, in one query. */
  /** The entry posted under an idempotency key, if any. */
  async entryByKey(key: string): Promise<PostedEntry | null> {
    return (await this.byKey(this.db, key))?.entry ?? null;
  }

  private async byKey(db: Executor, key: string) {
    const rows = await db
      .selectFrom('journal_entries as e')
      .innerJoin('journal_lines as l', 'l.entry_id', 'e.id')
      .select([
        'e.id',
        'e.type',
        'e.reference',
        'e.request_hash',
        'l.account_id',
        'l.amount_minor',
        'l.balance_after_minor',
      ])
      .where('e.idempotency_key', '=', key)
      .orderBy('l.id')
      .execute();
    const head = rows[0];
    if (!head) return null;
    const entry: PostedEntry = {
      entryId: head.id,
      type: head.type,
      reference: head.reference,
      lines: rows.map((r) => ({
        accountId: r.account_id,
        amountMinor: BigInt(r.amount_minor),
        balanceAfterMinor: r.balance_after_minor === null ? null : BigInt(r.balance_after_minor),
      })),
    };
    return { hash: head.request_hash, entry };
  }

  /** An entry as it was posted, lines in the order they were written. */
  async entry(db: Executor, entryId: string): Promise<PostedEntry | null> {
    const head = await db
      .selectFrom('journal_entries')
      .select(['id', 'type', 'reference'])
      .where('id', '=', entryId)
      .executeTakeFirst();
    if (!head) return null;
    const rows = await db
      .selectFrom('journal_lines')
      .select(['account_id', 'amount_minor', 'balance_after_minor'])
      .where('entry_id', '=', entryId)
      .orderBy('id')
      .execute();
    return {
      entryId: head.id,
      type: head.type,
      reference: head.reference,
      lines: rows.map((r) => ({
        accountId: r.account_id,
        amountMinor: BigInt(r.amount_minor),
        balanceAfterMinor: r.balance_after_minor === null ? null : BigInt(r.balance_after_minor),
      })),
    };
  }

  /** The member's account of a kind, opened on first use. */
  async memberAccount(memberId: string, kind: MemberAccountKind, currency = 'BDT'): Promise<string> {
    const id = await this.accountByCode({
      code: memberAccountCode(memberId, kind, currency),
      kind,
      member_id: memberId,
      currency,
      tracks_balance: true,
    });
    this.accountMembers.set(id, memberId);
    return id;
  }

  /** Several members' accounts of a kind, read in one query; those missing are opened one by one. */
  async memberAccounts(memberIds: readonly string[], kind: MemberAccountKind, currency = 'BDT') {
    const codes = memberIds.map((memberId) => memberAccountCode(memberId, kind, currency));
    const unknown = codes.filter((code) => !this.accountIds.has(code));
    for (let i = 0; i < unknown.length; i += 1000) {
      const rows = await this.db
        .selectFrom('ledger_accounts')
        .select(['id', 'code'])
        .where('code', 'in', unknown.slice(i, i + 1000))
        .execute();
      for (const row of rows) this.accountIds.set(row.code, row.id);
    }
    const accounts = new Map<string, string>();
    for (const memberId of memberIds) accounts.set(memberId, await this.memberAccount(memberId, kind, currency));
    return accounts;
  }

  /** The member's wallet at a vendor in transfer mode, opened on first use. */
  async vendorWallet(memberId: string, vendorCode: string, currency = 'BDT'): Promise<string> {
    const id = await this.accountByCode({
      code: vendorWalletCode(memberId, vendorCode, currency),
      kind: 'vendor_wallet',
      member_id: memberId,
      vendor_code: vendorCode,
      currency,
      tracks_balance: true,
    });
    this.accountMembers.set(id, memberId);
    return id;
  }

  /** Balances of the member's vendor wallets that exist, by vendor code. */
  async vendorWalletBalances(memberId: string, currency = 'BDT'): Promise<Map<string, bigint>> {
    const rows = await this.db
      .selectFrom('ledger_accounts')
      .select(['vendor_code', 'balance_minor'])
      .where('member_id', '=', memberId)
      .where('kind', '=', 'vendor_wallet')
      .where('currency', '=', currency)
      .execute();
    return new Map(rows.map((row) => [row.vendor_code as string, BigInt(row.balance_minor)]));
  }

  /** The member's account of a kind if it was ever opened (reads never open accounts). */
  async findMemberAccount(memberId: string, kind: MemberAccountKind, currency = 'BDT'): Promise<string | null> {
    const code = memberAccountCode(memberId, kind, currency);
    const known = this.accountIds.get(code);
    if (known) return known;
    const row = await this.db.selectFrom('ledger_accounts').select('id').where('code', '=', code).executeTakeFirst();
    if (row) {
      this.accountIds.set(code, row.id);
      this.accountMembers.set(row.id, memberId);
    }
    return row?.id ?? null;
  }

  /** A system account (house, clearing, adjustment) by code, opened on first use; it keeps no running balance. */
  async systemAccount(
    code: string,
    kind: 'house' | 'vendor_clearing' | 'channel_clearing' | 'adjustment',
    currency = 'BDT',
  ): Promise<string> {
    const id = await this.accountByCode({ code, kind, member_id: null, currency, tracks_balance: false });
    this.systemAccountIds.add(id);
    return id;
  }

  /**
   * The id of the account with this code. Read first: the account almost always exists (every balance read asks),
   * and only a missing one costs an insert, which tolerates a concurrent first use.
   */
  private async accountByCode(account: {
    code: string;
    kind: string;
    member_id: string | null;
    vendor_code?: string;
    currency: string;
    tracks_balance: boolean;
  }): Promise<string> {
    const cached = this.accountIds.get(account.code);
    if (cached) return cached;
    const find = () =>
      this.db.selectFrom('ledger_accounts').select('id').where('code', '=', account.code).executeTakeFirst();
    const existing = await find();
    if (existing) {
      this.accountIds.set(account.code, existing.id);
      return existing.id;
    }
    await this.db
      .insertInto('ledger_accounts')
      .values(account)
      // No conflict target: a concurrent first use may collide on the code or on the (member, kind) index first.
      .onConflict((oc) => oc.doNothing())
      .execute();
    const created = await find();
    if (!created) throw new Error(`ledger account ${account.code} vanished`);
    this.accountIds.set(account.code, created.id);
    return created.id;
  }

  /** An account's balance: the stored one where it keeps one, else the sum of its lines. */
  balance(accountId: string): Promise<bigint> {
    return this.balanceIn(this.db, accountId);
  }

  private async balanceIn(db: Executor, accountId: string): Promise<bigint> {
    const account = await db
      .selectFrom('ledger_accounts')
      .select(['tracks_balance', 'balance_minor'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!account) throw new AppError(404, 'NOT_FOUND');
    if (account.tracks_balance) return BigInt(account.balance_minor);
    const sum = await db
      .selectFrom('journal_lines')
      .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('total'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return BigInt(sum.total);
  }

  /**
   * Net stakes (bets less refunds) on an account in consecutive periods: the i-th runs from `starts[i]` up to
   * `starts[i + 1]`, the last up to now. `starts` ascend and are ISO timestamps as text, so that a boundary keeps
   * its microseconds. One query that walks the account's lines by time, for any number of periods.
   */
  async stakesByPeriod(accountId: string, starts: readonly string[]): Promise<bigint[]> {
    if (starts.length === 0) return [];
    const { rows } = await sql<{ period: number; staked: string }>`
      WITH marks AS (
        SELECT starts, lead(starts) OVER (ORDER BY period) AS ends, period
          FROM unnest(${[...starts]}::timestamptz[]) WITH ORDINALITY AS m(starts, period)
      )
      SELECT m.period::int AS period, coalesce(sum(-l.amount_minor), 0)::text AS staked
        FROM marks m
        JOIN journal_lines l ON l.account_id = ${accountId}
         AND l.created_at >= m.starts AND (m.ends IS NULL OR l.created_at < m.ends)
        JOIN journal_entries e ON e.id = l.entry_id AND e.type IN ('bet', 'refund')
       GROUP BY m.period`.execute(this.db);
    const staked = new Map(rows.map((row) => [Number(row.period), BigInt(row.staked)]));
    return starts.map((_, index) => staked.get(index + 1) ?? 0n);
  }

  /**
   * Proves the books: every entry sums to zero, all lines together sum to zero, and every stored balance equals
   * the sum of its lines. Returns what is wrong (empty when everything holds).
   */
  async reconcile(): Promise<{ ok: boolean; unbalancedEntries: string[]; wrongBalances: string[]; total: bigint }> {
    const unbalanced = await this.db
      .selectFrom('journal_lines')
      .select('entry_id')
      .groupBy('entry_id')
      .having(sql`sum(amount_minor)`, '<>', 0)
      .limit(100)
      .execute();
    const wrong = await sql<{ id: string }>`
      SELECT a.id FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM journal_lines GROUP BY account_id) l
        ON l.account_id = a.id
      WHERE a.tracks_balance AND a.balance_minor <> coalesce(l.total, 0)
      LIMIT 100`.execute(this.db);
    const total = await this.db
      .selectFrom('journal_lines')
      .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('total'))
      .executeTakeFirstOrThrow();
    const unbalancedEntries = unbalanced.map((r) => r.entry_id);
    const wrongBalances = wrong.rows.map((r) => r.id);
    return {
      ok: unbalancedEntries.length === 0 && wrongBalances.length === 0 && BigInt(total.total) === 0n,
      unbalancedEntries,
      wrongBalances,
      total: BigInt(total.total),
    };
  }
}

/** A posting ready for ledger_post_batch: its lines checked and sorted by account id, its request hashed. */
function pendingPosting(request: PostingRequest, guard: PostingGuard | null): PendingPosting {
  const lines = checkLines(request.lines);
  const hash = request.idempotencyKey ? requestHash(request.type, request.reference, lines) : null;
  return { request, lines: [...lines].sort((a, b) => compareIds(a.accountId, b.accountId)), hash, guard };
}

/** One call of ledger_post_batch on `executor` (the pool, or a transaction posting many entries at once). */
async function callPostBatch(
  executor: Executor,
  statement: string,
  items: PendingPosting[],
  wait: boolean,
): Promise<BatchRow[]> {
  const guard = items[0]?.guard;
  const columns = guard ? guard.values.map((_, column) => items.map((item) => item.guard?.values[column] ?? null)) : [];
  const allowed = guard ? guard.sql(columns) : sql<boolean[]>`NULL`;
  const lines = items.flatMap((item) => item.lines);
  const batch = sql`ledger_post_batch(
      ${items.map((item) => item.request.idempotencyKey ?? null)}::text[], ${items.map((item) => item.hash)}::text[],
      ${items.map((item) => item.request.type)}::text[], ${items.map((item) => item.request.reference)}::text[],
      ${items.map((item) => item.lines.length)}::integer[], ${lines.map((line) => line.accountId)}::bigint[],
      ${lines.map((line) => line.amountMinor.toString())}::bigint[], ${allowed}::boolean[], ${wait})`;
  if (!guard?.companion) {
    const { rows } = await sql<BatchRow>`${preparedAs(statement)}SELECT * FROM ${batch}`.execute(executor);
    return rows;
  }
  // The companion writes one row per posting posted, reading the postings' outcomes; a statement whose rows and
  // postings disagree (a row that met an earlier one) fails whole, and its postings are then posted one by one.
  const posted = sql`(SELECT DISTINCT b.item FROM batch b WHERE b.outcome = 'posted')`;
  const { rows } = await sql<BatchRow>`${preparedAs(statement)}WITH
        batch AS MATERIALIZED (SELECT * FROM ${batch} WITH ORDINALITY AS b(item, outcome, entry_id, request_hash,
                                 account_id, amount_minor, balance_after_minor, n)),
        written AS (${guard.companion.sql(columns, posted)}),
        checked AS (SELECT ledger_require((SELECT count(*) FROM written) = (SELECT count(*) FROM ${posted} p),
                                          'ledger_companion_partial') AS ok)
      SELECT b.item, b.outcome, b.entry_id, b.request_hash, b.account_id, b.amount_minor, b.balance_after_minor,
             CASE WHEN b.n = 1 THEN (SELECT json_agg(w) FROM written w) END AS companion
        FROM batch b, checked
       ORDER BY b.n`.execute(executor);
  return rows;
}

/** One call of ledger_post_set: every posting keyed, all posted (or replayed) or the transaction aborted. */
async function callPostSet(trx: Transaction<Database>, items: PendingPosting[]): Promise<BatchRow[]> {
  if (items.some((item) => !item.request.idempotencyKey)) throw new Error('postMany needs a key for every posting');
  const lines = items.flatMap((item) => item.lines);
  const { rows } = await sql<BatchRow>`${preparedAs('ledger_post_set')}SELECT * FROM ledger_post_set(
      ${items.map((item) => item.request.idempotencyKey)}::text[], ${items.map((item) => item.hash)}::text[],
      ${items.map((item) => item.request.type)}::text[], ${items.map((item) => item.request.reference)}::text[],
      ${items.map((item) => item.lines.length)}::integer[], ${lines.map((line) => line.accountId)}::bigint[],
      ${lines.map((line) => line.amountMinor.toString())}::bigint[])`.execute(trx);
  return rows;
}

/** What a posting of a batch came to, from its rows: its entry, null when its guard refused it, or its refusal. */
function batchOutcome(item: PendingPosting, rows: BatchRow[]): PostedEntry | null {
  const first = rows[0];
  if (!first) throw new Error('ledger_post_batch answered nothing for a posting');
  if (first.outcome === 'refused') return null;
  if (first.outcome === 'busy') throw new Error('ledger_post_batch found a balance row busy while waiting for it');
  if (first.outcome === 'insufficient') {
    throw new InsufficientFunds(first.account_id ?? '', BigInt(first.balance_after_minor ?? '0'));
  }
  // Another request with this key came first: answer as it was answered, or refuse different content.
  if (first.outcome === 'replayed' && first.request_hash !== item.hash) throw new DuplicateTransaction();
  return {
    entryId: first.entry_id ?? '',
    type: item.request.type,
    reference: item.request.reference,
    lines: rows.map((row) => ({
      accountId: row.account_id ?? '',
      amountMinor: BigInt(row.amount_minor ?? '0'),
      balanceAfterMinor: row.balance_after_minor === null ? null : BigInt(row.balance_after_minor),
    })),
  };
}

/** A posting's outcome with the companion row written for it, picked from the statement's rows. */
function postedOf(
  item: PendingPosting,
  rows: BatchRow[],
  written: Record<string, unknown>[] | null | undefined,
): Posted {
  const entry = batchOutcome(item, rows);
  const companion = item.guard?.companion;
  const values = item.guard?.values ?? [];
  const own = companion && entry ? (written ?? []).filter((row) => companion.belongsTo(row, values)) : [];
  return { entry, replayed: rows[0]?.outcome === 'replayed', rows: own };
}

/** A posting of a batch to be posted again on its own (see `Ledger.sendBatch`). */
class PostingHeldUp extends Error {}

function settle<T>(outcome: () => T): PromiseSettledResult<T> {
  try {
    return { status: 'fulfilled', value: outcome() };
  } catch (error) {
    return { status: 'rejected', reason: error };
  }
}

function checkLines(lines: Posting[]): Posting[] {
  if (lines.length < 2 || lines.length > MAX_LINES) throw new AppError(400, 'VALIDATION', { detail: 'lines' });
  const seen = new Set<string>();
  let sum = 0n;
  for (const line of lines) {
    if (line.amountMinor === 0n || seen.has(line.accountId) || !/^\d{1,18}$/.test(line.accountId)) {
      throw new AppError(400, 'VALIDATION', { detail: 'lines' });
    }
    seen.add(line.accountId);
    sum += line.amountMinor;
  }
  if (sum !== 0n) throw new AppError(400, 'VALIDATION', { detail: 'lines do not sum to zero' });
  return lines;
}

/** What the key stands for: the same key with different content is a different request. */
function requestHash(type: string, reference: string, lines: Posting[]): string {
  const canonical = [...lines]
    .sort((a, b) => compareIds(a.accountId, b.accountId))
    .map((l) => `${l.accountId}:${l.amountMinor}`)
    .join(',');
  return createHash('sha256').update(`${type}|${reference}|${canonical}`).digest('hex');
}

function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** An error PostgreSQL raised while running the statement (it carries a SQLSTATE), not one of the connection. */
function isStatementError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '40P01' || code === '40001';
}

function mapDatabaseError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code === '23505' && /reverses_entry_id/.test(`${e.constraint ?? ''}${e.message ?? ''}`)) {
    return new AppError(409, 'ALREADY_REVERSED');
  }
  if (e?.code === '23503') return new AppError(404, 'NOT_FOUND');
  if (e?.code === 'P0001' && e.message === 'ledger_insufficient_funds') {
    const [accountId = '', balance = '0'] = String((error as { detail?: string }).detail ?? '').split(':');
    return new InsufficientFunds(accountId, BigInt(balance));
  }
  if (e?.code === 'P0001' && e.message === 'ledger_account_missing') return new AppError(404, 'NOT_FOUND');
  return error;
}
