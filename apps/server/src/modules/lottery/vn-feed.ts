import { publicInputOf, uniformStream } from './rules.ts';
import { prizeTable, type VnPrizes, type VnRegion, type VnResult, type VnSource } from './vn-rules.ts';

export interface VnFeedGame {
  code: string;
  region: VnRegion;
}

/**
 * Where a Vietnamese draw's official results come from: the prizes of a game's draw on a day (yyyyMMdd in Vietnam),
 * or null while they are not published yet. `source` labels the results wherever they are shown.
 */
export interface ResultsFeed {
  readonly source: VnSource;
  results(game: VnFeedGame, drawDate: string): Promise<VnPrizes | null>;
}

/**
 * The demo's results, for deployments that reach no official feed, labelled 'demo' everywhere they are shown. They are
 * drawn from the draw's server seed, committed (its hash published) when the draw was opened, with the fast games'
 * formula (rules.ts): publicInput = `${gameCode}:${numero}`, uniform values with n = 10 from HMAC-SHA256(seed,
 * publicInput) (then `:1`, `:2`, … when they run out), taken as digits one after another, the prizes in the order of
 * the region's table (north DB, G1 … G7; south and central G8, G7 … G1, DB), each prize's numbers in order and each
 * number's digits from the left.
 */
export class DemoResultsFeed implements ResultsFeed {
  readonly source = 'demo' as const;

  constructor(private readonly seedOf: (gameCode: string, numero: string) => Promise<string | null>) {}

  async results(game: VnFeedGame, drawDate: string): Promise<VnPrizes | null> {
    const seed = await this.seedOf(game.code, drawDate);
    return seed === null ? null : demoPrizes(game, drawDate, seed);
  }
}

/** The demo's prizes of a draw, from its seed (the formula above); the tests recompute them with it. */
export function demoPrizes(game: VnFeedGame, numero: string, serverSeed: string): VnPrizes {
  const take = uniformStream(serverSeed, publicInputOf(game.code, numero));
  const prizes: VnPrizes = {};
  for (const row of prizeTable(game.region)) {
    prizes[row.prize] = Array.from({ length: row.count }, () =>
      Array.from({ length: row.digits }, () => String(take(10))).join(''),
    );
  }
  return prizes;
}

/**
 * For the verify call: a Vietnamese draw's demo result recomputed from its revealed seed, so that anyone can check the
 * demo did not choose its prizes; null for official results (entered or fed), which no seed gives. The region follows
 * from the game's menu tag (NORTH, SOUTH, CENTRAL).
 */
export function recomputedVnResult(
  game: { code: string; menuTag: string },
  serverSeed: string,
  numero: string,
  stored: unknown,
): VnResult | null {
  if ((stored as VnResult | null)?.source !== 'demo') return null;
  const region = game.menuTag.toLowerCase() as VnRegion;
  return { prizes: demoPrizes({ code: game.code, region }, numero, serverSeed), source: 'demo' };
}
