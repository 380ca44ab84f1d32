import type { GameClassify } from '@portal/shared/games';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface GameFilter {
  gameType?: string;
  vendorCode?: string;
  classify?: GameClassify;
  /** Lower-cased; matched anywhere in any language's name. */
  nameContains?: string;
  minBetMinor?: bigint;
  minLines?: number;
  hotOnly?: boolean;
}

export interface GameRow {
  id: string;
  node_id: string;
  vendor_code: string;
  vendor_name: string;
  game_type: string;
  names: Record<string, string>;
  classify: GameClassify | null;
  min_bet_minor: string;
  lines: number;
  icon: string;
  is_hot: boolean;
  is_new: boolean;
  has_trial: boolean;
  rtp_bp: number | null;
  volatility: 'low' | 'medium' | 'high' | null;
}

const TILE_COLUMNS = [
  'g.id',
  'g.node_id',
  'g.vendor_code',
  'v.display_name as vendor_name',
  'g.game_type',
  'g.names',
  'g.classify',
  'g.min_bet_minor',
  'g.lines',
  'g.icon',
  'g.is_hot',
  'g.is_new',
  'g.has_trial',
  'g.rtp_bp',
  'g.volatility',
] as const;

/** Enabled games of enabled vendors matching the filter (no columns chosen yet). */
function matching(db: Kysely<Database>, filter: GameFilter) {
  let query = db
    .selectFrom('games as g')
    .innerJoin('vendors as v', (join) =>
      join.onRef('v.code', '=', 'g.vendor_code').onRef('v.game_type', '=', 'g.game_type'),
    )
    .where('g.enabled', '=', true)
    .where('v.enabled', '=', true);
  if (filter.gameType) query = query.where('g.game_type', '=', filter.gameType);
  if (filter.vendorCode) query = query.where('g.vendor_code', '=', filter.vendorCode);
  if (filter.classify) query = query.where('g.classify', '=', filter.classify);
  if (filter.nameContains) query = query.where('g.search_text', 'like', `%${escapeLike(filter.nameContains)}%`);
  if (filter.minBetMinor !== undefined) query = query.where('g.min_bet_minor', '=', filter.minBetMinor.toString());
  if (filter.minLines !== undefined) query = query.where('g.lines', '>=', filter.minLines);
  if (filter.hotOnly) query = query.where('g.is_hot', '=', true);
  return query;
}

/** One page of games in the vendors' and the catalogue's order, and how many match in all. */
export async function findGames(
  db: Kysely<Database>,
  filter: GameFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: GameRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    matching(db, filter)
      .select(TILE_COLUMNS)
      .orderBy('v.sort_order')
      .orderBy('g.sort_order')
      .orderBy('g.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as GameRow[], total: Number(count.total) };
}

/** Games by id, for lists kept elsewhere (favourites, recent); disabled games drop out. */
export async function gamesByIds(db: Kysely<Database>, ids: string[]): Promise<Map<string, GameRow>> {
  if (ids.length === 0) return new Map();
  const rows = (await matching(db, {}).select(TILE_COLUMNS).where('g.id', 'in', ids).execute()) as GameRow[];
  return new Map(rows.map((row) => [row.id, row]));
}

/** The playable game a member names by node id (and, when given, vendor and type). */
export async function findGame(
  db: Kysely<Database>,
  nodeId: string,
  vendorCode?: string,
  gameType?: string,
): Promise<GameRow | undefined> {
  let query = matching(db, { vendorCode, gameType }).select(TILE_COLUMNS).where('g.node_id', '=', nodeId);
  query = query.limit(1);
  return (await query.executeTakeFirst()) as GameRow | undefined;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A page of a member's own list (favourites or recent) as game ids, newest first, with its size. */
export async function memberGameIds(
  db: Kysely<Database>,
  table: 'favourite_games' | 'recent_games',
  memberId: string,
  filter: { gameType?: string; vendorCode?: string },
  page: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const time = table === 'favourite_games' ? 'created_at' : 'played_at';
  // Both tables have the same shape apart from the time column, which is named by reference below.
  let query = db
    .selectFrom(`${table} as m` as 'favourite_games as m')
    .innerJoin('games as g', 'g.id', 'm.game_id')
    .innerJoin('vendors as v', (join) =>
      join.onRef('v.code', '=', 'g.vendor_code').onRef('v.game_type', '=', 'g.game_type'),
    )
    .where('m.member_id', '=', memberId)
    .where('g.enabled', '=', true)
    .where('v.enabled', '=', true);
  if (filter.gameType) query = query.where('g.game_type', '=', filter.gameType);
  if (filter.vendorCode) query = query.where('g.vendor_code', '=', filter.vendorCode);
  const [rows, count] = await Promise.all([
    query
      .select('m.game_id')
      .orderBy(sql.ref(`m.${time}`), 'desc')
      .orderBy('m.game_id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.game_id), total: Number(count.total) };
}
