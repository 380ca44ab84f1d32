import type { VendorIsGame } from '@portal/shared/api';
import type { Insertable, Kysely } from 'kysely';
import type { Database, GamesTable, VendorsTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { checkGames, importGames } from './import.ts';

export interface Actor {
  name: string;
  ip: string;
}

interface VendorKey {
  code: string;
  gameType: string;
}

/**
 * The operator's changes to the catalogue: vendor and game switches and game-list imports. Each change commits with
 * its audit row or not at all.
 */
export class CatalogueAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: AuditRecorder,
  ) {}

  /**
   * Puts a vendor's cards and games in place, adding only what is missing (a built-in vendor at every start):
   * whatever the operator changed since stays changed.
   */
  async ensureVendor(cards: Insertable<VendorsTable>[], games: Insertable<GamesTable>[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('vendors')
        .values(cards)
        .onConflict((oc) => oc.columns(['code', 'game_type']).doNothing())
        .execute();
      await trx
        .insertInto('games')
        .values(games)
        .onConflict((oc) => oc.column('node_id').doNothing())
        .execute();
    });
  }

  async updateVendor(
    vendor: VendorKey,
    change: { enabled?: boolean; isHot?: boolean; isGame?: VendorIsGame },
    actor: Actor,
  ): Promise<void> {
    const { enabled, isHot, isGame } = change;
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('vendors')
        .set({
          ...(enabled === undefined ? {} : { enabled }),
          ...(isHot === undefined ? {} : { is_hot: isHot }),
          ...(isGame === undefined ? {} : { is_game: isGame }),
        })
        .where('code', '=', vendor.code)
        .where('game_type', '=', vendor.gameType)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new AppError(404, 'NOT_FOUND');
      const detail = { ...vendor, ...change };
      await this.audit.record(trx, { actor: actor.name, action: 'vendor.updated', detail, ip: actor.ip });
    });
  }

  async updateGame(
    nodeId: string,
    change: { enabled?: boolean; isHot?: boolean; isNew?: boolean; sortOrder?: number },
    actor: Actor,
  ): Promise<void> {
    const { enabled, isHot, isNew, sortOrder } = change;
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('games')
        .set({
          ...(enabled === undefined ? {} : { enabled }),
          ...(isHot === undefined ? {} : { is_hot: isHot }),
          ...(isNew === undefined ? {} : { is_new: isNew }),
          ...(sortOrder === undefined ? {} : { sort_order: sortOrder }),
        })
        .where('node_id', '=', nodeId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new AppError(404, 'GAME_NOT_FOUND');
      const detail = { nodeId, ...change };
      await this.audit.record(trx, { actor: actor.name, action: 'game.updated', detail, ip: actor.ip });
    });
  }

  /** Every row is checked before anything is written; the file's games and the audit row commit together. */
  async importGames(vendor: VendorKey, rows: unknown[], actor: Actor): Promise<{ created: number; updated: number }> {
    const known = await this.db
      .selectFrom('vendors')
      .select('code')
      .where('code', '=', vendor.code)
      .where('game_type', '=', vendor.gameType)
      .executeTakeFirst();
    if (!known) throw new AppError(404, 'NOT_FOUND');
    const games = checkGames(rows);
    return this.db.transaction().execute(async (trx) => {
      const result = await importGames(trx, vendor, games);
      const detail = { ...vendor, ...result };
      await this.audit.record(trx, { actor: actor.name, action: 'games.imported', detail, ip: actor.ip });
      return result;
    });
  }
}
