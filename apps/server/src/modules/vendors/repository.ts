import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Enabled vendors in navigation order; a GAME card with the game it opens (its first enabled game of the type). */
export function listEnabledVendors(db: Kysely<Database>) {
  return db
    .selectFrom('vendors as v')
    .select(['v.code', 'v.display_name', 'v.game_type', 'v.is_hot', 'v.account_type_id', 'v.logo', 'v.is_game'])
    .select((eb) =>
      eb
        .selectFrom('games as g')
        .select('g.node_id')
        .whereRef('g.vendor_code', '=', 'v.code')
        .whereRef('g.game_type', '=', 'v.game_type')
        .where('g.enabled', '=', true)
        .where('v.is_game', '=', 'GAME')
        .orderBy('g.sort_order')
        .orderBy('g.id')
        .limit(1)
        .as('lobby_node_id'),
    )
    .where('v.enabled', '=', true)
    .orderBy('v.game_type')
    .orderBy('v.sort_order')
    .orderBy('v.code')
    .execute();
}
