import type { SlotRoundValue, SlotSpinRequest } from '@portal/shared/house-games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JACKPOT_QUERY_KEY } from '@/api/get-jackpot';
import { housePlay } from '../../shared/house-api';

/** POST /house/api/slot/spin: one paid spin and the free spins it leads to, settled as one round. */
export function spinSlot(request: SlotSpinRequest): Promise<SlotRoundValue> {
  return housePlay<SlotRoundValue>('slot/spin', request);
}

export function useSpinSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: spinSlot,
    // Every stake feeds the progressive pool, and a jackpot win empties it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: JACKPOT_QUERY_KEY }),
  });
}
