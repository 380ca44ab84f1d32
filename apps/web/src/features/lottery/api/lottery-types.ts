/** The spec's lottery game fields (section 3), as the menus, popular and recent calls answer them. */
export interface LotteryGame {
  gameId: string;
  gameGroupCode: string;
  gameMenuTag: string;
  /** The game's name in the asked language. */
  remark: string;
  /** A Vietnamese game's own name in Vietnamese ("Xổ số Miền Bắc"). */
  nameVi?: string;
  /** The draw taking bets now, or null when none is open. */
  numero: string | null;
  /** Milliseconds until that draw, when the server answered. */
  remainTime: number;
  /** Seconds before the draw at which betting closes. */
  lockTime: number;
  /** 1 = Sunday … 7 = Saturday for a weekly draw; null for a game drawn every day. */
  drawDayOfWeek: number | null;
  winningTime: string | null;
}

export interface LotteryMenu {
  tag: string;
  gameMenus: LotteryGame[];
}

/**
 * A list of games with the moment its answer arrived and the request's round trip, both by the page's clock: the
 * countdowns start from them (remainTime is relative to the server's answer).
 */
export interface TimedGames {
  games: LotteryGame[];
  receivedAt: number;
  roundTripMs: number;
}

export interface TimedMenus extends TimedGames {
  menus: LotteryMenu[];
}

export interface OpenedNumero {
  numero: string;
  openTime: string;
  lockTime: string;
  winningTime: string;
  serverSeedHash: string;
}

export interface LotteryBetTypeEdge {
  betType: string;
  selection: string;
  houseEdge: string;
}

export interface LotteryGameDetails {
  gameId: string;
  gameGroupCode: string;
  name: string;
  roundSeconds: number;
  lockSeconds: number;
  /** Payout multipliers, the stake included, by odds key ("9.0000"). */
  odds: Record<string, string>;
  betTypes: LotteryBetTypeEdge[];
  /** A Vietnamese game's own block: its prize table and its bet types priced per point. */
  vn?: VnDetails;
}

export type VnPrizeName = 'DB' | 'G1' | 'G2' | 'G3' | 'G4' | 'G5' | 'G6' | 'G7' | 'G8';
export type VnSource = 'demo' | 'feed' | 'operator';

export interface VnBetType {
  betType: 'lo2' | 'lo3' | 'de' | 'xien2' | 'xien3' | 'xien4' | '3cang' | string;
  /** How many numbers a selection has (xiên 2, 3 or 4; one for the others). */
  numbers: number;
  digits: 2 | 3;
  /** How many lô one point counts on (27 north, 18 south and central for lô 2); 1 for the others. */
  counts: number;
  /** The price of one point (counts × unit price), a decimal string. */
  pricePerPoint: string;
  /** Paid per point for each appearance (lô) or once (đề, 3 càng, xiên). */
  payoutPerPoint: string;
  houseEdge: string | number;
}

export interface VnDetails {
  region: 'north' | 'south' | 'central';
  source: VnSource;
  prizes: { prize: VnPrizeName; count: number; digits: number }[];
  betTypes: VnBetType[];
}

/** A Vietnamese draw's result: each prize's numbers and where they came from. */
export interface VnResult {
  prizes: Partial<Record<VnPrizeName, string[]>>;
  source: VnSource;
}

/** A house draw's result: the Win Go number, the K3 dice, or the balls of the other groups. */
export type DrawResult = Record<string, unknown>;

export interface LotteryResult {
  numero: string;
  winningTime: string;
  result: DrawResult;
  status: string;
  serverSeed: string | null;
  serverSeedHash: string;
}

export interface Page<T> {
  list: T[];
  pageNo: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export type BetStatus = 'pending' | 'won' | 'lost' | 'refunded';

export interface LotteryBet {
  betId: string;
  gameId: string;
  numero: string;
  betType: string;
  selection: string;
  stake: string;
  multiple: number;
  amount: string;
  status: BetStatus | string;
  payout: string | null;
  createdAt: string;
  settledAt: string | null;
}

export interface DrawVerification {
  gameId: string;
  numero: string;
  status: string;
  serverSeedHash: string;
  serverSeed: string | null;
  publicInput: string;
  result: DrawResult | null;
  recomputed: DrawResult | null;
  formula: string;
}

export interface SlipItem {
  betType: string;
  selection: string;
  stake: string;
  multiple: number;
}
