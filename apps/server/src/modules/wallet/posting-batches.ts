import type { RawBuilder } from 'kysely';

/**
 * A condition on a posting that many postings can share in one statement: the guard's SQL receives one array per
 * column (the postings' values, in order) and gives one boolean per posting.
 */
export interface PostingGuard {
  /** Names the prepared statement: one name always stands for the same `sql`. */
  name: string;
  /** This posting's value for each column the guard reads. */
  values: readonly unknown[];
  sql(columns: unknown[][]): RawBuilder<boolean[]>;
}

/**
 * Postings waiting for a statement, grouped by guard: while `maxInFlight` statements are running, the postings that
 * arrive wait, and the next statement takes all of them (up to `maxSize`). One posting on a quiet ledger is sent
 * at once, alone; under load each round trip and commit serves many.
 */
export class PostingBatches<T, R> {
  private readonly waiting = new Map<string, { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[]>();
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly send: (guardName: string, items: T[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly maxInFlight: number,
    private readonly maxSize: number,
  ) {}

  submit(guardName: string, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.waiting.get(guardName) ?? [];
      queue.push({ item, resolve, reject });
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
    for (const [guardName, queue] of this.waiting) {
      if (this.inFlight >= this.maxInFlight) return;
      const batch = queue.splice(0, this.maxSize);
      // The queue goes to the back, so postings of another guard are not kept waiting behind a long one.
      this.waiting.delete(guardName);
      if (queue.length > 0) this.waiting.set(guardName, queue);
      this.inFlight++;
      this.send(
        guardName,
        batch.map((entry) => entry.item),
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
          this.inFlight--;
          this.pump();
        });
    }
  }
}
