import { createHash } from 'node:crypto';
import { HOUSE_VENDOR } from '@portal/shared/house-games';
import type { Insertable, Kysely } from 'kysely';
import type { Database, GamesTable } from '../schema.ts';
import { DEMO_VENDORS } from './content.ts';

/** About the catalogue size the spec claims, so every list, filter and page behaves as it will at scale. */
export const DEMO_GAME_COUNT = 10_000;

// Game names are made of two words; each word has its Bengali rendering, so names exist in both languages.
const FIRST_WORDS: [string, string][] = [
  ['Fortune', 'ভাগ্য'],
  ['Dragon', 'ড্রাগন'],
  ['Golden', 'সোনালি'],
  ['Lucky', 'লাকি'],
  ['Tiger', 'বাঘ'],
  ['Royal', 'রাজকীয়'],
  ['Wild', 'ওয়াইল্ড'],
  ['Mega', 'মেগা'],
  ['Panda', 'পান্ডা'],
  ['Phoenix', 'ফিনিক্স'],
  ['Lotus', 'পদ্ম'],
  ['Monsoon', 'বর্ষা'],
  ['Jungle', 'জঙ্গল'],
  ['Ocean', 'সমুদ্র'],
  ['Star', 'তারা'],
  ['Diamond', 'হীরা'],
  ['Temple', 'মন্দির'],
  ['Festival', 'উৎসব'],
  ['Elephant', 'হাতি'],
  ['Cobra', 'কোবরা'],
  ['Spice', 'মশলা'],
  ['Ruby', 'রুবি'],
  ['Thunder', 'বজ্র'],
  ['Moon', 'চাঁদ'],
  ['Sun', 'সূর্য'],
];
const SECOND_WORDS: [string, string][] = [
  ['Riches', 'সম্পদ'],
  ['Spin', 'স্পিন'],
  ['Legend', 'কিংবদন্তি'],
  ['Quest', 'অভিযান'],
  ['Treasure', 'গুপ্তধন'],
  ['Rush', 'রাশ'],
  ['Ways', 'ওয়েজ'],
  ['Kingdom', 'রাজ্য'],
  ['Palace', 'প্রাসাদ'],
  ['Party', 'পার্টি'],
  ['Bonanza', 'বোনানজা'],
  ['Blast', 'ব্লাস্ট'],
  ['Empire', 'সাম্রাজ্য'],
  ['Night', 'রাত'],
  ['Gems', 'রত্ন'],
  ['Hunter', 'শিকারি'],
];

const SLOT_CLASSIFY: [Database['games']['classify'], number][] = [
  ['JP', 70],
  ['AC', 10],
  ['TG', 8],
  ['SC', 5],
  ['VP', 5],
  ['BG', 2],
];
const MIN_BETS_MINOR = [1, 5, 10, 50, 75, 100, 200];
const LINES = [1, 5, 9, 20, 25, 40, 50, 243, 1024];
// Games per vendor for the types with few games; slot vendors share what is left of DEMO_GAME_COUNT.
const PER_VENDOR: Record<string, number> = { FISH: 40, PVP: 60, LIVE: 30 };
/** Types whose vendors offer one game, their lobby; their cards open it (VASSALAGE cards list games). */
export const ONE_LOBBY_TYPES = new Set(['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT']);

type NewGame = Insertable<GamesTable>;

/**
 * Table games by what they play, in turn within a vendor: the name says the game (the studio deals by it), and the
 * tile states the return its vendor declares, in basis points: baccarat's banker bet (house edge 1.058 %), single-zero
 * roulette (2.70 %), Teen Patti's ante (2.4972 %), Andar Bahar (2.575 %, rounded down). Fish games return 96 %.
 */
const TABLE_GAMES: Record<string, { en: string; bn: string; rtpBp: number }[]> = {
  LIVE: [
    { en: 'Baccarat', bn: 'ব্যাকারেট', rtpBp: 9894 },
    { en: 'Roulette', bn: 'রুলেট', rtpBp: 9730 },
  ],
  PVP: [
    { en: 'Teen Patti', bn: 'তিন পাত্তি', rtpBp: 9750 },
    { en: 'Andar Bahar', bn: 'আন্দার বাহার', rtpBp: 9742 },
  ],
};
const FISH_RTP_BP = 9600;
/**
 * The books' margin their lobby tiles state, in basis points: the studio's sports book prices every market at an
 * overround of 5 %, and its cockfight pit keeps a 5 % plasada of the meron and wala pools.
 */
const BOOK_MARGIN_BP: Record<string, number> = { SPORTS: 500, ESPORTS: 500, COCKFIGHT: 500 };

/** A deterministic stream of numbers in [0, 1): the demo catalogue is the same on every machine. */
function stream(seed: string) {
  let counter = 0;
  return () => {
    const digest = createHash('sha256').update(`${seed}:${counter++}`).digest();
    return digest.readUInt32BE(0) / 2 ** 32;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

function weighted<T>(next: () => number, items: readonly [T, number][]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = next() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return (items.at(-1) as [T, number])[0];
}

/** The demo catalogue: every demo vendor's games, about DEMO_GAME_COUNT in all. */
export function demoGames(): NewGame[] {
  const slotVendors = DEMO_VENDORS.filter((v) => v.gameType === 'RNG');
  const fixed = DEMO_VENDORS.filter((v) => v.gameType !== 'RNG').reduce(
    (sum, v) => sum + (ONE_LOBBY_TYPES.has(v.gameType) ? 1 : (PER_VENDOR[v.gameType] ?? 0)),
    0,
  );
  const perSlotVendor = Math.floor((DEMO_GAME_COUNT - fixed) / slotVendors.length);
  const games: NewGame[] = [];
  for (const vendor of DEMO_VENDORS) {
    const count =
      vendor.gameType === 'RNG'
        ? perSlotVendor
        : ONE_LOBBY_TYPES.has(vendor.gameType)
          ? 1
          : (PER_VENDOR[vendor.gameType] ?? 0);
    const next = stream(`${vendor.code}:${vendor.gameType}`);
    const used = new Set<string>();
    for (let i = 0; i < count; i++) {
      const nodeId = `${vendor.code}-${vendor.gameType}-${String(i + 1).padStart(4, '0')}`;
      const lobby = ONE_LOBBY_TYPES.has(vendor.gameType);
      const table = TABLE_GAMES[vendor.gameType]?.[i % 2];
      let [en, bn] = lobby ? [vendor.name, vendor.name] : table ? tableName(next, table) : twoWordName(next);
      // Names repeat across vendors (as real catalogues do) but not within one.
      for (let n = 2; used.has(en); n++)
        [en, bn] = [`${en.replace(/ \d+$/, '')} ${n}`, `${bn.replace(/ \d+$/, '')} ${n}`];
      used.add(en);
      const slot = vendor.gameType === 'RNG';
      games.push({
        node_id: nodeId,
        vendor_code: vendor.code,
        game_type: vendor.gameType,
        names: JSON.stringify({ en, bn }),
        search_text: `${en}\n${bn}`.toLowerCase(),
        classify: slot ? weighted(next, SLOT_CLASSIFY) : null,
        min_bet_minor: String(slot || vendor.gameType === 'FISH' ? pick(next, MIN_BETS_MINOR) : 100),
        lines: slot ? pick(next, LINES) : 0,
        icon: `/game-icons/${nodeId}.svg`,
        is_hot: !lobby && next() < 0.02,
        is_new: !lobby && next() < 0.03,
        has_trial: slot || vendor.gameType === 'FISH',
        rtp_bp: slot
          ? 9400 + Math.floor(next() * 30) * 10
          : (table?.rtpBp ?? (vendor.gameType === 'FISH' ? FISH_RTP_BP : null)),
        margin_bp: BOOK_MARGIN_BP[vendor.gameType] ?? null,
        volatility: slot ? pick(next, ['low', 'medium', 'high'] as const) : null,
        sort_order: i,
      });
    }
  }
  return games;
}

/** A table game's name: a word of the catalogue's, then the game it plays ("Golden Baccarat", "রাজকীয় রুলেট"). */
function tableName(next: () => number, table: { en: string; bn: string }): [string, string] {
  const [firstEn, firstBn] = pick(next, FIRST_WORDS);
  return [`${firstEn} ${table.en}`, `${firstBn} ${table.bn}`];
}

function twoWordName(next: () => number): [string, string] {
  const [firstEn, firstBn] = pick(next, FIRST_WORDS);
  const [secondEn, secondBn] = pick(next, SECOND_WORDS);
  return [`${firstEn} ${secondEn}`, `${firstBn} ${secondBn}`];
}

/** Loads the demo catalogue in batches (one statement per batch keeps the embedded database quick). */
export async function seedDemoGames(db: Kysely<Database>): Promise<number> {
  const games = demoGames();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < games.length; start += 1000) {
      await trx
        .insertInto('games')
        .values(games.slice(start, start + 1000))
        .execute();
    }
  });
  return games.length;
}

export async function hasGames(db: Kysely<Database>): Promise<boolean> {
  // The portal's own games are installed on every start; only the vendors' games say the catalogue was loaded.
  const found = await db
    .selectFrom('games')
    .select('id')
    .where('vendor_code', '<>', HOUSE_VENDOR)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
