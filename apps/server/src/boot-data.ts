import {
  ANNOUNCEMENT_TYPES,
  BANNER_GROUP_BY_ROUTE,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
} from '@portal/shared/constants';
import type { BootDataSource } from './http/web-app.ts';
import type { CmsService } from './modules/cms/service.ts';
import type { VendorService } from './modules/games/vendors.ts';
import type { SystemService } from './modules/system/service.ts';

/** The cookie the web app sets while the player's chosen language (localStorage 'lang') is in use. */
export const LANGUAGE_COOKIE = 'lang';
const HOME_ALIASES = new Set(['/index', '/index.html', '/home']);

function cookieLanguage(value: string | undefined): Language | null {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : null;
}

/**
 * The answers of the four start-up calls (status, permission, announcements, game types), exactly as the API
 * gives them, so the first screen renders without a round trip to the API.
 */
export function createBootDataSource(system: SystemService, cms: CmsService, vendors: VendorService): BootDataSource {
  return async (request, pathname) => {
    // The app sends the cookie only for a language the player chose; otherwise it shows the brand's default, which
    // the permission answer carries (that answer is reused when the default is the language it was asked in).
    const chosen = cookieLanguage(request.cookies[LANGUAGE_COOKIE]);
    const unchosen = chosen ? null : await system.permission(request.ip, DEFAULT_LANGUAGE);
    const language = chosen ?? unchosen?.settings.defaultLanguage ?? DEFAULT_LANGUAGE;
    const [status, permission, announcements, gameTypes] = await Promise.all([
      system.status(request.ip, language),
      unchosen && language === DEFAULT_LANGUAGE ? unchosen : system.permission(request.ip, language),
      cms.announcements(language, [...ANNOUNCEMENT_TYPES]),
      vendors.gameTypes(),
    ]);
    const group = BANNER_GROUP_BY_ROUTE[HOME_ALIASES.has(pathname) ? '/' : pathname];
    const firstBanner = status.status === 0 ? announcements.banners.find((b) => b.groupName === group) : undefined;
    return {
      language,
      host: request.headers.host ?? '',
      values: { status, permission, announcements, gameTypes },
      firstBanner: firstBanner
        ? {
            url: firstBanner.url,
            headline: firstBanner.headline,
            detail: firstBanner.detail,
            button: firstBanner.button,
          }
        : null,
    };
  };
}
