import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { lotteryKeys } from './lottery-keys';
import type { LotteryBet, SlipItem } from './lottery-types';

export interface ChaseRequest extends SlipItem {
  gameId: string;
  /** How many draws, from the next one taking bets. */
  draws: number;
  stopAfterWin: boolean;
}

export interface ChaseAnswer {
  chaseId: string;
  stopAfterWin: boolean;
  bets: LotteryBet[];
}

/** POST /lotto/lgw/bets/chase: the same pick on each of the next draws, all staked at once (Idempotency-Key). */
export function placeChase(request: ChaseRequest, idempotencyKey: string): Promise<ChaseAnswer> {
  return apiSend<ChaseAnswer>('POST', '/lotto/lgw/bets/chase', {
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceChase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: ChaseRequest; idempotencyKey: string }) =>
      placeChase(request, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lotteryKeys.bets }),
  });
}
