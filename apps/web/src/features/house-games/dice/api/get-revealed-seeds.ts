import type { DiceRevealedValue } from '@portal/shared/house-games';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { type DiceSeedOwner, diceKeys, ownerParams } from './get-dice-seed';

/** GET /house/api/dice/revealed: the pairs retired lately, newest first, so a reopened page can still verify them. */
export function getRevealedSeeds(owner: DiceSeedOwner, signal?: AbortSignal): Promise<DiceRevealedValue> {
  return apiGet<DiceRevealedValue>('/house/api/dice/revealed', {
    params: ownerParams(owner),
    signal,
  });
}

export function useRevealedSeeds(owner: DiceSeedOwner) {
  return useQuery({
    queryKey: diceKeys.revealed(owner),
    queryFn: ({ signal }) => getRevealedSeeds(owner, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
