// A paid round, from the outcome to the money: decide, journal, bet, pay (or roll back). Each step is journalled before
// its call leaves, so a stop anywhere ends, on restart, in exactly one of: paid, or rolled back.
import { randomBytes } from 'node:crypto';
import type { Journal, OpenRound } from './journal.ts';
import { AnswerLost, StillUnanswered, type VendorClient } from './vendor-client.ts';

export interface RoundPlayer {
  vendor: string;
  token: string;
  playerId: string;
  currency: string;
}

export type RoundResult =
  /** The bet was taken and the win paid: the balance after the win. */
  | { outcome: 'paid'; balance: string }
  /** The portal refused the bet (insufficient funds, session expired, …); nothing moved. */
  | { outcome: 'refused'; code: string; balance: string | null }
  /** The bet's answer was lost, so the round was rolled back (or is being, in the background). */
  | { outcome: 'rolled-back'; balance: string | null }
  /** The bet was taken but the win is still unanswered: the journal keeps sending it. */
  | { outcome: 'pending' };

/** What placing a bet decided later came to. */
export type PlacedBet =
  /** The portal took the bet: `roundId` settles it later (settleBet or refundBet). */
  | { outcome: 'taken'; roundId: string; balance: string }
  | { outcome: 'refused'; code: string; balance: string | null }
  | { outcome: 'rolled-back'; balance: string | null };

/** A bet taken whose outcome is not decided yet, as the journal holds it (for its game to settle after a restart). */
export interface OpenBet {
  roundId: string;
  vendor: string;
  playerId: string;
  gameId: string;
  amount: string;
  currency: string;
  detail: unknown;
  at: number;
}

/** A bet taken whose game never decided it within this time is refunded (its game lost it). */
export const UNDECIDED_REFUND_MS = 6 * 60 * 60 * 1000;

/** This process's part of its ids: random, so ids never repeat across restarts and processes. */
const PROCESS_ID = randomBytes(9).toString('base64url');
let idCount = 0;

/** A vendor's ids: unique across restarts and processes, within the protocol's 64 characters. */
export function newId(prefix: string): string {
  idCount += 1;
  return `${prefix}-${PROCESS_ID}-${idCount.toString(36)}`;
}

/** The bet that opens round `roundId` for `player`, under a transaction id of its own. */
function betRequest(player: RoundPlayer, roundId: string, gameId: string, amount: string): OpenRound['bet'] {
  return {
    txId: newId('b'),
    token: player.token,
    playerId: player.playerId,
    roundId,
    gameId,
    amount,
    currency: player.currency,
  };
}

export class RoundKeeper {
  /** Rounds whose settlement a background pass is sending, so two passes never race on one. */
  private readonly busy = new Set<string>();

  constructor(
    private readonly client: VendorClient,
    private readonly journal: Journal,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  /** One paid round: `amount` staked on `gameId`, `winAmount` paid (may be "0.00"), the round closed with it. */
  async play(player: RoundPlayer, gameId: string, amount: string, winAmount: string): Promise<RoundResult> {
    const bet = betRequest(player, newId('r'), gameId, amount);
    const roundId = bet.roundId;
    const win = {
      txId: newId('w'),
      playerId: player.playerId,
      roundId,
      betTxId: bet.txId,
      amount: winAmount,
      currency: player.currency,
      roundClosed: true,
    };
    const result = await this.holding(roundId, async () => {
      await this.journal.write({ kind: 'opened', vendor: player.vendor, bet, win, at: Date.now() });
      const sent = await this.sendBet(roundId, player.vendor, bet);
      if (sent.outcome !== 'taken') return sent;
      return this.pay(roundId, this.openRound(roundId));
    });
    // A new round id is never held.
    return result ?? { outcome: 'pending' };
  }

  /**
   * Runs `work` on a round that nothing else of this process is finishing, so that the background pass never rolls
   * back a round whose bet is still out, nor sends its win twice; null when the round is held already.
   */
  private async holding<T>(roundId: string, work: () => Promise<T>): Promise<T | null> {
    if (this.busy.has(roundId)) return null;
    this.busy.add(roundId);
    try {
      return await work();
    } finally {
      this.busy.delete(roundId);
    }
  }

  /** Sends a journalled round's bet once: taken, refused (closed), or unanswered (rolled back). */
  private async sendBet(
    roundId: string,
    vendor: string,
    bet: OpenRound['bet'],
  ): Promise<{ outcome: 'taken'; balance: string } | Exclude<RoundResult, { outcome: 'paid' | 'pending' }>> {
    let answered: Awaited<ReturnType<VendorClient['bet']>>;
    try {
      answered = await this.client.bet(vendor, bet);
    } catch (error) {
      if (!(error instanceof AnswerLost)) throw error;
      this.log('bet unanswered: rolling the round back', { roundId });
      const rolledBack = await this.rollBack(roundId, this.openRound(roundId));
      return { outcome: 'rolled-back', balance: rolledBack.outcome === 'rolled-back' ? rolledBack.balance : null };
    }
    if (!answered.envelope.success) {
      this.journal.append({ kind: 'closed', roundId, how: 'refused' });
      return {
        outcome: 'refused',
        code: answered.envelope.code,
        balance: typeof answered.envelope.value?.balance === 'string' ? answered.envelope.value.balance : null,
      };
    }
    await this.journal.write({ kind: 'bet-taken', roundId });
    return { outcome: 'taken', balance: answered.envelope.value?.balance ?? '' };
  }

  /**
   * A bet whose outcome comes later (a live table's round, a fight, a match), in a round of its own whose id starts
   * with `prefix`: journalled with `detail` (what its game needs to settle it), sent once, rolled back if its answer
   * is lost. The game then settles it with `settleBet` or refunds it with `refundBet`.
   */
  async placeBet(
    player: RoundPlayer,
    gameId: string,
    amount: string,
    prefix: string,
    detail: unknown,
    now = Date.now(),
  ): Promise<PlacedBet> {
    const bet = betRequest(player, newId(prefix), gameId, amount);
    const roundId = bet.roundId;
    const placed = await this.holding(roundId, async (): Promise<PlacedBet> => {
      await this.journal.write({ kind: 'opened', vendor: player.vendor, bet, win: null, detail, at: now });
      const sent = await this.sendBet(roundId, player.vendor, bet);
      if (sent.outcome !== 'taken') return sent;
      return { outcome: 'taken', roundId, balance: sent.balance };
    });
    return placed ?? { outcome: 'rolled-back', balance: null };
  }

  /** Pays a bet placed earlier `winAmount` (its stake included; "0.00" for a loss) and closes its round. */
  async settleBet(roundId: string, winAmount: string): Promise<RoundResult> {
    const settled = await this.holding(roundId, () => this.decideAndPay(roundId, winAmount));
    // Held: being finished by another call, which sends the same win.
    return settled ?? { outcome: 'pending' };
  }

  private async decideAndPay(roundId: string, winAmount: string): Promise<RoundResult> {
    const round = this.openRound(roundId);
    if (round.rollback || !round.betTaken) return this.rollBack(roundId, round);
    if (!round.win) {
      const win = {
        txId: newId('w'),
        playerId: round.bet.playerId,
        roundId,
        betTxId: round.bet.txId,
        amount: winAmount,
        currency: round.bet.currency,
        roundClosed: true,
      };
      await this.journal.write({ kind: 'deciding', roundId, win });
    }
    return this.pay(roundId, this.openRound(roundId));
  }

  /** Refunds the whole stake of a bet placed earlier (a cancelled fight, a void match): a rollback of its bet. */
  async refundBet(roundId: string): Promise<RoundResult> {
    const refunded = await this.holding(roundId, () => {
      const round = this.openRound(roundId);
      return round.win ? this.pay(roundId, round) : this.rollBack(roundId, round);
    });
    return refunded ?? { outcome: 'pending' };
  }

  /** The bets taken whose outcome is not decided yet, oldest first. */
  openBets(): OpenBet[] {
    return this.journal
      .openRounds()
      .filter(([, round]) => round.betTaken && !round.win && !round.rollback)
      .map(([roundId, round]) => ({
        roundId,
        vendor: round.vendor,
        playerId: round.bet.playerId,
        gameId: round.bet.gameId,
        amount: round.bet.amount,
        currency: round.bet.currency,
        detail: round.detail,
        at: round.at,
      }))
      .sort((a, b) => a.at - b.at);
  }

  /**
   * Finishes every round the journal holds open (at start-up, then now and again): pays or rolls back each. A bet
   * taken whose outcome is not decided yet is left to its game, unless it waited longer than UNDECIDED_REFUND_MS.
   */
  async recover(now = Date.now()): Promise<{ paid: number; rolledBack: number; pending: number }> {
    const counts = { paid: 0, rolledBack: 0, pending: 0 };
    for (const [roundId] of this.journal.openRounds()) {
      const result = await this.holding(roundId, async () => {
        // As the journal stands now: another call may have finished it since the list was read.
        const round = this.journal.openRound(roundId);
        if (!round) return null;
        const undecided = round.betTaken && !round.rollback && !round.win;
        if (undecided && now - round.at < UNDECIDED_REFUND_MS) return null;
        return round.betTaken && !round.rollback && round.win
          ? this.pay(roundId, round)
          : this.rollBack(roundId, round);
      });
      if (!result) continue;
      if (result.outcome === 'paid') counts.paid++;
      else if (result.outcome === 'rolled-back') counts.rolledBack++;
      else counts.pending++;
    }
    return counts;
  }

  private openRound(roundId: string): OpenRound {
    const round = this.journal.openRound(roundId);
    if (!round) throw new Error(`round ${roundId} is not open`);
    return round;
  }

  private async pay(roundId: string, round: OpenRound): Promise<RoundResult> {
    if (!round.win) throw new Error(`round ${roundId} has no win decided`);
    const win = round.win;
    try {
      const answer = await this.client.settle(round.vendor, 'win', win);
      if (!answer.envelope.success) this.log('win refused', { roundId, code: answer.envelope.code });
      this.journal.append({ kind: 'closed', roundId, how: 'paid' });
      return { outcome: 'paid', balance: answer.envelope.value?.balance ?? '' };
    } catch (error) {
      if (error instanceof StillUnanswered) return { outcome: 'pending' };
      throw error;
    }
  }

  private async rollBack(roundId: string, round: OpenRound): Promise<RoundResult> {
    try {
      const rollback = round.rollback ?? {
        txId: newId('rb'),
        playerId: round.bet.playerId,
        roundId,
        betTxId: round.bet.txId,
        currency: round.bet.currency,
      };
      if (!round.rollback) await this.journal.write({ kind: 'rolling-back', roundId, rollback });
      const answer = await this.client.settle(round.vendor, 'rollback', rollback);
      if (!answer.envelope.success) this.log('rollback refused', { roundId, code: answer.envelope.code });
      this.journal.append({ kind: 'closed', roundId, how: 'rolled-back' });
      return { outcome: 'rolled-back', balance: answer.envelope.value?.balance ?? null };
    } catch (error) {
      if (error instanceof StillUnanswered) return { outcome: 'rolled-back', balance: null };
      throw error;
    }
  }
}
