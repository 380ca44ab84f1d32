// The portal's own games (vendor HOUSE): what their pages in the game iframe and the house game server say to
// each other. Money never moves here: the game server settles every round through the seamless-wallet API, as
// any vendor does. Amounts are decimal strings with two places, as everywhere else.

export const HOUSE_VENDOR = 'HOUSE';

export const HOUSE_GAME_KINDS = ['slot', 'dice', 'baccarat'] as const;
export type HouseGameKind = (typeof HOUSE_GAME_KINDS)[number];

/** The catalogue's node ids of the house games. */
export const HOUSE_GAME_NODES: Readonly<Record<HouseGameKind, string>> = {
  slot: 'HOUSE-RNG-SLOT',
  dice: 'HOUSE-RNG-DICE',
  baccarat: 'HOUSE-PVP-BACCARAT',
};

/**
 * How a house game was opened (`/house/<kind>?token=…&lang=…`): `real` plays the member's cash through a launch
 * session, `demo` a trial member's demo money through one, `free` needs no account and keeps its demo balance in
 * the page (no token).
 */
export type HousePlayMode = 'real' | 'demo' | 'free';

/** What a house page starts with free play, in the page's own memory. */
export const FREE_PLAY_BALANCE = '2000.00';

/** GET /house/api/session?token=: who plays, with what. */
export interface HouseSessionValue {
  mode: HousePlayMode;
  /** The wallet's balance; in free play the starting balance. */
  balance: string;
  currency: string;
}

/**
 * Every play request carries the page's own key for the round (a UUID it made before sending): a retry with the same
 * key answers the round already played instead of playing another.
 */
export interface HousePlayRequest {
  /** The launch session's token; absent in free play. */
  token?: string;
  roundKey: string;
}

export interface HouseRoundValue {
  roundId: string;
  /** The total staked. */
  stake: string;
  /** The total paid back (0.00 for a loss). */
  win: string;
  /** The balance after the round; null in free play (the page keeps its own). */
  balance: string | null;
}

// ---- slot ----

export interface SlotSpinRequest extends HousePlayRequest {
  /** The bet per line; the stake is this times the 20 lines. One of SlotInfoValue.betsPerLine. */
  betPerLine: string;
}

export interface SlotLineWinValue {
  /** Payline number as players see it, 1–20. */
  line: number;
  symbol: string;
  count: number;
  amount: string;
}

export interface SlotSpinValue {
  freeSpin: boolean;
  multiplier: number;
  /** grid[reel][row], row 0 at the top: symbol ids. */
  grid: string[][];
  lineWins: SlotLineWinValue[];
  scatterCount: number;
  scatterWin: string;
  freeSpinsAwarded: number;
  win: string;
}

export interface SlotRoundValue extends HouseRoundValue {
  betPerLine: string;
  /** The paid spin first, then the free spins it led to. */
  spins: SlotSpinValue[];
  /** The progressive jackpot this round won, in `win` too; null when it won none. */
  jackpotWin: string | null;
}

export interface SlotPaytableValue {
  symbol: string;
  /** Credits (times the bet per line) for 3, 4 and 5 of a kind; for the scatter, times the total stake. */
  pays: { count: number; credits: number }[];
}

/** GET /house/api/slot/info: the rules the game's help shows. */
export interface SlotInfoValue {
  /** Return to player of the base game as a fraction (0.96008); the jackpot adds `jackpotSharePercent`. */
  rtp: number;
  volatility: 'low' | 'medium' | 'high';
  lines: number;
  /** grid rows of each payline, reel by reel. */
  paylines: number[][];
  betsPerLine: string[];
  symbols: { id: string; wild: boolean; scatter: boolean }[];
  paytable: SlotPaytableValue[];
  freeSpins: { scattersToTrigger: number; award: number; multiplier: number };
  jackpotSharePercent: number;
}

/** GET /house/api/jackpot (public): the progressive pool's amount now, for the slots page's rolling counter. */
export interface JackpotValue {
  amount: string;
  currency: string;
}

// ---- dice (provably fair) ----

/** GET /house/api/dice/seed?token= (or &freeKey= in free play): the commitment before play. */
export interface DiceSeedValue {
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next roll uses. */
  nonce: number;
}

export interface DiceRollRequest extends HousePlayRequest {
  /** Free play only: the page's own key for its seeds (a UUID). */
  freeKey?: string;
  amount: string;
  direction: 'under' | 'over';
  /** 0–9999 (0.00–99.99 shown). */
  target: number;
}

export interface DiceRollValue extends HouseRoundValue {
  roll: number;
  direction: 'under' | 'over';
  target: number;
  multiplierE4: number;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** POST /house/api/dice/rotate: reveals the used server seed and commits to a new one. */
export interface DiceRotateRequest {
  token?: string;
  freeKey?: string;
  /** The client seed for the next pair. */
  clientSeed: string;
  /**
   * The commitment the page is retiring. A retry after a lost answer sends it again and gets the same reveal,
   * instead of retiring the pair that the lost answer had already committed to.
   */
  serverSeedHash?: string;
}

export interface DiceRevealedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** How many rolls the pair played (nonces 0 to rolls − 1). */
  rolls: number;
}

export interface DiceRotateValue {
  revealed: DiceRevealedPair;
  next: DiceSeedValue;
}

/** GET /house/api/dice/revealed?token= (or &freeKey=): the pairs retired lately, newest first (at most 20). */
export interface DiceRevealedValue {
  list: DiceRevealedPair[];
}

// ---- baccarat ----

export const BACCARAT_SPOTS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];

export interface BaccaratDealRequest extends HousePlayRequest {
  /** The stake on each spot played (at least one), each within the room's limits. */
  bets: Partial<Record<BaccaratSpot, string>>;
  /** The card room (table) played; the first room when absent. */
  room?: string;
}

/** GET /wps/relay/GLS2_roomList?nodeId=: the card rooms (tables) of the house card games. */
export interface CardRoomValue {
  roomId: string;
  nodeId: string;
  gameName: string;
  roomName: string;
  /** The least and the most one spot takes. */
  minBet: string;
  maxBet: string;
  /** Players who played at this table in the last ten minutes. */
  players: number;
}

export interface CardRoomListValue {
  list: CardRoomValue[];
}

export interface BaccaratCardValue {
  suit: 'clubs' | 'diamonds' | 'hearts' | 'spades';
  /** 1 = ace … 13 = king. */
  rank: number;
}

export interface BaccaratRoundValue extends HouseRoundValue {
  player: BaccaratCardValue[];
  banker: BaccaratCardValue[];
  playerTotal: number;
  bankerTotal: number;
  outcome: 'player' | 'banker' | 'tie';
  settlements: { spot: BaccaratSpot; stake: string; win: string }[];
}
