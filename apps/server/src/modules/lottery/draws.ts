import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { offsetOf } from '../../http/pages.ts';
import type { CatalogueGame, LotteryCatalogue } from './catalogue.ts';
import { type DrawResult, formulaOf, publicInputOf, resultOf } from './rules.ts';
import { type DrawSlot, nextSlot, slotAt } from './schedule.ts';
import { recomputedVnResult } from './vn-feed.ts';

/** A drawn result recomputed from its seed; a Vietnamese draw's only when its source is the seeded demo one. */
function recomputedResult(game: CatalogueGame, serverSeed: string, numero: string, stored: unknown) {
  if (game.group === 'VN') return recomputedVnResult(game, serverSeed, numero, stored);
  return resultOf(game, serverSeed, numero);
}

/** How many draws of each game exist ahead of now, each with its seed committed (and its hash published). */
export const DRAWS_AHEAD = 100;
/** Draws drawn per pass of the job; a longer backlog is drawn by the next passes, oldest first. */
const DRAW_BATCH = 500;

/** Called in the transaction that draws a draw: the settlement job is sent if and only if the draw commits. */
export type SettleSender = (trx: Transaction<Database>, drawId: string) => Promise<unknown>;

export function seedHash(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

/** A new draw's row for a slot: its own fresh server seed, and that seed's hash to publish before betting opens. */
export function seededDraw(gameCode: string, slot: Pick<DrawSlot, 'numero' | 'openAt' | 'lockAt' | 'drawAt'>) {
  const serverSeed = randomBytes(32).toString('hex');
  return {
    game_code: gameCode,
    numero: slot.numero,
    open_at: slot.openAt,
    lock_at: slot.lockAt,
    draw_at: slot.drawAt,
    server_seed: serverSeed,
    server_seed_hash: seedHash(serverSeed),
  };
}

/**
 * The draws' life: created ahead with a fresh committed seed (open), locked at their lock time, drawn at their draw
 * time from their own seed, then settled (settlement.ts). A node that was down finds the draws it missed still open
 * or locked and draws them late, oldest first, each from the seed committed before it opened; draws whose time
 * passed while none existed are never created, since nobody could bet on them.
 */
export class LotteryDraws {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogue: LotteryCatalogue,
    private readonly sendSettle: SettleSender,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Of the wallet's bet-record references (`lottery:<game>:<numero>`, the journal reference of a draw's stakes, wins
   * and refunds), those of settled draws: a lost bet moves no money when its draw settles, so the record learns from
   * here that it is no longer open (passed to the wallet's records by app.ts).
   */
  async settledReferences(references: readonly string[]): Promise<Set<string>> {
    const draws = references.flatMap((reference) => {
      const match = /^lottery:([^:]+):(\d+)$/.exec(reference);
      return match ? [{ game: match[1] as string, numero: match[2] as string }] : [];
    });
    if (draws.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('lottery_draws')
      .select(['game_code', 'numero'])
      .where('status', '=', 'settled')
      .where((eb) => eb.or(draws.map((d) => eb.and([eb('game_code', '=', d.game), eb('numero', '=', d.numero)]))))
      .execute();
    return new Set(rows.map((row) => `lottery:${row.game_code}:${row.numero}`));
  }

  /** One pass of the job: open the next draws, lock those past their lock, draw those past their time. */
  async tick() {
    const opened = await this.openAhead();
    const locked = await this.lockDue();
    const drawn = await this.drawDue();
    return { opened, locked, drawn };
  }

  /** Creates each game's draws from the current one to `ahead` ahead; those that exist are kept as they are. */
  async openAhead(ahead = DRAWS_AHEAD): Promise<number> {
    const nowMs = this.now();
    const windows = (await this.houseDrawnGames()).map((game) => {
      const slots = [slotAt(game, nowMs)];
      while (slots.length < ahead) slots.push(nextSlot(game, slots.at(-1) as DrawSlot));
      return { game, slots };
    });
    if (windows.length === 0) return 0;
    // What each game's window holds already, in one statement: on most passes every window is full but for the
    // draws that came into it since the last pass, and only those get a seed and a row.
    const held = await sql<{ code: string; n: string; last: Date | null }>`
      SELECT w.code, count(d.id)::text AS n, max(d.draw_at) AS last
        FROM unnest(${windows.map((w) => w.game.code)}::text[],
                    ${windows.map((w) => (w.slots[0] as DrawSlot).drawAt)}::timestamptz[],
                    ${windows.map((w) => (w.slots.at(-1) as DrawSlot).drawAt)}::timestamptz[]) AS w (code, first, last)
        LEFT JOIN lottery_draws d ON d.game_code = w.code AND d.draw_at BETWEEN w.first AND w.last
       GROUP BY w.code`.execute(this.db);
    const holding = new Map(held.rows.map((row) => [row.code, row]));
    let created = 0;
    for (const { game, slots } of windows) {
      const row = holding.get(game.code);
      const n = Number(row?.n ?? 0);
      if (n === slots.length) continue;
      // The window's first n slots exist (the usual case): only the later ones are new. Otherwise (draws opened at
      // other times, as tests do) every slot is offered and those that exist are kept as they are.
      const contiguous = n > 0 && row?.last && new Date(row.last).getTime() === slots[n - 1]?.drawAt.getTime();
      const missing = contiguous ? slots.slice(n) : slots;
      const rows = missing.map((slot) => seededDraw(game.code, slot));
      const inserted = await this.db
        .insertInto('lottery_draws')
        .values(rows)
        .onConflict((oc) => oc.columns(['game_code', 'numero']).doNothing())
        .executeTakeFirst();
      created += Number(inserted.numInsertedOrUpdatedRows ?? 0);
    }
    return created;
  }

  /** The games drawn by the formula; the Vietnamese games' draws are opened and drawn by vn-lottery.ts instead. */
  private async houseDrawnGames(): Promise<CatalogueGame[]> {
    return (await this.catalogue.games()).filter((game) => game.group !== 'VN');
  }

  async lockDue(): Promise<number> {
    const locked = await this.db
      .updateTable('lottery_draws')
      .set({ status: 'locked' })
      .where('status', '=', 'open')
      .where('lock_at', '<=', new Date(this.now()))
      .executeTakeFirst();
    return Number(locked.numUpdatedRows);
  }

  /** Draws every draw past its time, oldest first, each in its own transaction with its settlement job. */
  async drawDue(): Promise<number> {
    const games = new Map((await this.houseDrawnGames()).map((game) => [game.code, game]));
    let drawn = 0;
    // A game switched off keeps its draws open; they are drawn if it is switched on again.
    if (games.size === 0) return drawn;
    for (;;) {
      const due = await this.db
        .selectFrom('lottery_draws')
        .select(['id', 'game_code', 'numero', 'server_seed'])
        .where('game_code', 'in', [...games.keys()])
        .where('status', 'in', ['open', 'locked'])
        .where('draw_at', '<=', new Date(this.now()))
        .orderBy('draw_at')
        .orderBy('id')
        .limit(DRAW_BATCH)
        .execute();
      for (const draw of due) {
        const game = games.get(draw.game_code) as CatalogueGame;
        if (await this.drawOne(game, draw)) drawn++;
      }
      if (due.length < DRAW_BATCH) return drawn;
    }
  }

  private drawOne(game: CatalogueGame, draw: { id: string; numero: string; server_seed: string }) {
    const result = resultOf(game, draw.server_seed, draw.numero);
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('lottery_draws')
        .set({ status: 'drawn', result: JSON.stringify(result), drawn_at: new Date(this.now()) })
        .where('id', '=', draw.id)
        .where('status', 'in', ['open', 'locked'])
        .executeTakeFirst();
      // Another node drew it first, and sent its settlement.
      if (Number(moved.numUpdatedRows) === 0) return false;
      await this.sendSettle(trx, draw.id);
      return true;
    });
  }

  // ---- reads ----

  async byNumero(gameCode: string, numero: string) {
    const draw = await this.db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('game_code', '=', gameCode)
      .where('numero', '=', numero)
      .executeTakeFirst();
    if (!draw) throw new AppError(404, 'DRAW_NOT_FOUND');
    return draw;
  }

  /** The draw taking bets now (the earliest not yet locked), per game. */
  async current(gameCodes: readonly string[]) {
    if (gameCodes.length === 0) return new Map<string, { numero: string; lock_at: Date; draw_at: Date }>();
    const rows = await this.db
      .selectFrom('lottery_draws')
      .select(['game_code', 'numero', 'lock_at', 'draw_at'])
      .distinctOn('game_code')
      .where('game_code', 'in', gameCodes)
      .where('status', '=', 'open')
      .where('lock_at', '>', new Date(this.now()))
      .orderBy('game_code')
      .orderBy('draw_at')
      .execute();
    return new Map(rows.map((row) => [row.game_code, row]));
  }

  /** The draws of a game still taking bets, soonest first (the spec's opened numeros, count at most 100). */
  async opened(gameCode: string, count: number) {
    const rows = await this.db
      .selectFrom('lottery_draws')
      .select(['numero', 'open_at', 'lock_at', 'draw_at', 'server_seed_hash'])
      .where('game_code', '=', gameCode)
      .where('status', '=', 'open')
      .where('lock_at', '>', new Date(this.now()))
      .orderBy('draw_at')
      .limit(count)
      .execute();
    return rows.map((row) => ({
      numero: row.numero,
      openTime: new Date(row.open_at).toISOString(),
      lockTime: new Date(row.lock_at).toISOString(),
      winningTime: new Date(row.draw_at).toISOString(),
      serverSeedHash: row.server_seed_hash,
    }));
  }

  /** Drawn draws of a game, newest first, with their results and revealed seeds. */
  async results(gameCode: string, page: { pageNo: number; pageSize: number }) {
    const base = this.db
      .selectFrom('lottery_draws')
      .where('game_code', '=', gameCode)
      .where('status', 'in', ['drawn', 'settled']);
    const [rows, total] = await Promise.all([
      base
        .select(['numero', 'draw_at', 'result', 'status', 'server_seed', 'server_seed_hash'])
        .orderBy('draw_at', 'desc')
        .limit(page.pageSize)
        .offset(offsetOf(page))
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const count = Number(total.n);
    return {
      list: rows.map((row) => ({
        numero: row.numero,
        winningTime: new Date(row.draw_at).toISOString(),
        result: row.result as DrawResult,
        status: row.status,
        serverSeed: row.server_seed,
        serverSeedHash: row.server_seed_hash,
      })),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      total: count,
      totalPages: Math.ceil(count / page.pageSize),
    };
  }

  /** What anyone needs to check a draw: the hash before the draw; the seed, input and result after it. */
  async verification(gameCode: string, numero: string) {
    const game = await this.catalogue.game(gameCode);
    const draw = await this.byNumero(gameCode, numero);
    const revealed = draw.status === 'drawn' || draw.status === 'settled';
    return {
      gameId: game.code,
      numero: draw.numero,
      status: draw.status,
      serverSeedHash: draw.server_seed_hash,
      serverSeed: revealed ? draw.server_seed : null,
      publicInput: publicInputOf(game.code, draw.numero),
      result: revealed ? (draw.result as DrawResult) : null,
      // Recomputed here from the seed, so a stored result that disagreed with the formula would show.
      recomputed: revealed ? recomputedResult(game, draw.server_seed, draw.numero, draw.result) : null,
      formula: formulaOf(game.group),
    };
  }

  /** The number of a game's draws in a status (for tests and operators). */
  async countByStatus(gameCode: string) {
    const rows = await sql<{ status: string; n: string }>`
      SELECT status, count(*)::text AS n FROM lottery_draws WHERE game_code = ${gameCode} GROUP BY status`.execute(
      this.db,
    );
    return Object.fromEntries(rows.rows.map((row) => [row.status, Number(row.n)]));
  }
}
