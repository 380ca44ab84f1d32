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
 * A system without any Bengali face would show boxes for the whole visit instead, so there the Bengali face swaps
 * in when it arrives, as before.
 */
const FACES: {
  family: string;
  url: string;
  unicodeRange: string;
  /** A script some systems have no face for (every system draws Latin). */
  scriptMayBeMissing: boolean;
}[] = [
  {
    family: 'Noto Sans Bengali Variable',
    url: bengali,
    scriptMayBeMissing: true,
    unicodeRange:
      'U+0951-0952, U+0964-0965, U+0980-09FE, U+1CD0, U+1CD2, U+1CD5-1CD6, U+1CD8, U+1CE1, U+1CEA, U+1CED, U+1CF2, U+1CF5-1CF7, U+200C-200D, U+20B9, U+25CC, U+A8F1',
  },
  {
    family: 'Inter Variable',
    url: interLatin,
    scriptMayBeMissing: false,
    unicodeRange:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  },
];

/**
 * Whether the system has a face for Bengali script. Missing letters are all drawn as the same box, so two letters
 * of different widths (অ and আ) measure the same only when there is no such face.
 */
export function systemDrawsBengali(): boolean {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return true;
  context.font = '16px sans-serif';
  return context.measureText('অ').width !== context.measureText('আ').width;
}

export function registerFonts(): void {
  if (typeof FontFace === 'undefined' || !document.fonts) return;
  const display = (face: (typeof FACES)[number]) =>
    face.scriptMayBeMissing && !systemDrawsBengali() ? 'swap' : 'optional';
  for (const face of FACES) {
    // Added faces load on demand, like @font-face rules: only when some text needs them.
    document.fonts.add(
      new FontFace(face.family, `url(${face.url}) format("woff2")`, {
        style: 'normal',
        weight: '100 900',
        display: display(face),
        unicodeRange: face.unicodeRange,
      }),
    );
  }
}
