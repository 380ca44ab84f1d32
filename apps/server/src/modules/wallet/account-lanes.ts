/**
 * One posting at a time per balance account within this process, first come first served. PostgreSQL already
 * serialises postings to one balance row; queueing them here instead keeps a hot account's waiters out of the
 * database's row-lock queue (which is neither cheap nor fair under load), so each posting runs uncontended.
 * Lanes are taken in account-id order, like the row locks, so two postings never wait for each other.
 */
export class AccountLanes {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(accountIds: string[], work: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const id of accountIds) releases.push(await this.enter(id));
      return await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  /** Waits for the lane's current holder (and everyone queued before); resolves to this holder's release. */
  private async enter(id: string): Promise<() => void> {
    const before = this.tails.get(id) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = before.then(() => mine);
    this.tails.set(id, tail);
    await before;
    return () => {
      release();
      // The last in the queue leaves no trace behind.
      if (this.tails.get(id) === tail) this.tails.delete(id);
    };
  }
}
