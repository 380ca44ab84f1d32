import type { Announcements, GameTypeItem, PermissionInfo, SystemStatus } from '@portal/shared/api';

/** The start-up answers the server embeds in the page (see the server's http/boot-data.ts). */
export interface BootData {
  language: string;
  host: string;
  values: {
    status?: SystemStatus;
    permission?: PermissionInfo;
    announcements?: Announcements;
    gameTypes?: GameTypeItem[];
  };
}

export function readBootData(): BootData | null {
  const text = document.getElementById('boot-data')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}
