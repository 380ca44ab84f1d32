import {
  ANNOUNCEMENT_TYPES,
  BANNER_GROUP_BY_ROUTE,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
} from '@portal/shared/constants';
import type { CmsService } from '../modules/cms/service.ts';
import type { SystemService } from '../modules/system/service.ts';
import type { VendorService } from '../modules/vendors/service.ts';
import type { BootDataSource } from './web-app.ts';

/** The cookie the web app keeps in step with the player's chosen language (localStorage 'lang'). */
export const LANGUAGE_COOKIE = 'lang';
const HOME_ALIASES = new Set(['/index', '/index.html', '/home']);

function cookieLanguage(value: string | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

/**
 * The answers of the four start-up calls (status, permission, announcements, game types), exactly as the API
 * gives them, so the first screen renders without a round trip to the API.
 */
export function createBootDataSource(system: SystemService, cms: CmsService, vendors: VendorService): BootDataSource {
  return async (request, pathname) => {
    const language = cookieLanguage(request.cookies[LANGUAGE_COOKIE]);
    const [status, permission, announcements, gameTypes] = await Promise.all([
      system.status(request.ip, language),
      system.permission(request.ip, language),
      cms.announcements(language, [...ANNOUNCEMENT_TYPES]),
      vendors.gameTypes(),
    ]);
    const group = BANNER_GROUP_BY_ROUTE[HOME_ALIASES.has(pathname) ? '/' : pathname];
    const firstBanner = status.status === 0 ? announcements.banners.find((b) => b.groupName === group) : undefined;
    return {
      language,
      host: request.headers.host ?? '',
      values: { status, permission, announcements, gameTypes },
      firstBannerUrl: firstBanner?.url ?? null,
    };
  };
}
