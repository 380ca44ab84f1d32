import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.ts';
import { type GameFilter, type GameRow, playableGames } from './repository.ts';

/** The playable catalogue in memory, in display order, indexed the ways the calls look games up. */
export class CatalogueSnapshot {
  readonly byId = new Map<string, GameRow>();
  readonly byNodeId = new Map<string, GameRow>();
  private readonly byType = new Map<string, GameRow[]>();
  /** Every game matching a filter, for the filters asked lately: the next page of the same list is a slice. */
  private readonly matches = new LRUCache<string, GameRow[]>({ max: 2_000 });
  /** Whole answers made from this snapshot (see GameCatalogue.listAnswer). */
  readonly answers = new LRUCache<string, string>({ max: 5_000 });

  constructor(readonly rows: GameRow[]) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      this.byNodeId.set(row.node_id, row);
      const list = this.byType.get(row.game_type) ?? [];
      list.push(row);
      this.byType.set(row.game_type, list);
    }
  }

  static async load(db: Kysely<Database>): Promise<CatalogueSnapshot> {
    return new CatalogueSnapshot(await playableGames(db));
  }

  /** One page of the games matching the filter, in display order, and how many match in all. */
  find(filter: GameFilter, page: { limit: number; offset: number }): { rows: GameRow[]; total: number } {
    const key = JSON.stringify(filter);
    let matching = this.matches.get(key);
    if (!matching) {
      matching = this.filter(filter);
      this.matches.set(key, matching);
    }
    return { rows: matching.slice(page.offset, page.offset + page.limit), total: matching.length };
  }

  private filter(filter: GameFilter): GameRow[] {
    const candidates = filter.gameType ? (this.byType.get(filter.gameType) ?? []) : this.rows;
    const minBet = filter.minBetMinor;
    return candidates.filter(
      (row) =>
        (!filter.vendorCode || row.vendor_code === filter.vendorCode) &&
        (!filter.classify || row.classify === filter.classify) &&
        (!filter.hotOnly || row.is_hot) &&
        (minBet === undefined || row.min_bet_minor === minBet) &&
        (filter.minLines === undefined || row.lines >= filter.minLines) &&
        (!filter.nameContains || row.search_text.includes(filter.nameContains)),
    );
  }
}

/**
 * Keeps a snapshot no older than `maxAgeMs`. Catalogue reads are public and the same for everyone, so they are
 * answered from memory: a few thousand games are a few megabytes, and filtering them takes well under a
 * millisecond where a database round trip with a count takes several. When the snapshot is due, calls wait for
 * the one reload in flight; the operator's changes drop it at once on the node that made them.
 */
export class CatalogueCache {
  private current: { snapshot: CatalogueSnapshot; loadedAt: number } | null = null;
  private loading: Promise<CatalogueSnapshot> | null = null;
  private generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxAgeMs: number,
  ) {}

  async snapshot(): Promise<CatalogueSnapshot> {
    if (this.current && Date.now() - this.current.loadedAt < this.maxAgeMs) return this.current.snapshot;
    if (!this.loading) {
      const generation = this.generation;
      const startedAt = Date.now();
      const loading = CatalogueSnapshot.load(this.db)
        .then((snapshot) => {
          // A snapshot begun before a change is not kept past this call.
          if (generation === this.generation) this.current = { snapshot, loadedAt: startedAt };
          return snapshot;
        })
        .finally(() => {
          if (this.loading === loading) this.loading = null;
        });
      this.loading = loading;
    }
    return this.loading;
  }

  invalidate(): void {
    this.generation++;
    this.current = null;
    this.loading = null;
  }
}
