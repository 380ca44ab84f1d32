import { DEFAULT_LANGUAGE } from '@portal/shared/constants';
import { i18n } from '@/i18n';
import { onIdle } from './when-idle';

/**
 * Makes the portal an installable web app once the first screen is in, at an idle moment: links the manifest
 * and registers the app-shell service worker (offline start).
 *
 * The manifest is not in index.html because the browser acts on it at once: desktop Chromium checks that the
 * page is installable and animates an install button into its address bar, re-laying out the toolbar on every
 * frame of the animation, while the page is starting. Linked after the start, the same check and animation come
 * when the page is idle, and the `beforeinstallprompt` listener (main.tsx) is surely in place when it fires.
 *
 * The entry usually starts after the load event (index.html's starter), so this cannot wait for that event.
 */
export function makeInstallable(): void {
  const start = () =>
    onIdle(() => {
      const manifest = document.createElement('link');
      manifest.rel = 'manifest';
      manifest.href = manifestHref(i18n.language);
      document.head.append(manifest);
      // The install dialog and the home screen show the manifest's name, so it follows the language too.
      i18n.on('languageChanged', (language) => {
        manifest.href = manifestHref(language);
      });
      registerServiceWorker();
    });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * The manifest in the player's language, one static file per language (public/). The brand's name is not in it:
 * that is a setting only the server knows, and the manifest must stay a same-origin file (CSP manifest-src 'self').
 */
export function manifestHref(language: string): string {
  return language === DEFAULT_LANGUAGE ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`;
}

/** Only in production builds: in development the service worker would cache stale modules. */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // The portal works without offline support; nothing to tell the player.
  });
}
