import type { ChangePasswordRequest, MemberInfo } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMemberInfoQueryOptions } from '@/api/get-member-info';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

/** Changes the signed-in member's password; the member's other sessions end. */
export function changePassword(request: ChangePasswordRequest, language?: string): Promise<void> {
  return apiSend<void>('POST', '/wps/member/password', { body: request, language });
}

export function useChangePassword() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) => changePassword(request, language),
    onSuccess: () => {
      // The demand is over at once: nothing may reopen the forced change while the info reloads.
      const { queryKey } = getMemberInfoQueryOptions();
      queryClient.setQueryData<MemberInfo | null>(queryKey, (member) =>
        member ? { ...member, mustChangePassword: false } : member,
      );
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
