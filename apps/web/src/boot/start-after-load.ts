/**
 * Runs inline at the end of index.html (the build puts it there in place of Vite's module script and
 * modulepreloads, see vite-plugins/code-after-load.ts), so it must stay self-contained: no imports, no
 * closures over module scope.
 *
 * The first screen is the boot shell and the server's first banner, which need no code. The code is asked for
 * once the page has loaded (its HTML, inlined styles and that banner) and painted:
 * - on a phone's link the banner and 130 KB of code would share the bandwidth; one after the other, the code
 *   finishes at about the same time and the banner shows sooner;
 * - until the load event the browser draws a frame at every refresh (seen in Chromium's traces, even with
 *   nothing on the page changing), on the same cores that would be starting the app.
 * When loading takes longer than `waitAtMostMs` (a slow banner), the code is asked for anyway.
 */
export function startAfterLoad(entry: string, preloads: string[], waitAtMostMs: number): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // The load event can come before the paint that shows the banner; the frame after it has it on screen.
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  // Also the way out of a tab opened in the background, where no frame is drawn and timers still run.
  setTimeout(start, waitAtMostMs);
  if (document.readyState === 'complete') afterNextPaint();
  else window.addEventListener('load', afterNextPaint, { once: true });
}
