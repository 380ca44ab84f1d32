import type { HelpCentre } from '@portal/shared/api';
import type { Language } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';

export function getHelpCentre(language: Language, signal?: AbortSignal): Promise<HelpCentre> {
  return apiGet<HelpCentre>('/wps/system/helpCenter', { language, signal });
}

export function getHelpCentreQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['help', 'centre', language],
    queryFn: ({ signal }) => getHelpCentre(language, signal),
    staleTime: 10 * 60_000,
  });
}

export function useHelpCentre() {
  const language = useLanguage();
  return useQuery(getHelpCentreQueryOptions(language));
}
