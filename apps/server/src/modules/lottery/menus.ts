import type { Language } from '@portal/shared/constants';
import type { LotteryBets } from './bets.ts';
import type { CatalogueGame, LotteryCatalogue } from './catalogue.ts';
import type { LotteryDraws } from './draws.ts';
import { weekdayOfNumero } from './vn-schedule.ts';

/** The spec's prize modes; the web decides which it asks for from the e-lottery category. */
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;

/** The window the popular list counts players over. */
const POPULAR_DAYS = 7;
/**
 * How long the count of players per game is reused: it reads a week of bets, and every lottery page asks for it, so
 * the ranking is up to a minute old.
 */
const POPULAR_CACHE_MS = 60_000;

/**
 * The spec's lottery game fields, grouped by menu tag, listed by popularity or by the member's recent play, each game
 * with its draw taking bets now. Every prize mode lists every game: the house runs all of them.
 */
export class LotteryMenus {
  constructor(
    private readonly catalogue: LotteryCatalogue,
    private readonly draws: LotteryDraws,
    private readonly bets: LotteryBets,
    private readonly now: () => number = Date.now,
  ) {}

  async gameMenus(language: Language) {
    // The Vietnamese games have their menu of their own (vn-lottery.ts), with their draw weekdays.
    const games = (await this.catalogue.games()).filter((game) => game.group !== 'VN');
    const fields = await this.fields(games, language);
    const menus = new Map<string, typeof fields>();
    for (const entry of fields) {
      const list = menus.get(entry.gameMenuTag) ?? [];
      list.push(entry);
      menus.set(entry.gameMenuTag, list);
    }
    return [...menus].map(([tag, gameMenus]) => ({ tag, gameMenus }));
  }

  /** The games most members bet on over the last seven days first, then in menu order; at most `count`. */
  async popular(language: Language, count: number) {
    const games = await this.catalogue.games();
    const players = await this.players();
    // The catalogue lists games in menu order, and the sort is stable.
    const ranked = [...games].sort((a, b) => (players.get(b.code) ?? 0) - (players.get(a.code) ?? 0));
    return this.fields(ranked.slice(0, count), language);
  }

  private playersCache: { at: number; value: Promise<Map<string, number>> } | null = null;

  private players(): Promise<Map<string, number>> {
    const nowMs = this.now();
    if (!this.playersCache || nowMs - this.playersCache.at >= POPULAR_CACHE_MS) {
      const value = this.bets.playersByGame(new Date(nowMs - POPULAR_DAYS * 86_400_000));
      // A failed read is not kept.
      value.catch(() => {
        this.playersCache = null;
      });
      this.playersCache = { at: nowMs, value };
    }
    return this.playersCache.value;
  }

  /** The games the member bet on, the most recent first; at most `count`. */
  async recent(memberId: string, language: Language, count: number) {
    const byCode = new Map((await this.catalogue.games()).map((game) => [game.code, game]));
    const played = await this.bets.recentGames(memberId, count);
    return this.fields(
      played.flatMap((code) => byCode.get(code) ?? []),
      language,
    );
  }

  private async fields(games: readonly CatalogueGame[], language: Language) {
    const current = await this.draws.current(games.map((game) => game.code));
    const nowMs = this.now();
    return games.map((game) => {
      const draw = current.get(game.code);
      return {
        gameId: game.code,
        gameGroupCode: game.group,
        gameMenuTag: game.menuTag,
        remark: game.names[language],
        numero: draw?.numero ?? null,
        // Milliseconds until the draw; the page subtracts the lock (lockTime seconds) for its cutoff.
        remainTime: draw ? Math.max(0, new Date(draw.draw_at).getTime() - nowMs) : 0,
        lockTime: game.lockSeconds,
        // The fast games and the northern Vietnamese draw every day; a province on the weekday of its open draw.
        drawDayOfWeek: game.group === 'VN' && game.menuTag !== 'NORTH' && draw ? weekdayOfNumero(draw.numero) : null,
        winningTime: draw ? new Date(draw.draw_at).toISOString() : null,
      };
    });
  }
}
