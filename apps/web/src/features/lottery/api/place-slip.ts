import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiSend } from '@/lib/api-client';
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
export async function placeSlip(request: SlipRequest, idempotencyKey: string): Promise<SlipAnswer> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  try {
    return await apiSend<SlipAnswer>('POST', '/lotto/lgw/bets/slip', { body: request, headers });
  } catch (error) {
    // A server without the slip route (the generic NOT_FOUND, not a draw's DRAW_NOT_FOUND) still takes a single
    // pick through the one-bet route, with the same key; several picks need the slip's all-or-nothing entry.
    const [only] = request.items;
    if (!(error instanceof ApiError && error.code === 'NOT_FOUND') || request.items.length !== 1 || !only) throw error;
    const bet = await apiSend<SlipAnswer['bets'][number]>('POST', '/lotto/lgw/bets', {
      body: { gameId: request.gameId, numero: request.numero, ...only },
      headers,
    });
    return { bets: [bet], totalAmount: bet.amount };
  }
}

export function usePlaceSlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: SlipRequest; idempotencyKey: string }) =>
      placeSlip(request, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lotteryKeys.bets }),
  });
}
