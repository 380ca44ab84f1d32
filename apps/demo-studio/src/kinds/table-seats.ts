// The players at a kind's tables (live tables, the cockfight pit): the bets each session placed as its page shows
// them, the newest balance the portal told per player, free play's bets, and placing a bet, with fun money or
// through the portal. The journal holds the money; this is what the pages are shown.
import { fromMinor, toMinor } from '@portal/shared/money';
import type { TextKey } from '../i18n.ts';
import { failure } from '../pages.ts';
import type { RoundKeeper } from '../rounds.ts';
import type { StudioSession } from '../sessions.ts';
import type { Settled, TableBetDetail } from './tables.ts';

/**
 * The texts the tables' shared parts of public/page.js read (the stats row, the chip picker, the table's clock with
 * its phases, the list of the player's bets), for every table kind's page.
 */
export const TABLE_PAGE_TEXT_KEYS: readonly TextKey[] = [
  'ERROR',
  'balance',
  'chip',
  'seconds',
  'phase_betting',
  'phase_closed',
  'phase_result',
  'phase_settled',
  'noBets',
  'open',
  'refunded',
  'lost',
  'won',
];

/** A bet as the page shows it: what it was on (`pick`: a spot, a side), and once settled what it returned. */
export type SeatBet<Pick> = Pick & {
  id: string;
  round: number;
  amount: string;
  /** Returned, stake included, once settled; "refund" when refunded; null until then. */
  payout: string | null;
};

/** A free-play bet waiting for its round's result. */
export interface FunBet<Pick, Detail> {
  session: StudioSession;
  bet: SeatBet<Pick>;
  detail: Detail;
}

/** How many of a session's bets its page is sent. */
const SHOWN_BETS = 20;

export class TableSeats<Pick extends object, Detail extends TableBetDetail> {
  private readonly bets = new WeakMap<StudioSession, SeatBet<Pick>[]>();
  private readonly byRoundId = new Map<string, { bet: SeatBet<Pick>; key: string }>();
  /** The newest balance the portal told per player, keyed vendor:playerId. */
  private readonly balances = new Map<string, string>();
  /** Free play's bets, settled by the kind's pass with fun money (`payFun`). */
  readonly funBets: FunBet<Pick, Detail>[] = [];
  private funSeq = 0;

  /** A session sits down with the balance its launch was told. */
  seat(session: StudioSession, balance: string): void {
    if (session.player) this.balances.set(playerKey(session), balance);
  }

  /** The session's latest bets and its balance, as its page shows them. */
  view(session: StudioSession): { myBets: SeatBet<Pick>[]; balance: string | null } {
    return {
      myBets: this.betsOf(session).slice(-SHOWN_BETS),
      balance: session.player ? (this.balances.get(playerKey(session)) ?? null) : fromMinor(BigInt(session.funCents)),
    };
  }

  /** The settlement pass paid or refunded a bet placed through the portal. */
  readonly onSettled = (settled: Settled): void => {
    const mine = this.byRoundId.get(settled.roundId);
    if (!mine) return;
    mine.bet.payout = settled.payout;
    if (settled.balance) this.balances.set(mine.key, settled.balance);
    this.byRoundId.delete(settled.roundId);
  };

  /** Settles a free-play bet: `payoutMinor` (stake included) back to its fun money. */
  payFun(fun: FunBet<Pick, Detail>, payoutMinor: bigint, refunded = false): void {
    fun.session.funCents += Number(payoutMinor);
    fun.bet.payout = refunded ? 'refund' : fromMinor(payoutMinor);
    this.funBets.splice(this.funBets.indexOf(fun), 1);
  }

  /**
   * Places `amount` on `pick` for the round of `detail`: with fun money in free play, else as a seamless bet of its
   * own (RoundKeeper.placeBet, in a round named after the table's round) that the settlement pass pays later.
   */
  async place(
    rounds: RoundKeeper,
    session: StudioSession,
    pick: Pick,
    amount: string,
    detail: Detail,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const language = session.language;
    if (!session.player) {
      const cents = Number(toMinor(amount));
      if (cents > session.funCents) return { status: 409, body: failure('INSUFFICIENT_FUNDS', language) };
      session.funCents -= cents;
      const bet = this.newBet(session, `fun-${detail.table}-${detail.round}-${++this.funSeq}`, pick, amount, detail);
      this.funBets.push({ session, bet, detail });
      return { status: 200, body: { ok: true, bet, balance: fromMinor(BigInt(session.funCents)) } };
    }
    const placed = await rounds.placeBet(
      { vendor: session.vendor, ...session.player },
      session.gameId,
      amount,
      `${detail.table}-${detail.round}`,
      detail,
    );
    if (placed.outcome === 'refused') {
      if (placed.balance) this.balances.set(playerKey(session), placed.balance);
      return { status: 409, body: { ...failure(placed.code, language), balance: placed.balance } };
    }
    if (placed.outcome === 'rolled-back') {
      return { status: 503, body: { ...failure('ROLLED_BACK', language), balance: placed.balance } };
    }
    this.balances.set(playerKey(session), placed.balance);
    const bet = this.newBet(session, placed.roundId, pick, amount, detail);
    this.byRoundId.set(placed.roundId, { bet, key: playerKey(session) });
    return { status: 200, body: { ok: true, bet, balance: placed.balance } };
  }

  /** A new bet of the session's, shown on its page from now on. */
  private newBet(session: StudioSession, id: string, pick: Pick, amount: string, detail: Detail): SeatBet<Pick> {
    const bet: SeatBet<Pick> = { ...pick, id, round: detail.round, amount, payout: null };
    this.betsOf(session).push(bet);
    return bet;
  }

  private betsOf(session: StudioSession): SeatBet<Pick>[] {
    let list = this.bets.get(session);
    if (!list) {
      list = [];
      this.bets.set(session, list);
    }
    return list;
  }
}

const playerKey = (session: StudioSession) => `${session.vendor}:${session.player?.playerId ?? ''}`;
