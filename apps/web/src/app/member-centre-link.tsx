import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePortalModals } from '@/lib/portal-modals';

/** The search parameter that opens the member centre on one of its pages: `/?memberCentre=depositv2`. */
export const MEMBER_CENTRE_PARAM = 'memberCentre';

/**
 * Links into the member centre, which is a dialog rather than a route: an address carrying `?memberCentre=<page>`
 * (a banner's, a notice's, a shared link) opens it on that page, and the address loses the parameter, so going back
 * or reloading does not open it again. A visitor is asked to sign in first (the modal host's rule).
 */
export function MemberCentreLink() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { open } = usePortalModals();

  useEffect(() => {
    const params = new URLSearchParams(search);
    const page = params.get(MEMBER_CENTRE_PARAM);
    if (page === null) return;
    params.delete(MEMBER_CENTRE_PARAM);
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
    open({ name: 'memberCentre', page: page || undefined });
  }, [pathname, search, hash, navigate, open]);

  return null;
}
