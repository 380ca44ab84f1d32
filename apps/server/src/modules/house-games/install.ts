import { HOUSE_GAME_NODES, HOUSE_VENDOR } from '@portal/shared/house-games';
import { DICE_RTP } from '@portal/shared/provably-fair';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CatalogueAdmin } from '../games/catalogue-admin.ts';
import type { SeamlessService } from '../seamless/service.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { BACCARAT_RTP } from './baccarat/settle.ts';
import { SLOT_BETS_PER_LINE_MINOR } from './play/slot-play.ts';
import { HOUSE_CARD_ROOMS } from './rooms.ts';
import { LINE_COUNT, SLOT_EXACT_RTP, SLOT_VOLATILITY } from './slot/index.ts';

/** The currency the house games play for real money. */
export const HOUSE_CURRENCY = 'BDT';
export const JACKPOT_CODE = 'house_slot';
/** 1 % of every real-money slot stake feeds the pool; the house seeds it with 1,000.00 at the start and after wins. */
const JACKPOT_SHARE_BP = 100;
const JACKPOT_SEED_MINOR = 100_000n;

const bp = (fraction: number) => Math.round(fraction * 10_000);

/** The house's own account in the house games' currency: it funds the jackpot's seed. */
export function houseAccount(ledger: Ledger): Promise<string> {
  return ledger.systemAccount(`house:${HOUSE_CURRENCY.toLowerCase()}`, 'house', HOUSE_CURRENCY);
}

/** The house games as catalogue rows; the operator can switch them off or rename them like any vendor's. */
const HOUSE_GAMES = [
  {
    node_id: HOUSE_GAME_NODES.slot,
    game_type: 'RNG',
    names: { en: 'Lucky Lanterns', bn: 'লাকি লণ্ঠন' },
    classify: 'JP' as const,
    min_bet_minor: String(SLOT_BETS_PER_LINE_MINOR[0]! * BigInt(LINE_COUNT)),
    lines: LINE_COUNT,
    rtp_bp: bp(SLOT_EXACT_RTP),
    volatility: SLOT_VOLATILITY,
  },
  {
    node_id: HOUSE_GAME_NODES.dice,
    game_type: 'RNG',
    names: { en: 'Fair Dice', bn: 'ফেয়ার ডাইস' },
    classify: 'AC' as const,
    min_bet_minor: '10',
    lines: 0,
    rtp_bp: bp(DICE_RTP),
    volatility: null,
  },
  {
    node_id: HOUSE_GAME_NODES.baccarat,
    game_type: 'PVP',
    names: { en: 'Royal Baccarat', bn: 'রয়্যাল ব্যাকারাট' },
    classify: 'TG' as const,
    min_bet_minor: '1000',
    lines: 0,
    rtp_bp: bp(BACCARAT_RTP.banker),
    volatility: null,
  },
];

/**
 * Puts the portal's own vendor in place on every start, adding only what is missing: its vendor rows (first in
 * their lists), its games, its seamless-wallet integration (with a fresh random secret: it calls the wallet API as
 * any vendor does), the jackpot pool with the house's seed money, and the card rooms. Whatever the operator changed
 * stays changed.
 */
export async function installHouseGames(
  db: Kysely<Database>,
  ledger: Ledger,
  catalogue: CatalogueAdmin,
  seamless: SeamlessService,
): Promise<void> {
  await catalogue.ensureVendor(
    ['RNG', 'PVP'].map((gameType) => ({
      code: HOUSE_VENDOR,
      display_name: 'Originals',
      game_type: gameType,
      is_hot: true,
      account_type_id: 0,
      logo: '/vendors/house.svg',
      wallet_mode: 'seamless' as const,
      enabled: true,
      sort_order: -1,
    })),
    HOUSE_GAMES.map(({ names, ...game }, i) => ({
      ...game,
      vendor_code: HOUSE_VENDOR,
      names: JSON.stringify(names),
      search_text: `${names.en}\n${names.bn}`.toLowerCase(),
      icon: `/game-icons/${game.node_id}.svg`,
      is_hot: true,
      is_new: true,
      has_trial: true,
      // Before every vendor's games, in the order above.
      sort_order: i - HOUSE_GAMES.length,
    })),
  );
  await seamless.ensureIntegration(HOUSE_VENDOR, HOUSE_CURRENCY);
  await installJackpot(db, ledger);
  await db
    .insertInto('card_rooms')
    .values(
      HOUSE_CARD_ROOMS.map((room, index) => ({
        room_id: room.roomId,
        node_id: room.nodeId,
        names: JSON.stringify(room.names),
        min_bet_minor: room.minMinor.toString(),
        max_bet_minor: room.maxMinor.toString(),
        sort_order: index,
        updated_at: new Date(),
      })),
    )
    .onConflict((oc) => oc.column('room_id').doNothing())
    .execute();
}

async function installJackpot(db: Kysely<Database>, ledger: Ledger): Promise<void> {
  const account = await ledger.systemAccount(`jackpot:${JACKPOT_CODE}:${HOUSE_CURRENCY.toLowerCase()}`, 'house');
  await db
    .insertInto('jackpot_pools')
    .values({
      code: JACKPOT_CODE,
      account_id: account,
      currency: HOUSE_CURRENCY,
      share_bp: JACKPOT_SHARE_BP,
      seed_minor: JACKPOT_SEED_MINOR.toString(),
      updated_at: new Date(),
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  // Idempotent: posted once, whichever start gets here first.
  const house = await houseAccount(ledger);
  await ledger.post({
    type: 'adjustment',
    reference: `jackpot:${JACKPOT_CODE}:seed`,
    idempotencyKey: `jackpot:${JACKPOT_CODE}:seed:0`,
    lines: [
      { accountId: house, amountMinor: -JACKPOT_SEED_MINOR },
      { accountId: account, amountMinor: JACKPOT_SEED_MINOR },
    ],
  });
}
