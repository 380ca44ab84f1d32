// What the demo team plays: catalogue games by kind, each kind's odds and stakes, and the deposits players make.

/** Games of the demo catalogue (db/seed/games.ts names them `<vendor>-<type>-<nnnn>`), by the kind of play. */
export type Play = 'slot' | 'live' | 'fish' | 'sports' | 'table' | 'cockfight';
export const GAMES: Record<Play, { vendor: string; type: string; count: number }[]> = {
  slot: [
    { vendor: 'PG', type: 'RNG', count: 12 },
    { vendor: 'JILI', type: 'RNG', count: 12 },
    { vendor: 'PP', type: 'RNG', count: 8 },
    { vendor: 'JDB', type: 'RNG', count: 5 },
  ],
  live: [
    { vendor: 'EVO', type: 'LIVE', count: 6 },
    { vendor: 'SEXY', type: 'LIVE', count: 3 },
  ],
  fish: [
    { vendor: 'JILI', type: 'FISH', count: 4 },
    { vendor: 'FC', type: 'FISH', count: 3 },
  ],
  sports: [
    { vendor: 'TF', type: 'ESPORTS', count: 1 },
    { vendor: 'IA', type: 'ESPORTS', count: 1 },
  ],
  table: [{ vendor: 'KM', type: 'PVP', count: 6 }],
  cockfight: [{ vendor: 'SV388', type: 'COCKFIGHT', count: 1 }],
};
/** What a round pays, as multiples of its stake (most rounds lose, a few pay well; about 93 % back on average). */
export const PAYOUTS: Record<Play, [[number, number], number][]> = {
  slot: [
    [[0, 0], 70],
    [[0.3, 1.5], 22],
    [[2, 6], 6],
    [[8, 25], 1.8],
    [[50, 150], 0.2],
  ],
  live: [
    [[0, 0], 50.5],
    [[2, 2], 44.5],
    [[1, 1], 5],
  ],
  fish: [
    [[0, 0], 55],
    [[0.5, 2], 35],
    [[2, 5], 9],
    [[10, 30], 1],
  ],
  sports: [
    [[0, 0], 52],
    [[1.6, 2.3], 48],
  ],
  table: [
    [[0, 0], 52],
    [[1.9, 1.9], 48],
  ],
  cockfight: [
    [[0, 0], 50],
    [[1.85, 1.85], 50],
  ],
};
/** Stakes in taka by kind of play, before a player's own scale. */
export const STAKES: Record<Play, number[]> = {
  slot: [5, 10, 10, 20, 20, 50, 100],
  live: [100, 200, 200, 500, 1000],
  fish: [10, 20, 50, 100],
  sports: [100, 200, 500, 1000],
  table: [20, 50, 100, 200],
  cockfight: [100, 200, 500],
};
export const PLAY_WEIGHTS: [Play, number][] = [
  ['slot', 50],
  ['live', 15],
  ['fish', 14],
  ['sports', 9],
  ['table', 7],
  ['cockfight', 5],
];
export const DEPOSIT_AMOUNTS: [number, number][] = [
  [500, 30],
  [1000, 30],
  [2000, 16],
  [3000, 8],
  [5000, 10],
  [10000, 5],
  [20000, 1],
];
