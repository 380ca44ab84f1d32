import type { CustomerServiceLink, PermissionInfo } from '@portal/shared/api';
import { WINDOW_SIZES } from '@portal/shared/constants';
import { appRoutePath, resolveHref } from '@/lib/app-links';
import { openPopupWindow } from '@/lib/open-window';

/** Live chat for everyone now; VIP customer service is for rank level above 4 once members exist. */
export function findCustomerService(
  permission: PermissionInfo | undefined,
  type: 'LIVECHAT' | 'VIP' = 'LIVECHAT',
): CustomerServiceLink | undefined {
  return permission?.customerService.find((link) => link.csType === type && link.path);
}

export function openCustomerService(link: CustomerServiceLink): void {
  openPopupWindow(link.path, WINDOW_SIZES.chat);
}

/** The portal's own help pages: the help centre, and the same content inside the member centre. */
const OWN_HELP_PATHS = ['/help', '/helpmc'];

/**
 * The help section a customer-service link leads to when it is the portal's own help centre ('/help#contact' gives
 * 'contact', '/help' gives ''), else undefined. Such a link opens this same app, so where the app cannot show its
 * pages (maintenance, region block) the caller shows the section itself instead of a window that shows that screen
 * again.
 */
export function ownHelpSection(link: CustomerServiceLink): string | undefined {
  const url = resolveHref(link.path);
  if (!url || !OWN_HELP_PATHS.includes(appRoutePath(url) ?? '')) return undefined;
  return decodeURIComponent(url.hash.replace(/^#/, ''));
}
