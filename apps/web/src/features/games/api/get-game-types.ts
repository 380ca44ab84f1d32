import type { GameTypeItem } from '@portal/shared/api';
import type { Language } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';

export function getGameTypes(language: Language, signal?: AbortSignal): Promise<GameTypeItem[]> {
  return apiGet<GameTypeItem[]>('/wps/relay/GCSGAME_getVassGameType', { language, signal });
}

export function getGameTypesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['games', 'types', language],
    queryFn: ({ signal }) => getGameTypes(language, signal),
    staleTime: 5 * 60_000,
  });
}

export function useGameTypes() {
  const language = useLanguage();
  return useQuery(getGameTypesQueryOptions(language));
}
