import type { PrizeMode } from '@portal/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type LotteryKind, useGameMenus } from '../api/get-game-menus';
import { useResults } from '../api/get-results';
import { lotteryKeys } from '../api/lottery-keys';
import { useNow } from '../components/draw-clock';
import { cutoffAt } from '../lib/draw-timing';

/**
 * A game's draw cycle as its page sees it: the draw taking bets and the time left before its lock; once the lock
 * passes, that draw is "drawing" until its result arrives, while the menus are asked for the next open draw. When the
 * result arrives the draw settles, so the member's bets and the balance are read again.
 */
export function useDrawCycle(gameId: string, kind: LotteryKind, prizeMode: PrizeMode, onBalanceChange: () => void) {
  const queryClient = useQueryClient();
  const now = useNow();
  const menus = useGameMenus(prizeMode, kind);
  const entry = menus.data?.games.find((game) => game.gameId === gameId);
  const numero = entry?.numero ?? null;
  // The clock ticks once a second; an answer newer than its last tick counts from its own arrival.
  const remainingMs =
    entry && numero && menus.data ? cutoffAt(entry, menus.data) - Math.max(now, menus.data.receivedAt) : 0;
  const open = numero !== null && remainingMs > 0;

  const [drawingNumero, setDrawingNumero] = useState<string | null>(null);
  const results = useResults(gameId, drawingNumero !== null, kind === 'vn' ? 30_000 : 2_000);

  const refetchMenus = menus.refetch;
  const lockedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!numero || open || lockedRef.current === numero) return;
    lockedRef.current = numero;
    setDrawingNumero(numero);
    void refetchMenus();
  }, [numero, open, refetchMenus]);

  const drawn = drawingNumero !== null && (results.data?.list ?? []).some((result) => result.numero === drawingNumero);
  useEffect(() => {
    if (!drawn) return;
    setDrawingNumero(null);
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.bets });
    onBalanceChange();
  }, [drawn, queryClient, onBalanceChange]);

  return { entry, numero, remainingMs, open, drawingNumero, results, menus };
}
