import type { Language } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';
import { lotteryKeys } from './lottery-keys';
import type { LotteryGameDetails } from './lottery-types';

/** GET /lotto/lgw/games/:gameId: the game's bet types with their odds and house edges. */
export function getGameDetails(gameId: string, language: Language, signal?: AbortSignal): Promise<LotteryGameDetails> {
  return apiGet<LotteryGameDetails>(`/lotto/lgw/games/${encodeURIComponent(gameId)}`, { language, signal });
}

export function getGameDetailsQueryOptions(gameId: string, language: Language) {
  return queryOptions({
    queryKey: lotteryKeys.details(gameId, language),
    queryFn: ({ signal }) => getGameDetails(gameId, language, signal),
    // Operators change odds rarely; a minute-old copy is fine to show (the server settles at its own odds).
    staleTime: 60_000,
  });
}

export function useGameDetails(gameId: string) {
  const language = useLanguage();
  return useQuery(getGameDetailsQueryOptions(gameId, language));
}
