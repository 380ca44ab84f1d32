import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerFonts } from './fonts';

class FontFaceStub {
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors,
  ) {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'fonts');
});

describe('registerFonts', () => {
  it('adds both faces as optional, so a font that arrives late never re-lays the page out', () => {
    const added: FontFaceStub[] = [];
    vi.stubGlobal('FontFace', FontFaceStub);
    // jsdom has no document.fonts.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { add: (face: FontFaceStub) => added.push(face) },
    });

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

  it('does nothing in a browser without the Font Loading API', () => {
    vi.stubGlobal('FontFace', undefined);
    expect(() => registerFonts()).not.toThrow();
  });
});
