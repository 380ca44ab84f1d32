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
      manifest.href = '/manifest.webmanifest';
      document.head.append(manifest);
      registerServiceWorker();
    });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Only in production builds: in development the service worker would cache stale modules. */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // The portal works without offline support; nothing to tell the player.
  });
}
