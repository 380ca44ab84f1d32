import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import bengali from '@fontsource-variable/noto-sans-bengali/files/noto-sans-bengali-bengali-wght-normal.woff2?url';

/**
 * The web fonts: only the subsets the portal needs, Bengali script for BN and Latin for EN and numbers.
 * They are registered once the first screen is in rather than from the start-up CSS: 155 KB of fonts
 * would otherwise share the connection with the code and the banner. Text shows in the system face until
 * then (the same as font-display: swap on a slow link).
 */
const FACES: { family: string; url: string; unicodeRange: string }[] = [
  {
    family: 'Noto Sans Bengali Variable',
    url: bengali,
    unicodeRange:
      'U+0951-0952, U+0964-0965, U+0980-09FE, U+1CD0, U+1CD2, U+1CD5-1CD6, U+1CD8, U+1CE1, U+1CEA, U+1CED, U+1CF2, U+1CF5-1CF7, U+200C-200D, U+20B9, U+25CC, U+A8F1',
  },
  {
    family: 'Inter Variable',
    url: interLatin,
    unicodeRange:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  },
];

let registered = false;

function registerFonts(): void {
  if (registered || typeof FontFace === 'undefined' || !document.fonts) return;
  registered = true;
  for (const face of FACES) {
    // Added faces load on demand, like @font-face rules: only when some text needs them.
    document.fonts.add(
      new FontFace(face.family, `url(${face.url}) format("woff2")`, {
        style: 'normal',
        weight: '100 900',
        display: 'swap',
        unicodeRange: face.unicodeRange,
      }),
    );
  }
}

/** Without an image as the largest paint (or in browsers without the API), this long after the load event. */
const FALLBACK_AFTER_LOAD_MS = 1500;

/**
 * Registers the fonts once the first screen is in: when the largest paint is an image (the banner), or a
 * short while after the load event, whichever comes first.
 */
export function loadFontsAfterFirstScreen(): void {
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    const observer = new PerformanceObserver((list) => {
      if (
        list
          .getEntries()
          .some((entry) => (entry as PerformanceEntry & { element?: Element }).element?.tagName === 'IMG')
      ) {
        observer.disconnect();
        registerFonts();
      }
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  const fallback = () => window.setTimeout(registerFonts, FALLBACK_AFTER_LOAD_MS);
  if (document.readyState === 'complete') fallback();
  else window.addEventListener('load', fallback, { once: true });
}
