import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestPortal } from '../../test/harness.ts';
import { DuplicateTransaction, InsufficientFunds, Ledger } from './ledger.ts';

const test = useTestPortal();
let ledger: Ledger;
let house: string;
let channel: string;
let adjustment: string;
let memberCount = 0;

beforeAll(async () => {
  ledger = new Ledger(test.portal.database.db);
  house = await ledger.systemAccount('house:bdt', 'house');
  channel = await ledger.systemAccount('channel:bkash:bdt', 'channel_clearing');
  adjustment = await ledger.systemAccount('adjustment:bdt', 'adjustment');
});

/** A new member's cash account, funded with `minor` from a payment channel. */
async function fundedWallet(minor: bigint): Promise<string> {
  memberCount += 1;
  const member = await test.portal.app.services.members.createByOperator(
    { account: `ledger${process.pid}x${memberCount}`, password: 'Secret123', type: 0 },
    'test',
  );
  const account = await ledger.memberAccount(member.id, 'member_cash');
  if (minor > 0n) {
    await ledger.post({
      type: 'deposit',
      reference: `fund-${account}`,
      lines: [
        { accountId: account, amountMinor: minor },
        { accountId: channel, amountMinor: -minor },
      ],
    });
  }
  return account;
}

function debit(account: string, minor: bigint, reference: string, idempotencyKey?: string) {
  return ledger.post({
    type: 'bet',
    reference,
    idempotencyKey,
    lines: [
      { accountId: account, amountMinor: -minor },
      { accountId: house, amountMinor: minor },
    ],
  });
}

async function expectBooksBalance() {
  const books = await ledger.reconcile();
  expect(books).toMatchObject({ ok: true, unbalancedEntries: [], wrongBalances: [], total: 0n });
}

describe('the ledger', () => {
  it('opens an account once when many first uses arrive at once', async () => {
    memberCount += 1;
    const { id: member } = await test.portal.app.services.members.createByOperator(
      { account: `ledger${process.pid}x${memberCount}`, password: 'Secret123', type: 0 },
      'test',
    );
    // Fresh instances: nothing cached, every call goes to the database.
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? new Ledger(test.portal.database.db).vendorWallet(member, 'SBO')
          : new Ledger(test.portal.database.db).memberAccount(member, 'member_bonus'),
      ),
    );
    expect(new Set(ids.filter((_, i) => i % 2 === 0)).size).toBe(1);
    expect(new Set(ids.filter((_, i) => i % 2 === 1)).size).toBe(1);
  });

  it('lets exactly 100 of 200 concurrent debits of 1.00 through a wallet of 100.00, and never below zero', async () => {
    const wallet = await fundedWallet(10_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => debit(wallet, 100n, `bet-${wallet}-${i}`)),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(done).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFunds);
    expect(await ledger.balance(wallet)).toBe(0n);
    const afters = done.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof debit>>>).value.lines);
    for (const lines of afters) {
      const mine = lines.find((l) => l.accountId === wallet);
      expect(mine?.balanceAfterMinor).toBeGreaterThanOrEqual(0n);
    }
    await expectBooksBalance();
  });

  it('moves money once for one idempotency key sent 50 times at once, and refuses the key with other content', async () => {
    const wallet = await fundedWallet(5_000n);
    const key = `bet-key-${wallet}`;
    const results = await Promise.all(Array.from({ length: 50 }, () => debit(wallet, 250n, `round-${wallet}`, key)));
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(results.every((r) => JSON.stringify(r, bigints) === JSON.stringify(results[0], bigints))).toBe(true);
    expect(await ledger.balance(wallet)).toBe(4_750n);

    await expect(debit(wallet, 300n, `round-${wallet}`, key)).rejects.toBeInstanceOf(DuplicateTransaction);
    expect(await ledger.balance(wallet)).toBe(4_750n);
    await expectBooksBalance();
  });

  it('writes postings that arrive together in one statement, each refused, replayed or posted on its own', async () => {
    const rich = await fundedWallet(1_000n);
    const poor = await fundedWallet(100n);
    const retried = await fundedWallet(1_000n);
    const first = await debit(retried, 300n, `batch-${retried}`, `batch-key-${retried}`);
    // Another process: it has not answered the key itself, so the database must recognise the retry.
    const other = new Ledger(test.portal.database.db);
    const statements = vi.spyOn(other as unknown as { runBatch: (...args: unknown[]) => unknown }, 'runBatch');
    const bet = (account: string, minor: bigint, reference: string, idempotencyKey?: string) => ({
      type: 'bet' as const,
      reference,
      idempotencyKey,
      lines: [
        { accountId: account, amountMinor: -minor },
        { accountId: house, amountMinor: minor },
      ],
    });
    const guard = (allowed: boolean) => ({
      name: 'test_flag_batch',
      values: [allowed],
      sql: ([flags = []]: unknown[][]) => sql<boolean[]>`${flags}::boolean[]`,
    });
    const [posted, short, retry, clash, allowed, refused] = await Promise.allSettled([
      other.post(bet(rich, 250n, `batch-a-${rich}`)),
      other.post(bet(poor, 500n, `batch-b-${poor}`)),
      other.post(bet(retried, 300n, `batch-${retried}`, `batch-key-${retried}`)),
      other.post(bet(retried, 999n, `batch-${retried}`, `batch-key-${retried}`)),
      other.postIf(bet(rich, 100n, `batch-c-${rich}`), guard(true)),
      other.postIf(bet(rich, 50n, `batch-d-${rich}`), guard(false)),
    ]);
    // Two statements: the four unguarded postings together, and the two guarded ones together.
    expect(statements.mock.calls.map((call) => (call[1] as unknown[]).length)).toEqual([4, 2]);
    expect(posted).toMatchObject({ status: 'fulfilled', value: { type: 'bet' } });
    expect(short).toMatchObject({ status: 'rejected', reason: expect.any(InsufficientFunds) });
    expect((short as PromiseRejectedResult).reason.value).toEqual({ accountId: poor, balanceMinor: '100' });
    expect(retry).toEqual({ status: 'fulfilled', value: first });
    expect(clash).toMatchObject({ status: 'rejected', reason: expect.any(DuplicateTransaction) });
    expect(allowed).toMatchObject({ status: 'fulfilled', value: { type: 'bet' } });
    expect(refused).toEqual({ status: 'fulfilled', value: null });
    expect(await ledger.balance(rich)).toBe(650n);
    expect(await ledger.balance(poor)).toBe(100n);
    expect(await ledger.balance(retried)).toBe(700n);
    await expectBooksBalance();
  });

  it('posts many entries as one set in a transaction: running balances, replays, and all or nothing', async () => {
    const a = await fundedWallet(1_000n);
    const b = await fundedWallet(0n);
    const win = (key: string, lines: [string, bigint][]) => ({
      type: 'win' as const,
      reference: `set-${a}`,
      idempotencyKey: key,
      lines: lines.map(([accountId, amountMinor]) => ({ accountId, amountMinor })),
    });
    const first = await ledger.transaction(({ postMany }) =>
      postMany([
        win(`set-1-${a}`, [
          [a, 100n],
          [b, 50n],
          [house, -150n],
        ]),
        win(`set-2-${a}`, [
          [a, 25n],
          [house, -25n],
        ]),
      ]),
    );
    // Answers come in request order, each line with the balance after it, running over the set.
    expect(first.map((entry) => entry.lines.find((line) => line.accountId === a)?.balanceAfterMinor)).toEqual([
      1_100n,
      1_125n,
    ]);
    expect(first[0]?.lines.find((line) => line.accountId === b)?.balanceAfterMinor).toBe(50n);
    // The same keys again are replays that move nothing; a key with other content aborts the whole set.
    const again = await ledger.transaction(({ postMany }) =>
      postMany([
        win(`set-2-${a}`, [
          [a, 25n],
          [house, -25n],
        ]),
      ]),
    );
    expect(again[0]?.entryId).toBe(first[1]?.entryId);
    await expect(
      ledger.transaction(({ postMany }) =>
        postMany([
          win(`set-3-${a}`, [
            [a, 5n],
            [house, -5n],
          ]),
          win(`set-2-${a}`, [
            [a, 26n],
            [house, -26n],
          ]),
        ]),
      ),
    ).rejects.toBeInstanceOf(DuplicateTransaction);
    // A balance that would pass below zero at any line of the set refuses all of it, even if a later line refills it.
    await expect(
      ledger.transaction(({ postMany }) =>
        postMany([
          win(`set-4-${a}`, [
            [b, -60n],
            [house, 60n],
          ]),
          win(`set-5-${a}`, [
            [b, 100n],
            [house, -100n],
          ]),
        ]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await ledger.balance(a)).toBe(1_125n);
    expect(await ledger.balance(b)).toBe(50n);
    expect(await ledger.entryByKey(`set-3-${a}`)).toBeNull();
    expect(await ledger.entryByKey(`set-5-${a}`)).toBeNull();
    await expectBooksBalance();
  });

  it("posts an entry in the caller's own statement only when the caller's write wrote a row", async () => {
    const wallet = await fundedWallet(500n);
    const db = test.portal.database.db;
    await sql`CREATE TABLE IF NOT EXISTS post_with_probe (key text PRIMARY KEY, open boolean NOT NULL)`.execute(db);
    const stake = (key: string, open: boolean, minor = 200n) =>
      ledger.postWith<{ key: string }>(
        {
          type: 'bet',
          reference: `with-${wallet}`,
          idempotencyKey: `with-${wallet}-${key}`,
          lines: [
            { accountId: wallet, amountMinor: -minor },
            { accountId: house, amountMinor: minor },
          ],
        },
        sql`INSERT INTO post_with_probe (key, open) SELECT ${`${wallet}-${key}`}, ${open} WHERE ${open}
              ON CONFLICT (key) DO NOTHING RETURNING key`,
      );
    const first = await stake('a', true);
    expect(first.rows).toEqual([{ key: `${wallet}-a` }]);
    expect(first.entry?.lines.find((line) => line.accountId === wallet)?.balanceAfterMinor).toBe(300n);
    // The caller's write wrote nothing (its row exists; its condition is false): nothing moves.
    expect(await stake('a', true)).toEqual({ rows: [], entry: null });
    expect(await stake('b', false)).toEqual({ rows: [], entry: null });
    // Refused money takes the caller's row with it.
    await expect(stake('c', true, 400n)).rejects.toBeInstanceOf(InsufficientFunds);
    // A write of fewer rows than the posting stands for fails whole.
    await expect(
      ledger.postWith(
        {
          type: 'bet',
          reference: `with-${wallet}`,
          idempotencyKey: `with-${wallet}-d`,
          lines: [
            { accountId: wallet, amountMinor: -100n },
            { accountId: house, amountMinor: 100n },
          ],
        },
        sql`INSERT INTO post_with_probe (key, open) VALUES (${`${wallet}-d`}, true), (${`${wallet}-a`}, true)
              ON CONFLICT (key) DO NOTHING RETURNING key`,
        { rows: 2 },
      ),
    ).rejects.toBeInstanceOf(DuplicateTransaction);
    const rows = await sql<{ key: string }>`SELECT key FROM post_with_probe WHERE key LIKE ${`${wallet}-%`}`.execute(
      db,
    );
    expect(rows.rows.map((row) => row.key)).toEqual([`${wallet}-a`]);
    expect(await ledger.balance(wallet)).toBe(300n);
    await expectBooksBalance();
  });

  it("writes a guarded batch's companion row with each posting it posts, and none with the others", async () => {
    const rich = await fundedWallet(1_000n);
    const poor = await fundedWallet(100n);
    const db = test.portal.database.db;
    await sql`CREATE TABLE IF NOT EXISTS companion_probe (key text PRIMARY KEY)`.execute(db);
    const other = new Ledger(db);
    const statements = vi.spyOn(other as unknown as { runBatch: (...args: unknown[]) => unknown }, 'runBatch');
    const stake = (account: string, name: string, open: boolean, minor = 100n, on = other) =>
      on.postIfWith(
        {
          type: 'bet',
          reference: `companion-${rich}`,
          idempotencyKey: `companion-${rich}-${name}`,
          lines: [
            { accountId: account, amountMinor: -minor },
            { accountId: house, amountMinor: minor },
          ],
        },
        {
          name: 'test_companion_batch',
          values: [`${rich}-${name}`, open],
          sql: ([, opens = []]) => sql<boolean[]>`${opens}::boolean[]`,
          companion: {
            sql: ([keys], posted) =>
              sql`INSERT INTO companion_probe (key)
                  SELECT k.key FROM unnest(${keys}::text[]) WITH ORDINALITY AS k (key, n) WHERE k.n IN ${posted}
                  ON CONFLICT (key) DO NOTHING RETURNING key`,
            belongsTo: (row, values) => row.key === values[0],
          },
        },
      );
    const first = await stake(rich, 'a', true, 100n, ledger);
    expect(first).toMatchObject({ replayed: false, rows: [{ key: `${rich}-a` }] });
    // `other` has not answered key a itself: the database must recognise the retry.
    const [posted, refused, short, retry] = await Promise.allSettled([
      stake(rich, 'b', true),
      stake(rich, 'c', false),
      stake(poor, 'd', true, 500n),
      stake(rich, 'a', true),
    ]);
    // One statement for the four.
    expect(statements.mock.calls.map((call) => (call[1] as unknown[]).length)).toEqual([4]);
    expect(posted).toMatchObject({ status: 'fulfilled', value: { replayed: false, rows: [{ key: `${rich}-b` }] } });
    expect(refused).toEqual({ status: 'fulfilled', value: { entry: null, replayed: false, rows: [] } });
    expect(short).toMatchObject({ status: 'rejected', reason: expect.any(InsufficientFunds) });
    expect(retry).toMatchObject({ status: 'fulfilled', value: { replayed: true, rows: [] } });
    expect(retry.status === 'fulfilled' && retry.value.entry?.entryId).toBe(first.entry?.entryId);
    // A companion row that meets an earlier one fails its statement whole; each posting then goes alone, and only
    // the one whose row clashed is refused.
    await sql`INSERT INTO companion_probe (key) VALUES (${`${rich}-e`})`.execute(db);
    const [clash, alongside] = await Promise.allSettled([stake(rich, 'e', true), stake(rich, 'f', true)]);
    expect(clash).toMatchObject({ status: 'rejected', reason: expect.any(DuplicateTransaction) });
    expect(alongside).toMatchObject({ status: 'fulfilled', value: { rows: [{ key: `${rich}-f` }] } });
    const rows = await sql<{
      key: string;
    }>`SELECT key FROM companion_probe WHERE key LIKE ${`${rich}-%`} ORDER BY key`.execute(db);
    expect(rows.rows.map((row) => row.key)).toEqual(['a', 'b', 'e', 'f'].map((name) => `${rich}-${name}`));
    expect(await other.entryByKey(`companion-${rich}-e`)).toBeNull();
    expect(await ledger.balance(rich)).toBe(700n);
    expect(await ledger.balance(poor)).toBe(100n);
    await expectBooksBalance();
  });

  it('finds whose posting broke a shared statement by sending each alone, and writes the others', async () => {
    const wallet = await fundedWallet(1_000n);
    const other = new Ledger(test.portal.database.db);
    const statements = vi.spyOn(other as unknown as { runBatch: (...args: unknown[]) => unknown }, 'runBatch');
    const [good, missing] = await Promise.allSettled([
      other.post({
        type: 'bet',
        reference: `alone-${wallet}`,
        lines: [
          { accountId: wallet, amountMinor: -200n },
          { accountId: house, amountMinor: 200n },
        ],
      }),
      other.post({
        type: 'bet',
        reference: `alone-missing-${wallet}`,
        lines: [
          { accountId: '999999999', amountMinor: -200n },
          { accountId: house, amountMinor: 200n },
        ],
      }),
    ]);
    expect(statements.mock.calls.map((call) => (call[1] as unknown[]).length)).toEqual([2, 1, 1]);
    expect(good).toMatchObject({ status: 'fulfilled', value: { type: 'bet' } });
    expect(missing).toMatchObject({ status: 'rejected', reason: { code: 'NOT_FOUND' } });
    expect(await ledger.balance(wallet)).toBe(800n);
    await expectBooksBalance();
  });

  it('never lets a deadlock reach a caller when two wallets pay each other 100 times each at once', async () => {
    const a = await fundedWallet(10_000n);
    const b = await fundedWallet(10_000n);
    const transfer = (from: string, to: string, i: number) =>
      ledger.post({
        type: 'transfer',
        reference: `t-${from}-${to}-${i}`,
        lines: [
          { accountId: from, amountMinor: -100n },
          { accountId: to, amountMinor: 100n },
        ],
      });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => [transfer(a, b, i), transfer(b, a, i)]).flat(),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await ledger.balance(a)).toBe(10_000n);
    expect(await ledger.balance(b)).toBe(10_000n);
    await expectBooksBalance();
  });

  it('answers a retry after a lost response with the first result, and reverses the entry exactly once', async () => {
    const wallet = await fundedWallet(1_000n);
    const houseBefore = await ledger.balance(house);
    const first = await debit(wallet, 400n, `lost-${wallet}`, `lost-key-${wallet}`);
    // The response was lost; the client retries with the same key.
    const retry = await debit(wallet, 400n, `lost-${wallet}`, `lost-key-${wallet}`);
    expect(retry).toEqual(first);
    expect(await ledger.balance(wallet)).toBe(600n);

    const reversal = await ledger.reverse(first.entryId, `undo-key-${wallet}`, `undo-${wallet}`);
    expect(reversal.type).toBe('reversal');
    expect(await ledger.balance(wallet)).toBe(1_000n);
    expect(await ledger.reverse(first.entryId, `undo-key-${wallet}`, `undo-${wallet}`)).toEqual(reversal);
    await expect(ledger.reverse(first.entryId, `undo-again-${wallet}`, `undo-${wallet}`)).rejects.toMatchObject({
      code: 'ALREADY_REVERSED',
    });
    expect(await ledger.balance(wallet)).toBe(1_000n);
    expect(await ledger.balance(house)).toBe(houseBefore);
    await expectBooksBalance();
  });

  it('is append-only and balanced by the database itself, whatever code writes to it', async () => {
    const db = test.portal.database.db;
    const wallet = await fundedWallet(700n);
    await expect(sql`UPDATE journal_lines SET amount_minor = amount_minor + 1`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM journal_lines`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM journal_entries`.execute(db)).rejects.toThrow(/append-only/);
    await expect(
      db.transaction().execute(async (trx) => {
        const entry = await trx
          .insertInto('journal_entries')
          .values({ type: 'adjustment', reference: 'unbalanced' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('journal_lines')
          .values([
            { entry_id: entry.id, account_id: adjustment, amount_minor: '100' },
            { entry_id: entry.id, account_id: house, amount_minor: '-99' },
          ])
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
    // The posting function checks its own entry too, whoever calls it.
    const houseAccount = await new Ledger(db).systemAccount('house:bdt', 'house');
    await expect(
      sql`SELECT * FROM ledger_post(NULL, NULL, 'bet', 'raw', NULL, ARRAY[${wallet}, ${houseAccount}]::bigint[], ARRAY[-5, 4]::bigint[])`.execute(
        db,
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      sql`SELECT * FROM ledger_post(NULL, NULL, 'bet', 'raw', NULL, ARRAY[${wallet}]::bigint[], ARRAY[0]::bigint[])`.execute(
        db,
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(sql`UPDATE ledger_accounts SET balance_minor = -1 WHERE id = ${wallet}`.execute(db)).rejects.toThrow(
      /ledger_balance_not_negative/,
    );
    await expectBooksBalance();
  });

  it('refuses lines of an entry or an account that does not exist, and never removes an account', async () => {
    const db = test.portal.database.db;
    const wallet = await fundedWallet(100n);
    const rawLines = (entryId: string, accounts: string[]) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('journal_lines')
          .values([
            { entry_id: entryId, account_id: accounts[0] ?? '', amount_minor: '5' },
            { entry_id: entryId, account_id: accounts[1] ?? '', amount_minor: '-5' },
          ])
          .execute();
      });
    await expect(rawLines('999999999', [adjustment, house])).rejects.toThrow(/does not exist/);
    const entry = await db
      .insertInto('journal_entries')
      .values({ type: 'adjustment', reference: 'stray account' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(rawLines(entry.id, [adjustment, '999999999'])).rejects.toThrow(/does not exist/);
    await expect(sql`DELETE FROM ledger_accounts WHERE id = ${wallet}`.execute(db)).rejects.toThrow(/never removed/);
    await expect(sql`TRUNCATE ledger_accounts CASCADE`.execute(db)).rejects.toThrow(/never removed/);
    expect(await ledger.balance(wallet)).toBe(100n);
    await expectBooksBalance();
  });

  it("refuses malformed accounts and entries in the database, and changes to an account's fixed columns", async () => {
    const db = test.portal.database.db;
    const wallet = await fundedWallet(0n);
    const account = (code: string, kind: string, currency: string, tracks: boolean, member: string | null) =>
      sql`INSERT INTO ledger_accounts (code, kind, currency, tracks_balance, member_id)
          VALUES (${code}, ${kind}, ${currency}, ${tracks}, ${member}::bigint)`.execute(db);
    await expect(account('Bad Code', 'house', 'BDT', false, null)).rejects.toThrow(/code .* is malformed/);
    await expect(account('house:xyz', 'casino', 'BDT', false, null)).rejects.toThrow(/kind casino is unknown/);
    await expect(account('house:xyz', 'house', 'taka', false, null)).rejects.toThrow(/currency taka/);
    await expect(account('house:xyz', 'house', 'BDT', true, null)).rejects.toThrow(/running balance/);
    await expect(account('house:xyz', 'member_cash', 'BDT', true, null)).rejects.toThrow(/needs a member/);
    await expect(sql`UPDATE ledger_accounts SET kind = 'house' WHERE id = ${wallet}`.execute(db)).rejects.toThrow(
      /a house account has no member/,
    );
    await expect(sql`UPDATE ledger_accounts SET vendor_code = 'JILI' WHERE id = ${wallet}`.execute(db)).rejects.toThrow(
      /vendor wallets and only they/,
    );
    await expect(sql`INSERT INTO journal_entries (type, reference) VALUES ('gift', 'x')`.execute(db)).rejects.toThrow(
      /journal_entry_type/,
    );
    await expect(sql`INSERT INTO journal_entries (type, reference) VALUES ('bet', '')`.execute(db)).rejects.toThrow(
      /journal_reference/,
    );
  });

  it('counts net stakes per period: bets less refunds of that account only, split at the exact microsecond', async () => {
    const wallet = await fundedWallet(100_000n);
    const other = await fundedWallet(100_000n);
    const move = (account: string, type: 'bet' | 'refund' | 'win', minor: bigint) =>
      ledger.post({
        type,
        reference: `stakes-${account}`,
        lines: [
          { accountId: account, amountMinor: type === 'bet' ? -minor : minor },
          { accountId: house, amountMinor: type === 'bet' ? minor : -minor },
        ],
      });
    const postedAt = async (entryId: string, shiftMicros = 0) => {
      const { rows } = await sql<{ at: string }>`
        SELECT to_char((created_at + make_interval(secs => ${shiftMicros} / 1e6)) AT TIME ZONE 'UTC',
                       'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
          FROM journal_lines WHERE entry_id = ${entryId} LIMIT 1`.execute(test.portal.database.db);
      return rows[0]?.at as string;
    };
    const first = await move(wallet, 'bet', 10_000n);
    // The embedded database's clock counts milliseconds: the movements split by a period are posted apart.
    await new Promise((resolve) => setTimeout(resolve, 2));
    await move(wallet, 'refund', 4_000n);
    await move(wallet, 'win', 50_000n);
    await move(other, 'bet', 7_000n);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const last = await move(wallet, 'bet', 3_000n);

    const atFirst = await postedAt(first.entryId);
    const atLast = await postedAt(last.entryId);
    expect(await ledger.stakesByPeriod(wallet, [])).toEqual([]);
    expect(await ledger.stakesByPeriod(wallet, [atFirst])).toEqual([9_000n]);
    expect(await ledger.stakesByPeriod(wallet, [atFirst, atLast])).toEqual([6_000n, 3_000n]);
    // A period before any bet counts nothing; one starting a microsecond after a bet leaves it out.
    const hourBefore = await postedAt(first.entryId, -3_600_000_000);
    expect(await ledger.stakesByPeriod(wallet, [hourBefore, atFirst])).toEqual([0n, 9_000n]);
    expect(await ledger.stakesByPeriod(wallet, [await postedAt(first.entryId, 1)])).toEqual([-1_000n]);
    expect(await ledger.stakesByPeriod(other, [hourBefore])).toEqual([7_000n]);
  });

  it('keeps the books balanced over random sequences of movements with failures injected', async () => {
    const wallets = [await fundedWallet(0n), await fundedWallet(0n), await fundedWallet(0n)];
    const model = new Map(wallets.map((w) => [w, 0n]));
    const ghost = '999999999999';

    const operation = fc.record({
      kind: fc.constantFrom('deposit', 'bet', 'win', 'refund', 'transfer', 'withdrawal'),
      from: fc.integer({ min: 0, max: 2 }),
      to: fc.integer({ min: 0, max: 2 }),
      amount: fc.bigInt({ min: 1n, max: 50_000n }),
      // A failure after the balances moved: a line on an account that does not exist.
      fail: fc.boolean(),
    });

    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const op of ops) {
          const a = wallets[op.from] as string;
          const b = wallets[op.to] as string;
          const lines =
            op.kind === 'deposit' || op.kind === 'win' || op.kind === 'refund'
              ? [
                  { accountId: a, amountMinor: op.amount },
                  { accountId: op.kind === 'deposit' ? channel : house, amountMinor: -op.amount },
                ]
              : op.kind === 'transfer' && a !== b
                ? [
                    { accountId: a, amountMinor: -op.amount },
                    { accountId: b, amountMinor: op.amount },
                  ]
                : [
                    { accountId: a, amountMinor: -op.amount },
                    { accountId: op.kind === 'withdrawal' ? channel : house, amountMinor: op.amount },
                  ];
          if (op.fail) {
            lines.push({ accountId: ghost, amountMinor: 1n }, { accountId: adjustment, amountMinor: -1n });
          }
          const type = op.kind === 'withdrawal' ? 'withdrawal' : op.kind;
          try {
            await ledger.post({ type, reference: `prop-${op.kind}`, lines });
            expect(op.fail).toBe(false);
            for (const line of lines) {
              if (model.has(line.accountId)) {
                model.set(line.accountId, (model.get(line.accountId) as bigint) + line.amountMinor);
              }
            }
          } catch (error) {
            const insufficient = lines.some(
              (l) => model.has(l.accountId) && (model.get(l.accountId) as bigint) + l.amountMinor < 0n,
            );
            expect(op.fail || insufficient, String(error)).toBe(true);
          }
        }
        for (const [wallet, expected] of model) expect(await ledger.balance(wallet)).toBe(expected);
        await expectBooksBalance();
      }),
      { numRuns: 25 },
    );
  });
});

function bigints(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value;
}
