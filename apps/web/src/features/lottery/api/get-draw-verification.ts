import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { lotteryKeys } from './lottery-keys';
import type { DrawVerification } from './lottery-types';

/** GET /lotto/lgw/games/:gameId/draws/:numero/verify: the hash, and after the draw the seed, input and result. */
export function getDrawVerification(gameId: string, numero: string, signal?: AbortSignal): Promise<DrawVerification> {
  return apiGet<DrawVerification>(
    `/lotto/lgw/games/${encodeURIComponent(gameId)}/draws/${encodeURIComponent(numero)}/verify`,
    { signal },
  );
}

export function getDrawVerificationQueryOptions(gameId: string, numero: string) {
  return queryOptions({
    queryKey: lotteryKeys.verification(gameId, numero),
    queryFn: ({ signal }) => getDrawVerification(gameId, numero, signal),
  });
}

export function useDrawVerification(gameId: string, numero: string) {
  return useQuery(getDrawVerificationQueryOptions(gameId, numero));
}
