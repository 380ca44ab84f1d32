// What the studio knows of a game it is asked to open: the portal's public game list is the catalogue (a real vendor
// owns its own; this one serves whatever the demo catalogue lists). Looked up by vendor and type a page of 100 at a
// time, once per vendor, type and language, then kept.
import { GAME_TYPES, type GameType, type Language } from '@portal/shared/constants';

export interface GameInfo {
  nodeId: string;
  name: string;
  gameType: GameType;
  /** The RTP the tile states, in percent, or null. */
  rtp: number | null;
}

interface ListAnswer {
  success: boolean;
  value?: { games: { nodeId: string; gameName: string; gameType: GameType; rtp: string | null }[]; totalPages: number };
}

const PAGE_SIZE = 100;
/** Vendors list one type or two; a game id the demo catalogue makes (PG-RNG-0001) names its type, tried first. */
const TYPES = GAME_TYPES.filter((type) => type !== 'LOTT' && type !== 'ELOTT');

export class Catalogue {
  private readonly lists = new Map<string, Promise<Map<string, GameInfo>>>();

  constructor(
    private readonly portalUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async game(vendor: string, nodeId: string, language: Language): Promise<GameInfo | null> {
    const hinted = TYPES.find((type) => nodeId.includes(`-${type}-`));
    for (const type of hinted ? [hinted, ...TYPES.filter((t) => t !== hinted)] : TYPES) {
      const found = (await this.list(vendor, type, language)).get(nodeId);
      if (found) return found;
    }
    return null;
  }

  private list(vendor: string, gameType: GameType, language: Language): Promise<Map<string, GameInfo>> {
    const key = `${vendor}:${gameType}:${language}`;
    let list = this.lists.get(key);
    if (!list) {
      list = this.load(vendor, gameType, language);
      // A failed look-up is tried again next time, not remembered.
      list.catch(() => this.lists.delete(key));
      this.lists.set(key, list);
    }
    return list;
  }

  private async load(vendor: string, gameType: GameType, language: Language): Promise<Map<string, GameInfo>> {
    const games = new Map<string, GameInfo>();
    for (let page = 1, pages = 1; page <= pages; page++) {
      const url = new URL('/wps/relay/GCSGAME_gameList', this.portalUrl);
      url.search = new URLSearchParams({
        gameType,
        vassalage: vendor,
        pageNo: String(page),
        pageSize: String(PAGE_SIZE),
        language,
      }).toString();
      const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`game list answered ${response.status}`);
      const answer = (await response.json()) as ListAnswer;
      if (!answer.value) throw new Error('game list without value');
      pages = answer.value.totalPages;
      for (const game of answer.value.games) {
        const rtp = game.rtp === null ? null : Number.parseFloat(game.rtp);
        games.set(game.nodeId, {
          nodeId: game.nodeId,
          name: game.gameName,
          gameType: game.gameType,
          rtp: rtp !== null && Number.isFinite(rtp) ? rtp : null,
        });
      }
    }
    return games;
  }
}
