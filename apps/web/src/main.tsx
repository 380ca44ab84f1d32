import { DEFAULT_LANGUAGE } from '@portal/shared/constants';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/provider';
import { preloadRouteCode } from './app/router';
import { getAnnouncementsQueryOptions } from './features/announcements/api/get-announcements';
import { preloadFirstBanner } from './features/announcements/lib/banner-group';
import { getGameTypesQueryOptions } from './features/games/api/get-game-types';
import { getPermissionQueryOptions } from './features/system/api/get-permission';
import { getStatusQueryOptions } from './features/system/api/get-status';
import { initI18n, isLanguage } from './i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/register-service-worker';
import { loadFontsAfterFirstScreen } from './styles/fonts';
import './styles/index.css';

const i18n = initI18n();
captureInstallPrompt();
registerServiceWorker();
loadFontsAfterFirstScreen();

// Everything the first screen needs starts now and in parallel: the status gate's calls, the calls of the
// header and the home page, and the code of the current screen. The hooks use the same query options, so
// they pick these requests up instead of sending their own.
const queryClient = createQueryClient();
const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
void queryClient.prefetchQuery(getStatusQueryOptions(language));
void queryClient.prefetchQuery(getPermissionQueryOptions(language));
queryClient
  .fetchQuery(getAnnouncementsQueryOptions(language))
  .then((announcements) => preloadFirstBanner(announcements, window.location.pathname))
  .catch(() => {
    // The hooks show the error and retry.
  });
void queryClient.prefetchQuery(getGameTypesQueryOptions(language));
preloadRouteCode(window.location.pathname);

const root = document.getElementById('root');
if (root) {
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
