import type { Language } from '@portal/shared/constants';
import { fromMinor } from '@portal/shared/money';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { maskAccount } from '../../common/mask-account.ts';
import type { Database } from '../../db/schema.ts';
import type { LotteryCatalogue } from './catalogue.ts';

/** The spec's winner board shows 50 wins at most. */
export const MAX_WINNERS = 50;
/** The most draws the board looks back over for its wins: a quiet site's board shows fewer wins rather than wait. */
const MAX_DRAWS = 3200;

/**
 * The lottery's winner board: the latest won bets of the games taking bets, newest settlement first, each with the
 * winner's masked account. Public and the same for everyone, so an answer is kept for the content cache time.
 */
export class LotteryWinners {
  private readonly answers: LRUCache<string, LotteryWinner[]>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogue: LotteryCatalogue,
    /** Members' account names by id (the members module's, passed in by app.ts). */
    private readonly accounts: (memberIds: string[]) => Promise<Map<string, string>>,
    cacheMs: number,
  ) {
    this.answers = new LRUCache({ max: 200, ttl: Math.max(cacheMs, 1) });
  }

  /** The latest wins, of one game (a game not taking bets has none) or of all, at most `count`. */
  async latest(gameId: string | null, count: number, language: Language): Promise<LotteryWinner[]> {
    const key = `${gameId ?? '*'}:${count}:${language}`;
    const kept = this.answers.get(key);
    if (kept) return kept;
    const games = new Map((await this.catalogue.games()).map((game) => [game.code, game]));
    const codes = gameId === null ? [...games.keys()] : games.has(gameId) ? [gameId] : [];
    const wins = codes.length === 0 ? [] : await this.wins(codes, count);
    const accounts = await this.accounts([...new Set(wins.map((win) => win.member_id))]);
    const list = wins.flatMap((win) => {
      const game = games.get(win.game_code);
      const account = accounts.get(win.member_id);
      if (!game || !account || win.payout_minor === null || win.settled_at === null) return [];
      return [
        {
          account: maskAccount(account),
          gameId: game.code,
          gameName: game.names[language],
          numero: win.numero,
          betType: win.bet_type,
          selection: win.selection,
          payout: fromMinor(BigInt(win.payout_minor)),
          settledAt: new Date(win.settled_at).toISOString(),
        },
      ];
    });
    this.answers.set(key, list);
    return list;
  }

  /**
   * The won bets of the latest settled draws of the games, newest settlement first. A board of wins read from the
   * bets alone would scan them all (no index covers won bets: see migration 0058), so the latest draws are taken
   * first, and more of them while they hold fewer than `count` wins, up to MAX_DRAWS.
   */
  private async wins(codes: string[], count: number) {
    for (let draws = count; ; draws *= 8) {
      const recent = await this.db
        .selectFrom('lottery_draws')
        .select('id')
        .where('status', '=', 'settled')
        .where('game_code', 'in', codes)
        .orderBy('draw_at', 'desc')
        .limit(draws)
        .execute();
      const wins =
        recent.length === 0
          ? []
          : await this.db
              .selectFrom('lottery_bets')
              .select(['id', 'member_id', 'game_code', 'numero', 'bet_type', 'selection', 'payout_minor', 'settled_at'])
              .where(
                'draw_id',
                'in',
                recent.map((draw) => draw.id),
              )
              .where('status', '=', 'won')
              .where('payout_minor', '>', '0')
              .orderBy('settled_at', 'desc')
              .orderBy('id', 'desc')
              .limit(count)
              .execute();
      if (wins.length >= count || recent.length < draws || draws * 8 > MAX_DRAWS) return wins;
    }
  }
}

export interface LotteryWinner {
  /** The winner's account, masked ("ra***88"). */
  account: string;
  gameId: string;
  gameName: string;
  numero: string;
  betType: string;
  selection: string;
  payout: string;
  /** ISO 8601. */
  settledAt: string;
}
