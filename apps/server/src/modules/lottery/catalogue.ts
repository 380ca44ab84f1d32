import type { Language } from '@portal/shared/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { type GameGroup, houseEdges, type LotteryGame, type Odds } from './rules.ts';

export interface CatalogueGame extends LotteryGame {
  names: Record<Language, string>;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  sortOrder: number;
}

/** How long a node keeps the list of games it read (docs/decisions.md, "A bet in one statement"). */
const CACHE_MS = 1000;

/** The lottery's games and their odds, read from the module's tables (the operator's settings). */
export class LotteryCatalogue {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The switched-on games, as read within the last CACHE_MS on this node: every bet and menu asks, and an operator's
   * change reaches every node within that time (this node's own changes call `forget`).
   */
  private cached: { at: number; games: Promise<CatalogueGame[]> } | null = null;

  /** Drops the games kept, after a change to them. */
  forget() {
    this.cached = null;
  }

  /** The games taking bets (switched on), in menu order. */
  async games(): Promise<CatalogueGame[]> {
    const nowMs = Date.now();
    if (!this.cached || nowMs - this.cached.at >= CACHE_MS) {
      const games = this.read(true);
      // A failed read is not kept.
      games.catch(() => {
        if (this.cached?.games === games) this.cached = null;
      });
      this.cached = { at: nowMs, games };
    }
    return this.cached.games;
  }

  /**
   * A game whether switched on or not: a draw drawn before its game was switched off still settles (or refunds).
   */
  async anyGame(code: string): Promise<CatalogueGame> {
    const game = (await this.read(false)).find((candidate) => candidate.code === code);
    if (!game) throw new AppError(404, 'LOTTERY_GAME_NOT_FOUND');
    return game;
  }

  private async read(enabledOnly: boolean): Promise<CatalogueGame[]> {
    let query = this.db.selectFrom('lottery_games').selectAll();
    if (enabledOnly) query = query.where('enabled', '=', true);
    const rows = await query.orderBy('sort_order').orderBy('code').execute();
    return rows.map((row) => ({
      code: row.code,
      group: row.group_code as GameGroup,
      menuTag: row.menu_tag,
      roundSeconds: row.round_seconds,
      lockSeconds: row.lock_seconds,
      names: { en: row.name_en, bn: row.name_bn },
      minStakeMinor: BigInt(row.min_stake_minor),
      maxStakeMinor: BigInt(row.max_stake_minor),
      sortOrder: row.sort_order,
    }));
  }

  async game(code: string): Promise<CatalogueGame> {
    const game = (await this.games()).find((candidate) => candidate.code === code);
    if (!game) throw new AppError(404, 'LOTTERY_GAME_NOT_FOUND');
    return game;
  }

  async odds(code: string): Promise<Odds> {
    const rows = await this.db
      .selectFrom('lottery_odds')
      .select(['odds_key', 'odds_e4'])
      .where('game_code', '=', code)
      .execute();
    return new Map(rows.map((row) => [row.odds_key, row.odds_e4]));
  }

  /** A game's bet types with their odds and the house edge of each selection, for the game's page. */
  async details(code: string, language: Language) {
    const game = await this.game(code);
    const odds = await this.odds(code);
    return {
      gameId: game.code,
      gameGroupCode: game.group,
      name: game.names[language],
      roundSeconds: game.roundSeconds,
      lockSeconds: game.lockSeconds,
      odds: Object.fromEntries([...odds].map(([key, e4]) => [key, (e4 / 10_000).toFixed(4)])),
      betTypes: houseEdges(game.group, odds).map((edge) => ({
        betType: edge.betType,
        selection: edge.selection,
        houseEdge: edge.houseEdge.toFixed(6),
      })),
    };
  }
}
