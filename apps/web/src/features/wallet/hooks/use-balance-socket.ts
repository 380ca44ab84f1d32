import { isDecimalAmount } from '@portal/shared/money';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getBalanceQueryOptions, type WalletBalance } from '../api/get-balance';
import { walletKeys } from '../api/wallet-keys';

export const BALANCE_SOCKET_PATH = '/wps/ws';
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** Close codes after which trying again cannot help: the session is gone or the server refuses this client. */
const FINAL_CLOSE_CODES = new Set([1008, 4401, 4403]);

/** Same origin; wss when the page itself is https. */
export function balanceSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${BALANCE_SOCKET_PATH}`;
}

/** Delay before reconnect attempt n (0-based): doubling from 1 s up to 30 s, with jitter so tabs spread out. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.5 + random() / 2));
}

interface BalanceMessage {
  type: 'balance';
  sumBalance: string;
  currency: string;
}

function parseBalanceMessage(data: unknown): BalanceMessage | null {
  if (typeof data !== 'string' || data.length > 4096) return null;
  try {
    const message = JSON.parse(data) as Partial<BalanceMessage> | null;
    if (
      message?.type === 'balance' &&
      typeof message.sumBalance === 'string' &&
      isDecimalAmount(message.sumBalance) &&
      typeof message.currency === 'string'
    ) {
      return { type: 'balance', sumBalance: message.sumBalance, currency: message.currency };
    }
  } catch {
    // Not JSON: not a message for this hook.
  }
  return null;
}

/** Money moved: the pushed balance goes straight into the header's cache; screens that show money ask again. */
export function applyBalanceMessage(queryClient: QueryClient, message: BalanceMessage): void {
  queryClient.setQueryData<WalletBalance>(getBalanceQueryOptions().queryKey, {
    sumBalance: message.sumBalance,
    currency: message.currency,
    demo: false,
  });
  void queryClient.invalidateQueries({ queryKey: walletKeys.funds });
  void queryClient.invalidateQueries({ queryKey: walletKeys.eligibility });
  void queryClient.invalidateQueries({ queryKey: walletKeys.merchantWallets });
  // A confirmed deposit or a paid withdrawal changes their orders too; only lists on screen are fetched again.
  void queryClient.invalidateQueries({ queryKey: walletKeys.deposits });
  void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals });
}

/**
 * Keeps one WebSocket to /wps/ws open while `enabled` (a real member is signed in): each balance message updates
 * the balance cache. A dropped connection comes back with backoff, and the balance is asked for again then, since
 * pushes may have been missed meanwhile. Disabling (sign-out) or unmounting closes it for good.
 */
export function useBalanceSocket(enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    function connect() {
      const current = new WebSocket(balanceSocketUrl());
      socket = current;
      current.onopen = () => {
        if (attempt > 0) void queryClient.invalidateQueries({ queryKey: getBalanceQueryOptions().queryKey });
        attempt = 0;
      };
      current.onmessage = (event: MessageEvent) => {
        const message = parseBalanceMessage(event.data);
        if (message) applyBalanceMessage(queryClient, message);
      };
      current.onclose = (event: CloseEvent) => {
        if (socket === current) socket = null;
        if (stopped || FINAL_CLOSE_CODES.has(event.code)) return;
        timer = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (socket) {
        socket.onclose = null;
        socket.onmessage = null;
        socket.close(1000);
        socket = null;
      }
    };
  }, [enabled, queryClient]);
}
