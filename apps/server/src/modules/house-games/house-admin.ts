import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/unit-of-work.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { JACKPOT_CODE } from './install.ts';
import type { Jackpot } from './jackpot.ts';
import type { CardRoom, CardRoomChange, CardRooms } from './rooms.ts';

export interface Actor {
  name: string;
  ip: string;
}

/** The operator's rules of the house games: each change commits with its audit row or not at all. */
export class HouseAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: AuditRecorder,
    private readonly jackpot: Jackpot,
    private readonly rooms: CardRooms,
  ) {}

  /** `seed` is the operator's text of `seedMinor`, recorded as it was typed. */
  async setJackpotRules(change: { shareBp?: number; seedMinor?: bigint; seed?: string }, actor: Actor) {
    await inTransaction(this.db, async (unit) => {
      await this.jackpot.configure({ shareBp: change.shareBp, seedMinor: change.seedMinor }, unit);
      const detail = { code: JACKPOT_CODE, shareBp: change.shareBp, seed: change.seed };
      await this.audit.record(unit.trx, { actor: actor.name, action: 'jackpot.rules.saved', detail, ip: actor.ip });
    });
  }

  /** The room as saved; undefined when there is no such room. */
  async configureRoom(
    roomId: string,
    change: CardRoomChange,
    detail: Record<string, unknown>,
    actor: Actor,
  ): Promise<CardRoom | undefined> {
    const saved = await inTransaction(this.db, async (unit) => {
      if (!(await this.rooms.configure(roomId, change, unit))) return false;
      await this.audit.record(unit.trx, {
        actor: actor.name,
        action: 'card_room.saved',
        detail: { roomId, ...detail },
        ip: actor.ip,
      });
      return true;
    });
    if (!saved) return undefined;
    return (await this.rooms.all()).find((room) => room.roomId === roomId);
  }
}
