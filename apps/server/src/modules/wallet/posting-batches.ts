import type { RawBuilder } from 'kysely';

/**
 * A condition on a posting that many postings can share in one statement: the guard's SQL receives one array per
 * column (the postings' values, in order) and gives one value per posting (whether, or why not, it may post).
 */
export interface PostingGuard<Verdict = boolean> {
  /** Names the prepared statement: one name always stands for the same `sql`. */
  name: string;
  /** This posting's value for each column the guard reads. */
  values: readonly unknown[];
  sql(columns: unknown[][]): RawBuilder<Verdict[]>;
  /** Rows the caller writes with each posting that posts, in the same statement (see `PostingCompanion`). */
  companion?: PostingCompanion;
}

/**
 * The caller's own row written with each posting of a guarded batch that posts (a lottery bet's row with its stake),
 * so that the row and its money commit together in one statement shared by many postings.
 */
export interface PostingCompanion {
  /**
   * A data-modifying query (an `INSERT … RETURNING`) over the guard's columns that writes exactly one row for each
   * posting whose 1-based number `posted` yields (a subquery of one column), and returns the rows it wrote. A
   * statement in which the rows written and the postings posted disagree fails whole.
   */
  sql(columns: unknown[][], posted: RawBuilder<unknown>): RawBuilder<unknown>;
  /** Whether a row the query returned (as JSON) is the one written for the posting with these guard values. */
  belongsTo(row: Record<string, unknown>, values: readonly unknown[]): boolean;
}

interface Waiter<T, R> {
  item: T;
  keys: readonly string[];
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

/**
 * Postings waiting for a statement, grouped by guard: while `maxInFlight` statements are running, the postings that
 * arrive wait, and the next statement takes all of them (up to `maxSize`). One posting on a quiet ledger is sent
 * at once, alone; under load each round trip and commit serves many.
 *
 * A posting names the balance rows it moves (`keysOf`). No two statements of this process move the same row at
 * once: a posting whose row is in a statement still running waits for the next one, and so does every later posting
 * of that row, so a member's postings keep their order. Statements therefore never wait for each other's row locks
 * here; in the database they lock their rows in id order (docs/decisions.md, "lock order").
 */
export class PostingBatches<T, R> {
  private readonly waiting = new Map<string, Waiter<T, R>[]>();
  /** Rows moved by a statement in flight. */
  private readonly moving = new Set<string>();
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly send: (guardName: string, items: T[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly maxInFlight: number,
    private readonly maxSize: number,
    private readonly keysOf: (item: T) => readonly string[] = () => [],
    /**
     * While another statement runs, a new one goes out only with at least this many postings; fewer wait for the
     * next statement to finish. A statement's commit and fixed work are shared by its postings, so under load few
     * full statements cost the database less than many small ones; on a quiet ledger a posting still goes at once.
     */
    private readonly minSizeWhileBusy = 1,
  ) {}

  submit(guardName: string, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.waiting.get(guardName) ?? [];
      queue.push({ item, keys: this.keysOf(item), resolve, reject });
      this.waiting.set(guardName, queue);
      // Postings submitted in the same turn of the event loop go out together.
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump() {
    let sent = true;
    while (sent && this.inFlight < this.maxInFlight) {
      sent = false;
      for (const [guardName, queue] of [...this.waiting]) {
        if (this.inFlight >= this.maxInFlight) return;
        const batch = this.take(queue, this.inFlight > 0 ? this.minSizeWhileBusy : 1);
        if (batch.length === 0) continue;
        // The queue goes to the back, so postings of another guard are not kept waiting behind a long one.
        this.waiting.delete(guardName);
        if (queue.length > 0) this.waiting.set(guardName, queue);
        this.dispatch(guardName, batch);
        sent = true;
      }
    }
  }

  /**
   * Takes the queue's postings free to go now, in order, leaving the rest (and everything behind them) queued; none
   * when fewer than `minSize` are free.
   */
  private take(queue: Waiter<T, R>[], minSize: number): Waiter<T, R>[] {
    const batch: Waiter<T, R>[] = [];
    const held = new Set<string>();
    let index = 0;
    while (index < queue.length && batch.length < this.maxSize) {
      const waiter = queue[index] as Waiter<T, R>;
      if (waiter.keys.some((key) => this.moving.has(key) || held.has(key))) {
        for (const key of waiter.keys) held.add(key);
        index++;
        continue;
      }
      batch.push(waiter);
      index++;
    }
    if (batch.length < minSize) return [];
    const taken = new Set(batch);
    const left = queue.filter((waiter) => !taken.has(waiter));
    queue.splice(0, queue.length, ...left);
    return batch;
  }

  private dispatch(guardName: string, batch: Waiter<T, R>[]) {
    const keys = batch.flatMap((waiter) => waiter.keys);
    for (const key of keys) this.moving.add(key);
    this.inFlight++;
    this.send(
      guardName,
      batch.map((waiter) => waiter.item),
    )
      .then(
        (results) =>
          results.forEach((result, i) => {
            const waiter = batch[i];
            if (!waiter) return;
            if (result.status === 'fulfilled') waiter.resolve(result.value);
            else waiter.reject(result.reason);
          }),
        (error: unknown) => {
          for (const waiter of batch) waiter.reject(error);
        },
      )
      .finally(() => {
        for (const key of keys) this.moving.delete(key);
        this.inFlight--;
        this.pump();
      });
  }
}
