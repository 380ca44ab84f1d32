// A 5-reel, 3-row, 20-line slot generated from a catalogue game id: the same id always gives the same symbols, reel
// strips, paytable and free-spin rule, so a game plays the same after a restart and on every studio process. The RTP
// a game states is not a target but the exact expectation of its reels and paytable (see `exactRtp`), tuned to
// round to the hundredth its catalogue entry states.
import { createHash } from 'node:crypto';

/** A uniform integer in [0, max): node:crypto's randomInt in play, a seeded generator in tests. */
export type RandomInt = (max: number) => number;

export const REELS = 5;
export const ROWS = 3;
export const WILD = 'W';
export const SCATTER = 'S';

/** The 20 lines: the row on each reel (0 top, 1 middle, 2 bottom). */
export const LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/**
 * Symbol faces by theme: four card ranks that pay least, then four theme signs. Plain text in fonts every phone has
 * (no emoji, which render differently, or not at all, from one device to the next).
 */
const THEMES: readonly (readonly string[])[] = [
  ['10', 'J', 'Q', 'K', 'A', '♦', '♛', '7'],
  ['10', 'J', 'Q', 'K', 'A', '☾', '☀', '★'],
  ['10', 'J', 'Q', 'K', 'A', '⚓', '♒', '♆'],
  ['10', 'J', 'Q', 'K', 'A', '☥', '♜', '♛'],
  ['10', 'J', 'Q', 'K', 'A', '♣', '♞', '♚'],
  ['10', 'J', 'Q', 'K', 'A', '✿', '❀', '☘'],
];
const WILD_PICTURES = ['WILD'];
const SCATTER_PICTURES = ['✦', '❂', '✪', '✺'];

/** How often each regular symbol is on a reel, lowest paying first (a reel holds about 30–40 of them). */
const WEIGHTS = [7, 6, 6, 5, 4, 3, 3, 2];
/** Pays of 3, 4 and 5 of a kind per symbol, in line bets, before they are scaled to the game's RTP. */
const BASE_PAYS: readonly (readonly [number, number, number])[] = [
  [4, 10, 40],
  [5, 12, 50],
  [5, 15, 60],
  [6, 20, 80],
  [10, 30, 120],
  [15, 50, 200],
  [20, 80, 300],
  [30, 120, 500],
];

/** The bets a player may choose (multiples of 2, so a line bet is a whole number of ten-poisha units). */
export const BET_CHOICES = ['2.00', '4.00', '10.00', '20.00', '50.00', '100.00', '200.00'] as const;

export interface SlotSymbol {
  id: string;
  picture: string;
  /** Pays of 3, 4 and 5 on a line, in line bets (zero for wild and scatter, which pay through the others). */
  pays: [number, number, number];
}

export interface SlotGame {
  gameId: string;
  symbols: SlotSymbol[];
  wildPicture: string;
  scatterPicture: string;
  reels: string[][];
  /** Free spins for three or more scatters anywhere, their wins multiplied; null when the game has none. */
  freeSpins: { count: number; multiplier: number } | null;
  /** The exact return to player, in percent with two decimals. */
  rtp: number;
}

export interface LineWin {
  line: number;
  symbol: string;
  count: number;
  /** In line bets. */
  pays: number;
}

export interface SpinOutcome {
  /** The symbols shown, reel by reel, top row first. */
  grid: string[][];
  lineWins: LineWin[];
  /** Line bets won by this screen (already multiplied in a free spin). */
  pays: number;
}

export interface SlotRound {
  base: SpinOutcome;
  /** The free spins the base spin won, in play order (empty without a trigger). */
  freeSpins: SpinOutcome[];
  /** Line bets won in all, base and free spins. */
  totalPays: number;
}

/**
 * The game of a catalogue id. `targetRtp` (percent, to the hundredth: what the portal's tile states) is where the
 * paytable is scaled and tuned to; the game's stated RTP is then computed exactly from the paytable, and rounds to the
 * target. Without a target the id picks one between 95 % and 97 %.
 */
export function slotGame(gameId: string, targetRtp?: number): SlotGame {
  const next = seededRandom(`slots:${gameId}`);
  const themeIndex = next(THEMES.length);
  const theme = THEMES[themeIndex] as readonly string[];
  const target = targetRtp ?? 95 + next(201) / 100;
  const hasFreeSpins = next(10) < 6;
  const freeSpins = hasFreeSpins ? { count: [8, 10, 12, 15][next(4)] as number, multiplier: 1 + next(3) } : null;

  const reels: string[][] = [];
  for (let reel = 0; reel < REELS; reel++) {
    const strip: string[] = [];
    WEIGHTS.forEach((weight, symbol) => {
      for (let n = 0; n < weight + next(3); n++) strip.push(`s${symbol}`);
    });
    // No wild on the first reel, so a line's symbol is always the first reel's.
    if (reel > 0) for (let n = 0; n < 1 + next(2); n++) strip.push(WILD);
    shuffle(strip, next);
    if (freeSpins) {
      // One scatter per reel, so a reel shows at most one.
      const at = next(strip.length);
      strip.splice(at, 0, SCATTER);
    }
    reels.push(strip);
  }

  const symbols: SlotSymbol[] = theme.map((picture, i) => ({
    id: `s${i}`,
    picture,
    pays: [...(BASE_PAYS[i] as [number, number, number])],
  }));
  const draft: SlotGame = {
    gameId,
    symbols,
    wildPicture: WILD_PICTURES[next(WILD_PICTURES.length)] as string,
    scatterPicture: SCATTER_PICTURES[next(SCATTER_PICTURES.length)] as string,
    reels,
    freeSpins,
    rtp: 0,
  };
  // Every pay scales the RTP alike (free spins pay line wins too), so one factor brings it to the target.
  const scale = target / exactRtp(draft);
  for (const symbol of symbols) {
    symbol.pays = symbol.pays.map((pay) => Math.max(1, Math.round(pay * scale))) as [number, number, number];
  }
  tune(draft, target);
  draft.rtp = Math.round(exactRtp(draft) * 100) / 100;
  return draft;
}

/**
 * Rounding moved the RTP off its target: one pay at a time goes up or down a line bet while that brings it closer,
 * until it rounds to the target's hundredth (every game of the demo catalogue gets there).
 */
function tune(game: SlotGame, target: number): void {
  for (let step = 0; step < 200; step++) {
    const current = exactRtp(game);
    if (Math.abs(current - target) < 0.005) return;
    let best: { symbol: SlotSymbol; k: number; by: number; off: number } | null = null;
    for (const symbol of game.symbols) {
      for (let k = 0; k < 3; k++) {
        for (const by of [1, -1]) {
          const pays = symbol.pays;
          const changed = (pays[k] as number) + by;
          // Pays stay at least 1 and keep rising with the count of a kind.
          if (
            changed < 1 ||
            (k > 0 && changed <= (pays[k - 1] as number)) ||
            (k < 2 && changed >= (pays[k + 1] as number))
          )
            continue;
          pays[k] = changed;
          const off = Math.abs(exactRtp(game) - target);
          pays[k] = changed - by;
          if (!best || off < best.off) best = { symbol, k, by, off };
        }
      }
    }
    if (!best || best.off >= Math.abs(current - target)) return;
    best.symbol.pays[best.k] = (best.symbol.pays[best.k] as number) + best.by;
  }
}

/**
 * The exact RTP in percent. Each reel stops uniformly and independently, so the symbol at any row of a reel has that
 * reel's symbol frequencies, and every line has the same expectation: the chance of exactly k matching symbols from
 * the left (wilds substituting) times its pay. A reel shows a scatter with chance 3·(scatters)/(length); three or
 * more reels showing one trigger the free spins, each worth a base spin's line expectation times the multiplier.
 */
export function exactRtp(game: SlotGame): number {
  const lineExpectation = game.symbols.reduce((sum, symbol) => {
    const matches = game.reels.map((strip) => (count(strip, symbol.id) + count(strip, WILD)) / strip.length);
    const first = count(game.reels[0] as string[], symbol.id) / (game.reels[0] as string[]).length;
    let chain = first;
    for (let k = 2; k <= REELS; k++) {
      const reach = chain * (matches[k - 1] as number);
      if (k >= 3) {
        const exactly = k === REELS ? reach : reach * (1 - (matches[k] as number));
        sum += exactly * (symbol.pays[k - 3] as number);
      }
      chain = reach;
    }
    return sum;
  }, 0);
  // Twenty lines of one line bet each: the base game returns the line expectation per unit staked.
  let rtp = lineExpectation;
  if (game.freeSpins) {
    const shows = game.reels.map((strip) => (ROWS * count(strip, SCATTER)) / strip.length);
    rtp += triggerChance(shows) * game.freeSpins.count * game.freeSpins.multiplier * lineExpectation;
  }
  return rtp * 100;
}

/** The chance that three or more of the reels show a scatter, each with its own chance. */
function triggerChance(shows: number[]): number {
  // Distribution of the number of reels showing one (a Poisson binomial), built reel by reel.
  let dist = [1];
  for (const p of shows) {
    const nextDist = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((q, n) => {
      nextDist[n] = (nextDist[n] as number) + q * (1 - p);
      nextDist[n + 1] = (nextDist[n + 1] as number) + q * p;
    });
    dist = nextDist;
  }
  return dist.slice(3).reduce((a, b) => a + b, 0);
}

/** One screen: a stop per reel, the three rows from it. */
export function spinScreen(game: SlotGame, random: RandomInt): string[][] {
  return game.reels.map((strip) => {
    const stop = random(strip.length);
    return Array.from({ length: ROWS }, (_, row) => strip[(stop + row) % strip.length] as string);
  });
}

/** The line wins of a screen, in line bets. */
export function evaluateScreen(game: SlotGame, grid: string[][], multiplier = 1): SpinOutcome {
  const lineWins: LineWin[] = [];
  LINES.forEach((rows, line) => {
    const win = evaluateLine(
      game,
      rows.map((row, reel) => (grid[reel] as string[])[row] as string),
    );
    if (win) lineWins.push({ line, symbol: win.symbol, count: win.count, pays: win.pays * multiplier });
  });
  return { grid, lineWins, pays: lineWins.reduce((sum, win) => sum + win.pays, 0) };
}

/** The win of the five symbols on one line: the first reel's symbol and how many follow it (wilds count). */
export function evaluateLine(
  game: SlotGame,
  symbols: string[],
): { symbol: string; count: number; pays: number } | null {
  const first = symbols[0] as string;
  const symbol = game.symbols.find((s) => s.id === first);
  if (!symbol) return null;
  let n = 1;
  while (n < symbols.length && (symbols[n] === first || symbols[n] === WILD)) n++;
  if (n < 3) return null;
  return { symbol: first, count: n, pays: symbol.pays[n - 3] as number };
}

export function scatterCount(grid: string[][]): number {
  return grid.reduce((sum, column) => sum + (column.includes(SCATTER) ? 1 : 0), 0);
}

/** A paid spin and the free spins it wins (free spins do not win more free spins). */
export function playRound(game: SlotGame, random: RandomInt): SlotRound {
  const base = evaluateScreen(game, spinScreen(game, random));
  const freeSpins: SpinOutcome[] = [];
  if (game.freeSpins && scatterCount(base.grid) >= 3) {
    for (let n = 0; n < game.freeSpins.count; n++) {
      freeSpins.push(evaluateScreen(game, spinScreen(game, random), game.freeSpins.multiplier));
    }
  }
  return { base, freeSpins, totalPays: base.pays + freeSpins.reduce((sum, spin) => sum + spin.pays, 0) };
}

/** What a round pays for a bet (two decimals, as text): line bets won times the bet over twenty lines. */
export function winAmount(bet: string, totalPays: number): string {
  const betCents = Math.round(Number(bet) * 100);
  // A bet is a multiple of 2.00, so a line bet is a whole number of cents and so is every win.
  return (((betCents / LINES.length) * totalPays) / 100).toFixed(2);
}

function count(strip: string[], symbol: string): number {
  let n = 0;
  for (const s of strip) if (s === symbol) n++;
  return n;
}

function shuffle<T>(items: T[], next: RandomInt): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = next(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
}

/** A small deterministic generator (sfc32) seeded from a text: the game's design, and the tests' spins. */
export function seededRandom(seed: string): RandomInt {
  const hash = createHash('sha256').update(seed).digest();
  let a = hash.readUInt32LE(0);
  let b = hash.readUInt32LE(4);
  let c = hash.readUInt32LE(8);
  let d = hash.readUInt32LE(12);
  const nextUint = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  return (max) => Math.floor((nextUint() / 4294967296) * max);
}
