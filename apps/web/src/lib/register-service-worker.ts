/** The service worker only runs in production builds: in development it would cache stale modules. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // The portal works without offline support; nothing to tell the player.
    });
  });
}
