import type { Language } from '@portal/shared/constants';
import type { WinnerItem } from '@portal/shared/games';
import { fromMinor } from '@portal/shared/money';
import { LRUCache } from 'lru-cache';
import { maskAccount } from '../../common/mask-account.ts';
import { localise } from '../../http/language.ts';
import type { GameCatalogue } from './service.ts';

/** A vendor's real-money win, as the wallet recorded it: whose, where, how much, when. */
export interface VendorWin {
  memberId: string;
  vendorCode: string;
  /** The game node of the round's bet. */
  nodeId: string;
  amountMinor: bigint;
  createdAt: Date;
}

/** More wins are asked for than shown when no game type narrows them: wins of games switched off are left out. */
const SPARE_WINS = 50;

/**
 * The winner board: the latest real-money wins that vendors reported through the seamless wallet, each with the
 * game of its round (playable games only) and the winner's masked account. Public and the same for everyone, so an
 * answer is kept for the content cache time.
 */
export class WinnerBoard {
  private readonly answers: LRUCache<string, WinnerItem[]>;

  constructor(
    private readonly catalogue: GameCatalogue,
    /** The wallet's latest wins, newest first, of the given game nodes only (all when null). */
    private readonly wins: (limit: number, nodeIds: readonly string[] | null) => Promise<VendorWin[]>,
    /** Members' account names by id. */
    private readonly accounts: (memberIds: string[]) => Promise<Map<string, string>>,
    cacheMs: number,
  ) {
    this.answers = new LRUCache({ max: 100, ttl: Math.max(cacheMs, 1) });
  }

  async latest(gameType: string | null, limit: number, language: Language): Promise<WinnerItem[]> {
    const key = `${gameType ?? 'ALL'}:${limit}:${language}`;
    const kept = this.answers.get(key);
    if (kept) return kept;
    const games = await this.catalogue.playable();
    const nodeIds = gameType ? games.rows.filter((g) => g.game_type === gameType).map((g) => g.node_id) : null;
    const wins = (await this.wins(nodeIds ? limit : limit + SPARE_WINS, nodeIds))
      .filter((win) => games.byNodeId.has(win.nodeId))
      .slice(0, limit);
    const accounts = await this.accounts([...new Set(wins.map((win) => win.memberId))]);
    const list = wins.flatMap((win) => {
      const game = games.byNodeId.get(win.nodeId);
      const account = accounts.get(win.memberId);
      if (!game || !account) return [];
      return [
        {
          account: maskAccount(account),
          gameName: localise(game.names, language),
          nodeId: game.node_id,
          vassalage: game.vendor_code,
          gameType: game.game_type,
          amount: fromMinor(win.amountMinor),
          time: win.createdAt.toISOString(),
        },
      ];
    });
    this.answers.set(key, list);
    return list;
  }
}
