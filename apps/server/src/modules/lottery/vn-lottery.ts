import type { Language } from '@portal/shared/constants';
import { fromMinor } from '@portal/shared/money';
import type { Kysely } from 'kysely';
import type { AuditRecorder } from '../../common/audit.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { CatalogueGame, LotteryCatalogue } from './catalogue.ts';
import { type LotteryDraws, type SettleSender, seededDraw } from './draws.ts';
import type { ResultsFeed } from './vn-feed.ts';
import {
  countsOf,
  payoutPerPointMinor,
  pricePerPointMinor,
  prizeTable,
  prizeTableProblem,
  VN_BETS,
  type VnPrizes,
  type VnRegion,
  type VnResult,
  type VnSource,
  vnHouseEdge,
} from './vn-rules.ts';
import { vnSlots, weekdayOfNumero } from './vn-schedule.ts';

/** How many days of each Vietnamese game's draws exist ahead, each with its seed committed. */
export const VN_DAYS_AHEAD = 14;
/** Where a deployment's Vietnamese results come from: the demo source, or operators' entry confirmed by a second. */
export type VnResultsMode = 'demo' | 'operator';
export const VN_MENU_TAGS = ['NORTH', 'SOUTH', 'CENTRAL'] as const;

export interface VnGame extends CatalogueGame {
  region: VnRegion;
  nameVi: string;
  drawDays: number[];
}

export interface Operator {
  name: string;
  ip: string;
}

/**
 * The Vietnamese lottery's draws: opened ahead by the lottery's tick (a day's draw of each game, VN_DAYS_AHEAD days
 * ahead), locked with the other games' draws by the tick, and drawn from official results rather than the house's
 * formula: with the demo source by the tick once past their time, or by an operator's entry that a second operator
 * confirms (four eyes). A draw is drawn with its settlement job in one transaction, as the fast games' draws are.
 */
export class VnLottery {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogue: LotteryCatalogue,
    private readonly draws: LotteryDraws,
    private readonly feed: ResultsFeed,
    readonly mode: VnResultsMode,
    private readonly sendSettle: SettleSender,
    private readonly audit: AuditRecorder,
    private readonly now: () => number = Date.now,
  ) {}

  /** The Vietnamese games taking bets, in menu order; with `all`, those switched off too. */
  async games(all = false): Promise<VnGame[]> {
    const rows = await this.db.selectFrom('lottery_vn_games').selectAll().execute();
    const places = new Map(rows.map((row) => [row.game_code, row]));
    const games = all ? await this.allGames() : await this.catalogue.games();
    return games.flatMap((game) => {
      const place = places.get(game.code);
      if (game.group !== 'VN' || !place) return [];
      return [{ ...game, region: place.region, nameVi: place.name_vi, drawDays: place.draw_days.map(Number) }];
    });
  }

  private async allGames(): Promise<CatalogueGame[]> {
    const codes = await this.db.selectFrom('lottery_games').select('code').where('group_code', '=', 'VN').execute();
    return Promise.all(codes.map((row) => this.catalogue.anyGame(row.code)));
  }

  async game(code: string): Promise<VnGame> {
    const game = (await this.games()).find((candidate) => candidate.code === code);
    if (!game) throw new AppError(404, 'LOTTERY_GAME_NOT_FOUND');
    return game;
  }

  /** The Vietnamese pass of the lottery's tick: open the coming days' draws; with the demo source, draw those due. */
  async tick() {
    const opened = await this.openAhead();
    const drawn = this.mode === 'demo' ? await this.drawDue() : 0;
    return { opened, drawn };
  }

  async openAhead(days = VN_DAYS_AHEAD): Promise<number> {
    const nowMs = this.now();
    const slots = (await this.games()).flatMap((game) => vnSlots(game, nowMs, days).map((slot) => ({ game, slot })));
    if (slots.length === 0) return 0;
    // The draws of the coming days that exist already, in one read; only the missing ones get a seed and a row, in
    // one insert (a pass every few seconds otherwise offered every game's days again).
    const existing = await this.db
      .selectFrom('lottery_draws')
      .select(['game_code', 'numero'])
      .where('game_code', 'in', [...new Set(slots.map(({ game }) => game.code))])
      .where('numero', 'in', [...new Set(slots.map(({ slot }) => slot.numero))])
      .execute();
    const have = new Set(existing.map((row) => `${row.game_code}:${row.numero}`));
    const rows = slots
      .filter(({ game, slot }) => !have.has(`${game.code}:${slot.numero}`))
      .map(({ game, slot }) => seededDraw(game.code, slot));
    if (rows.length === 0) return 0;
    const inserted = await this.db
      .insertInto('lottery_draws')
      .values(rows)
      .onConflict((oc) => oc.columns(['game_code', 'numero']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }

  /** Asks the feed for every draw past its time, oldest first; a draw whose results are not out yet waits. */
  async drawDue(): Promise<number> {
    const games = new Map((await this.games()).map((game) => [game.code, game]));
    if (games.size === 0) return 0;
    const due = await this.db
      .selectFrom('lottery_draws')
      .select(['id', 'game_code', 'numero'])
      .where('game_code', 'in', [...games.keys()])
      .where('status', 'in', ['open', 'locked'])
      .where('draw_at', '<=', new Date(this.now()))
      .orderBy('draw_at')
      .orderBy('id')
      .limit(500)
      .execute();
    let drawn = 0;
    for (const draw of due) {
      const game = games.get(draw.game_code) as VnGame;
      const prizes = await this.feed.results(game, draw.numero);
      if (!prizes) continue;
      const problem = prizeTableProblem(game.region, prizes);
      if (problem) throw new Error(`the ${this.feed.source} results of ${game.code} ${draw.numero}: ${problem}`);
      const moved = await this.db.transaction().execute(async (trx) => {
        const updated = await this.markDrawn(trx, draw.id, { prizes, source: this.feed.source });
        if (updated) await this.sendSettle(trx, draw.id);
        return updated;
      });
      if (moved) drawn++;
    }
    return drawn;
  }

  private async markDrawn(trx: Parameters<SettleSender>[0], drawId: string, result: VnResult): Promise<boolean> {
    const moved = await trx
      .updateTable('lottery_draws')
      .set({ status: 'drawn', result: JSON.stringify(result), drawn_at: new Date(this.now()) })
      .where('id', '=', drawId)
      .where('status', 'in', ['open', 'locked'])
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0;
  }

  // ---- operators' entry, four eyes ----

  /** A draw taking results: a Vietnamese game's, past its draw time and not drawn (or cancelled) yet. */
  private async dueDraw(gameCode: string, numero: string) {
    if (this.mode !== 'operator') throw new AppError(409, 'LOTTERY_VN_OPERATOR_ONLY');
    const game = (await this.games(true)).find((candidate) => candidate.code === gameCode);
    if (!game) throw new AppError(404, 'LOTTERY_GAME_NOT_FOUND');
    const draw = await this.draws.byNumero(gameCode, numero);
    const open = draw.status === 'open' || draw.status === 'locked';
    if (!open || new Date(draw.draw_at).getTime() > this.now()) throw new AppError(409, 'LOTTERY_VN_NOT_DUE');
    return { game, draw };
  }

  /** The first operator's entry of a draw's results; a later entry before confirmation replaces it. */
  async enter(gameCode: string, numero: string, prizes: Record<string, unknown>, operator: Operator) {
    const { game, draw } = await this.dueDraw(gameCode, numero);
    const problem = prizeTableProblem(game.region, prizes);
    if (problem) throw new AppError(400, 'LOTTERY_VN_PRIZES_INVALID', { detail: problem });
    const table = orderedPrizes(game.region, prizes as VnPrizes);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('lottery_vn_entries')
        .values({ draw_id: draw.id, prizes: JSON.stringify(table), entered_by: operator.name })
        .onConflict((oc) =>
          oc
            .column('draw_id')
            .doUpdateSet({ prizes: JSON.stringify(table), entered_by: operator.name, entered_at: new Date(this.now()) })
            .where('lottery_vn_entries.confirmed_by', 'is', null),
        )
        .execute();
      await this.audit.record(trx, {
        actor: operator.name,
        action: 'lottery.vn.results.entered',
        detail: { gameId: gameCode, numero, prizes: table },
        ip: operator.ip,
      });
    });
    return { gameId: gameCode, numero, prizes: table, enteredBy: operator.name, confirmed: false };
  }

  /**
   * A second operator's confirmation: the draw is drawn with the entered prizes, its settlement job sent and the
   * confirmation audited, all in one transaction.
   */
  async confirm(gameCode: string, numero: string, operator: Operator) {
    const { draw } = await this.dueDraw(gameCode, numero);
    return this.db.transaction().execute(async (trx) => {
      // The entry is locked, so a replacement entered meanwhile waits and then finds it confirmed.
      const entry = await trx
        .selectFrom('lottery_vn_entries')
        .selectAll()
        .where('draw_id', '=', draw.id)
        .where('confirmed_by', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!entry) throw new AppError(404, 'LOTTERY_VN_ENTRY_NOT_FOUND');
      if (entry.entered_by === operator.name) throw new AppError(409, 'LOTTERY_VN_SAME_OPERATOR');
      const prizes = entry.prizes as VnPrizes;
      await trx
        .updateTable('lottery_vn_entries')
        .set({ confirmed_by: operator.name, confirmed_at: new Date(this.now()) })
        .where('draw_id', '=', draw.id)
        .execute();
      if (!(await this.markDrawn(trx, draw.id, { prizes, source: 'operator' }))) {
        throw new AppError(409, 'LOTTERY_VN_NOT_DUE');
      }
      await this.sendSettle(trx, draw.id);
      await this.audit.record(trx, {
        actor: operator.name,
        action: 'lottery.vn.results.confirmed',
        detail: { gameId: gameCode, numero, prizes, enteredBy: entry.entered_by },
        ip: operator.ip,
      });
      return { gameId: gameCode, numero, prizes, enteredBy: entry.entered_by, confirmed: true };
    });
  }

  // ---- reads ----

  /** The source the page labels results with: where this deployment's results come from. */
  get source(): VnSource {
    return this.mode === 'operator' ? 'operator' : this.feed.source;
  }

  /** The spec's lottery game fields of the Vietnamese games, by menu tag NORTH, SOUTH and CENTRAL. */
  async gameMenu(language: Language) {
    const games = await this.games();
    const current = await this.draws.current(games.map((game) => game.code));
    const nowMs = this.now();
    return VN_MENU_TAGS.map((tag) => ({
      tag,
      gameMenus: games
        .filter((game) => game.menuTag === tag)
        .map((game) => {
          const draw = current.get(game.code);
          return {
            gameId: game.code,
            gameGroupCode: game.group,
            gameMenuTag: game.menuTag,
            remark: game.names[language],
            nameVi: game.nameVi,
            numero: draw?.numero ?? null,
            remainTime: draw ? Math.max(0, new Date(draw.draw_at).getTime() - nowMs) : 0,
            lockTime: game.lockSeconds,
            // A province drawing on two weekdays is listed under the weekday of the draw taking bets now.
            drawDayOfWeek:
              game.region === 'north' ? null : draw ? weekdayOfNumero(draw.numero) : (game.drawDays[0] ?? null),
            winningTime: draw ? new Date(draw.draw_at).toISOString() : null,
          };
        }),
    }));
  }

  /** The vn block of a Vietnamese game's details: its prize table and bet types with prices and house edges. */
  async details(code: string) {
    const game = await this.game(code);
    const odds = await this.catalogue.odds(code);
    return {
      region: game.region,
      nameVi: game.nameVi,
      drawDays: game.drawDays,
      source: this.source,
      prizes: prizeTable(game.region).map((row) => ({ ...row })),
      betTypes: VN_BETS.map((bet) => {
        const price = pricePerPointMinor(odds, bet.code);
        const payout = payoutPerPointMinor(odds, bet.code);
        return {
          betType: bet.code,
          numbers: bet.numbers,
          digits: bet.digits,
          counts: countsOf(game.region, bet),
          pricePerPoint: fromMinor(price),
          payoutPerPoint: fromMinor(payout),
          houseEdge: vnHouseEdge(game.region, bet, price, payout),
        };
      }),
    };
  }
}

/** The prizes in the order of the region's table (as the page lists them), whatever order they were sent in. */
function orderedPrizes(region: VnRegion, prizes: VnPrizes): VnPrizes {
  return Object.fromEntries(prizeTable(region).map((row) => [row.prize, prizes[row.prize]]));
}
