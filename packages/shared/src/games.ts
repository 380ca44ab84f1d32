// The games catalogue's contract between server and app: game tiles, the slots list and its filters, favourites,
// recent games and launch. Amounts are decimal strings with two places, as everywhere.
import type { GameType } from './constants.ts';

/** Slot classify filter of spec section 3: scratch, video poker, table games, arcade, slot machine, bingo. */
export const GAME_CLASSIFIES = ['SC', 'VP', 'TG', 'AC', 'JP', 'BG'] as const;
export type GameClassify = (typeof GAME_CLASSIFIES)[number];

/** The slots page's list types (section 4): paged list, hot (all, one page), saved (login), recent (login). */
export const SLOT_LIST_TYPES = ['', 'hot', 'fav', 'recent'] as const;
export type SlotListType = (typeof SLOT_LIST_TYPES)[number];

export const VOLATILITIES = ['low', 'medium', 'high'] as const;
export type Volatility = (typeof VOLATILITIES)[number];

/** One game tile. */
export interface GameCard {
  nodeId: string;
  /** In the language asked for, English when the game has no name in it. */
  gameName: string;
  /** The vendor's code. */
  vassalage: string;
  vendorName: string;
  gameType: GameType;
  gameClassify: GameClassify | null;
  minBet: string;
  lineNum: number;
  /** Absolute URL on one of the operator's image CDNs, or a path on this site when none is configured. */
  imageUrl: string;
  isHot: 0 | 1;
  isNew: 0 | 1;
  /** Design return to player in percent ("96.00"), when the vendor publishes it. */
  rtp: string | null;
  /** A book's margin in percent ("5.00"): what sports and cockfight vendors state instead of a return. */
  margin: string | null;
  volatility: Volatility | null;
  /** Free play with demo money is offered. */
  hasTrial: boolean;
}

/** GET /wps/relay/GCSGAME_gameList (no token). */
export interface GameListQuery {
  gameType: GameType;
  vassalage?: string;
  gameClassify?: GameClassify;
  /** Part of the name, in any supported language; case does not matter. */
  gameName?: string;
  /** One of MIN_BET_OPTIONS: games whose minimum bet is exactly this ('' or absent: any). */
  minBet?: string;
  minLineNum?: number;
  pageNo?: number;
  /** At most 100; the slots page asks for 15. */
  pageSize?: number;
  language?: string;
  /** Accepted for the spec's contract (clientType 3, platform 'flash,html5-desktop', channel, merchant). */
  clientType?: number;
  platform?: string;
  channel?: string;
  merchant?: string;
}

export interface GameListValue {
  games: GameCard[];
  pageNo: number;
  totalPages: number;
  total: number;
}

/**
 * GET /wps/relay/GCSGAME_hotGamesV2?gameType&vassalage&language (also merchantCode, isPlatform 2, platform): every hot
 * game (of one type and vendor when given), one page.
 */
export type HotGamesValue = GameCard[];

/** The game a favourite names (PUT / DELETE /wps/relay/MCSFE_getFavoriteGames, token; answers FavouriteChange). */
export interface FavouriteRequest {
  nodeId: string;
  vendor: string;
  gameType: GameType;
}

export interface FavouriteChange {
  nodeId: string;
  favourite: boolean;
}

/** GET /wps/relay/MCSFE_getFavoriteGames (token): the member's favourite ids, for the heart on each tile. */
export interface FavouriteIdsValue {
  nodeIds: string[];
}

/** GET /wps/relay/MCSFE_getFavoriteGamesList?gameType&pageNo&pageSize&language (token), newest first. */
export interface FavouriteListValue {
  content: GameCard[];
  totalPages: number;
}

/** GET /wps/relay/GCS_recentGame?clientType=3&gameType&vassalage&pageNo&pageSize&language (token), last played first. */
export interface RecentGamesValue {
  list: GameCard[];
  totalPages: number;
}

export const LAUNCH_MODES = ['real', 'trial'] as const;
export type LaunchMode = (typeof LAUNCH_MODES)[number];

/**
 * Where a game opens: `frame`, the portal's /game page that frames the vendor's page; `window`, a browsing context
 * of its own, for a vendor whose pages refuse to be framed (the operator says so per vendor integration).
 */
export const LAUNCH_TARGETS = ['frame', 'window'] as const;
export type LaunchTarget = (typeof LAUNCH_TARGETS)[number];

/**
 * GET /wps/game/launchGame?nodeId&language (token): real money. GET /wps/relay/GCS_gameLaunchFB?nodeId&language:
 * free play with demo money (no token needed when the operator allows visitors to try games).
 */
export interface LaunchValue {
  /** Address to open in the game iframe (the /game page) or a new window. */
  url: string;
  mode: LaunchMode;
  nodeId: string;
  gameName: string;
  /** Where to open `url`: the /game frame, or a new window (the vendor's setting; house games: the frame). */
  target: LaunchTarget;
}

/**
 * GET /wps/relay/GCSGAME_getRankList?gameCategory=ALL|<type>&limitNum (≤ 50)&language (no token): the latest
 * real-money wins, newest first, as `{ list: WinnerItem[] }`.
 */
export interface WinnerItem {
  /** The winner's account, masked ("ra***88"). */
  account: string;
  gameName: string;
  nodeId: string;
  vassalage: string;
  gameType: string;
  amount: string;
  /** ISO 8601. */
  time: string;
}
