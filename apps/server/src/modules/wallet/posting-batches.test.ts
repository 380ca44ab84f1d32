import { describe, expect, it } from 'vitest';
import { PostingBatches } from './posting-batches.ts';

/** A statement that stays open until `finish` is called, recording what it was sent. */
function recordingSender() {
  const sent: { guard: string; items: number[]; finish: () => void }[] = [];
  let running = 0;
  let mostRunning = 0;
  const send = (guard: string, items: number[]) =>
    new Promise<PromiseSettledResult<number>[]>((resolve) => {
      running++;
      mostRunning = Math.max(mostRunning, running);
      sent.push({
        guard,
        items,
        finish: () => {
          running--;
          resolve(items.map((value) => ({ status: 'fulfilled', value: value * 10 })));
        },
      });
    });
  return { sent, send, mostRunning: () => mostRunning };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('posting batches', () => {
  it('sends what arrives in one turn together, and what arrives while statements run in the next one', async () => {
    const sender = recordingSender();
    const batches = new PostingBatches(sender.send, 1, 50);
    const first = [batches.submit('g', 1), batches.submit('g', 2)];
    await tick();
    const later = [batches.submit('g', 3), batches.submit('g', 4), batches.submit('g', 5)];
    await tick();
    expect(sender.sent.map((s) => s.items)).toEqual([[1, 2]]);
    sender.sent[0]?.finish();
    expect(await Promise.all(first)).toEqual([10, 20]);
    await tick();
    expect(sender.sent.map((s) => s.items)).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    sender.sent[1]?.finish();
    expect(await Promise.all(later)).toEqual([30, 40, 50]);
  });

  it('runs at most the allowed statements at once, none larger than the allowed size', async () => {
    const sender = recordingSender();
    const batches = new PostingBatches(sender.send, 2, 3);
    const all = Array.from({ length: 10 }, (_, i) => batches.submit('g', i));
    await tick();
    expect(sender.sent.map((s) => s.items)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    while (sender.sent.some((s) => s.items.length > 0)) {
      const open = sender.sent.shift();
      open?.finish();
      await tick();
    }
    expect(await Promise.all(all)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(sender.mostRunning()).toBe(2);
  });

  it('keeps postings of another guard from waiting behind a long queue, and never mixes guards', async () => {
    const sender = recordingSender();
    const batches = new PostingBatches(sender.send, 1, 2);
    for (let i = 0; i < 6; i++) void batches.submit('busy', i);
    void batches.submit('other', 100);
    await tick();
    sender.sent[0]?.finish();
    await tick();
    expect(sender.sent.map((s) => [s.guard, s.items])).toEqual([
      ['busy', [0, 1]],
      ['other', [100]],
    ]);
  });

  it("never sends a row in two statements at once, and keeps each row's postings in order", async () => {
    const sender = recordingSender();
    // Items are numbers; the row an item moves is its tens digit (12 and 17 move row 1).
    const batches = new PostingBatches(sender.send, 4, 50, (item: number) => [String(Math.floor(item / 10))]);
    const first = [batches.submit('g', 10), batches.submit('g', 20)];
    await tick();
    const later = [11, 30, 21, 12, 40].map((item) => batches.submit('g', item));
    await tick();
    // Rows 1 and 2 are in flight: their postings wait; the others go at once.
    expect(sender.sent.map((s) => s.items)).toEqual([
      [10, 20],
      [30, 40],
    ]);
    sender.sent[0]?.finish();
    await Promise.all(first);
    await tick();
    // Both of row 1's postings go together, in the order they came.
    expect(sender.sent[2]?.items).toEqual([11, 21, 12]);
    sender.sent[1]?.finish();
    sender.sent[2]?.finish();
    expect(await Promise.all(later)).toEqual([110, 300, 210, 120, 400]);
  });

  it('keeps a posting behind an earlier one that shares a row with it, even when its other row is free', async () => {
    const sender = recordingSender();
    const rowsOf: Record<number, string[]> = { 1: ['a'], 2: ['a', 'b'], 3: ['b'] };
    const batches = new PostingBatches(sender.send, 4, 50, (item: number) => rowsOf[item] ?? []);
    const first = batches.submit('g', 1);
    await tick();
    const later = [batches.submit('g', 2), batches.submit('g', 3)];
    await tick();
    expect(sender.sent.map((s) => s.items)).toEqual([[1]]);
    sender.sent[0]?.finish();
    await first;
    await tick();
    expect(sender.sent.map((s) => s.items)).toEqual([[1], [2, 3]]);
    sender.sent[1]?.finish();
    expect(await Promise.all(later)).toEqual([20, 30]);
  });

  it('fails every posting of a statement that could not be sent', async () => {
    const batches = new PostingBatches<number, number>(() => Promise.reject(new Error('pool full')), 1, 50);
    const results = await Promise.allSettled([batches.submit('g', 1), batches.submit('g', 2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
