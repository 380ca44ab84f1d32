import type { LoginPortal, LoginSession } from '@portal/shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { dropMemberQueries, reloadMemberInfo } from '@/api/get-member-info';
import { usePortalModals } from '@/lib/portal-modals';
import { storeSessionProfile } from '@/lib/session';

/**
 * What every way of signing in ends with (password, SMS, second factor, registration, free play): keep the
 * profile, load the member's info, then either the forced password change or close the modals and go to the
 * portal's home ('/agentHome' for the agent pages, '/' otherwise).
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { open, close } = usePortalModals();

  return useCallback(
    async (session: LoginSession, portal: LoginPortal = 'member') => {
      storeSessionProfile({ account: session.account, username: session.userName, type: session.type });
      // Another account may have been signed in before: nothing of it may remain in the cache.
      dropMemberQueries(queryClient);
      await reloadMemberInfo(queryClient).catch(() => null);
      if (session.mustChangePassword) {
        open({ name: 'changePassword', forced: true, knownPassword: true });
        return;
      }
      close();
      navigate(portal === 'agent' ? '/agentHome' : '/');
    },
    [queryClient, navigate, open, close],
  );
}
