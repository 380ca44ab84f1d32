import type { Language } from '@portal/shared/constants';
import { type CardRoomValue, HOUSE_GAME_NODES } from '@portal/shared/house-games';
import { fromMinor } from '@portal/shared/money';
import { type Kysely, sql } from 'kysely';
import type { Database, LocalisedText } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { localise } from '../../http/language.ts';
import { type SharedCaches, SharedValue } from '../../http/shared-caches.ts';
import type { GameCatalogue } from '../games/service.ts';

export interface CardRoom {
  roomId: string;
  nodeId: string;
  names: LocalisedText;
  /** The least and the most one spot takes, in minor units. */
  minMinor: bigint;
  maxMinor: bigint;
  enabled: boolean;
}

/** The house card tables the portal installs when missing: a classic table for everyone and a high-limit one. */
export const HOUSE_CARD_ROOMS: readonly Omit<CardRoom, 'enabled'>[] = [
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
/** Rooms and player counts are read at most this often on a node (an operator's change applies at once on all). */
const CACHE_MS = 5_000;

export interface CardRoomChange {
  names?: LocalisedText;
  minMinor?: bigint;
  maxMinor?: bigint;
  enabled?: boolean;
}

/**
 * The card rooms as the operator set them, with the players seen at each lately (real rounds). A room's game is
 * named as the catalogue names it, and a game switched off lists no rooms.
 */
export class CardRooms {
  private readonly rooms: SharedValue<CardRoom[]>;
  private counted: { at: number; players: Map<string, number> } | null = null;

  constructor(
    private readonly catalogue: GameCatalogue,
    private readonly db: Kysely<Database>,
    private readonly caches: SharedCaches,
  ) {
    this.rooms = new SharedValue(caches, ['card-rooms'], () => this.read(), CACHE_MS);
  }

  /** Every room, in the operator's order. */
  all(): Promise<CardRoom[]> {
    return this.rooms.get();
  }

  private async read(): Promise<CardRoom[]> {
    const rows = await this.db.selectFrom('card_rooms').selectAll().orderBy('sort_order').orderBy('room_id').execute();
    return rows.map((row) => ({
      roomId: row.room_id,
      nodeId: row.node_id,
      names: row.names,
      minMinor: BigInt(row.min_bet_minor),
      maxMinor: BigInt(row.max_bet_minor),
      enabled: row.enabled,
    }));
  }

  /** The open room a round asks for (the game's first open room when it names none). */
  async find(roomId: string | undefined, nodeId: string): Promise<CardRoom | undefined> {
    return (await this.all()).find(
      (room) => room.enabled && room.nodeId === nodeId && (roomId === undefined || room.roomId === roomId),
    );
  }

  async list(language: Language, nodeId?: string): Promise<CardRoomValue[]> {
    const players = await this.players();
    const rooms: CardRoomValue[] = [];
    for (const room of (await this.all()).filter((r) => r.enabled && (!nodeId || r.nodeId === nodeId))) {
      const game = await this.catalogue.game(room.nodeId).catch(() => null);
      if (!game) continue;
      rooms.push({
        roomId: room.roomId,
        nodeId: room.nodeId,
        gameName: localise(game.names, language),
        roomName: localise(room.names, language),
        minBet: fromMinor(room.minMinor),
        maxBet: fromMinor(room.maxMinor),
        players: players.get(room.roomId) ?? 0,
      });
    }
    return rooms;
  }

  /** Saves an operator's change of a room in `unit`; false when there is no such room. */
  async configure(roomId: string, change: CardRoomChange, unit: UnitOfWork): Promise<boolean> {
    const updated = await unit.trx
      .updateTable('card_rooms')
      .set({
        ...(change.names ? { names: JSON.stringify(change.names) } : {}),
        ...(change.minMinor === undefined ? {} : { min_bet_minor: change.minMinor.toString() }),
        ...(change.maxMinor === undefined ? {} : { max_bet_minor: change.maxMinor.toString() }),
        ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
        updated_at: new Date(),
      })
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    unit.afterCommit(() => this.caches.changed('card-rooms'));
    return Number(updated.numUpdatedRows) > 0;
  }

  private async players(): Promise<Map<string, number>> {
    if (this.counted && Date.now() - this.counted.at < CACHE_MS) return this.counted.players;
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
