import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Journal } from './journal.ts';

let dir: string;
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

const opened = (n: number) => ({
  kind: 'opened' as const,
  vendor: 'PG',
  bet: {
    txId: `b-${n}`,
    token: 'token-0123456789abcdefghij',
    playerId: 'demo',
    roundId: `r-${n}`,
    gameId: 'PG-RNG-0001',
    amount: '2.00',
    currency: 'BDT',
  },
  win: null,
  at: n,
});

describe('the rounds journal', () => {
  it('puts entries written together on disk with one write and one flush, and resolves each once it is there', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-journal-'));
    const file = path.join(dir, 'rounds.jsonl');
    const journal = new Journal(file);
    const flushes = vi.spyOn(fs, 'fsync');
    const writes = vi.spyOn(fs, 'writeSync');
    await Promise.all(Array.from({ length: 20 }, (_, n) => journal.write(opened(n))));
    // The first write's flush starts at once; the 19 written meanwhile share the next, in one write.
    expect(flushes).toHaveBeenCalledTimes(2);
    expect(writes).toHaveBeenCalledTimes(2);
    expect(journal.openRounds()).toHaveLength(20);
    journal.close();
    const reopened = new Journal(file);
    expect(reopened.openRounds().map(([roundId]) => roundId)).toEqual(Array.from({ length: 20 }, (_, n) => `r-${n}`));
    reopened.close();
  });
});
