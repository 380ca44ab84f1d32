import { type GameType, type Language, LIMITS } from '@portal/shared/constants';
import type { WinnerItem } from '@portal/shared/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';
import { gameKeys } from './games-keys';

export interface WinnersValue {
  /** Newest first, at most limitNum (≤ 50). */
  list: WinnerItem[];
}

/** 'ALL', or one game type (RNG, LIVE, …). */
export type WinnersCategory = 'ALL' | GameType;

/** Spec section 9: the winner board asks for 50. */
export const WINNERS_LIMIT = LIMITS.winnerBoard;
/** The board keeps moving: asked again every 30 s while it is shown. */
const WINNERS_REFETCH_MS = 30_000;
const WINNERS_STALE_MS = 15_000;

/** GET /wps/relay/GCSGAME_getRankList?gameCategory&language&limitNum (no token): the latest winners. */
export function getWinners(category: WinnersCategory, language: Language, signal?: AbortSignal): Promise<WinnersValue> {
  return apiGet<WinnersValue>('/wps/relay/GCSGAME_getRankList', {
    params: { gameCategory: category, limitNum: WINNERS_LIMIT },
    language,
    signal,
  });
}

export function getWinnersQueryOptions(category: WinnersCategory, language: Language) {
  return queryOptions({
    queryKey: [...gameKeys.winners, category, language],
    queryFn: ({ signal }) => getWinners(category, language, signal),
    staleTime: WINNERS_STALE_MS,
    refetchInterval: WINNERS_REFETCH_MS,
  });
}

export function useWinners(category: WinnersCategory = 'ALL') {
  const language = useLanguage();
  return useQuery(getWinnersQueryOptions(category, language));
}
