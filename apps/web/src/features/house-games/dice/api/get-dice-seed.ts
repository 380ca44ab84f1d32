import type { DiceSeedValue } from '@portal/shared/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** Who the seeds belong to: the launch session's token, or in free play the page's own key. */
export interface DiceSeedOwner {
  token: string | undefined;
  freeKey: string | undefined;
}

const ownerKey = ({ token, freeKey }: DiceSeedOwner) => (token ? `token:${token}` : `free:${freeKey ?? ''}`);

export const diceKeys = {
  seed: (owner: DiceSeedOwner) => ['house', 'dice', 'seed', ownerKey(owner)] as const,
  revealed: (owner: DiceSeedOwner) => ['house', 'dice', 'revealed', ownerKey(owner)] as const,
};

/** The query naming the seeds' owner: the token, or in free play the page's key. */
export function ownerParams(owner: DiceSeedOwner) {
  return owner.token ? { token: owner.token } : { freeKey: owner.freeKey };
}

/** GET /house/api/dice/seed?token= (or &freeKey=): the commitment, the client seed and the next nonce. */
export function getDiceSeed(owner: DiceSeedOwner, signal?: AbortSignal): Promise<DiceSeedValue> {
  return apiGet<DiceSeedValue>('/house/api/dice/seed', {
    params: ownerParams(owner),
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
