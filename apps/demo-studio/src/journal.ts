// The studio's memory of its rounds with real money: one JSON line per step, appended (and flushed) before the step's
// call leaves, so a studio stopped at any point knows on restart which rounds to finish and how.

import fs from 'node:fs';
import path from 'node:path';
import type { BetRequest, RollbackRequest, WinRequest } from '@portal/shared/vendor-protocol';
import { readJsonLines } from './json-lines.ts';

export type JournalEntry =
  /**
   * The round's bet is about to be sent. A round decided at once (a spin) fixes here the win it will pay; a round
   * decided later (a live table's round, a fight, a match) has none yet, and carries what its game needs to settle
   * it (`detail`), with the time it was opened.
   */
  | { kind: 'opened'; vendor: string; bet: BetRequest; win: WinRequest | null; detail?: unknown; at?: number }
  /** A round decided later: its outcome is known and the win (possibly 0.00) it pays is fixed, before it is sent. */
  | { kind: 'deciding'; roundId: string; win: WinRequest }
  /** The portal took the bet: from now on the round is completed (its win sent), never rolled back. */
  | { kind: 'bet-taken'; roundId: string }
  /** The bet's answer was lost, or the studio stopped before it came: the round is rolled back, never paid. */
  | { kind: 'rolling-back'; roundId: string; rollback: RollbackRequest }
  /** The portal answered the last call of the round (its win, its rollback, or refused its bet). */
  | { kind: 'closed'; roundId: string; how: 'paid' | 'rolled-back' | 'refused' };

/** A round the journal holds without a `closed` line, and what it still needs. */
export interface OpenRound {
  vendor: string;
  bet: BetRequest;
  /** Null while a round decided later waits for its outcome. */
  win: WinRequest | null;
  detail: unknown;
  at: number;
  betTaken: boolean;
  rollback: RollbackRequest | null;
}

export class Journal {
  private readonly open = new Map<string, OpenRound>();
  private readonly fd: number;

  /** Reads the file (a torn last line, from a stop mid-write, is skipped) and rewrites it with the open rounds only. */
  constructor(file: string) {
    for (const entry of readJsonLines<JournalEntry>(file)) this.apply(entry);
    const compacted: JournalEntry[] = [];
    for (const [roundId, round] of this.open) {
      compacted.push({
        kind: 'opened',
        vendor: round.vendor,
        bet: round.bet,
        win: round.win,
        detail: round.detail,
        at: round.at,
      });
      if (round.betTaken) compacted.push({ kind: 'bet-taken', roundId });
      if (round.rollback) compacted.push({ kind: 'rolling-back', roundId, rollback: round.rollback });
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.tmp`;
    fs.writeFileSync(temporary, compacted.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    fs.renameSync(temporary, file);
    this.fd = fs.openSync(file, 'a');
  }

  /**
   * Appends an entry and resolves once it is on disk. The entries written while a flush runs share the next one
   * (one write and one fsync for many rounds under load, the fsync off the event loop); the journal's view changes
   * at once.
   */
  write(entry: JournalEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.unsynced.push({ resolve, reject });
      this.append(entry);
    });
  }

  /**
   * Appends an entry without waiting for the disk: it goes with the next flush. For a step whose loss a restart
   * repairs by sending the same call again (a round's `closed`: its win or rollback is resent with the same bytes,
   * and the portal answers as the first time).
   */
  append(entry: JournalEntry): void {
    this.unwritten.push(`${JSON.stringify(entry)}\n`);
    this.apply(entry);
    this.flush();
  }

  /** Lines not written to the file yet, and the writers waiting for theirs to be on disk. */
  private unwritten: string[] = [];
  private readonly unsynced: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private flushing = false;

  private flush(): void {
    if (this.flushing || this.unwritten.length === 0) return;
    this.flushing = true;
    const waiting = this.unsynced.splice(0);
    try {
      fs.writeSync(this.fd, this.unwritten.join(''));
    } catch (error) {
      this.flushing = false;
      for (const waiter of waiting) waiter.reject(error as Error);
      return;
    } finally {
      this.unwritten = [];
    }
    fs.fsync(this.fd, (error) => {
      this.flushing = false;
      for (const waiter of waiting) {
        if (error) waiter.reject(error);
        else waiter.resolve();
      }
      this.flush();
    });
  }

  openRounds(): [string, OpenRound][] {
    return [...this.open];
  }

  openRound(roundId: string): OpenRound | undefined {
    return this.open.get(roundId);
  }

  /** Writes what is not written yet and closes the file. */
  close(): void {
    if (this.unwritten.length > 0) fs.writeSync(this.fd, this.unwritten.join(''));
    this.unwritten = [];
    fs.closeSync(this.fd);
  }

  private apply(entry: JournalEntry): void {
    switch (entry.kind) {
      case 'opened':
        this.open.set(entry.bet.roundId, {
          vendor: entry.vendor,
          bet: entry.bet,
          win: entry.win,
          detail: entry.detail ?? null,
          at: entry.at ?? 0,
          betTaken: false,
          rollback: null,
        });
        break;
      case 'bet-taken': {
        const round = this.open.get(entry.roundId);
        if (round) round.betTaken = true;
        break;
      }
      case 'deciding': {
        const round = this.open.get(entry.roundId);
        if (round) round.win = entry.win;
        break;
      }
      case 'rolling-back': {
        const round = this.open.get(entry.roundId);
        if (round) round.rollback = entry.rollback;
        break;
      }
      case 'closed':
        this.open.delete(entry.roundId);
        break;
    }
  }
}
