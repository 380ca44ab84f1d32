import { PUBLIC_PATH_PREFIXES_WHEN_LOGIN_REQUIRED, PUBLIC_PATHS_WHEN_LOGIN_REQUIRED } from '@portal/shared/constants';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { usePermission } from '@/api/get-permission';
import { hasSessionHint } from '@/lib/session';

export function isPublicPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  const lower = path.toLowerCase();
  return (
    PUBLIC_PATHS_WHEN_LOGIN_REQUIRED.some((publicPath) => publicPath.toLowerCase() === lower) ||
    PUBLIC_PATH_PREFIXES_WHEN_LOGIN_REQUIRED.some((prefix) => lower.startsWith(prefix))
  );
}

/**
 * When the brand requires login for everything (loginedToHomePage), a visitor without a session only
 * reaches the public paths; everything else goes to /login. The readable session hint cookie answers this
 * at once; an expired session loses the hint when the member info call answers 401.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data: permission, isPending } = usePermission();
  const loginRequired = permission?.settings.loginedToHomePage === true;

  // Wait for the brand settings so a protected page never flashes before the redirect.
  if (isPending && !isPublicPath(pathname)) return null;
  if (loginRequired && !hasSessionHint() && !isPublicPath(pathname)) {
    return <Navigate to="/login" replace />;
  }
  return <>{children}</>;
}
