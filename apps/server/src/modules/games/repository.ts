import type { GameClassify } from '@portal/shared/games';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface GameFilter {
  gameType?: string;
  vendorCode?: string;
  classify?: GameClassify;
  /** Lower-cased; found anywhere in any language's name. */
  nameContains?: string;
  /** Minor units, as text. */
  minBetMinor?: string;
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
  margin_bp: number | null;
  volatility: 'low' | 'medium' | 'high' | null;
  search_text: string;
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
  'g.margin_bp',
  'g.volatility',
] as const;

/** Every enabled game of an enabled vendor, in display order: vendors' order, then each vendor's own. */
export async function playableGames(db: Kysely<Database>): Promise<GameRow[]> {
  const rows = await db
    .selectFrom('games as g')
    .innerJoin('vendors as v', (join) =>
      join.onRef('v.code', '=', 'g.vendor_code').onRef('v.game_type', '=', 'g.game_type'),
    )
    .where('g.enabled', '=', true)
    .where('v.enabled', '=', true)
    .select([...TILE_COLUMNS, 'g.search_text'])
    .orderBy('v.sort_order')
    .orderBy('g.sort_order')
    .orderBy('g.id')
    .execute();
  return rows as GameRow[];
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

/**
 * Enabled vendors in navigation order; a GAME card with the game it opens (its first enabled game of the type) and
 * that game's stated margin.
 */
export function listEnabledVendors(db: Kysely<Database>) {
  return db
    .selectFrom('vendors as v')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('games as g')
          .select(['g.node_id', 'g.margin_bp'])
          .whereRef('g.vendor_code', '=', 'v.code')
          .whereRef('g.game_type', '=', 'v.game_type')
          .where('g.enabled', '=', true)
          .where('v.is_game', '=', 'GAME')
          .orderBy('g.sort_order')
          .orderBy('g.id')
          .limit(1)
          .as('lobby'),
      (join) => join.onTrue(),
    )
    .select(['v.code', 'v.display_name', 'v.game_type', 'v.is_hot', 'v.account_type_id', 'v.logo', 'v.is_game'])
    .select(['lobby.node_id as lobby_node_id', 'lobby.margin_bp as lobby_margin_bp'])
    .where('v.enabled', '=', true)
    .orderBy('v.game_type')
    .orderBy('v.sort_order')
    .orderBy('v.code')
    .execute();
}

/**
 * The names of games by node id and of vendors by code, whether or not they are switched on now: a record of a
 * round played last month names its game even after the operator switched it off.
 */
export async function gameAndVendorNames(
  db: Kysely<Database>,
  nodeIds: readonly string[],
  vendorCodes: readonly string[],
): Promise<{
  games: { node_id: string; names: Record<string, string> }[];
  vendors: { code: string; display_name: string }[];
}> {
  const [games, vendors] = await Promise.all([
    nodeIds.length === 0
      ? []
      : db
          .selectFrom('games')
          .select(['node_id', 'names'])
          .where('node_id', 'in', [...nodeIds])
          .execute(),
    vendorCodes.length === 0
      ? []
      : db
          .selectFrom('vendors')
          .select(['code', 'display_name'])
          .distinctOn('code')
          .where('code', 'in', [...vendorCodes])
          .orderBy('code')
          .orderBy('sort_order')
          .execute(),
  ]);
  return { games: games as { node_id: string; names: Record<string, string> }[], vendors };
}
