import { createHash } from 'node:crypto';
import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { REAL_CURRENCY } from '../../common/currencies.ts';
import type { Database, LotteryBetsTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { offsetOf } from '../../http/pages.ts';
import { DuplicateTransaction, InsufficientFunds, type Ledger } from '../wallet/ledger.ts';
import type { LotteryCatalogue } from './catalogue.ts';
import { betTypeOf, type GameGroup } from './rules.ts';

/**
 * A bet's type and selection checked against the game's bet types, and its stake (one unit) and amount (times the
 * multiple) against the game's limits, in minor units; 400 otherwise.
 */
export function checkedBet(
  game: { group: GameGroup; minStakeMinor: bigint; maxStakeMinor: bigint },
  request: { betType: string; selection: string; stake: string; multiple: number },
): { stake: bigint; amount: bigint } {
  const type = betTypeOf(game.group, request.betType);
  if (!type) throw new AppError(400, 'LOTTERY_BET_INVALID', { detail: 'betType' });
  if (!type.selections.includes(request.selection)) {
    throw new AppError(400, 'LOTTERY_BET_INVALID', { detail: 'selection' });
  }
  const stake = parsePositiveAmount(request.stake);
  const amount = stake === null ? null : stake * BigInt(request.multiple);
  if (stake === null || amount === null || stake < game.minStakeMinor || amount > game.maxStakeMinor) {
    throw new AppError(400, 'LOTTERY_STAKE_INVALID', {
      min: fromMinor(game.minStakeMinor),
      max: fromMinor(game.maxStakeMinor),
    });
  }
  return { stake, amount };
}

export interface BetRequest {
  gameId: string;
  numero: string;
  betType: string;
  selection: string;
  /** The stake of one unit, a decimal string with at most two places. */
  stake: string;
  multiple: number;
}

export interface SlipRequest {
  gameId: string;
  numero: string;
  items: { betType: string; selection: string; stake: string; multiple: number }[];
}

export const MAX_SLIP_ITEMS = 50;

type BetRow = Selectable<LotteryBetsTable>;

/** Refused inside the bet's transaction: the draw locked (or was voided) after the bet was checked. */
class DrawLocked extends AppError {
  constructor() {
    super(409, 'DRAW_LOCKED');
  }
}

/** A replay met a concurrent first request with its key: the first one's bet is read after the rollback. */
class ConcurrentReplay extends Error {}

/**
 * Lottery bets: checked against the game's bet types and limits, then the bet row and its stake's journal entry
 * (member cash to the lottery's house account, key `lottery-bet:<betId>`) commit in one ledger transaction. The
 * member's request key makes a retried bet answer the first one; the same key with another bet is refused.
 */
export class LotteryBets {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly catalogue: LotteryCatalogue,
    private readonly houseAccount: () => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  async place(memberId: string, requestKey: string, request: BetRequest) {
    const hash = requestHash(request);
    const replay = await this.find(memberId, requestKey);
    if (replay) return answerReplay(replay, hash);

    const game = await this.catalogue.game(request.gameId);
    const { stake, amount } = checkedBet(game, request);

    const draw = await this.openDraw(game.code, request.numero);

    // Accounts are found before the transaction (an embedded database has one connection, which the transaction
    // holds). A member without a cash account has nothing to stake, and a refused bet opens none.
    const account = await this.ledger.findMemberAccount(memberId, 'member_cash', REAL_CURRENCY);
    if (!account) throw new InsufficientFunds('', 0n);
    const house = await this.houseAccount();
    try {
      return await this.ledger.transaction(async ({ trx, post }) => {
        await this.holdOpen(trx, draw.id);
        const bet = await trx
          .insertInto('lottery_bets')
          .values({
            member_id: memberId,
            account_id: account,
            request_key: requestKey,
            request_hash: hash,
            draw_id: draw.id,
            game_code: game.code,
            numero: request.numero,
            bet_type: request.betType,
            selection: request.selection,
            stake_minor: stake.toString(),
            multiple: request.multiple,
            amount_minor: amount.toString(),
          })
          .onConflict((oc) => oc.columns(['member_id', 'request_key']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!bet) throw new ConcurrentReplay();
        const entry = await post({
          type: 'bet',
          // The draw is the reference of its stakes, wins and refunds alike, so the wallet's bet record shows a
          // member's play on a draw as one round with its stake and payout.
          reference: `lottery:${game.code}:${request.numero}`,
          idempotencyKey: `lottery-bet:${bet.id}`,
          lines: [
            { accountId: account, amountMinor: -amount },
            { accountId: house, amountMinor: amount },
          ],
        });
        const after = entry.lines.find((line) => line.accountId === account)?.balanceAfterMinor ?? null;
        return { ...present(bet), balance: after === null ? null : fromMinor(after) };
      });
    } catch (error) {
      if (!(error instanceof ConcurrentReplay)) throw error;
      const first = await this.find(memberId, requestKey);
      if (!first) throw error;
      return answerReplay(first, hash);
    }
  }

  /**
   * A bet slip: several bets on one draw, all placed or none, staked by one journal entry (key
   * `lottery-slip:<first bet id>`) for their total. Each item passes the single bet's checks; the request key
   * stands for the whole slip, whose bets carry it as `<key>#slip<n>` (a request key has no `#`).
   */
  async placeSlip(memberId: string, requestKey: string, request: SlipRequest) {
    const hash = slipHash(request);
    const replay = await this.findSlip(memberId, requestKey);
    if (replay.length > 0) return answerSlipReplay(replay, hash);

    if (request.items.length < 1 || request.items.length > MAX_SLIP_ITEMS) {
      throw new AppError(400, 'LOTTERY_BET_INVALID', { detail: 'items' });
    }
    const game = await this.catalogue.game(request.gameId);
    const checked = request.items.map((item, index) => {
      try {
        return { ...item, ...checkedBet(game, item) };
      } catch (error) {
        // The page marks the item at fault (counted from 0).
        if (error instanceof AppError) throw new AppError(error.statusCode, error.code, error.params, { item: index });
        throw error;
      }
    });
    const total = checked.reduce((sum, item) => sum + item.amount, 0n);
    const draw = await this.openDraw(game.code, request.numero);

    const account = await this.ledger.findMemberAccount(memberId, 'member_cash', REAL_CURRENCY);
    if (!account) throw new InsufficientFunds('', 0n);
    const house = await this.houseAccount();
    try {
      return await this.ledger.transaction(async ({ trx, post }) => {
        await this.holdOpen(trx, draw.id);
        const bets = await trx
          .insertInto('lottery_bets')
          .values(
            checked.map((item, index) => ({
              member_id: memberId,
              account_id: account,
              request_key: slipKey(requestKey, index),
              request_hash: hash,
              draw_id: draw.id,
              game_code: game.code,
              numero: request.numero,
              bet_type: item.betType,
              selection: item.selection,
              stake_minor: item.stake.toString(),
              multiple: item.multiple,
              amount_minor: item.amount.toString(),
            })),
          )
          .onConflict((oc) => oc.columns(['member_id', 'request_key']).doNothing())
          .returningAll()
          .execute();
        if (bets.length !== checked.length) throw new ConcurrentReplay();
        bets.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
        const entry = await post({
          type: 'bet',
          reference: `lottery:${game.code}:${request.numero}`,
          idempotencyKey: `lottery-slip:${bets[0]?.id}`,
          lines: [
            { accountId: account, amountMinor: -total },
            { accountId: house, amountMinor: total },
          ],
        });
        const after = entry.lines.find((line) => line.accountId === account)?.balanceAfterMinor ?? null;
        return {
          bets: bets.map(present),
          totalAmount: fromMinor(total),
          balance: after === null ? null : fromMinor(after),
        };
      });
    } catch (error) {
      if (!(error instanceof ConcurrentReplay)) throw error;
      const first = await this.findSlip(memberId, requestKey);
      if (first.length === 0) throw error;
      return answerSlipReplay(first, hash);
    }
  }

  /** The draw a bet names, still taking bets by the clock; 404 or 409 otherwise. */
  private async openDraw(gameCode: string, numero: string) {
    const draw = await this.db
      .selectFrom('lottery_draws')
      .select(['id', 'status', 'lock_at'])
      .where('game_code', '=', gameCode)
      .where('numero', '=', numero)
      .executeTakeFirst();
    if (!draw) throw new AppError(404, 'DRAW_NOT_FOUND');
    if (draw.status !== 'open' || new Date(draw.lock_at).getTime() <= this.now()) throw new DrawLocked();
    return draw;
  }

  /**
   * The draw's row is shared-locked, so the job that locks, draws or voids it waits for the bet to commit; a bet that
   * finds it no longer open is refused and writes nothing.
   */
  private async holdOpen(trx: Transaction<Database>, drawId: string) {
    const open = await sql<{ id: string }>`
      SELECT id FROM lottery_draws
       WHERE id = ${drawId} AND status = 'open' AND lock_at > ${new Date(this.now())}
         FOR SHARE`.execute(trx);
    if (open.rows.length === 0) throw new DrawLocked();
  }

  private findSlip(memberId: string, requestKey: string) {
    return this.db
      .selectFrom('lottery_bets')
      .selectAll()
      .where('member_id', '=', memberId)
      .where(
        'request_key',
        'in',
        Array.from({ length: MAX_SLIP_ITEMS }, (_, index) => slipKey(requestKey, index)),
      )
      .orderBy('id')
      .execute();
  }

  /** How many different members bet on each game since `since`. */
  async playersByGame(since: Date): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('lottery_bets')
      .select(['game_code', (eb) => eb.fn.count<string>('member_id').distinct().as('players')])
      .where('created_at', '>=', since)
      .groupBy('game_code')
      .execute();
    return new Map(rows.map((row) => [row.game_code, Number(row.players)]));
  }

  /** The games a member bet on, the most recently bet first. */
  async recentGames(memberId: string, count: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('lottery_bets')
      .select(['game_code', (eb) => eb.fn.max('id').as('last')])
      .where('member_id', '=', memberId)
      .groupBy('game_code')
      .orderBy('last', 'desc')
      .limit(count)
      .execute();
    return rows.map((row) => row.game_code);
  }

  /** A member's lottery bets, newest first. */
  async mine(memberId: string, page: { pageNo: number; pageSize: number }) {
    const base = this.db.selectFrom('lottery_bets').where('member_id', '=', memberId);
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(page.pageSize).offset(offsetOf(page)).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const count = Number(total.n);
    return {
      list: rows.map(present),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      total: count,
      totalPages: Math.ceil(count / page.pageSize),
    };
  }

  private find(memberId: string, requestKey: string) {
    return this.db
      .selectFrom('lottery_bets')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
  }
}

function answerReplay(bet: BetRow, hash: string) {
  if (bet.request_hash !== hash) throw new DuplicateTransaction();
  return { ...present(bet), balance: null };
}

function answerSlipReplay(bets: BetRow[], hash: string) {
  if (bets[0]?.request_hash !== hash) throw new DuplicateTransaction();
  const total = bets.reduce((sum, bet) => sum + BigInt(bet.amount_minor), 0n);
  return { bets: bets.map(present), totalAmount: fromMinor(total), balance: null };
}

const slipKey = (requestKey: string, index: number) => `${requestKey}#slip${index + 1}`;

function slipHash(request: SlipRequest): string {
  const items = request.items.map((item) => [item.betType, item.selection, item.stake, item.multiple]);
  return createHash('sha256')
    .update(JSON.stringify([request.gameId, request.numero, items]))
    .digest('hex');
}

function requestHash(request: BetRequest): string {
  const { gameId, numero, betType, selection, stake, multiple } = request;
  return createHash('sha256')
    .update(JSON.stringify([gameId, numero, betType, selection, stake, multiple]))
    .digest('hex');
}

export function present(bet: BetRow) {
  return {
    betId: bet.id,
    gameId: bet.game_code,
    numero: bet.numero,
    betType: bet.bet_type,
    selection: bet.selection,
    stake: fromMinor(BigInt(bet.stake_minor)),
    multiple: bet.multiple,
    amount: fromMinor(BigInt(bet.amount_minor)),
    status: bet.status,
    payout: bet.payout_minor === null ? null : fromMinor(BigInt(bet.payout_minor)),
    createdAt: new Date(bet.created_at).toISOString(),
    settledAt: bet.settled_at === null ? null : new Date(bet.settled_at).toISOString(),
  };
}
