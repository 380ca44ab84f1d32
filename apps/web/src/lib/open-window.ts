import { WINDOW_SIZES } from '@portal/shared/constants';

/** Opens a centred pop-up window, e.g. customer-service chat (440x500). */
export function openPopupWindow(url: string, size: { width: number; height: number } = WINDOW_SIZES.chat): void {
  const left = Math.max(0, Math.round((window.screen.width - size.width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - size.height) / 2));
  // 'noopener' in the feature list would make window.open return null, so the opener is cut by hand.
  const popup = window.open(url, 'portal-popup', `width=${size.width},height=${size.height},left=${left},top=${top}`);
  if (popup) popup.opener = null;
}
