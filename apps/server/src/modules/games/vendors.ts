import type { GameTypeItem, VendorCard } from '@portal/shared/api';
import type { GameType } from '@portal/shared/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type SharedCaches, SharedValue } from '../../http/shared-caches.ts';
import type { SettingsService } from '../system/settings-service.ts';
import { listEnabledVendors } from './repository.ts';
import { percentOf } from './service.ts';

/** Vendors and game types as the navigation shows them (the catalogue's vendor cards). */
export class VendorService {
  /** Made of the vendors and the game types setting: dropped on every node when either changes. */
  private readonly types: SharedValue<GameTypeItem[]>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: SettingsService,
    cacheMs: number,
    caches: SharedCaches,
  ) {
    this.types = new SharedValue(caches, ['catalogue', 'settings'], () => this.readGameTypes(), cacheMs);
  }

  async vendorCards(): Promise<VendorCard[]> {
    const rows = await listEnabledVendors(this.db);
    return rows.map((r) => ({
      vassalage: r.code,
      accountTypeId: r.account_type_id,
      isHot: r.is_hot ? 1 : 0,
      displayName: r.display_name,
      gameType: r.game_type as GameType,
      logo: r.logo,
      isGame: r.is_game,
      lobbyNodeId: r.lobby_node_id ?? null,
      margin: percentOf(r.lobby_margin_bp ?? null),
    }));
  }

  /** Whether a vendor code is in the catalogue (under any game type). */
  async exists(code: string): Promise<boolean> {
    const row = await this.db.selectFrom('vendors').select('code').where('code', '=', code).executeTakeFirst();
    return row !== undefined;
  }

  /** Enabled vendors whose games play from a wallet of their own, which players transfer money to and from. */
  transferVendors(): Promise<{ code: string; display_name: string }[]> {
    return this.db
      .selectFrom('vendors')
      .select(['code', 'display_name'])
      .distinctOn('code')
      .where('wallet_mode', '=', 'transfer')
      .where('enabled', '=', true)
      .orderBy('code')
      .execute();
  }

  /** Enabled game types in the operator's order, each with its enabled vendors. */
  gameTypes(): Promise<GameTypeItem[]> {
    return this.types.get();
  }

  /** Enabled game types (in the operator's order) and the vendors of each, for the filters of the agents' reports. */
  async reportFilters(): Promise<{
    gameTypes: string[];
    vendors: { code: string; name: string; gameTypes: string[] }[];
  }> {
    const types = await this.gameTypes();
    const vendors = new Map<string, { code: string; name: string; gameTypes: string[] }>();
    for (const type of types) {
      for (const card of type.vendors) {
        const vendor = vendors.get(card.vassalage) ?? { code: card.vassalage, name: card.displayName, gameTypes: [] };
        vendor.gameTypes.push(type.gameType);
        vendors.set(card.vassalage, vendor);
      }
    }
    return { gameTypes: types.map((type) => type.gameType), vendors: [...vendors.values()] };
  }

  private async readGameTypes(): Promise<GameTypeItem[]> {
    const [snapshot, cards] = await Promise.all([this.settings.snapshot(), this.vendorCards()]);
    return snapshot
      .get('gameTypes')
      .filter((g) => g.enabled)
      .map((g) => ({
        gameType: g.gameType,
        isHot: (g.isHot ? 1 : 0) as 0 | 1,
        vendors: cards.filter((c) => c.gameType === g.gameType),
      }));
  }
}
