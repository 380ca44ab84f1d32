import type { Language } from '@portal/shared/constants';
import type { LotteryCatalogue } from './catalogue.ts';
import type { LotteryDraws } from './draws.ts';

/** The spec's lottery game fields, grouped by menu tag, with each game's draw taking bets now. */
export class LotteryMenus {
  constructor(
    private readonly catalogue: LotteryCatalogue,
    private readonly draws: LotteryDraws,
    private readonly now: () => number = Date.now,
  ) {}

  async gameMenus(language: Language) {
    // The Vietnamese games have their menu of their own (vn-lottery.ts), with their draw weekdays.
    const games = (await this.catalogue.games()).filter((game) => game.group !== 'VN');
    const current = await this.draws.current(games.map((game) => game.code));
    const nowMs = this.now();
    const menus = new Map<string, ReturnType<typeof entry>[]>();
    const entry = (game: (typeof games)[number]) => {
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
        // The fast games draw every day.
        drawDayOfWeek: null,
        winningTime: draw ? new Date(draw.draw_at).toISOString() : null,
      };
    };
    for (const game of games) {
      const list = menus.get(game.menuTag) ?? [];
      list.push(entry(game));
      menus.set(game.menuTag, list);
    }
    return [...menus].map(([tag, gameMenus]) => ({ tag, gameMenus }));
  }
}
