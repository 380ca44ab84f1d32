import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/test/render';
import { getBalanceQueryOptions } from '../api/get-balance';
import { walletKeys } from '../api/wallet-keys';
import { balanceSocketUrl, reconnectDelay, useBalanceSocket } from './use-balance-socket';

/** A WebSocket the test drives: open it, push messages, drop it. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  close(code = 1000) {
    this.closedWith = code;
  }

  open() {
    act(() => this.onopen?.(new Event('open')));
  }

  receive(data: unknown) {
    act(() => this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent));
  }

  drop(code = 1006) {
    act(() => this.onclose?.({ code } as CloseEvent));
  }
}

const latest = () => FakeSocket.instances[FakeSocket.instances.length - 1]!;
const balanceKey = getBalanceQueryOptions().queryKey;

function setup(enabled = true) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(balanceKey, { sumBalance: '100.00', currency: 'BDT', demo: false });
  queryClient.setQueryData(walletKeys.funds, {
    currency: 'BDT',
    cash: '100.00',
    bonus: '0.00',
    withdrawalHold: '0.00',
    total: '100.00',
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ on }: { on: boolean }) => useBalanceSocket(on), {
    wrapper,
    initialProps: { on: enabled },
  });
  return { queryClient, ...hook };
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(Math, 'random').mockReturnValue(1);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('balanceSocketUrl and reconnectDelay', () => {
  it('uses the page’s origin, wss under https', () => {
    expect(balanceSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/wps/ws');
    expect(balanceSocketUrl({ protocol: 'https:', host: 'play.example.com' })).toBe('wss://play.example.com/wps/ws');
  });

  it('backs off from 1 s, doubling up to 30 s, with jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(500);
  });
});

describe('useBalanceSocket', () => {
  it('puts a pushed balance into the header’s cache and asks the funds again', () => {
    const { queryClient } = setup();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(latest().url).toBe(balanceSocketUrl());
    latest().open();

    latest().receive({ type: 'balance', sumBalance: '1234.50', currency: 'BDT' });
    expect(queryClient.getQueryData(balanceKey)).toEqual({ sumBalance: '1234.50', currency: 'BDT', demo: false });
    expect(queryClient.getQueryState(walletKeys.funds)?.isInvalidated).toBe(true);
  });

  it('ignores messages that are not a well-formed balance', () => {
    const { queryClient } = setup();
    latest().open();
    latest().receive('not json');
    latest().receive({ type: 'chat', text: 'hi' });
    latest().receive({ type: 'balance', sumBalance: 12, currency: 'BDT' });
    latest().receive({ type: 'balance', sumBalance: '1e3', currency: 'BDT' });
    expect(queryClient.getQueryData(balanceKey)).toEqual({ sumBalance: '100.00', currency: 'BDT', demo: false });
    expect(queryClient.getQueryState(walletKeys.funds)?.isInvalidated).toBe(false);
  });

  it('reconnects with growing delays and asks the balance again once back', () => {
    vi.useFakeTimers();
    const { queryClient } = setup();
    latest().open();
    latest().drop();
    expect(FakeSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(999));
    expect(FakeSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.instances).toHaveLength(2);

    // Still down: the next try waits twice as long.
    latest().drop();
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeSocket.instances).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.instances).toHaveLength(3);

    latest().open();
    expect(queryClient.getQueryState(balanceKey)?.isInvalidated).toBe(true);
    // Back to the first delay after a successful connection.
    latest().drop();
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeSocket.instances).toHaveLength(4);
  });

  it('does not retry when the server says the session is gone', () => {
    vi.useFakeTimers();
    setup();
    latest().drop(4401);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('closes at sign-out and on unmount, and never reconnects after', () => {
    vi.useFakeTimers();
    const { rerender, unmount } = setup();
    const first = latest();
    first.open();
    rerender({ on: false });
    expect(first.closedWith).toBe(1000);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.instances).toHaveLength(1);

    rerender({ on: true });
    expect(FakeSocket.instances).toHaveLength(2);
    // A drop already waiting for its retry is cancelled too.
    latest().drop();
    unmount();
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('opens nothing while disabled', () => {
    setup(false);
    expect(FakeSocket.instances).toHaveLength(0);
  });
});
