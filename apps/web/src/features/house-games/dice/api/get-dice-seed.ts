import type { DiceSeedValue } from '@portal/shared/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** Who the seeds belong to: the launch session's token, or in free play the page's own key. */
export interface DiceSeedOwner {
  token: string | undefined;
  freeKey: string | undefined;
}

export const diceKeys = {
  seed: ({ token, freeKey }: DiceSeedOwner) =>
    ['house', 'dice', 'seed', token ? `token:${token}` : `free:${freeKey ?? ''}`] as const,
};

/** GET /house/api/dice/seed?token= (or &freeKey=): the commitment, the client seed and the next nonce. */
export function getDiceSeed(owner: DiceSeedOwner, signal?: AbortSignal): Promise<DiceSeedValue> {
  return apiGet<DiceSeedValue>('/house/api/dice/seed', {
    params: owner.token ? { token: owner.token } : { freeKey: owner.freeKey },
    signal,
  });
}

export function getDiceSeedQueryOptions(owner: DiceSeedOwner) {
  return queryOptions({
    queryKey: diceKeys.seed(owner),
    queryFn: ({ signal }) => getDiceSeed(owner, signal),
    // The page keeps it current itself from each roll's and each rotation's answer.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useDiceSeed(owner: DiceSeedOwner) {
  return useQuery(getDiceSeedQueryOptions(owner));
}
