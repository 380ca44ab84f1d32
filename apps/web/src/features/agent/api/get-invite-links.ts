import type { InviteLinks } from '@portal/shared/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

export function getInviteLinks(signal?: AbortSignal): Promise<InviteLinks> {
  return apiGet<InviteLinks>('/wps/agent/links', { signal });
}

export function getInviteLinksQueryOptions() {
  return queryOptions({
    queryKey: agentKeys.links,
    queryFn: ({ signal }) => getInviteLinks(signal),
    staleTime: 30_000,
  });
}

/** The agent's default link (its own invite code) and its invitation links, each with its figures. */
export function useInviteLinks() {
  return useQuery(getInviteLinksQueryOptions());
}
