import type { GameTypeItem, VendorCard } from '@portal/shared/api';
import type { GameType } from '@portal/shared/constants';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.ts';
import type { SettingsService } from '../system/settings-service.ts';
import { listEnabledVendors } from './repository.ts';

/** Vendors and game types as the navigation shows them. */
export class VendorService {
  private readonly cache: LRUCache<string, GameTypeItem[]>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: SettingsService,
    cacheMs: number,
  ) {
    this.cache = new LRUCache({ max: 4, ttl: Math.max(cacheMs, 1) });
  }

  /** The operator changed a vendor or a game: the next read sees it. */
  changed(): void {
    this.cache.clear();
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
    }));
  }

  /** Enabled game types in the operator's order, each with its enabled vendors. */
  async gameTypes(): Promise<GameTypeItem[]> {
    const hit = this.cache.get('all');
    if (hit) return hit;
    const [snapshot, cards] = await Promise.all([this.settings.snapshot(), this.vendorCards()]);
    const result = snapshot
      .get('gameTypes')
      .filter((g) => g.enabled)
      .map((g) => ({
        gameType: g.gameType,
        isHot: (g.isHot ? 1 : 0) as 0 | 1,
        vendors: cards.filter((c) => c.gameType === g.gameType),
      }));
    this.cache.set('all', result);
    return result;
  }
}
