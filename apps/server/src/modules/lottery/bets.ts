import { createHash } from 'node:crypto';
import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import { type Kysely, type Selectable, sql } from 'kysely';
import { REAL_CURRENCY } from '../../common/currencies.ts';
import type { Database, LotteryBetsTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { offsetOf } from '../../http/pages.ts';
import {
  DuplicateTransaction,
  InsufficientFunds,
  type Ledger,
  type PostingCompanion,
  type PostingGuard,
} from '../wallet/ledger.ts';
import type { LotteryCatalogue } from './catalogue.ts';
import { betTypeOf, type GameGroup, type Odds } from './rules.ts';

/**
 * A bet's type and selection checked against the game's bet types, and its stake (one unit) and amount (times the
 * multiple) against the game's limits, in minor units; 400 otherwise.
 */
export function checkedBet(
  game: { group: GameGroup; minStakeMinor: bigint; maxStakeMinor: bigint },
  request: { betType: string; selection: string; stake: string; multiple: number },
  odds?: Odds,
): { stake: bigint; amount: bigint } {
  const type = betTypeOf(game.group, request.betType);
  if (!type) throw new AppError(400, 'LOTTERY_BET_INVALID', { detail: 'betType' });
  if (!(type.accepts ? type.accepts(request.selection) : type.selections.includes(request.selection))) {
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
  // A bet priced per point (the Vietnamese lottery) stakes the price the page showed; a changed price is refused, so
  // that the player confirms the new one.
  if (type.pricePerPointMinor) {
    if (!odds) throw new Error(`the price of ${request.betType} is needed to check its stake`);
    const price = type.pricePerPointMinor(odds);
    if (stake !== price) throw new AppError(409, 'LOTTERY_PRICE_CHANGED', { price: fromMinor(price) });
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

type BetRequestItem = Pick<BetRequest, 'betType' | 'selection' | 'stake' | 'multiple'>;

/** An item checked and ready to write: its stake and amount in minor units, its own request key. */
type StakedItem = Omit<BetRequestItem, 'stake'> & { requestKey: string; hash: string; stake: bigint; amount: bigint };

export interface SlipRequest {
  gameId: string;
  numero: string;
  items: BetRequestItem[];
}

export const MAX_SLIP_ITEMS = 50;

type BetRow = Selectable<LotteryBetsTable>;

/** The draw a bet names no longer takes bets (its lock passed, or it was voided). */
class DrawLocked extends AppError {
  constructor() {
    super(409, 'DRAW_LOCKED');
  }
}

/**
 * Lottery bets: checked against the game's bet types and limits, then the bet rows and their stake's journal entry
 * (member cash to the lottery's house account, key `lottery-bet:<member>:<request key>`, or `lottery-slip:…` for a
 * slip) are written by one statement. The member's request key makes a retried bet answer the first one; the same
 * key with another bet is refused.
 */
export class LotteryBets {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly catalogue: LotteryCatalogue,
    private readonly houseAccount: () => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * One bet. Bets that arrive together share one statement and its commit (the ledger's guarded batch): each bet's
   * row is written with its stake only while its draw takes bets, and a bet refused (a closed draw, a balance too
   * low, a reused key) is refused alone.
   */
  async place(memberId: string, requestKey: string, request: BetRequest) {
    const hash = requestHash(request);
    const game = await this.catalogue.game(request.gameId);
    const { stake, amount } = checkedBet(game, request, await this.pricesOf(game));
    const account = await this.ledger.findMemberAccount(memberId, 'member_cash', REAL_CURRENCY);
    if (!account) throw new InsufficientFunds('', 0n);
    const house = await this.houseAccount();
    const posted = await this.ledger.postIfWith(
      {
        type: 'bet',
        reference: drawReference(game.code, request.numero),
        idempotencyKey: `lottery-bet:${memberId}:${requestKey}`,
        lines: [
          { accountId: account, amountMinor: -amount },
          { accountId: house, amountMinor: amount },
        ],
      },
      betGuard([
        game.code,
        request.numero,
        new Date(this.now()).toISOString(),
        memberId,
        account,
        requestKey,
        hash,
        request.betType,
        request.selection,
        stake.toString(),
        request.multiple,
      ]),
    );
    const { entry } = posted;
    if (!entry) return this.refusal(game.code, request.numero);
    const [row] = posted.rows;
    if (posted.replayed || !row) {
      // Placed before under this key: answer as then (the same key with another bet is refused).
      const first = await this.find(memberId, requestKey);
      if (!first) throw new DuplicateTransaction();
      return answerReplay(first, hash);
    }
    const after = entry.lines.find((line) => line.accountId === account)?.balanceAfterMinor ?? null;
    return { ...present(fromJson(row as unknown as BetRow)), balance: after === null ? null : fromMinor(after) };
  }

  /**
   * A bet slip: several bets on one draw, all placed or none, staked by one journal entry for their total. Each item
   * passes the single bet's checks; the request key stands for the whole slip, whose bets carry it as
   * `<key>#slip<n>` (a request key has no `#`).
   */
  async placeSlip(memberId: string, requestKey: string, request: SlipRequest) {
    const hash = slipHash(request);
    if (request.items.length < 1 || request.items.length > MAX_SLIP_ITEMS) {
      throw new AppError(400, 'LOTTERY_BET_INVALID', { detail: 'items' });
    }
    const game = await this.catalogue.game(request.gameId);
    const prices = await this.pricesOf(game);
    const checked = request.items.map((item, index) => {
      try {
        return { ...item, ...checkedBet(game, item, prices), requestKey: slipKey(requestKey, index), hash };
      } catch (error) {
        // The page marks the item at fault (counted from 0).
        if (error instanceof AppError) throw new AppError(error.statusCode, error.code, error.params, { item: index });
        throw error;
      }
    });
    const placed = await this.stake(
      memberId,
      game.code,
      request.numero,
      `lottery-slip:${memberId}:${requestKey}`,
      checked,
    );
    if (placed) {
      const total = checked.reduce((sum, item) => sum + item.amount, 0n);
      return { bets: placed.bets.map(present), totalAmount: fromMinor(total), balance: placed.balance };
    }
    const first = await this.findSlip(memberId, requestKey);
    if (first.length > 0) return answerSlipReplay(first, hash);
    return this.refusal(game.code, request.numero);
  }

  /**
   * Writes a slip's bets on a draw and posts their total stake (member cash to the lottery's house account) in one
   * statement of its own:
   * the bets are written only while the draw takes bets, which the statement reads with a share lock, so the job
   * that locks, draws or voids the draw waits for the bets in flight, and a bet that reads the draw after that finds
   * it no longer open: no bet commits after its draw closed. Null when nothing was written: a key used before, or a
   * draw not (or no longer) taking bets.
   */
  private async stake(
    memberId: string,
    gameCode: string,
    numero: string,
    entryKey: string,
    items: readonly StakedItem[],
  ): Promise<{ bets: BetRow[]; balance: string | null } | null> {
    // A member without a cash account has nothing to stake, and a refused bet opens none.
    const account = await this.ledger.findMemberAccount(memberId, 'member_cash', REAL_CURRENCY);
    if (!account) throw new InsufficientFunds('', 0n);
    const house = await this.houseAccount();
    const total = items.reduce((sum, item) => sum + item.amount, 0n);
    const column = <K extends keyof (typeof items)[number]>(key: K) => items.map((item) => item[key]);
    const { rows, entry } = await this.ledger.postWith<BetRow>(
      {
        type: 'bet',
        reference: drawReference(gameCode, numero),
        idempotencyKey: entryKey,
        lines: [
          { accountId: account, amountMinor: -total },
          { accountId: house, amountMinor: total },
        ],
      },
      sql`INSERT INTO lottery_bets (member_id, account_id, request_key, request_hash, draw_id, game_code, numero,
                                    bet_type, selection, stake_minor, multiple, amount_minor)
          SELECT ${memberId}, ${account}, i.request_key, i.request_hash, d.id, d.game_code, d.numero, i.bet_type,
                 i.selection, i.stake_minor, i.multiple, i.stake_minor * i.multiple
            FROM lottery_draws d,
                 unnest(${column('requestKey')}::text[], ${column('hash')}::text[], ${column('betType')}::text[],
                        ${column('selection')}::text[], ${items.map((item) => item.stake.toString())}::bigint[],
                        ${column('multiple')}::integer[])
                   WITH ORDINALITY AS i (request_key, request_hash, bet_type, selection, stake_minor, multiple, n)
           WHERE d.game_code = ${gameCode} AND d.numero = ${numero} AND d.status = 'open'
             AND d.lock_at > ${new Date(this.now())}
           ORDER BY i.n
             FOR SHARE OF d
          ON CONFLICT (member_id, request_key) DO NOTHING
          RETURNING *`,
      { rows: items.length },
    );
    if (!entry) return null;
    const bets = rows.map(fromJson).sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
    const after = entry.lines.find((line) => line.accountId === account)?.balanceAfterMinor ?? null;
    return { bets, balance: after === null ? null : fromMinor(after) };
  }

  /** Why a bet on a draw wrote nothing when it was not a retry: the draw is unknown (404) or no longer open (409). */
  private async refusal(gameCode: string, numero: string): Promise<never> {
    const draw = await this.db
      .selectFrom('lottery_draws')
      .select('id')
      .where('game_code', '=', gameCode)
      .where('numero', '=', numero)
      .executeTakeFirst();
    if (!draw) throw new AppError(404, 'DRAW_NOT_FOUND');
    throw new DrawLocked();
  }

  /** The odds of a game whose bets are priced per point (the Vietnamese lottery), which its bets' check needs. */
  private async pricesOf(game: { code: string; group: GameGroup }): Promise<Odds | undefined> {
    return game.group === 'VN' ? this.catalogue.odds(game.code) : undefined;
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

/** A bet row as the statement's JSON gave it (timestamps as text), typed as the table's row. */
function fromJson(row: BetRow): BetRow {
  return {
    ...row,
    id: String(row.id),
    member_id: String(row.member_id),
    account_id: String(row.account_id),
    draw_id: String(row.draw_id),
    stake_minor: String(row.stake_minor),
    amount_minor: String(row.amount_minor),
    created_at: new Date(row.created_at),
    settled_at: row.settled_at === null ? null : new Date(row.settled_at),
  };
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

/**
 * The draw is the reference of its stakes, wins and refunds alike, so the wallet's bet record shows a member's play on
 * a draw as one round with its stake and payout.
 */
const drawReference = (gameCode: string, numero: string) => `lottery:${gameCode}:${numero}`;

/**
 * A single bet's condition and row in the ledger's guarded batch. Values: game code, numero, the time of the request,
 * member, member's cash account, request key, request hash, bet type, selection, stake (minor units), multiple.
 * The draws the batch names are read with a share lock, so the job that locks, draws or voids a draw waits for the
 * bets in flight and no bet commits after its draw closed.
 */
function betGuard(values: unknown[]): PostingGuard & { companion: PostingCompanion } {
  return {
    name: 'lottery_bet_batch',
    values,
    sql: ([games = [], numeros = [], times = []]) =>
      sql<boolean[]>`(WITH open AS MATERIALIZED (
                        SELECT d.game_code, d.numero, d.lock_at FROM lottery_draws d
                         WHERE (d.game_code, d.numero) IN (SELECT * FROM unnest(${games}::text[], ${numeros}::text[]))
                           AND d.status = 'open'
                           FOR SHARE)
                      SELECT array_agg(EXISTS (SELECT 1 FROM open o
                                                WHERE o.game_code = i.game AND o.numero = i.numero AND o.lock_at > i.at)
                                       ORDER BY i.n)
                        FROM unnest(${games}::text[], ${numeros}::text[], ${times}::timestamptz[])
                             WITH ORDINALITY AS i (game, numero, at, n))`,
    companion: {
      sql: ([games, numeros, _times, members, accounts, keys, hashes, types, selections, stakes, multiples], posted) =>
        sql`INSERT INTO lottery_bets (member_id, account_id, request_key, request_hash, draw_id, game_code, numero,
                                      bet_type, selection, stake_minor, multiple, amount_minor)
            SELECT i.member_id, i.account_id, i.request_key, i.request_hash, d.id, d.game_code, d.numero, i.bet_type,
                   i.selection, i.stake_minor, i.multiple, i.stake_minor * i.multiple
              FROM unnest(${games}::text[], ${numeros}::text[], ${members}::bigint[], ${accounts}::bigint[],
                          ${keys}::text[], ${hashes}::text[], ${types}::text[], ${selections}::text[],
                          ${stakes}::bigint[], ${multiples}::integer[])
                     WITH ORDINALITY AS i (game, numero, member_id, account_id, request_key, request_hash, bet_type,
                                           selection, stake_minor, multiple, n)
              JOIN lottery_draws d ON d.game_code = i.game AND d.numero = i.numero
             WHERE i.n IN ${posted}
             ORDER BY i.n
            ON CONFLICT (member_id, request_key) DO NOTHING
            RETURNING *`,
      belongsTo: (row, values) => String(row.member_id) === values[3] && row.request_key === values[5],
    },
  };
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
