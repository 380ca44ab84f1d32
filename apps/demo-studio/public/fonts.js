// The self-hosted Bengali font joins once the page has loaded (the font CSS swaps it in): a game's first frame
// paints with the phone's own Bengali font, never waiting for 108 KB on a slow link, and the text then takes the
// studio's font as soon as it arrives (at once from the cache on the next launch).
function addFonts() {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/assets/fonts/bengali.css';
  document.head.append(link);
}
if (document.readyState === 'complete') addFonts();
else window.addEventListener('load', addFonts, { once: true });
