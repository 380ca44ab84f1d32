import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { endClientSession } from '@/api/get-member-info';
import { apiSend } from '@/lib/api-client';

export function logout(): Promise<void> {
  return apiSend<void>('DELETE', '/wps/session/logout');
}

/**
 * Ends the session; this side forgets it even when the call fails (the session may already be gone). A plain
 * hook rather than useMutation: the header is in the start-up bundle and TanStack's mutation code is not.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      // Signed out on this side all the same.
    } finally {
      endClientSession(queryClient);
      setPending(false);
    }
  }, [queryClient]);
  return { signOut, isPending };
}
