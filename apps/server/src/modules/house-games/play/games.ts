import type { CardRooms } from '../rooms.ts';
import { baccaratGame } from './baccarat-play.ts';
import { diceGame } from './dice-play.ts';
import type { DiceSeeds } from './dice-seeds.ts';
import { slotGame } from './slot-play.ts';
import type { HouseGame } from './types.ts';

/** The house games, made once: the routes play them and the sweeper finishes their rounds. */
export function houseGameSet(seeds: DiceSeeds, rooms: CardRooms) {
  return { slot: slotGame, dice: diceGame(seeds), baccarat: baccaratGame(rooms) };
}

export type HouseGameSet = ReturnType<typeof houseGameSet>;

/** The games by kind, as stored on their rounds. */
export function gamesByKind(games: HouseGameSet): ReadonlyMap<string, HouseGame<unknown, unknown, unknown>> {
  return new Map(
    Object.values(games).map((game) => [game.kind, game as unknown as HouseGame<unknown, unknown, unknown>]),
  );
}
