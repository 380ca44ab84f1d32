import { DEFAULT_LANGUAGE } from '@portal/shared/constants';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { getMemberInfoQueryOptions } from '@/api/get-member-info';
import { getPermissionQueryOptions } from '@/api/get-permission';
import { App } from './app/app';
import { createQueryClient } from './app/provider';
import { preloadRouteCode } from './app/router';
import { getAnnouncementsQueryOptions } from './features/announcements/api/get-announcements';
import { preloadFirstBanner } from './features/announcements/lib/banner-group';
import { getGameTypesQueryOptions } from './features/games/api/get-game-types';
import { getStatusQueryOptions } from './features/system/api/get-status';
import { followBrandLanguages } from './features/system/lib/brand-languages';
import { initI18n, isLanguage, loadLanguage, pickLanguage } from './i18n';
import { readBootData } from './lib/boot-data';
import { captureInstallPrompt } from './lib/install-prompt';
import { makeInstallable } from './lib/installable';
import { hasSessionHint } from './lib/session';
import { registerFonts } from './styles/fonts';
import './styles/index.css';

// The brand's languages come with the start-up answers the server embeds (see below), so the language (the
// player's own choice while the brand offers it, else the brand's default) is settled before anything renders.
// Without them the app starts in the player's choice or BN and follows the brand once its answer arrives.
const boot = readBootData();
const bootBrand = boot?.host === window.location.host ? boot.values.permission?.settings : undefined;
const i18n = initI18n(pickLanguage(bootBrand));
captureInstallPrompt();
makeInstallable();

// Everything the first screen needs is ready now or starts now, in parallel: the server embeds the answers of
// the start-up calls in the page for the player's chosen language (its cookie) or else the brand's; whatever is
// missing (another language, a page served without them) is fetched. The hooks use the same query options, so
// they pick these answers up.
const queryClient = createQueryClient();
const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
const fonts = registerFonts(language);
const embedded = boot && boot.language === language && boot.host === window.location.host ? boot.values : {};

const statusOptions = getStatusQueryOptions(language);
const permissionOptions = getPermissionQueryOptions(language);
const announcementsOptions = getAnnouncementsQueryOptions(language);
const gameTypesOptions = getGameTypesQueryOptions(language);
if (embedded.status) queryClient.setQueryData(statusOptions.queryKey, embedded.status);
if (embedded.permission) queryClient.setQueryData(permissionOptions.queryKey, embedded.permission);
if (embedded.announcements) queryClient.setQueryData(announcementsOptions.queryKey, embedded.announcements);
if (embedded.gameTypes) queryClient.setQueryData(gameTypesOptions.queryKey, embedded.gameTypes);
if (!bootBrand) followBrandLanguages(queryClient);

// Fresh answers (the embedded ones) are not fetched again: every one of these queries has a stale time.
void queryClient.prefetchQuery(statusOptions);
void queryClient.prefetchQuery(permissionOptions);
void queryClient.prefetchQuery(gameTypesOptions);
// A returning member: who they are is asked at once, beside the start-up calls, not after the header mounts.
if (hasSessionHint()) void queryClient.prefetchQuery(getMemberInfoQueryOptions());
queryClient
  .fetchQuery(announcementsOptions)
  .then((announcements) => preloadFirstBanner(announcements, window.location.pathname))
  .catch(() => {
    // The hooks show the error and retry.
  });
const routeCode = preloadRouteCode(window.location.pathname);

// The boot shell is already painted; a player who chose English waits for its strings rather than seeing Bengali
// flash first. Without them (offline) the app still starts, in Bengali. The screen's code is waited for too, so the
// first render shows the page and not its skeleton, and on a system without Bengali letters, the Bengali font.
void Promise.all([loadLanguage(language).catch(() => {}), routeCode, fonts]).then(render);

function render() {
  const root = document.getElementById('root');
  if (!root) return;
  // A transition lets React render the first screen in slices instead of one long task.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
