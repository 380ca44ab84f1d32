import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onIdle } from './when-idle';

describe('onIdle', () => {
  let idleCallbacks: Array<{ run: () => void; timeout?: number }>;

  beforeEach(() => {
    idleCallbacks = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
      idleCallbacks.push({ run, timeout: options?.timeout });
      return idleCallbacks.length;
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function nextIdleMoment() {
    const next = idleCallbacks.shift();
    if (!next) throw new Error('nothing is waiting for an idle moment');
    next.run();
  }

  it('runs the waiting parts one per idle moment, in the order they asked', () => {
    const ran: string[] = [];
    onIdle(() => ran.push('footer'));
    onIdle(() => ran.push('side bar'));
    onIdle(() => ran.push('popup'));
    expect(idleCallbacks).toHaveLength(1);

    nextIdleMoment();
    expect(ran).toEqual(['footer']);
    nextIdleMoment();
    expect(ran).toEqual(['footer', 'side bar']);
    nextIdleMoment();
    expect(ran).toEqual(['footer', 'side bar', 'popup']);
    expect(idleCallbacks).toHaveLength(0);
  });

  it('skips a part that was withdrawn, and counts each deadline from when its part asked', () => {
    const ran: string[] = [];
    onIdle(() => ran.push('first'));
    const withdraw = onIdle(() => ran.push('withdrawn'));
    onIdle(() => ran.push('last'));
    withdraw();
    expect(idleCallbacks[0]?.timeout).toBeGreaterThan(1000);

    nextIdleMoment();
    nextIdleMoment();
    expect(ran).toEqual(['first', 'last']);
  });
});
