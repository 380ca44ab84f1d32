import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerFonts } from './fonts';

class FontFaceStub {
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors,
  ) {}
}

/** A canvas whose sans-serif face measures the two Bengali letters as given (jsdom draws nothing). */
function systemBengaliWidths(a: number, aa: number) {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    font: '',
    measureText: (text: string) => ({ width: text === 'অ' ? a : aa }),
  } as unknown as CanvasRenderingContext2D);
}

function captureAddedFaces(): FontFaceStub[] {
  const added: FontFaceStub[] = [];
  vi.stubGlobal('FontFace', FontFaceStub);
  // jsdom has no document.fonts.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { add: (face: FontFaceStub) => added.push(face) },
  });
  return added;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'fonts');
});

describe('registerFonts', () => {
  it('adds both faces as optional, so a font that arrives late never re-lays the page out', () => {
    systemBengaliWidths(14.3, 18.5);
    const added = captureAddedFaces();

    registerFonts();

    expect(added.map((face) => face.family)).toEqual(['Noto Sans Bengali Variable', 'Inter Variable']);
    for (const face of added) {
      expect(face.descriptors.display).toBe('optional');
      expect(face.source).toMatch(/^url\(.+\.woff2\) format\("woff2"\)$/);
    }
    // Each face covers its own script only, so a Bengali page never asks for the Latin file's glyphs and vice versa.
    expect(added[0]?.descriptors.unicodeRange).toContain('U+0980-09FE');
    expect(added[1]?.descriptors.unicodeRange).toContain('U+0000-00FF');
  });

  it('swaps the Bengali face in when the system has none, rather than leave boxes for the whole visit', () => {
    systemBengaliWidths(5.8, 5.8);
    const added = captureAddedFaces();

    registerFonts();

    expect(added.map((face) => [face.family, face.descriptors.display])).toEqual([
      ['Noto Sans Bengali Variable', 'swap'],
      ['Inter Variable', 'optional'],
    ]);
  });

  it('does nothing in a browser without the Font Loading API', () => {
    vi.stubGlobal('FontFace', undefined);
    expect(() => registerFonts()).not.toThrow();
  });
});
