import type { AgentCentrePage } from '@portal/shared/agents';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/**
 * The header's modals (spec section 2): login popup, registration, forgot password, change password, the
 * member centre and the agent centre. One React context holds which one is open, so any screen can open one (the login form's
 * "register" link, the security centre's "change password" button) without importing the screen that shows
 * it; the app's modal host renders the open one from a lazily loaded chunk. Context rather than a search
 * parameter, because some options must never reach the address bar (whether the old password is known).
 * Only one of these is open at a time: opening another replaces it.
 */
export type PortalModal =
  | {
      name: 'login';
      /** Carried over from the header's compact form: the popup signs in with them at once and handles what
       * follows (a captcha demand, a second factor, a forced change, an error). */
      username?: string;
      password?: string;
    }
  | { name: 'register' }
  | { name: 'forget' }
  | {
      name: 'changePassword';
      /** The server demands a new password before anything else (first login, expired, 123456). */
      forced?: boolean;
      /** The password was just sent at login, so the old-password field is hidden and not sent. */
      knownPassword?: boolean;
      /** Opened from the member centre: closing it goes back there. */
      fromMemberCentre?: boolean;
    }
  | { name: 'memberCentre'; page?: string }
  /** Agents only (types 1, 2, 41, 42); the body says so to anyone else. */
  | { name: 'agentCentre'; page?: AgentCentrePage };

export type PortalModalName = PortalModal['name'];

interface PortalModalsApi {
  current: PortalModal | null;
  open: (modal: PortalModal) => void;
  close: () => void;
}

const PortalModalsContext = createContext<PortalModalsApi | null>(null);

export function PortalModalsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<PortalModal | null>(null);
  const open = useCallback((modal: PortalModal) => setCurrent(modal), []);
  const close = useCallback(() => setCurrent(null), []);
  const api = useMemo(() => ({ current, open, close }), [current, open, close]);
  return <PortalModalsContext.Provider value={api}>{children}</PortalModalsContext.Provider>;
}

export function usePortalModals(): PortalModalsApi {
  const api = useContext(PortalModalsContext);
  if (!api) throw new Error('usePortalModals must be used inside PortalModalsProvider');
  return api;
}
