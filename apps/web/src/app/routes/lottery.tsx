import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useGameTypes } from '@/features/games/api/get-game-types';
import { prizeModeOf } from '@/features/games/lib/vendor-cards';
import { LotteryPage as LotteryScreen } from '@/features/lottery/components/lottery-page';
import { getBalanceQueryOptions } from '@/features/wallet/api/get-balance';

/**
 * /lottery: the lottery feature, told by the app what it needs from the others: the prize mode decided from the
 * e-lottery category's cards (spec section 4) and a way to read the header's balance again after money moved.
 */
export function LotteryPage() {
  const queryClient = useQueryClient();
  const gameTypes = useGameTypes();
  // Until the game types arrive the lottery asks for 'Lott': both modes list every game the house runs.
  const prizeMode = prizeModeOf(gameTypes.data ?? []);
  const onBalanceChange = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getBalanceQueryOptions().queryKey }),
    [queryClient],
  );
  return <LotteryScreen prizeMode={prizeMode} onBalanceChange={onBalanceChange} />;
}
