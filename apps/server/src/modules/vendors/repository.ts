import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function listEnabledVendors(db: Kysely<Database>) {
  return db
    .selectFrom('vendors')
    .select(['code', 'display_name', 'game_type', 'is_hot', 'account_type_id', 'logo'])
    .where('enabled', '=', true)
    .orderBy('game_type')
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}
