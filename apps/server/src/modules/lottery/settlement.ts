import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Ledger } from '../wallet/ledger.ts';
import type { LotteryCatalogue } from './catalogue.ts';
import { betTypeOf, type DrawResult, payoutMinor } from './rules.ts';

/** Bets settled per transaction: large enough to settle a big draw quickly, small enough to keep locks short. */
export const SETTLE_BATCH = 1000;

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
}

/**
 * Pays every bet of a drawn draw exactly once, or refunds every bet of a cancelled one. Each batch is one ledger
 * transaction: it locks its pending bets (`SKIP LOCKED`, so a second settler takes other bets instead of waiting),
 * posts each win or refund under the bet's own idempotency key (`lottery-win:<betId>`, `lottery-refund:<betId>`),
 * and marks the bets settled, so a bet's money and its status commit together. A settler that dies mid-batch leaves
 * that batch's bets pending and unpaid, for the job's retry; a replayed key could only answer the first posting.
 */
export class LotterySettlement {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly catalogue: LotteryCatalogue,
    private readonly houseAccount: () => Promise<string>,
  ) {}

  async settle(drawId: string, options: SettleOptions = {}) {
    const batchSize = options.batchSize ?? SETTLE_BATCH;
    const draw = await this.db
      .selectFrom('lottery_draws')
      .select(['id', 'game_code', 'status', 'result'])
      .where('id', '=', drawId)
      .executeTakeFirst();
    if (!draw) throw new AppError(404, 'DRAW_NOT_FOUND');
    if (draw.status === 'settled') return { settled: 0, paid: 0n };
    if (draw.status !== 'drawn' && draw.status !== 'cancelled') throw new Error(`draw ${drawId} is not drawn yet`);
    const game = await this.catalogue.game(draw.game_code);
    const odds = await this.catalogue.odds(draw.game_code);
    const house = await this.houseAccount();
    const refund = draw.status === 'cancelled';
    const result = draw.result as DrawResult | null;
    let settled = 0;
    let paid = 0n;
    for (let batch = 1; ; batch++) {
      const outcome = await this.ledger.transaction(async ({ trx, post }) => {
        const bets = (
          await sql<PendingBet>`
          SELECT id, account_id, bet_type, selection, stake_minor, amount_minor, game_code, numero
            FROM lottery_bets
           WHERE draw_id = ${drawId} AND status = 'pending'
           ORDER BY id
           LIMIT ${batchSize}
             FOR UPDATE SKIP LOCKED`.execute(trx)
        ).rows;
        const ids: string[] = [];
        const statuses: string[] = [];
        const payouts: string[] = [];
        let batchPaid = 0n;
        for (const bet of bets) {
          let amount: bigint;
          let status: 'won' | 'lost' | 'refunded';
          if (refund) {
            amount = BigInt(bet.amount_minor);
            status = 'refunded';
          } else {
            const type = betTypeOf(game.group, bet.bet_type);
            if (!type || !result) throw new Error(`bet ${bet.id} cannot be settled`);
            // Odds are read at settlement: the operator's settings of the moment the draw settles apply.
            amount = payoutMinor(BigInt(bet.amount_minor), type.payoutE4(result, bet.selection, odds));
            status = amount > 0n ? 'won' : 'lost';
          }
          if (amount > 0n) {
            await post({
              type: refund ? 'refund' : 'win',
              reference: `lottery:${bet.game_code}:${bet.numero}:${bet.id}`,
              idempotencyKey: `${refund ? 'lottery-refund' : 'lottery-win'}:${bet.id}`,
              lines: [
                { accountId: bet.account_id, amountMinor: amount },
                { accountId: house, amountMinor: -amount },
              ],
            });
          }
          ids.push(bet.id);
          statuses.push(status);
          payouts.push(amount.toString());
          batchPaid += amount;
        }
        if (ids.length > 0) {
          await sql`
            UPDATE lottery_bets b
               SET status = u.status, payout_minor = u.payout, settled_at = now()
              FROM unnest(${ids}::bigint[], ${statuses}::text[], ${payouts}::bigint[]) AS u (id, status, payout)
             WHERE b.id = u.id AND b.status = 'pending'`.execute(trx);
        }
        options.beforeCommit?.(batch);
        return { count: ids.length, paid: batchPaid };
      });
      settled += outcome.count;
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
    return { settled, paid };
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
