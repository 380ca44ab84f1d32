import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { lotteryKeys } from './lottery-keys';
import type { LotteryBet, SlipItem } from './lottery-types';

export interface SlipRequest {
  gameId: string;
  numero: string;
  items: SlipItem[];
}

export interface SlipAnswer {
  bets: (LotteryBet & { balance?: string | null })[];
  totalAmount: string;
}

/**
 * POST /lotto/lgw/bets/slip: every pick of the slip on one draw, in one ledger entry or none. The key is made by the
 * caller once per confirmation, so a retry after a lost answer places nothing twice.
 */
export function placeSlip(request: SlipRequest, idempotencyKey: string): Promise<SlipAnswer> {
  return apiSend<SlipAnswer>('POST', '/lotto/lgw/bets/slip', {
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceSlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: SlipRequest; idempotencyKey: string }) =>
      placeSlip(request, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lotteryKeys.bets }),
  });
}
