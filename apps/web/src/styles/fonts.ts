import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import bengali from '@fontsource-variable/noto-sans-bengali/files/noto-sans-bengali-bengali-wght-normal.woff2?url';

/**
 * The web fonts: only the subsets the portal needs, Bengali script for BN and Latin for EN and numbers.
 *
 * They are registered before the first render with `font-display: optional`: a font that is not there within the
 * browser's short block period (about 100 ms) is not used on this page at all, so text never changes face and the
 * whole page is never laid out a second time when a font arrives. A first visit downloads them while it runs on
 * the system faces (on the market's phones, Noto Sans Bengali and Roboto); later visits have them in the cache and
 * use them from the first paint.
 *
 * A system with no Bengali face at all would show boxes for the whole visit instead. There the Bengali face swaps
 * in, and a Bengali page waits for it (at most `BENGALI_WAIT_MS`) before its first render, with the boot shell on
 * screen, so the player never sees the boxes.
 */
const BENGALI = {
  family: 'Noto Sans Bengali Variable',
  url: bengali,
  unicodeRange:
    'U+0951-0952, U+0964-0965, U+0980-09FE, U+1CD0, U+1CD2, U+1CD5-1CD6, U+1CD8, U+1CE1, U+1CEA, U+1CED, U+1CF2, U+1CF5-1CF7, U+200C-200D, U+20B9, U+25CC, U+A8F1',
};
const LATIN = {
  family: 'Inter Variable',
  url: interLatin,
  unicodeRange:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
};

export const BENGALI_WAIT_MS = 1500;

/**
 * Whether the system has a face for Bengali script. Missing letters are all drawn as the same box, so two letters
 * of different widths (অ and আ) measure the same only when there is no such face.
 */
function systemDrawsBengali(): boolean {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return true;
  context.font = '16px sans-serif';
  return context.measureText('অ').width !== context.measureText('আ').width;
}

function addFace(face: typeof BENGALI, display: FontDisplay): FontFace {
  // Added faces load on demand, like @font-face rules: only when some text needs them.
  const fontFace = new FontFace(face.family, `url(${face.url}) format("woff2")`, {
    style: 'normal',
    weight: '100 900',
    display,
    unicodeRange: face.unicodeRange,
  });
  document.fonts.add(fontFace);
  return fontFace;
}

/** Registers the faces; resolves when a page in `language` can render its first screen (see above). */
export function registerFonts(language: string): Promise<void> {
  if (typeof FontFace === 'undefined' || !document.fonts) return Promise.resolve();
  addFace(LATIN, 'optional');
  if (systemDrawsBengali()) {
    addFace(BENGALI, 'optional');
    return Promise.resolve();
  }
  const face = addFace(BENGALI, 'swap');
  if (language !== 'bn') return Promise.resolve();
  const loaded = face.load().then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loaded, new Promise<void>((resolve) => window.setTimeout(resolve, BENGALI_WAIT_MS))]);
}
