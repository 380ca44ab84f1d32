import type { AgentNotice } from '@portal/shared/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

export function getAgentNotices(language: string, signal?: AbortSignal): Promise<{ list: AgentNotice[] }> {
  return apiGet<{ list: AgentNotice[] }>('/wps/agent/notices', { language, signal });
}

export function getAgentNoticesQueryOptions(language: string) {
  return queryOptions({
    queryKey: [...agentKeys.notices, language],
    queryFn: ({ signal }) => getAgentNotices(language, signal),
    staleTime: 5 * 60_000,
  });
}

/** The agent notices in force, newest first, in the page's language. */
export function useAgentNotices() {
  return useQuery(getAgentNoticesQueryOptions(useLanguage()));
}
