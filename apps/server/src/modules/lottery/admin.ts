import type { Language } from '@portal/shared/constants';
import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import type { Kysely } from 'kysely';
import type { AuditRecorder } from '../../common/audit.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { LotteryCatalogue } from './catalogue.ts';
import type { SettleSender } from './draws.ts';
import { houseEdges } from './rules.ts';

/** Odds as the operator writes them: a multiplier with up to four decimals, e.g. "1.9600". */
const ODDS_TEXT = /^(0|[1-9]\d{0,3})(\.\d{1,4})?$/;

export interface Actor {
  name: string;
  ip?: string;
}

/**
 * The operator's lottery settings: a game's odds, its stake limits and whether it takes bets, and the cancelling of a
 * draw not yet drawn (its bets are refunded by the settlement job sent with the cancel). Each change and its audit row
 * commit in one transaction.
 */
export class LotteryAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: AuditRecorder,
    private readonly catalogue: LotteryCatalogue,
    private readonly sendSettle: SettleSender,
  ) {}

  /** Sets some of a game's existing odds; answers every odds key and the house edges they now give. */
  async setOdds(actor: Actor, gameCode: string, odds: Record<string, string>) {
    const game = await this.catalogue.anyGame(gameCode);
    const entries = Object.entries(odds);
    if (entries.length === 0) throw new AppError(400, 'LOTTERY_ODDS_INVALID', { detail: 'odds' });
    const current = await this.catalogue.odds(game.code);
    const wanted = entries.map(([key, text]) => {
      if (!current.has(key)) throw new AppError(400, 'LOTTERY_ODDS_INVALID', { detail: key });
      const e4 = e4Of(text);
      if (e4 === null) throw new AppError(400, 'LOTTERY_ODDS_INVALID', { detail: `${key}: ${text}` });
      return [key, e4] as const;
    });
    await this.db.transaction().execute(async (trx) => {
      for (const [key, e4] of wanted) {
        await trx
          .updateTable('lottery_odds')
          .set({ odds_e4: e4 })
          .where('game_code', '=', game.code)
          .where('odds_key', '=', key)
          .execute();
      }
      await this.audit.record(trx, {
        actor: actor.name,
        ip: actor.ip,
        action: 'lottery.odds.set',
        detail: {
          gameId: game.code,
          odds: Object.fromEntries(
            wanted.map(([key, e4]) => [key, { from: textOf(current.get(key) ?? 0), to: textOf(e4) }]),
          ),
        },
      });
    });
    const now = await this.catalogue.odds(game.code);
    return {
      gameId: game.code,
      odds: Object.fromEntries([...now].map(([key, e4]) => [key, textOf(e4)])),
      betTypes: houseEdges(game.group, now).map((edge) => ({
        betType: edge.betType,
        selection: edge.selection,
        houseEdge: edge.houseEdge.toFixed(6),
      })),
    };
  }

  /** Switches a game on or off and sets its stake limits (a bet's one-unit stake and its total amount). */
  async setGame(
    actor: Actor,
    gameCode: string,
    change: { enabled?: boolean; minStake?: string; maxStake?: string },
    language: Language,
  ) {
    const game = await this.catalogue.anyGame(gameCode);
    const min = change.minStake === undefined ? game.minStakeMinor : parsePositiveAmount(change.minStake);
    const max = change.maxStake === undefined ? game.maxStakeMinor : parsePositiveAmount(change.maxStake);
    if (min === null || max === null || min <= 0n || max < min) throw new AppError(400, 'LOTTERY_LIMITS_INVALID');
    const enabled = change.enabled ?? (await this.enabled(game.code));
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('lottery_games')
        .set({ enabled, min_stake_minor: min.toString(), max_stake_minor: max.toString() })
        .where('code', '=', game.code)
        .execute();
      await this.audit.record(trx, {
        actor: actor.name,
        ip: actor.ip,
        action: 'lottery.game.set',
        detail: { gameId: game.code, enabled, minStake: fromMinor(min), maxStake: fromMinor(max) },
      });
    });
    this.catalogue.forget();
    return {
      gameId: game.code,
      name: game.names[language],
      enabled,
      minStake: fromMinor(min),
      maxStake: fromMinor(max),
    };
  }

  /**
   * Voids a draw that is open or locked, and sends its settlement, which refunds each of its bets once. A drawn draw
   * is settled as drawn: 409.
   */
  async cancelDraw(actor: Actor, gameCode: string, numero: string, reason: string) {
    const game = await this.catalogue.anyGame(gameCode);
    return this.db.transaction().execute(async (trx) => {
      const draw = await trx
        .updateTable('lottery_draws')
        .set({ status: 'cancelled' })
        .where('game_code', '=', game.code)
        .where('numero', '=', numero)
        .where('status', 'in', ['open', 'locked'])
        .returning(['id', 'numero', 'status'])
        .executeTakeFirst();
      if (!draw) {
        const exists = await trx
          .selectFrom('lottery_draws')
          .select('status')
          .where('game_code', '=', game.code)
          .where('numero', '=', numero)
          .executeTakeFirst();
        if (!exists) throw new AppError(404, 'DRAW_NOT_FOUND');
        throw new AppError(409, 'LOTTERY_DRAW_NOT_CANCELLABLE');
      }
      await this.sendSettle(trx, draw.id);
      await this.audit.record(trx, {
        actor: actor.name,
        ip: actor.ip,
        action: 'lottery.draw.cancelled',
        detail: { gameId: game.code, numero, drawId: draw.id, reason },
      });
      return { gameId: game.code, numero: draw.numero, status: draw.status };
    });
  }

  private async enabled(gameCode: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('lottery_games')
      .select('enabled')
      .where('code', '=', gameCode)
      .executeTakeFirstOrThrow();
    return row.enabled;
  }
}

function e4Of(text: string): number | null {
  if (!ODDS_TEXT.test(text)) return null;
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  const e4 = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
  return e4 > 0 ? e4 : null;
}

const textOf = (e4: number) => (e4 / 10_000).toFixed(4);
