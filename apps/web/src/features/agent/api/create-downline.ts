import type { NewDownline, NewDownlineRequest } from '@portal/shared/agents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

export function createDownline(request: NewDownlineRequest, language?: string): Promise<NewDownline> {
  return apiSend<NewDownline>('POST', '/wps/agent/downlines', { body: request, language });
}

/** Opens an account in the agent's direct downline; the team's lists and figures are read again. */
export function useCreateDownline() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NewDownlineRequest) => createDownline(request, language),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.members }),
        queryClient.invalidateQueries({ queryKey: agentKeys.overview }),
      ]),
  });
}
