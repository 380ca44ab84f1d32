import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  evaluateLine,
  evaluateScreen,
  exactRtp,
  LINES,
  playRound,
  SCATTER,
  type SlotGame,
  scatterCount,
  seededRandom,
  slotGame,
  WILD,
  winAmount,
} from './slots.ts';

/** A screen of one symbol everywhere except where `cells` say (reel, row → symbol). */
function screen(fill: string, cells: Record<string, string> = {}): string[][] {
  return Array.from({ length: 5 }, (_, reel) => Array.from({ length: 3 }, (_, row) => cells[`${reel},${row}`] ?? fill));
}

describe('a generated slot game', () => {
  it('is the same game for the same catalogue id, and another for another id', () => {
    const a = slotGame('PG-RNG-0001');
    expect(slotGame('PG-RNG-0001')).toEqual(a);
    expect(slotGame('PG-RNG-0002').reels).not.toEqual(a.reels);
    expect(a.reels).toHaveLength(5);
    expect(a.reels[0]).not.toContain(WILD);
  });

  it('states an RTP between 95 % and 97 % without a target, and to the hundredth the one its tile states', () => {
    for (let i = 1; i <= 40; i++) {
      const game = slotGame(`JILI-RNG-${String(i).padStart(4, '0')}`);
      expect(game.rtp).toBeGreaterThanOrEqual(94.9);
      expect(game.rtp).toBeLessThanOrEqual(97.1);
    }
    // The catalogue's tiles state 94.00–96.90 %; the game's help states its exact RTP, which rounds to the same.
    const random = seededRandom('tile-rtp');
    for (let i = 1; i <= 300; i++) {
      const stated = (9400 + random(30) * 10) / 100;
      const game = slotGame(`PG-RNG-${String(i).padStart(4, '0')}`, stated);
      expect(game.rtp, game.gameId).toBe(stated);
      expect(Math.abs(exactRtp(game) - stated), game.gameId).toBeLessThan(0.005);
    }
  });

  it('gives free spins in some games and not in others', () => {
    const games = Array.from({ length: 30 }, (_, i) => slotGame(`PG-RNG-${i}`));
    expect(games.some((g) => g.freeSpins)).toBe(true);
    expect(games.some((g) => !g.freeSpins)).toBe(true);
    for (const game of games) expect(game.reels.flat().includes(SCATTER)).toBe(game.freeSpins !== null);
  });
});

describe('line wins, by hand', () => {
  const game = slotGame('PG-RNG-0001');
  const [low, , , , , , , top] = game.symbols as SlotGame['symbols'];
  if (!low || !top) throw new Error('a game has eight symbols');

  it('pays 3, 4 and 5 of a kind from the left, wilds substituting, and nothing for two or a gap', () => {
    expect(evaluateLine(game, [low.id, low.id, low.id, top.id, top.id])).toEqual({
      symbol: low.id,
      count: 3,
      pays: low.pays[0],
    });
    expect(evaluateLine(game, [low.id, WILD, low.id, low.id, top.id])).toEqual({
      symbol: low.id,
      count: 4,
      pays: low.pays[1],
    });
    expect(evaluateLine(game, [top.id, WILD, WILD, WILD, WILD])).toEqual({
      symbol: top.id,
      count: 5,
      pays: top.pays[2],
    });
    expect(evaluateLine(game, [low.id, low.id, top.id, low.id, low.id])).toBeNull();
    expect(evaluateLine(game, [top.id, low.id, low.id, low.id, low.id])).toBeNull();
    expect(evaluateLine(game, [SCATTER, SCATTER, SCATTER, low.id, low.id])).toBeNull();
  });

  it('adds up the twenty lines of a screen', () => {
    // One symbol everywhere: every line is five of a kind.
    expect(evaluateScreen(game, screen(top.id)).pays).toBe(20 * top.pays[2]);
    // The middle of reel 4 breaks the lines through it after three; reel 5's bottom cuts the others' fifth.
    const grid = screen(low.id, { '3,1': top.id, '4,2': top.id });
    const expected = LINES.reduce((sum, rows) => {
      if (rows[3] === 1) return sum + low.pays[0];
      if (rows[4] === 2) return sum + low.pays[1];
      return sum + low.pays[2];
    }, 0);
    // By hand: lines 1, 4, 5, 10, 11, 14, 15, 16 and 17 cross reel 4's middle; of the rest, 3, 6 and 19 end at the bottom.
    const throughMiddle = LINES.filter((rows) => rows[3] === 1).length;
    const endBottom = LINES.filter((rows) => rows[3] !== 1 && rows[4] === 2).length;
    expect([throughMiddle, endBottom]).toEqual([9, 3]);
    expect(evaluateScreen(game, grid).pays).toBe(expected);
    expect(evaluateScreen(game, grid, 3).pays).toBe(expected * 3);
  });

  it('counts scatters once per reel and turns line bets into money to the poisha', () => {
    expect(scatterCount(screen(low.id, { '0,0': SCATTER, '2,2': SCATTER, '4,1': SCATTER }))).toBe(3);
    expect(winAmount('2.00', 13)).toBe('1.30');
    expect(winAmount('10.00', 1574)).toBe('787.00');
    expect(winAmount('4.00', 0)).toBe('0.00');
  });
});

describe('the stated RTP', () => {
  it('is the exact line expectation, checked by enumerating every combination of symbol kinds on a line', () => {
    for (const id of ['PG-RNG-0001', 'KA-RNG-0100']) {
      const game = { ...slotGame(id), freeSpins: null };
      // Each reel's symbol kinds with their frequencies; lines are independent of the row, so one line stands for all.
      const kinds = game.reels.map((strip) => {
        const counts = new Map<string, number>();
        for (const s of strip) counts.set(s, (counts.get(s) ?? 0) + 1);
        return [...counts].map(([symbol, n]) => [symbol, n / strip.length] as const);
      });
      let expectation = 0;
      const walk = (reel: number, symbols: string[], chance: number) => {
        if (reel === 5) {
          expectation += chance * (evaluateLine(game, symbols)?.pays ?? 0);
          return;
        }
        for (const [symbol, p] of kinds[reel] ?? []) walk(reel + 1, [...symbols, symbol], chance * p);
      };
      walk(0, [], 1);
      expect(exactRtp(game)).toBeCloseTo(expectation * 100, 9);
    }
  });

  it('is what a million seeded rounds with free spins return, within 0.5 percentage points', () => {
    const game = slotGame('PP-RNG-0007');
    expect(game.freeSpins).not.toBeNull();
    const random = seededRandom('rtp-simulation');
    const rounds = 1_000_000;
    let paid = 0;
    let triggered = 0;
    for (let i = 0; i < rounds; i++) {
      const round = playRound(game, random);
      paid += round.totalPays;
      if (round.freeSpins.length > 0) triggered++;
    }
    expect(triggered).toBeGreaterThan(0);
    expect(Math.abs((paid / 20 / rounds) * 100 - game.rtp)).toBeLessThan(0.5);
  });

  it('plays with node:crypto in production', () => {
    const round = playRound(slotGame('JDB-RNG-0005'), randomInt);
    expect(round.base.grid).toHaveLength(5);
    expect(round.totalPays).toBeGreaterThanOrEqual(0);
  });
});
