import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Ledger } from '../wallet/ledger.ts';
import type { LotteryCatalogue } from './catalogue.ts';
import { betPayoutMinor, betTypeOf, type DrawResult, type GameGroup, type Odds } from './rules.ts';

/** Bets settled per transaction: large enough to settle a big draw quickly, small enough to keep locks short. */
export const SETTLE_BATCH = 5000;
/** Member lines of one win entry: the ledger takes at most 20 lines, and the house account has the last one. */
const MEMBERS_PER_ENTRY = 19;

export interface SettleOptions {
  batchSize?: number;
  /** Tests only: called inside each batch's transaction after its postings, before its commit (a crash there). */
  beforeCommit?: (batch: number) => void;
}

interface PendingBet {
  id: string;
  account_id: string;
  bet_type: string;
  selection: string;
  stake_minor: string;
  amount_minor: string;
  game_code: string;
  numero: string;
  chase_id: string | null;
}

/**
 * Pays every bet of a drawn draw exactly once, or refunds every bet of a cancelled one. Each batch is one ledger
 * transaction: it locks its pending bets (`SKIP LOCKED`, so a second settler takes other bets instead of waiting),
 * posts their wins (or refunds) in entries of up to 19 members each, keyed by the draw and the first and last bet they
 * pay, and marks the bets settled with the entry that paid each, so a bet's money and its status commit together or
 * not at all. A settler that dies mid-batch leaves that batch's bets pending and unpaid, for the job's retry; a bet
 * leaves `pending` only in the transaction that pays it, so no later batch can pay it again.
 */
export class LotterySettlement {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly catalogue: LotteryCatalogue,
    private readonly houseAccount: () => Promise<string>,
  ) {}

  /** Whether a bet of the draw is still pending. */
  private async hasPending(drawId: string): Promise<boolean> {
    const bet = await this.db
      .selectFrom('lottery_bets')
      .select('id')
      .where('draw_id', '=', drawId)
      .where('status', '=', 'pending')
      .limit(1)
      .executeTakeFirst();
    return bet !== undefined;
  }

  async settle(drawId: string, options: SettleOptions = {}) {
    const batchSize = options.batchSize ?? SETTLE_BATCH;
    const draw = await this.db
      .selectFrom('lottery_draws')
      .select(['id', 'game_code', 'numero', 'status', 'result', 'draw_at'])
      .where('id', '=', drawId)
      .executeTakeFirst();
    if (!draw) throw new AppError(404, 'DRAW_NOT_FOUND');
    if (draw.status === 'settled') return { settled: 0, paid: 0n, complete: true };
    if (draw.status !== 'drawn' && draw.status !== 'cancelled') throw new Error(`draw ${drawId} is not drawn yet`);
    const game = await this.catalogue.anyGame(draw.game_code);
    const odds = await this.catalogue.odds(draw.game_code);
    // A draw nobody bet on opens no account (the house account is opened on the first draw that moves money).
    const anyPending = await this.hasPending(drawId);
    // Opened before the batches' transactions: an embedded database has one connection, which a transaction holds.
    const house = anyPending ? await this.houseAccount() : '';
    const refund = draw.status === 'cancelled';
    const numero = draw.numero;
    const drawAt = new Date(draw.draw_at);
    const result = draw.result as DrawResult | null;
    let settled = 0;
    let paid = 0n;
    // Each batch starts after the last bet of the one before: the draw's index holds its settled bets too (settling a
    // bet changes no indexed column, so the rewrite stays off the indexes), and a scan from the start would step over
    // all of them again.
    let after = '0';
    for (let batch = 1; anyPending; batch++) {
      const outcome = await this.ledger.transaction(async ({ trx, postMany }) => {
        const bets = (
          await sql<PendingBet>`
          SELECT id, account_id, bet_type, selection, stake_minor, amount_minor, game_code, numero, chase_id
            FROM lottery_bets
           WHERE draw_id = ${drawId} AND status = 'pending' AND id > ${after}
           ORDER BY id
           LIMIT ${batchSize}
             FOR UPDATE SKIP LOCKED`.execute(trx)
        ).rows;
        const ids: string[] = [];
        const statuses: string[] = [];
        const payouts: string[] = [];
        const entries: (string | null)[] = [];
        let batchPaid = 0n;
        const stopped = await this.stoppedChases(trx, game, odds, bets, drawAt);
        // Wins (and refunds) are paid in entries of up to MEMBERS_PER_ENTRY members' lines and the house's one line,
        // in bet order, and the batch's entries are posted in one statement, which locks all their balances at once
        // in id order (two settlers sharing members then wait for each other instead of deadlocking).
        type Chunk = { kind: 'win' | 'refund'; accounts: Map<string, bigint>; bets: number[] };
        const done: Chunk[] = [];
        const open: Record<'win' | 'refund', Chunk> = {
          win: { kind: 'win', accounts: new Map(), bets: [] },
          refund: { kind: 'refund', accounts: new Map(), bets: [] },
        };
        const close = (kind: 'win' | 'refund') => {
          if (open[kind].bets.length > 0) done.push(open[kind]);
          open[kind] = { kind, accounts: new Map(), bets: [] };
        };
        for (const bet of bets) {
          let amount: bigint;
          let status: 'won' | 'lost' | 'refunded';
          if (refund || (bet.chase_id !== null && stopped.has(bet.chase_id))) {
            amount = BigInt(bet.amount_minor);
            status = 'refunded';
          } else {
            const type = betTypeOf(game.group, bet.bet_type);
            if (!type || !result) throw new Error(`bet ${bet.id} cannot be settled`);
            // Odds are read at settlement: the operator's settings of the moment the draw settles apply.
            const settledBet = {
              amountMinor: BigInt(bet.amount_minor),
              stakeMinor: BigInt(bet.stake_minor),
              selection: bet.selection,
            };
            amount = betPayoutMinor(type, settledBet, result, odds);
            status = amount > 0n ? 'won' : 'lost';
          }
          ids.push(bet.id);
          statuses.push(status);
          payouts.push(amount.toString());
          entries.push(null);
          if (amount > 0n) {
            const kind = status === 'refunded' ? 'refund' : 'win';
            if (!open[kind].accounts.has(bet.account_id) && open[kind].accounts.size >= MEMBERS_PER_ENTRY) close(kind);
            const chunk = open[kind];
            chunk.accounts.set(bet.account_id, (chunk.accounts.get(bet.account_id) ?? 0n) + amount);
            chunk.bets.push(ids.length - 1);
          }
          batchPaid += amount;
        }
        close('win');
        close('refund');
        const posted = await postMany(
          done.map((chunk) => {
            const total = [...chunk.accounts.values()].reduce((sum, amount) => sum + amount, 0n);
            return {
              type: chunk.kind,
              reference: `lottery:${game.code}:${numero}`,
              idempotencyKey: `lottery-${chunk.kind}:${drawId}:${ids[chunk.bets[0] as number]}-${ids[chunk.bets.at(-1) as number]}`,
              lines: [
                ...[...chunk.accounts].map(([accountId, amountMinor]) => ({ accountId, amountMinor })),
                { accountId: house, amountMinor: -total },
              ],
            };
          }),
        );
        done.forEach((chunk, index) => {
          for (const bet of chunk.bets) entries[bet] = (posted[index] as { entryId: string }).entryId;
        });
        if (ids.length > 0) {
          await sql`
            UPDATE lottery_bets b
               SET status = u.status, payout_minor = u.payout, settle_entry_id = u.entry_id, settled_at = now()
              FROM unnest(${ids}::bigint[], ${statuses}::text[], ${payouts}::bigint[], ${entries}::bigint[])
                   AS u (id, status, payout, entry_id)
             WHERE b.id = u.id AND b.status = 'pending'`.execute(trx);
        }
        options.beforeCommit?.(batch);
        return { count: ids.length, paid: batchPaid, last: ids[ids.length - 1] };
      });
      settled += outcome.count;
      if (outcome.last) after = outcome.last;
      paid += outcome.paid;
      if (outcome.count < batchSize) break;
    }
    // Settled once no bet is left pending; while another settler still holds a batch, that settler marks it.
    await sql`
      UPDATE lottery_draws d SET status = 'settled', settled_at = now()
       WHERE d.id = ${drawId} AND d.status = 'drawn'
         AND NOT EXISTS (SELECT 1 FROM lottery_bets b WHERE b.draw_id = d.id AND b.status = 'pending')`.execute(
      this.db,
    );
    // Bets skipped because another settler held them are still pending if that settler failed: the job that
    // settles the draw is retried until none is left.
    const left = await this.hasPending(drawId);
    return { settled, paid, complete: !left };
  }

  /**
   * The chases among `bets` that stop after a win and won a draw before this one: their bets here are refunded.
   * Whether a bet won depends only on its draw's result (odds are always positive), and draws are drawn in order, so
   * the answer is the same whichever of the chase's draws settles first.
   */
  private async stoppedChases(
    trx: Transaction<Database>,
    game: { group: GameGroup },
    odds: Odds,
    bets: readonly PendingBet[],
    drawAt: Date,
  ): Promise<Set<string>> {
    const chaseIds = [...new Set(bets.flatMap((bet) => (bet.chase_id === null ? [] : [bet.chase_id])))];
    if (chaseIds.length === 0) return new Set();
    const earlier = await sql<{ chase_id: string; bet_type: string; selection: string; result: DrawResult }>`
      SELECT b.chase_id, b.bet_type, b.selection, d.result
        FROM lottery_bets b
        JOIN lottery_chases c ON c.id = b.chase_id AND c.stop_after_win
        JOIN lottery_draws d ON d.id = b.draw_id
       WHERE b.chase_id = ANY(${chaseIds}::bigint[]) AND d.draw_at < ${drawAt}
         AND d.status IN ('drawn', 'settled')`.execute(trx);
    const stopped = new Set<string>();
    for (const row of earlier.rows) {
      const type = betTypeOf(game.group, row.bet_type);
      if (type && type.payoutE4(row.result, row.selection, odds) > 0) stopped.add(row.chase_id);
    }
    return stopped;
  }

  /** Voids a draw not yet drawn; its bets are then refunded by `settle`, each once. */
  async cancel(drawId: string): Promise<boolean> {
    const moved = await this.db
      .updateTable('lottery_draws')
      .set({ status: 'cancelled' })
      .where('id', '=', drawId)
      .where('status', 'in', ['open', 'locked'])
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0;
  }
}
