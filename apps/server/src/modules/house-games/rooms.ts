import type { Language } from '@portal/shared/constants';
import { type CardRoomValue, HOUSE_GAME_NODES } from '@portal/shared/house-games';
import { fromMinor } from '@portal/shared/money';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { localise } from '../../http/language.ts';
import type { GameCatalogue } from '../games/service.ts';

export interface CardRoom {
  roomId: string;
  nodeId: string;
  names: Record<Language, string>;
  /** The least and the most one spot takes, in minor units. */
  minMinor: bigint;
  maxMinor: bigint;
}

/** The house card tables: a classic table for everyone and a high-limit one. */
export const CARD_ROOMS: readonly CardRoom[] = [
  {
    roomId: 'BAC-CLASSIC',
    nodeId: HOUSE_GAME_NODES.baccarat,
    names: { en: 'Classic table', bn: 'ক্লাসিক টেবিল' },
    minMinor: 1_000n,
    maxMinor: 500_000n,
  },
  {
    roomId: 'BAC-VIP',
    nodeId: HOUSE_GAME_NODES.baccarat,
    names: { en: 'VIP table', bn: 'ভিআইপি টেবিল' },
    minMinor: 10_000n,
    maxMinor: 5_000_000n,
  },
];

/** How far back a room's players are counted. */
const PLAYERS_WINDOW_MINUTES = 10;
const COUNT_CACHE_MS = 5_000;

export function cardRoom(roomId: string | undefined, nodeId: string): CardRoom | undefined {
  return CARD_ROOMS.find((room) => room.nodeId === nodeId && (roomId === undefined || room.roomId === roomId));
}

/**
 * The card rooms with the players seen at each lately (real rounds, counted at most every few seconds). A room's
 * game is named as the catalogue names it, and a game switched off lists no rooms.
 */
export class CardRooms {
  private counted: { at: number; players: Map<string, number> } | null = null;

  constructor(
    private readonly catalogue: GameCatalogue,
    private readonly db: Kysely<Database>,
  ) {}

  async list(language: Language, nodeId?: string): Promise<CardRoomValue[]> {
    const players = await this.players();
    const rooms: CardRoomValue[] = [];
    for (const room of CARD_ROOMS.filter((r) => !nodeId || r.nodeId === nodeId)) {
      const game = await this.catalogue.game(room.nodeId).catch(() => null);
      if (!game) continue;
      rooms.push({
        roomId: room.roomId,
        nodeId: room.nodeId,
        gameName: localise(game.names, language),
        roomName: room.names[language],
        minBet: fromMinor(room.minMinor),
        maxBet: fromMinor(room.maxMinor),
        players: players.get(room.roomId) ?? 0,
      });
    }
    return rooms;
  }

  private async players(): Promise<Map<string, number>> {
    if (this.counted && Date.now() - this.counted.at < COUNT_CACHE_MS) return this.counted.players;
    const rows = await this.db
      .selectFrom('house_rounds')
      .select(['room_id', sql<string>`count(DISTINCT player_id)`.as('players')])
      .where('room_id', 'is not', null)
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${PLAYERS_WINDOW_MINUTES})`)
      .groupBy('room_id')
      .execute();
    const players = new Map(rows.map((row) => [row.room_id ?? '', Number(row.players)]));
    this.counted = { at: Date.now(), players };
    return players;
  }
}
