// What live tables and the cockfight pit share: the table clock (engines/live-tables.ts), a table per catalogue
// game, and the settlement pass that pays every bet of a round once its result time has passed. The journal is
// the pass's only source of bets (RoundKeeper.openBets), so a restarted studio settles what it left open.
import { createHash, randomBytes } from 'node:crypto';
import { fromMinor, toMinor } from '@portal/shared/money';
import { type BaccaratBet, settleBaccaratBet } from '../engines/baccarat.ts';
import { type CockfightSide, settleFight } from '../engines/cockfight.ts';
import { LIVE_SCHEDULES, type LiveGame, type LiveOutcome, liveRound } from '../engines/live-tables.ts';
import { type RouletteBet, settleRouletteBet } from '../engines/roulette.ts';
import { type RoundState, roundAt, roundTimes, type TableSchedule } from '../engines/table-round.ts';
import type { RoundKeeper } from '../rounds.ts';

export type TableGame = Extract<LiveGame, 'baccarat' | 'roulette' | 'cockfight'>;

export interface TableOptions {
  /** Keys every round's seed; keep it across restarts so open bets settle from the same results. */
  secret: string;
  /** Shorter rounds for tests; LIVE_SCHEDULES otherwise. */
  schedules?: Partial<Record<TableGame, TableSchedule>>;
  /** How often the settlement pass runs. */
  tickMs?: number;
}

/** A bet's `detail` in the journal: everything its settlement needs, without the process that took it. */
export type TableBetDetail =
  | { kind: 'live'; game: 'baccarat' | 'roulette'; table: string; round: number; settlesAt: number; spot: string }
  | { kind: 'cockfight'; table: string; round: number; settlesAt: number; side: CockfightSide };

export const CHIPS = ['10.00', '50.00', '100.00', '500.00'] as const;

/** Short and stable: a table's id from the catalogue game's, so every launch of a game sits at the same table. */
export function tableIdOf(prefix: string, vendor: string, gameId: string): string {
  return `${prefix}${createHash('sha256').update(`${vendor}:${gameId}`).digest('hex').slice(0, 8)}`;
}

/** A baccarat spot, or a roulette one: red, black, odd, even, low, high, dozen:1–3, column:1–3, straight:0–36. */
export function rouletteBetOf(spot: string): RouletteBet | null {
  if (['red', 'black', 'odd', 'even', 'low', 'high'].includes(spot)) return { kind: spot as RouletteBet['kind'] };
  const match = /^(dozen|column|straight):(\d{1,2})$/.exec(spot);
  if (!match) return null;
  const value = Number(match[2]);
  if (match[1] === 'straight') return value <= 36 ? { kind: 'straight', numbers: [value] } : null;
  return value >= 1 && value <= 3 ? { kind: match[1] as 'dozen' | 'column', index: value } : null;
}

export class TableClock {
  readonly secret: string;
  private readonly schedules: Record<TableGame, TableSchedule>;
  private readonly outcomes = new Map<string, ReturnType<typeof liveRound>>();

  constructor(options?: TableOptions) {
    this.secret = options?.secret ?? randomBytes(32).toString('hex');
    this.schedules = { ...LIVE_SCHEDULES, ...options?.schedules };
  }

  schedule(game: TableGame): TableSchedule {
    return this.schedules[game];
  }

  now(game: TableGame, nowMs: number): RoundState {
    const state = roundAt(this.schedules[game], nowMs);
    if (!state) throw new Error(`the ${game} tables have not opened yet`);
    return state;
  }

  settlesAt(game: TableGame, round: number): number {
    return roundTimes(this.schedules[game], round).settlesAtMs;
  }

  /** A round's seed, commitment and outcome (deterministic; a few are kept, as every poll asks for the same). */
  round(game: TableGame, table: string, round: number): ReturnType<typeof liveRound> {
    const key = `${table}:${round}`;
    let found = this.outcomes.get(key);
    if (!found) {
      found = liveRound(this.secret, game, table, round);
      if (this.outcomes.size > 2_000) this.outcomes.clear();
      this.outcomes.set(key, found);
    }
    return found;
  }
}

/** What one bet returns, stake included, at a live table; `null` for a spot that is not on the table. */
export function livePayout(game: 'baccarat' | 'roulette', spot: string, stakeMinor: bigint, outcome: LiveOutcome) {
  if (game === 'baccarat' && outcome.game === 'baccarat') {
    return settleBaccaratBet(spot as BaccaratBet, stakeMinor, outcome.coup).payoutMinor;
  }
  if (game === 'roulette' && outcome.game === 'roulette') {
    const bet = rouletteBetOf(spot);
    if (!bet) throw new RangeError(`not a roulette spot: ${spot}`);
    return settleRouletteBet(bet, stakeMinor, outcome.pocket);
  }
  throw new Error(`outcome of ${outcome.game} for a ${game} bet`);
}

/** A bet the pass settled, for the pages that show it. */
export interface Settled {
  roundId: string;
  payout: string;
  refunded: boolean;
  balance: string | null;
}

function isTableDetail(detail: unknown): detail is TableBetDetail {
  const d = detail as TableBetDetail | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    (d.kind === 'live' || d.kind === 'cockfight') &&
    typeof d.table === 'string' &&
    Number.isSafeInteger(d.round) &&
    typeof d.settlesAt === 'number'
  );
}

/**
 * Settles every table bet whose round's result time has passed, round by round in time order. Each round's bets
 * are all decided in one synchronous step (the journal records each win or refund before any call leaves), then
 * sent; a bet already decided is no longer open, so a second pass never pays it again. Each kind's bets have one
 * driver, one pass at a time.
 */
export async function settleTables(
  rounds: RoundKeeper,
  clock: TableClock,
  kind: TableBetDetail['kind'],
  nowMs: number,
  onSettled: (settled: Settled) => void = () => {},
): Promise<number> {
  const due = new Map<string, { detail: TableBetDetail; bets: ReturnType<RoundKeeper['openBets']> }>();
  for (const bet of rounds.openBets()) {
    if (!isTableDetail(bet.detail) || bet.detail.kind !== kind || bet.detail.settlesAt > nowMs) continue;
    const key = `${bet.detail.kind}:${bet.detail.table}:${bet.detail.round}:${bet.currency}`;
    const group = due.get(key) ?? { detail: bet.detail, bets: [] };
    group.bets.push(bet);
    due.set(key, group);
  }
  const groups = [...due.values()].sort((a, b) => a.detail.settlesAt - b.detail.settlesAt);
  let count = 0;
  for (const { detail, bets } of groups) {
    const sends: Promise<void>[] = [];
    const send = (roundId: string, payout: bigint | 'refund') => {
      const call = payout === 'refund' ? rounds.refundBet(roundId) : rounds.settleBet(roundId, fromMinor(payout));
      sends.push(
        call.then((result) =>
          onSettled({
            roundId,
            payout: payout === 'refund' ? 'refund' : fromMinor(payout),
            refunded: payout === 'refund',
            balance: 'balance' in result ? result.balance : null,
          }),
        ),
      );
    };
    if (detail.kind === 'live') {
      const outcome = clock.round(detail.game, detail.table, detail.round).outcome;
      for (const bet of bets) {
        const spot = (bet.detail as Extract<TableBetDetail, { kind: 'live' }>).spot;
        send(bet.roundId, livePayout(detail.game, spot, toMinor(bet.amount), outcome));
      }
    } else {
      const outcome = clock.round('cockfight', detail.table, detail.round).outcome;
      if (outcome.game !== 'cockfight') throw new Error('a fight without a fight result');
      const settlement = fightSettlement(
        bets.map((bet) => ({
          id: bet.roundId,
          side: (bet.detail as Extract<TableBetDetail, { kind: 'cockfight' }>).side,
          amount: bet.amount,
        })),
        outcome.result,
      );
      for (const bet of settlement.bets) send(bet.betId, bet.outcome === 'refund' ? 'refund' : bet.payoutMinor);
    }
    await Promise.all(sends);
    count += bets.length;
  }
  return count;
}

export function fightSettlement(
  bets: readonly { id: string; side: CockfightSide; amount: string }[],
  result: 'meron' | 'wala' | 'draw',
) {
  return settleFight(
    bets.map((bet) => ({ id: bet.id, side: bet.side, stakeMinor: toMinor(bet.amount) })),
    result,
  );
}

/** Runs `pass` every `tickMs` from the server's start until it closes; one pass at a time. */
export function startDriver(
  app: { addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown },
  tickMs: number,
  pass: () => Promise<unknown>,
  log: (error: unknown) => void,
): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = pass()
      .catch(log)
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, tickMs);
    timer.unref();
    tick();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  });
}
