import type { Language } from '@portal/shared/constants';
import type { WinnerItem } from '@portal/shared/games';
import { fromMinor } from '@portal/shared/money';
import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.ts';
import { localise } from '../../http/language.ts';

/** Shows the first two and the last two characters of an account name: "rahim88" becomes "ra***88". */
export function maskAccount(account: string): string {
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

/**
 * The winner board: the latest real-money wins that vendors reported through the seamless wallet (this module's
 * records), each with the game of its round and the winner's masked account. Public and the same for everyone,
 * so an answer is kept for the content cache time.
 */
export class WinnerBoard {
  private readonly answers: LRUCache<string, WinnerItem[]>;

  constructor(
    private readonly db: Kysely<Database>,
    cacheMs: number,
  ) {
    this.answers = new LRUCache({ max: 100, ttl: Math.max(cacheMs, 1) });
  }

  async latest(gameType: string | null, limit: number, language: Language): Promise<WinnerItem[]> {
    const key = `${gameType ?? 'ALL'}:${limit}:${language}`;
    const kept = this.answers.get(key);
    if (kept) return kept;
    const { rows } = await sql<{
      account: string;
      names: Record<string, string>;
      node_id: string;
      vendor_code: string;
      game_type: string;
      amount_minor: string;
      created_at: Date;
    }>`
      SELECT m.account, g.names, g.node_id, g.vendor_code, g.game_type, w.amount_minor, w.created_at
        FROM vendor_transactions w
        JOIN members m ON m.id = w.member_id
        JOIN LATERAL (
          SELECT b.node_id FROM vendor_transactions b
           WHERE b.vendor_code = w.vendor_code AND b.member_id = w.member_id AND b.round_id = w.round_id
             AND b.kind = 'bet' AND b.node_id IS NOT NULL
           LIMIT 1) bet ON true
        JOIN games g ON g.node_id = bet.node_id AND g.enabled
       WHERE w.kind = 'win' AND w.amount_minor > 0 AND w.currency <> 'DEMO'
         AND (${gameType}::text IS NULL OR g.game_type = ${gameType})
       ORDER BY w.created_at DESC
       LIMIT ${limit}`.execute(this.db);
    const list = rows.map((row) => ({
      account: maskAccount(row.account),
      gameName: localise(row.names, language),
      nodeId: row.node_id,
      vassalage: row.vendor_code,
      gameType: row.game_type,
      amount: fromMinor(BigInt(row.amount_minor)),
      time: new Date(row.created_at).toISOString(),
    }));
    this.answers.set(key, list);
    return list;
  }
}
