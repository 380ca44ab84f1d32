import type { Kysely } from 'kysely';
import { DEFAULT_FLAGS, DEFAULT_SETTINGS } from '../../modules/system/settings-defaults.ts';
import type { Database } from '../schema.ts';
import { DEMO_BANNERS, DEMO_CURRENCY_SYMBOL, DEMO_DOMAINS, DEMO_HELP, DEMO_NOTICES, DEMO_VENDORS } from './content.ts';
import { ONE_LOBBY_TYPES } from './games.ts';

const DEMO_SETTINGS = {
  ...DEFAULT_SETTINGS,
  brand: { ...DEFAULT_SETTINGS.brand, currencySymbol: DEMO_CURRENCY_SYMBOL },
};

/** Loads brand settings and demo content into an empty database, in one transaction. Returns whether it did. */
export async function seedIfEmpty(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom('settings').select('key').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values(Object.entries(DEMO_SETTINGS).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
      .execute();
    await trx
      .insertInto('feature_flags')
      .values(Object.entries(DEFAULT_FLAGS).map(([code, enabled]) => ({ code, enabled })))
      // Flags added after the first release come with their migration too.
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await trx
      .insertInto('banners')
      .values(
        DEMO_BANNERS.map((b, i) => ({
          group_name: b.group,
          image_url: b.image,
          title: JSON.stringify(b.title),
          linkage_type: b.linkageType,
          link: b.link,
          headline: b.headline ? JSON.stringify(b.headline) : null,
          detail: b.detail ? JSON.stringify(b.detail) : null,
          button_label: b.button ? JSON.stringify(b.button) : null,
          sort_order: i,
          enabled: true,
          starts_at: null,
          ends_at: null,
        })),
      )
      .execute();
    await trx
      .insertInto('notices')
      .values(
        DEMO_NOTICES.map((n, i) => ({
          type: n.type,
          title: JSON.stringify(n.title),
          content: JSON.stringify(n.content),
          published_at: new Date(Date.now() - (n.daysAgo ?? 0) * 86_400_000),
          sort_order: i,
          enabled: true,
          starts_at: null,
          ends_at: null,
        })),
      )
      .execute();
    await trx
      .insertInto('help_sections')
      .values(
        DEMO_HELP.map((h, i) => ({
          key: h.key,
          title: JSON.stringify(h.title),
          content: JSON.stringify(h.content),
          sort_order: i,
        })),
      )
      .execute();
    await trx
      .insertInto('domains')
      .values(DEMO_DOMAINS.map((d) => ({ domain_name: d.domainName, device: d.device })))
      .execute();
    await trx
      .insertInto('vendors')
      .values(
        DEMO_VENDORS.map((v, i) => ({
          code: v.code,
          display_name: v.name,
          game_type: v.gameType,
          is_hot: v.hot ?? false,
          account_type_id: 0,
          logo: `/vendors/${v.logo}.svg`,
          wallet_mode: v.mode ?? 'seamless',
          is_game: ONE_LOBBY_TYPES.has(v.gameType) ? 'GAME' : 'VASSALAGE',
          enabled: true,
          sort_order: i,
        })),
      )
      .execute();
  });
  return true;
}
