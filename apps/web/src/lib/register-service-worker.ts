import { onIdle } from './when-idle';

/**
 * Registers the app-shell service worker (what makes the portal installable and work offline) once the first
 * screen is in, at an idle moment. The entry usually starts after the load event (index.html's starter), so it
 * cannot wait for that event. Only in production builds: in development it would cache stale modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    onIdle(() => {
      navigator.serviceWorker.register('/sw.js').catch(() => {
        // The portal works without offline support; nothing to tell the player.
      });
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
