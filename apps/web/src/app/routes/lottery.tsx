import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useGameTypes } from '@/features/games/api/get-game-types';
import { prizeModeOf } from '@/features/games/lib/vendor-cards';
import { LotteryPage as LotteryScreen } from '@/features/lottery/components/lottery-page';
import { getBalanceQueryOptions } from '@/features/wallet/api/get-balance';

/** What the lottery pages need from the rest of the app. */
function useLotteryProps() {
  const queryClient = useQueryClient();
  const gameTypes = useGameTypes();
  // Until the game types arrive the lottery asks for 'Lott': both modes list every game the house runs.
  const prizeMode = prizeModeOf(gameTypes.data ?? []);
  const onBalanceChange = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getBalanceQueryOptions().queryKey }),
    [queryClient],
  );
  return { prizeMode, onBalanceChange };
}

/**
 * /lottery: the lottery feature, told by the app what it needs from the others: the prize mode decided from the
 * e-lottery category's cards (spec section 4) and a way to read the header's balance again after money moved.
 */
export function LotteryPage() {
  return <LotteryScreen kind="fast" {...useLotteryProps()} />;
}

/** /vnlottery: the Vietnamese lottery, the same way. */
export function VnLotteryPage() {
  return <LotteryScreen kind="vn" {...useLotteryProps()} />;
}
