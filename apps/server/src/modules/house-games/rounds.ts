import { randomBytes, randomUUID } from 'node:crypto';
import type { ErrorCode } from '@portal/shared/error-catalogue';
import type { HouseRoundValue, HouseSessionValue } from '@portal/shared/house-games';
import { FREE_PLAY_BALANCE } from '@portal/shared/house-games';
import { fromMinor, toMinor } from '@portal/shared/money';
import type { Kysely, Selectable } from 'kysely';
import { LRUCache } from 'lru-cache';
import { DEMO_CURRENCY } from '../../common/currencies.ts';
import type { Database, HouseRoundsTable } from '../../db/schema.ts';
import { AppError, InvalidInput } from '../../http/errors.ts';
import type { SeamlessAnswer, SeamlessCaller } from '../seamless/client.ts';
import type { AnswerOf, Operation } from '../seamless/protocol.ts';
import { hashToken } from '../seamless/sessions.ts';
import { HOUSE_CURRENCY } from './install.ts';
import type { Jackpot } from './jackpot.ts';
import { DiceSeeds } from './play/dice-seeds.ts';
import type { HouseGame } from './play/types.ts';
import { CryptoRandom, type RandomSource } from './rng.ts';

type RoundRow = Selectable<HouseRoundsTable>;

/** Who plays a launch session: the wallet's player id and the currency of its money. */
export interface HousePlayer {
  tokenHash: string;
  playerId: string;
  currency: string;
}

const ROUND_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LAUNCH_TOKEN = /^[A-Za-z0-9_-]{20,128}$/;
/** Refusals of a bet that end the round: the wallet said no and nothing moved. */
const BET_REFUSALS = new Set<string>([
  'INSUFFICIENT_FUNDS',
  'SESSION_EXPIRED',
  'ACCOUNT_DISABLED',
  'VENDOR_DISABLED',
  'CURRENCY_MISMATCH',
  'PLAYER_NOT_FOUND',
]);

/** The wallet could not be reached or failed: the round stays where it is, to be retried or finished later. */
class WalletUnavailable extends AppError {
  constructor() {
    super(503, 'GAME_UNAVAILABLE');
  }
}

/**
 * The house game server's rounds. A round is drawn and stored before any money moves, then settled through the
 * seamless-wallet API exactly as an outside vendor settles: a bet of the stake, then a win (possibly 0.00) that
 * closes the round. The page's round key makes a retried play answer the same round; a round left between its
 * steps is finished by `sweep` (a stake never confirmed is rolled back; a confirmed one is paid).
 */
export class HouseRounds {
  private readonly players = new LRUCache<string, HousePlayer>({ max: 50_000, ttl: 60_000 });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly wallet: () => Promise<SeamlessCaller>,
    private readonly jackpot: Jackpot,
    private readonly clearingAccount: (currency: string) => Promise<string>,
    private readonly random: RandomSource = new CryptoRandom(),
  ) {}

  /** What a page opens with: real or demo money with the wallet's balance, or free play without a token. */
  async session(token: string | undefined): Promise<HouseSessionValue> {
    if (!token) return { mode: 'free', balance: FREE_PLAY_BALANCE, currency: HOUSE_CURRENCY };
    const { player, balance } = await this.authenticate(token);
    return { mode: player.currency === DEMO_CURRENCY ? 'demo' : 'real', balance, currency: player.currency };
  }

  /** Whose dice seeds a request plays: the session's player in its currency, or a free-play page's own key. */
  async owner(token: unknown, freeKey: unknown): Promise<string> {
    const live = tokenOf(token);
    if (!live) return DiceSeeds.freeOwner(freeKey);
    return ownerOf(await this.player(live));
  }

  async play<Request, Outcome, Value>(
    game: HouseGame<Request, Outcome, Value>,
    body: Record<string, unknown>,
  ): Promise<HouseRoundValue & Value> {
    const roundKey = body.roundKey;
    if (typeof roundKey !== 'string' || !ROUND_KEY.test(roundKey)) throw new InvalidInput('roundKey');
    const token = tokenOf(body.token);
    if (!token) return this.playFree(game, await game.parse(body), body.freeKey);

    const player = await this.player(token);
    // A retry is answered with its round before the request is checked again: the operator may have changed a
    // table's limits, or switched it off, since the round was played.
    const existing = await this.find(player.tokenHash, roundKey);
    if (existing) return this.resume(game, existing, token);
    const request = await game.parse(body);
    const drawn = await game.draw(request, {
      random: this.random,
      realMoney: player.currency !== DEMO_CURRENCY,
      owner: ownerOf(player),
    });
    const inserted = await this.db
      .insertInto('house_rounds')
      .values({
        round_id: `H${randomBytes(12).toString('hex')}`,
        game: game.kind,
        token_hash: player.tokenHash,
        round_key: roundKey.toLowerCase(),
        player_id: player.playerId,
        node_id: game.nodeId,
        currency: player.currency,
        stake_minor: drawn.stakeMinor.toString(),
        win_minor: drawn.winMinor.toString(),
        jackpot_hit: drawn.jackpotHit,
        room_id: drawn.roomId ?? null,
        outcome: JSON.stringify(drawn.outcome),
        status: 'drawn',
        updated_at: new Date(),
      })
      .onConflict((oc) => oc.columns(['token_hash', 'round_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    // A concurrent retry with the same key drew first: its round is the one played.
    const row = inserted ?? (await this.find(player.tokenHash, roundKey));
    if (!row) throw new Error(`house round ${roundKey} vanished`);
    return this.resume(game, row, token);
  }

  /**
   * Finishes rounds left between steps for longer than `olderThanMs`: an unconfirmed stake is rolled back (the
   * wallet refunds it if it was taken, and refuses it if it arrives later); a confirmed one is paid.
   */
  async sweep(olderThanMs: number, games: ReadonlyMap<string, HouseGame<unknown, unknown, unknown>>) {
    const stale = await this.db
      .selectFrom('house_rounds')
      .selectAll()
      .where('status', 'in', ['drawn', 'staked', 'cancelling'])
      .where('updated_at', '<', new Date(Date.now() - olderThanMs))
      .orderBy('updated_at')
      .limit(100)
      .execute();
    let finished = 0;
    for (const row of stale) {
      try {
        if (row.status === 'staked') {
          const game = games.get(row.game);
          if (game) await this.resume(game, row, null);
        } else if (await this.claimForCancel(row)) {
          await this.cancel(row);
        }
        finished++;
      } catch {
        // Still unreachable: the next sweep tries again.
      }
    }
    return { found: stale.length, finished };
  }

  // ---- steps ----

  private async resume<Request, Outcome, Value>(
    game: HouseGame<Request, Outcome, Value>,
    row: RoundRow,
    token: string | null,
  ): Promise<HouseRoundValue & Value> {
    if (row.game !== game.kind) throw new AppError(409, 'DUPLICATE_TRANSACTION');
    let current = row;
    // Only the page stakes (a bet needs its live session); a sweep finds drawn rounds and cancels them instead.
    if (current.status === 'drawn' && token) current = await this.stake(current, token);
    if (current.status === 'staked') current = await this.pay(current);
    if (current.status !== 'settled') throw new AppError(409, 'ROUND_CANCELLED');
    return this.answer(game, current);
  }

  private async stake(row: RoundRow, token: string): Promise<RoundRow> {
    const answer = await this.call('bet', {
      txId: `${row.round_id}.bet`,
      token,
      playerId: row.player_id,
      roundId: row.round_id,
      gameId: row.node_id,
      amount: fromMinor(BigInt(row.stake_minor)),
      currency: row.currency,
    });
    if (!answer.body.success) {
      const code = answer.body.code;
      if (!BET_REFUSALS.has(code)) return this.reload(row);
      await this.move(row, 'drawn', 'refused');
      throw new AppError(answer.status, code as ErrorCode, {}, answer.body.value);
    }
    return (await this.move(row, 'drawn', 'staked')) ?? this.reload(row);
  }

  private async pay(row: RoundRow): Promise<RoundRow> {
    const clearing = await this.clearingAccount(row.currency);
    let jackpot = 0n;
    if (row.currency !== DEMO_CURRENCY && row.game === 'slot') {
      await this.jackpot.contribute(row.round_id, BigInt(row.stake_minor), clearing);
      if (row.jackpot_hit) jackpot = await this.jackpot.claim(row.round_id, clearing);
    }
    const answer = await this.call('win', {
      txId: `${row.round_id}.win`,
      playerId: row.player_id,
      roundId: row.round_id,
      betTxId: `${row.round_id}.bet`,
      amount: fromMinor(BigInt(row.win_minor) + jackpot),
      currency: row.currency,
      roundClosed: true,
    });
    if (!answer.body.success) throw new WalletUnavailable();
    const balance = answer.body.value?.balance;
    const settled = await this.db
      .updateTable('house_rounds')
      .set({
        status: 'settled',
        balance_minor: typeof balance === 'string' ? toMinor(balance).toString() : null,
        updated_at: new Date(),
      })
      .where('round_id', '=', row.round_id)
      .where('status', '=', 'staked')
      .returningAll()
      .executeTakeFirst();
    return settled ?? this.reload(row);
  }

  /** Takes an unconfirmed round away from its page: after this, a retry of it answers 'cancelled'. */
  private async claimForCancel(row: RoundRow): Promise<boolean> {
    if (row.status === 'cancelling') return true;
    return (await this.move(row, 'drawn', 'cancelling')) !== null;
  }

  private async cancel(row: RoundRow): Promise<void> {
    const answer = await this.call('rollback', {
      txId: `${row.round_id}.rollback`,
      playerId: row.player_id,
      roundId: row.round_id,
      betTxId: `${row.round_id}.bet`,
      currency: row.currency,
    });
    if (!answer.body.success) throw new WalletUnavailable();
    await this.move(row, 'cancelling', 'cancelled');
  }

  // ---- helpers ----

  private async playFree<Request, Outcome, Value>(
    game: HouseGame<Request, Outcome, Value>,
    request: Request,
    freeKey: unknown,
  ): Promise<HouseRoundValue & Value> {
    const owner = freeKey === undefined ? 'free:anonymous' : DiceSeeds.freeOwner(freeKey);
    const drawn = await game.draw(request, { random: this.random, realMoney: false, owner });
    const money = { stake: fromMinor(drawn.stakeMinor), win: fromMinor(drawn.winMinor), jackpot: null };
    return {
      roundId: `F${randomUUID().replaceAll('-', '').slice(0, 24)}`,
      ...money,
      balance: null,
      ...game.present(drawn.outcome, money),
    };
  }

  private answer<Request, Outcome, Value>(game: HouseGame<Request, Outcome, Value>, row: RoundRow) {
    const jackpot = row.jackpot_minor === null ? null : BigInt(row.jackpot_minor);
    const money = {
      stake: fromMinor(BigInt(row.stake_minor)),
      win: fromMinor(BigInt(row.win_minor) + (jackpot ?? 0n)),
      jackpot: jackpot === null ? null : fromMinor(jackpot),
    };
    return {
      roundId: row.round_id,
      ...money,
      balance: row.balance_minor === null ? null : fromMinor(BigInt(row.balance_minor)),
      ...game.present(row.outcome as Outcome, money),
    };
  }

  private async authenticate(token: string) {
    const answer = await this.call('authenticate', { token });
    const value = answer.body.value;
    if (!answer.body.success || !value) {
      if (answer.status >= 500) throw new WalletUnavailable();
      throw new AppError(401, 'SESSION_EXPIRED');
    }
    const player = { tokenHash: hashToken(token), playerId: value.playerId, currency: value.currency };
    this.players.set(player.tokenHash, player);
    return { player, balance: value.balance };
  }

  private async player(token: string): Promise<HousePlayer> {
    return this.players.get(hashToken(token)) ?? (await this.authenticate(token)).player;
  }

  private async call<K extends Operation>(operation: K, body: Record<string, unknown>) {
    let answer: SeamlessAnswer;
    try {
      answer = await (await this.wallet()).call(operation, withoutUndefined(body));
    } catch {
      throw new WalletUnavailable();
    }
    if (answer.status >= 500 || !answer.body || typeof answer.body !== 'object') throw new WalletUnavailable();
    return answer as SeamlessAnswer<AnswerOf[K]>;
  }

  private find(tokenHash: string, roundKey: string) {
    return this.db
      .selectFrom('house_rounds')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('round_key', '=', roundKey.toLowerCase())
      .executeTakeFirst();
  }

  private async reload(row: RoundRow): Promise<RoundRow> {
    return this.db
      .selectFrom('house_rounds')
      .selectAll()
      .where('round_id', '=', row.round_id)
      .executeTakeFirstOrThrow();
  }

  /** Moves a round from one status to the next; null when it was no longer in `from` (someone else moved it). */
  private async move(row: RoundRow, from: RoundRow['status'], to: RoundRow['status']) {
    const moved = await this.db
      .updateTable('house_rounds')
      .set({ status: to, updated_at: new Date() })
      .where('round_id', '=', row.round_id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
    return moved ?? null;
  }
}

function ownerOf(player: HousePlayer): string {
  return `player:${player.playerId.toLowerCase()}:${player.currency.toLowerCase()}`;
}

function tokenOf(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !LAUNCH_TOKEN.test(value)) throw new InvalidInput('token');
  return value;
}

function withoutUndefined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}
