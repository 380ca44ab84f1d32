import type { CustomerServiceLink, PermissionInfo } from '@portal/shared/api';
import { WINDOW_SIZES } from '@portal/shared/constants';
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
