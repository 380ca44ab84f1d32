// The studio's sports and esports book: the lobby, bets placed until kick-off, and the settlement driver that pays
// each bet once its matches are over. Seamless vendors' bets are RoundKeeper rounds (the bet call now, the win or a
// refund later); transfer-mode vendors' bets debit and credit the studio's own TransferWallet. Results are
// deterministic from the book's secret, so a restarted studio settles every open bet exactly as it would have.

import fs from 'node:fs';
import { fromMinor, toMinor } from '@portal/shared/money';
import { EngineError } from './engines/errors.ts';
import { type BetLeg, type BetStatus, type LegStatus, settleBet, validateBet } from './engines/sports-bets.ts';
import {
  acceptsSportsBets,
  DEFAULT_SCHEDULES,
  type FinalScore,
  type Fixture,
  type FixtureSchedule,
  fixtureAt,
  fixtureMarkets,
  fixturesBetween,
  type Market,
  matchResult,
  offeredOdds,
  type PricedMarket,
  type Selection,
  type Sport,
  settleSelection,
} from './engines/sports-model.ts';
import { appendDurably, openJsonLines, readJsonLines } from './json-lines.ts';
import { newId, type RoundKeeper, type RoundPlayer } from './rounds.ts';
import type { TransferWallet } from './transfer-wallet.ts';

export const MIN_STAKE_MINOR = 1_00n;
export const MAX_STAKE_MINOR = 50_000_00n;

export interface SportsBet {
  betId: string;
  vendor: string;
  playerId: string;
  gameId: string;
  currency: string;
  stake: string;
  legs: BetLeg[];
  placedAt: number;
  /** The seamless round the bet is (seamless vendors only). */
  roundId: string | null;
  status: BetStatus;
  payout: string | null;
  legStatuses: LegStatus[];
}

type BookEntry =
  | { kind: 'placed'; bet: SportsBet }
  /** A transfer-mode bet the wallet did not cover: nothing was taken. */
  | { kind: 'refused'; betId: string }
  | { kind: 'settled'; betId: string; status: BetStatus; payout: string; legStatuses: LegStatus[] };

/** What the book keeps in a seamless round's journal entry, so that a restart can settle it from openBets(). */
interface RoundDetail {
  sportsBet: Omit<SportsBet, 'roundId' | 'status' | 'payout' | 'legStatuses'>;
}

export type PlaceOutcome =
  | { outcome: 'taken'; bet: SportsBet; balance: string | null }
  | { outcome: 'refused'; code: string; balance: string | null }
  | { outcome: 'rolled-back'; balance: string | null };

export interface LegInput {
  fixtureId: string;
  market: Market;
  selection: Selection;
}

export interface SportsBookOptions {
  rounds: RoundKeeper;
  wallet: TransferWallet;
  /** Vendors in transfer mode: their bets move the studio's wallet, not the portal's. */
  transferCodes: readonly string[];
  /** Fixes the fixtures and every match's result. */
  secret: string;
  /** The book's list of bets (JSON lines), for the players' "my bets". */
  file: string;
  schedules?: Record<Sport, FixtureSchedule>;
  log?: (message: string, detail?: unknown) => void;
}

export interface FixtureView {
  id: string;
  sport: Sport;
  competition: string;
  home: string;
  away: string;
  kickoffMs: number;
  endsMs: number;
  state: 'upcoming' | 'live' | 'finished';
  score: { home: number; away: number; winner: FinalScore['winner'] | null } | null;
  markets: PricedMarket[];
}

export class SportsBook {
  readonly schedules: Record<Sport, FixtureSchedule>;
  private readonly bets = new Map<string, SportsBet>();
  private readonly marketCache = new Map<string, PricedMarket[]>();
  private readonly fd: number;
  private settling: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: SportsBookOptions) {
    this.schedules = options.schedules ?? DEFAULT_SCHEDULES;
    // A torn last line's step is redone from the money's own journal.
    for (const entry of readJsonLines<BookEntry>(options.file)) this.apply(entry);
    this.fd = openJsonLines(options.file);
  }

  get wallet(): TransferWallet {
    return this.options.wallet;
  }

  isTransfer(vendor: string): boolean {
    return this.options.transferCodes.includes(vendor);
  }

  fixture(id: string): Fixture {
    const match = /^(cricket|football|esports)-(\d{1,12})$/.exec(id);
    if (!match) throw new EngineError('unknown_fixture', `no fixture "${id}"`);
    const sport = match[1] as Sport;
    return fixtureAt(this.options.secret, sport, Number(match[2]), this.schedules[sport]);
  }

  markets(fixture: Fixture): PricedMarket[] {
    let markets = this.marketCache.get(fixture.id);
    if (!markets) {
      markets = fixtureMarkets(fixture);
      if (this.marketCache.size > 300) this.marketCache.clear();
      this.marketCache.set(fixture.id, markets);
    }
    return markets;
  }

  /** Each sport's recent results, the matches in play and the next fixtures (with their markets). */
  lobby(sports: readonly Sport[], now = Date.now()): FixtureView[] {
    const out: FixtureView[] = [];
    for (const sport of sports) {
      const schedule = this.schedules[sport];
      const from = now - schedule.durationMs - 2 * schedule.intervalMs;
      const to = now + 5 * schedule.intervalMs;
      for (const fixture of fixturesBetween(this.options.secret, sport, from, to, schedule)) {
        out.push(this.view(fixture, now));
      }
    }
    return out.sort((a, b) => a.kickoffMs - b.kickoffMs);
  }

  view(fixture: Fixture, now = Date.now()): FixtureView {
    const state = now < fixture.kickoffMs ? 'upcoming' : now < fixture.endsMs ? 'live' : 'finished';
    let score: FixtureView['score'] = null;
    if (state !== 'upcoming') {
      const final = matchResult(this.options.secret, fixture);
      if (state === 'finished') score = { ...final };
      else {
        // In play: the final score unfolds over the match (cricket: the first innings, then the chase).
        const f = (now - fixture.kickoffMs) / (fixture.endsMs - fixture.kickoffMs);
        score =
          fixture.sport === 'cricket'
            ? {
                home: Math.floor(final.home * Math.min(1, 2 * f)),
                away: Math.floor(final.away * Math.max(0, 2 * f - 1)),
                winner: null,
              }
            : { home: Math.floor(final.home * f), away: Math.floor(final.away * f), winner: null };
      }
    }
    return {
      id: fixture.id,
      sport: fixture.sport,
      competition: fixture.competition,
      home: fixture.home.name,
      away: fixture.away.name,
      kickoffMs: fixture.kickoffMs,
      endsMs: fixture.endsMs,
      state,
      score,
      markets: state === 'upcoming' ? this.markets(fixture) : [],
    };
  }

  /** Checks a slip against the book at `now`: fixtures open for bets, markets offered, distinct fixtures. */
  priceLegs(legs: readonly LegInput[], sports: readonly Sport[], now = Date.now()): BetLeg[] {
    const priced = legs.map((leg) => {
      const fixture = this.fixture(leg.fixtureId);
      if (!sports.includes(fixture.sport)) throw new EngineError('unknown_fixture', 'not a fixture of this game');
      if (!acceptsSportsBets(fixture, now)) throw new EngineError('bets_closed', 'the match has started');
      const market: Market =
        leg.market.type === 'winner' ? { type: 'winner' } : { type: leg.market.type, line: leg.market.line };
      return {
        fixtureId: fixture.id,
        market,
        selection: leg.selection,
        oddsX100: offeredOdds(fixture, market, leg.selection),
      };
    });
    return priced;
  }

  /** Places a bet (already priced): the seamless bet call, or a debit of the studio's wallet for transfer mode. */
  async place(
    player: RoundPlayer,
    gameId: string,
    stakeMinor: bigint,
    legs: BetLeg[],
    now = Date.now(),
  ): Promise<PlaceOutcome> {
    validateBet(stakeMinor, legs);
    if (stakeMinor < MIN_STAKE_MINOR || stakeMinor > MAX_STAKE_MINOR) {
      throw new EngineError('invalid_stake', 'stake out of range');
    }
    const base = {
      betId: newId('sb'),
      vendor: player.vendor,
      playerId: player.playerId,
      gameId,
      currency: player.currency,
      stake: fromMinor(stakeMinor),
      legs,
      placedAt: now,
    };
    const pending = { status: 'pending' as const, payout: null, legStatuses: legs.map(() => 'pending' as const) };
    if (this.isTransfer(player.vendor)) {
      // The bet is written before the debit: a stop between them leaves a bet with no debit, refused on restart.
      const bet: SportsBet = { ...base, roundId: null, ...pending };
      this.write({ kind: 'placed', bet });
      if (!this.options.wallet.debit(player.vendor, player.playerId, bet.betId, stakeMinor)) {
        this.write({ kind: 'refused', betId: bet.betId });
        return {
          outcome: 'refused',
          code: 'INSUFFICIENT_FUNDS',
          balance: this.options.wallet.balance(player.vendor, player.playerId),
        };
      }
      return { outcome: 'taken', bet, balance: this.options.wallet.balance(player.vendor, player.playerId) };
    }
    const detail: RoundDetail = { sportsBet: base };
    const placed = await this.options.rounds.placeBet(player, gameId, base.stake, 'sp', detail, now);
    if (placed.outcome !== 'taken') return placed;
    const bet: SportsBet = { ...base, roundId: placed.roundId, ...pending };
    this.write({ kind: 'placed', bet });
    return { outcome: 'taken', bet, balance: placed.balance };
  }

  /** A player's bets at a vendor, newest first. */
  betsOf(vendor: string, playerId: string, limit = 30): SportsBet[] {
    return [...this.bets.values()]
      .filter((bet) => bet.vendor === vendor && bet.playerId === playerId)
      .sort((a, b) => b.placedAt - a.placedAt)
      .slice(0, limit);
  }

  bet(betId: string): SportsBet | undefined {
    return this.bets.get(betId);
  }

  /** How each leg and the whole bet stand at `now` (legs of matches not over are pending). */
  judge(stake: string, legs: readonly BetLeg[], now = Date.now()) {
    const legStatuses: LegStatus[] = legs.map((leg) => {
      const fixture = this.fixture(leg.fixtureId);
      if (now < fixture.endsMs) return 'pending';
      return settleSelection(leg.market, leg.selection, matchResult(this.options.secret, fixture));
    });
    return { legStatuses, ...settleBet(toMinor(stake), legs, legStatuses) };
  }

  /**
   * The settlement driver: pays every bet whose outcome is known at `now`, once. Seamless bets come from the round
   * journal's open bets (so a bet taken just before a stop is settled too); transfer-mode bets from the book.
   * Concurrent calls share one run. Returns how many bets were settled.
   */
  settleDue(now = Date.now()): Promise<number> {
    if (!this.settling) {
      this.settling = this.runSettlement(now).finally(() => {
        this.settling = null;
      });
    }
    return this.settling;
  }

  /** Runs the driver every `everyMs` (unref'd: it never keeps the process up). */
  start(everyMs = 2_000): void {
    this.stop();
    this.timer = setInterval(() => {
      this.settleDue().catch((error: unknown) =>
        this.options.log?.(`settling sports bets failed: ${(error as Error).message}`),
      );
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  close(): void {
    this.stop();
    fs.closeSync(this.fd);
  }

  private async runSettlement(now: number): Promise<number> {
    let settled = 0;
    const open = new Set<string>();
    for (const round of this.options.rounds.openBets()) {
      const detail = (round.detail as Partial<RoundDetail> | null)?.sportsBet;
      if (!detail) continue;
      open.add(detail.betId);
      // Taken just before a stop, before the book wrote it down: the round's journal has all of it.
      if (!this.bets.has(detail.betId)) {
        this.write({
          kind: 'placed',
          bet: {
            ...detail,
            roundId: round.roundId,
            status: 'pending',
            payout: null,
            legStatuses: detail.legs.map(() => 'pending'),
          },
        });
      }
      const judged = this.judge(detail.stake, detail.legs, now);
      if (judged.status === 'pending') continue;
      const result =
        judged.status === 'void'
          ? await this.options.rounds.refundBet(round.roundId)
          : await this.options.rounds.settleBet(round.roundId, fromMinor(judged.payoutMinor));
      if (result.outcome === 'refused') continue;
      this.markSettled(detail.betId, judged);
      settled++;
    }
    for (const bet of [...this.bets.values()]) {
      if (bet.status !== 'pending') continue;
      if (bet.roundId !== null) {
        // Its round was closed (paid or refunded) but the book had not written it: the result is the same.
        if (!open.has(bet.betId)) {
          const judged = this.judge(bet.stake, bet.legs, now);
          if (judged.status !== 'pending') this.markSettled(bet.betId, judged);
        }
        continue;
      }
      const wallet = this.options.wallet;
      if (!wallet.hasDebit(bet.betId)) {
        this.write({ kind: 'refused', betId: bet.betId });
        continue;
      }
      const judged = this.judge(bet.stake, bet.legs, now);
      if (judged.status === 'pending') continue;
      wallet.credit(bet.betId, judged.payoutMinor);
      this.markSettled(bet.betId, judged);
      settled++;
    }
    return settled;
  }

  private markSettled(betId: string, judged: ReturnType<SportsBook['judge']>): void {
    this.write({
      kind: 'settled',
      betId,
      status: judged.status,
      payout: fromMinor(judged.payoutMinor),
      legStatuses: judged.legStatuses,
    });
  }

  private write(entry: BookEntry): void {
    appendDurably(this.fd, entry);
    this.apply(entry);
  }

  private apply(entry: BookEntry): void {
    switch (entry.kind) {
      case 'placed':
        this.bets.set(entry.bet.betId, entry.bet);
        break;
      case 'refused':
        this.bets.delete(entry.betId);
        break;
      case 'settled': {
        const bet = this.bets.get(entry.betId);
        if (bet) Object.assign(bet, { status: entry.status, payout: entry.payout, legStatuses: entry.legStatuses });
        break;
      }
    }
  }
}
