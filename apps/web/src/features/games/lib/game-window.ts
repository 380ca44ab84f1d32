import { safeGameUrl } from './game-url';

/**
 * Opens a launched game in a browsing context of its own, for a vendor whose pages refuse to be framed (the launch
 * answer's target 'window'). The answer arrives after an await, so a popup blocker may refuse the new window: the
 * game then takes over this tab, as players on phones expect. Only an address the /game frame would accept is
 * opened; false (nothing opened) for any other.
 */
export function openGameWindow(raw: string): boolean {
  const url = safeGameUrl(raw);
  if (!url) return false;
  // 'noopener' in the features would make window.open answer null even when it opened; the opener is cut by hand.
  const opened = window.open(url, '_blank');
  if (opened) opened.opener = null;
  else window.location.assign(url);
  return true;
}
