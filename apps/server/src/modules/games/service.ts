import { randomInt } from 'node:crypto';
import type { Language } from '@portal/shared/constants';
import type {
  FavouriteListValue,
  FavouriteRequest,
  GameCard,
  GameClassify,
  GameListValue,
  RecentGamesValue,
} from '@portal/shared/games';
import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { localise } from '../../http/language.ts';
import { offsetOf, type PageRequest } from '../../http/pages.ts';
import type { SharedCaches } from '../../http/shared-caches.ts';
import type { SettingsService } from '../system/settings-service.ts';
import { RECENT_GAMES_KEPT, RecentPlays } from './recent-plays.ts';
import { type GameRow, gameAndVendorNames, memberGameIds } from './repository.ts';
import { CatalogueCache, type CatalogueSnapshot } from './snapshot.ts';

export interface GameListRequest extends PageRequest {
  gameType: string;
  vassalage?: string;
  gameClassify?: GameClassify;
  gameName?: string;
  minBet?: string;
  minLineNum?: number;
}

/** The catalogue as players browse it: lists, hot games, favourites and recently played games. */
export class GameCatalogue {
  private readonly cache: CatalogueCache;
  /** Games played at vendors, written to the members' recent games off the bets' path. */
  readonly plays: RecentPlays;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: SettingsService,
    cacheMs: number,
    private readonly caches: SharedCaches,
    log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.cache = new CatalogueCache(db, cacheMs);
    this.plays = new RecentPlays(db, () => this.cache.snapshot(), log);
    // Kept answers carry image hosts of the settings.
    caches.link(['catalogue', 'settings'], () => this.cache.invalidate());
  }

  /** The operator changed the catalogue (vendors, games): the next call on any node reads it again. */
  changed(): void {
    this.caches.changed('catalogue');
  }

  /**
   * The game list call's whole answer as JSON text. A page is asked for by many visitors alike, so its answer is
   * kept with the snapshot it was made from and sent as it is (the image host picked once per kept answer).
   */
  async listAnswer(request: GameListRequest, language: Language): Promise<string> {
    const minBetMinor = request.minBet ? parsePositiveAmount(request.minBet) : undefined;
    if (minBetMinor === null) throw new AppError(400, 'VALIDATION', { detail: 'minBet' });
    const name = request.gameName?.trim().toLowerCase();
    const filter = {
      gameType: request.gameType,
      vendorCode: request.vassalage || undefined,
      classify: request.gameClassify,
      nameContains: name || undefined,
      minBetMinor: minBetMinor?.toString(),
      minLines: request.minLineNum,
    };
    const snapshot = await this.cache.snapshot();
    const key = JSON.stringify([filter, request.pageNo, request.pageSize, language]);
    const kept = snapshot.answers.get(key);
    if (kept) return kept;
    const { rows, total } = snapshot.find(filter, { limit: request.pageSize, offset: offsetOf(request) });
    const answer = JSON.stringify(
      ok({
        games: await this.present(rows, language),
        pageNo: request.pageNo,
        totalPages: Math.ceil(total / request.pageSize),
        total,
      } satisfies GameListValue),
    );
    snapshot.answers.set(key, answer);
    return answer;
  }

  /** Every hot game of a type (and vendor), one page: the slots page's hot tab and the home page's hot strip. */
  async hot(filter: { gameType?: string; vassalage?: string }, language: Language): Promise<GameCard[]> {
    const { rows } = (await this.cache.snapshot()).find(
      { gameType: filter.gameType, vendorCode: filter.vassalage || undefined, hotOnly: true },
      { limit: 500, offset: 0 },
    );
    return this.present(rows, language);
  }

  async addFavourite(memberId: string, request: FavouriteRequest): Promise<void> {
    const game = await this.named(request);
    await this.db
      .insertInto('favourite_games')
      .values({ member_id: memberId, game_id: game.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removeFavourite(memberId: string, request: FavouriteRequest): Promise<void> {
    const game = await this.named(request);
    await this.db
      .deleteFrom('favourite_games')
      .where('member_id', '=', memberId)
      .where('game_id', '=', game.id)
      .execute();
  }

  async favouriteIds(memberId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('favourite_games as f')
      .innerJoin('games as g', 'g.id', 'f.game_id')
      .select('g.node_id')
      .where('f.member_id', '=', memberId)
      .orderBy('f.created_at', 'desc')
      .execute();
    return rows.map((row) => row.node_id);
  }

  async favourites(
    memberId: string,
    filter: { gameType?: string },
    page: PageRequest,
    language: Language,
  ): Promise<FavouriteListValue> {
    const list = await this.memberList('favourite_games', memberId, filter, page, language);
    return { content: list.games, totalPages: list.totalPages };
  }

  async recent(
    memberId: string,
    filter: { gameType?: string; vassalage?: string },
    page: PageRequest,
    language: Language,
  ): Promise<RecentGamesValue> {
    const list = await this.memberList(
      'recent_games',
      memberId,
      { gameType: filter.gameType, vendorCode: filter.vassalage || undefined },
      page,
      language,
    );
    return { list: list.games, totalPages: list.totalPages };
  }

  /** Notes a launch: the game moves to the top of the member's recent games, which keep the last 50 played. */
  async noteLaunch(memberId: string, gameId: string): Promise<void> {
    // Strictly after the member's previous launch: two launches within one tick of the clock keep their order.
    const playedAt = sql<Date>`greatest(clock_timestamp(), (SELECT max(played_at) + interval '1 microsecond'
      FROM recent_games WHERE member_id = ${memberId}::bigint))`;
    await this.db
      .insertInto('recent_games')
      .values({ member_id: memberId, game_id: gameId, played_at: playedAt })
      .onConflict((oc) => oc.columns(['member_id', 'game_id']).doUpdateSet({ played_at: playedAt }))
      .execute();
    await this.db
      .deleteFrom('recent_games')
      .where('member_id', '=', memberId)
      .where('game_id', 'not in', (eb) =>
        eb
          .selectFrom('recent_games')
          .select('game_id')
          .where('member_id', '=', memberId)
          .orderBy('played_at', 'desc')
          .limit(RECENT_GAMES_KEPT),
      )
      .execute();
    const game = (await this.cache.snapshot()).byId.get(gameId);
    if (game) this.plays.launched(memberId, game.node_id);
  }

  /**
   * Notes a round the member played at a vendor (its bet named the game): the game joins their recent games soon
   * after, without the bet waiting (see RecentPlays).
   */
  notePlayed(memberId: string, nodeId: string): void {
    this.plays.played(memberId, nodeId);
  }

  /**
   * Games' names in a language by node id and vendors' display names by code, switched off or not (for records of
   * rounds played); unknown ids and codes are left out.
   */
  async names(
    query: { nodeIds: readonly string[]; vendorCodes: readonly string[] },
    language: Language,
  ): Promise<{ games: Map<string, string>; vendors: Map<string, string> }> {
    const rows = await gameAndVendorNames(this.db, query.nodeIds, query.vendorCodes);
    return {
      games: new Map(rows.games.map((game) => [game.node_id, localise(game.names, language)])),
      vendors: new Map(rows.vendors.map((vendor) => [vendor.code, vendor.display_name])),
    };
  }

  /** The playable games now, indexed (a snapshot: never changed in place). */
  playable(): Promise<CatalogueSnapshot> {
    return this.cache.snapshot();
  }

  /** The playable game a call names; 404 when it does not exist or is switched off. */
  async game(nodeId: string, vendorCode?: string, gameType?: string): Promise<GameRow> {
    const game = (await this.cache.snapshot()).byNodeId.get(nodeId);
    const named =
      game && (!vendorCode || game.vendor_code === vendorCode) && (!gameType || game.game_type === gameType);
    if (!named) throw new AppError(404, 'GAME_NOT_FOUND');
    return game;
  }

  private named(request: FavouriteRequest): Promise<GameRow> {
    return this.game(request.nodeId, request.vendor, request.gameType);
  }

  private async memberList(
    table: 'favourite_games' | 'recent_games',
    memberId: string,
    filter: { gameType?: string; vendorCode?: string },
    page: PageRequest,
    language: Language,
  ) {
    const { ids, total } = await memberGameIds(this.db, table, memberId, filter, {
      limit: page.pageSize,
      offset: offsetOf(page),
    });
    const { byId } = await this.cache.snapshot();
    const rows = ids.map((id) => byId.get(id)).filter((row): row is GameRow => row !== undefined);
    return { games: await this.present(rows, language), totalPages: Math.ceil(total / page.pageSize) };
  }

  /** Tiles in the player's language, each image on a randomly picked CDN of the operator's (spec section 9). */
  async present(rows: GameRow[], language: Language): Promise<GameCard[]> {
    const cdns = (await this.settings.snapshot()).get('integrations').imageCDNs;
    return rows.map((row) => ({
      nodeId: row.node_id,
      gameName: localise(row.names, language),
      vassalage: row.vendor_code,
      vendorName: row.vendor_name,
      gameType: row.game_type as GameCard['gameType'],
      gameClassify: row.classify,
      minBet: fromMinor(BigInt(row.min_bet_minor)),
      lineNum: row.lines,
      imageUrl: onCdn(cdns, row.icon),
      isHot: row.is_hot ? 1 : 0,
      isNew: row.is_new ? 1 : 0,
      rtp: percentOf(row.rtp_bp),
      margin: percentOf(row.margin_bp),
      volatility: row.volatility,
      hasTrial: row.has_trial,
    }));
  }
}

/** Basis points as the percentage a tile states ("96.50"). */
export function percentOf(basisPoints: number | null): string | null {
  return basisPoints === null ? null : (basisPoints / 100).toFixed(2);
}

/** A path on one of the hosts, picked at random per image so the load spreads; the path alone without hosts. */
export function onCdn(hosts: string[], path: string): string {
  if (hosts.length === 0 || /^https?:\/\//.test(path)) return path;
  const host = hosts[randomInt(hosts.length)] ?? '';
  return `${host.replace(/\/+$/, '')}${path}`;
}
