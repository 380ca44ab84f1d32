import type { Announcements } from '@portal/shared/api';
import { ANNOUNCEMENT_TYPES, type Language } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';

/** Notices change during the day; the left notice bar refetches this often. */
export const ANNOUNCEMENTS_REFETCH_MS = 60_000;

export function getAnnouncements(language: Language, signal?: AbortSignal): Promise<Announcements> {
  return apiGet<Announcements>('/wps/relay/MCSFE_getListAnnouncements', {
    params: { types: ANNOUNCEMENT_TYPES.join(','), platform: 'W' },
    language,
    signal,
  });
}

export function getAnnouncementsQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['announcements', language],
    queryFn: ({ signal }) => getAnnouncements(language, signal),
    staleTime: 30_000,
  });
}

export function useAnnouncements(options: { refetchInterval?: number } = {}) {
  const language = useLanguage();
  return useQuery({ ...getAnnouncementsQueryOptions(language), refetchInterval: options.refetchInterval });
}
