import { describe, expect, it } from 'vitest';
import { AccountLanes } from './account-lanes.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('account lanes', () => {
  it('run the work on one account one at a time, in arrival order', async () => {
    const lanes = new AccountLanes();
    const order: string[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        lanes.run(['7'], async () => {
          inside++;
          most = Math.max(most, inside);
          await tick();
          order.push(String(i));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });

  it('let work on other accounts run alongside, and never deadlock on shared ones', async () => {
    const lanes = new AccountLanes();
    let inside = 0;
    let most = 0;
    const busy = async () => {
      inside++;
      most = Math.max(most, inside);
      await tick();
      inside--;
    };
    await Promise.all([lanes.run(['1'], busy), lanes.run(['2'], busy), lanes.run(['3'], busy)]);
    expect(most).toBe(3);
    // Postings sharing accounts (the ledger passes their ids sorted) queue instead of waiting on each other.
    const runs = Array.from({ length: 50 }, (_, i) => lanes.run(i % 3 ? ['1', '2'] : ['2', '3'], busy));
    await expect(Promise.all(runs)).resolves.toHaveLength(50);
  });

  it('frees the lane when the work fails', async () => {
    const lanes = new AccountLanes();
    await expect(lanes.run(['9'], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lanes.run(['9'], async () => 'after')).resolves.toBe('after');
  });
});
