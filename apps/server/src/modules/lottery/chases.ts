import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { REAL_CURRENCY } from '../../common/currencies.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { DuplicateTransaction, InsufficientFunds, type Ledger } from '../wallet/ledger.ts';
import { checkedBet, present } from './bets.ts';
import type { LotteryCatalogue } from './catalogue.ts';

export interface ChaseRequest {
  gameId: string;
  betType: string;
  selection: string;
  stake: string;
  multiple: number;
  /** How many draws, from the next one taking bets. */
  draws: number;
  /** Refund the chase's bets on the draws after one it won. */
  stopAfterWin: boolean;
}

export const MAX_CHASE_DRAWS = 50;

/** Refused inside the transaction: one of the draws locked after the chase was checked. */
class ChaseDrawLocked extends AppError {
  constructor() {
    super(409, 'DRAW_LOCKED');
  }
}

class ConcurrentReplay extends Error {}

/**
 * Chase bets: the same bet on each of the next N draws, all staked at once, each bet settled with its own draw. With
 * `stopAfterWin`, a bet of the chase whose draw comes after a draw the chase won is refunded when its draw settles
 * (settlement.ts): whether an earlier bet won depends on its draw's result only, so the rule gives the same answer
 * whichever draw settles first.
 */
export class LotteryChases {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly catalogue: LotteryCatalogue,
    private readonly houseAccount: () => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  async place(memberId: string, requestKey: string, request: ChaseRequest) {
    const hash = createHash('sha256')
      .update(
        JSON.stringify([
          request.gameId,
          request.betType,
          request.selection,
          request.stake,
          request.multiple,
          request.draws,
          request.stopAfterWin,
        ]),
      )
      .digest('hex');
    const replay = await this.find(memberId, requestKey);
    if (replay) return this.answer(replay, hash);

    const game = await this.catalogue.game(request.gameId);
    if (!Number.isInteger(request.draws) || request.draws < 1 || request.draws > MAX_CHASE_DRAWS) {
      throw new AppError(400, 'LOTTERY_BET_INVALID', { detail: 'draws' });
    }
    const { stake, amount } = checkedBet(
      game,
      request,
      game.group === 'VN' ? await this.catalogue.odds(game.code) : undefined,
    );
    const draws = await this.db
      .selectFrom('lottery_draws')
      .select(['id', 'numero'])
      .where('game_code', '=', game.code)
      .where('status', '=', 'open')
      .where('lock_at', '>', new Date(this.now()))
      .orderBy('draw_at')
      .limit(request.draws)
      .execute();
    if (draws.length < request.draws) throw new AppError(409, 'DRAW_NOT_FOUND');

    const account = await this.ledger.findMemberAccount(memberId, 'member_cash', REAL_CURRENCY);
    if (!account) throw new InsufficientFunds('', 0n);
    const house = await this.houseAccount();
    try {
      return await this.ledger.transaction(async ({ trx, post }) => {
        const open = await sql<{ id: string }>`
          SELECT id FROM lottery_draws
           WHERE id = ANY(${draws.map((draw) => draw.id)}::bigint[]) AND status = 'open'
             AND lock_at > ${new Date(this.now())}
             FOR SHARE`.execute(trx);
        if (open.rows.length !== draws.length) throw new ChaseDrawLocked();
        const chase = await trx
          .insertInto('lottery_chases')
          .values({
            member_id: memberId,
            request_key: requestKey,
            request_hash: hash,
            game_code: game.code,
            draws: request.draws,
            stop_after_win: request.stopAfterWin,
          })
          .onConflict((oc) => oc.columns(['member_id', 'request_key']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!chase) throw new ConcurrentReplay();
        const bets = await trx
          .insertInto('lottery_bets')
          .values(
            draws.map((draw, index) => ({
              member_id: memberId,
              account_id: account,
              request_key: `${requestKey}#${index + 1}`,
              request_hash: hash,
              draw_id: draw.id,
              game_code: game.code,
              numero: draw.numero,
              bet_type: request.betType,
              selection: request.selection,
              stake_minor: stake.toString(),
              multiple: request.multiple,
              amount_minor: amount.toString(),
              chase_id: chase.id,
            })),
          )
          .returningAll()
          .execute();
        for (const bet of bets) {
          await post({
            type: 'bet',
            reference: `lottery:${game.code}:${bet.numero}`,
            idempotencyKey: `lottery-bet:${bet.id}`,
            lines: [
              { accountId: account, amountMinor: -amount },
              { accountId: house, amountMinor: amount },
            ],
          });
        }
        return { chaseId: chase.id, stopAfterWin: chase.stop_after_win, bets: bets.map(present) };
      });
    } catch (error) {
      if (!(error instanceof ConcurrentReplay)) throw error;
      const first = await this.find(memberId, requestKey);
      if (!first) throw error;
      return this.answer(first, hash);
    }
  }

  private find(memberId: string, requestKey: string) {
    return this.db
      .selectFrom('lottery_chases')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
  }

  private async answer(chase: { id: string; request_hash: string; stop_after_win: boolean }, hash: string) {
    if (chase.request_hash !== hash) throw new DuplicateTransaction();
    const bets = await this.db
      .selectFrom('lottery_bets')
      .selectAll()
      .where('chase_id', '=', chase.id)
      .orderBy('id')
      .execute();
    return { chaseId: chase.id, stopAfterWin: chase.stop_after_win, bets: bets.map(present) };
  }
}
