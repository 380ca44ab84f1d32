import type { InviteLink, InviteLinkPatch, NewInviteLink } from '@portal/shared/agents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

export function createInviteLink(link: NewInviteLink, language?: string): Promise<InviteLink> {
  return apiSend<InviteLink>('POST', '/wps/agent/links', { body: link, language });
}

export function updateInviteLink(id: string, patch: InviteLinkPatch, language?: string): Promise<InviteLink> {
  return apiSend<InviteLink>('PATCH', `/wps/agent/links/${encodeURIComponent(id)}`, { body: patch, language });
}

/** Makes a link (no id) or changes one; either way the list is read again. */
export function useSaveInviteLink() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: { id?: string } & InviteLinkPatch) =>
      id === undefined
        ? createInviteLink({ source: values.source ?? '', note: values.note ?? undefined }, language)
        : updateInviteLink(id, values, language),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.links }),
  });
}
