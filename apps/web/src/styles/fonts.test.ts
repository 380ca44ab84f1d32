import { afterEach, describe, expect, it, vi } from 'vitest';
import { BENGALI_WAIT_MS, registerFonts } from './fonts';

class FontFaceStub {
  static loads: Array<() => void> = [];
  loadCalls = 0;
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors,
  ) {}
  load() {
    this.loadCalls += 1;
    return new Promise<this>((resolve) => FontFaceStub.loads.push(() => resolve(this)));
  }
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
  FontFaceStub.loads = [];
  vi.stubGlobal('FontFace', FontFaceStub);
  // jsdom has no document.fonts.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { add: (face: FontFaceStub) => added.push(face) },
  });
  return added;
}

function displays(added: FontFaceStub[]) {
  return added.map((face) => [face.family, face.descriptors.display]);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'fonts');
});

describe('registerFonts', () => {
  it('adds both faces as optional where the system draws Bengali, and holds nothing up', async () => {
    systemBengaliWidths(14.3, 18.5);
    const added = captureAddedFaces();

    await registerFonts('bn');

    expect(displays(added)).toEqual([
      ['Inter Variable', 'optional'],
      ['Noto Sans Bengali Variable', 'optional'],
    ]);
    for (const face of added) expect(face.source).toMatch(/^url\(.+\.woff2\) format\("woff2"\)$/);
    // Each face covers its own script only, so a Bengali page never asks for the Latin file's glyphs and vice versa.
    expect(added[0]?.descriptors.unicodeRange).toContain('U+0000-00FF');
    expect(added[1]?.descriptors.unicodeRange).toContain('U+0980-09FE');
    expect(added.every((face) => face.loadCalls === 0)).toBe(true);
  });

  it('where the system has no Bengali face, swaps it in and has a Bengali page wait for it', async () => {
    systemBengaliWidths(5.8, 5.8);
    const added = captureAddedFaces();
    let ready = false;

    const waiting = registerFonts('bn').then(() => {
      ready = true;
    });
    expect(displays(added)).toEqual([
      ['Inter Variable', 'optional'],
      ['Noto Sans Bengali Variable', 'swap'],
    ]);
    await Promise.resolve();
    expect(ready).toBe(false);

    for (const done of FontFaceStub.loads) done();
    await waiting;
    expect(ready).toBe(true);
  });

  it('waits for a missing Bengali font at most BENGALI_WAIT_MS, and not at all for an English page', async () => {
    vi.useFakeTimers();
    systemBengaliWidths(5.8, 5.8);
    captureAddedFaces();
    let ready = false;
    const waiting = registerFonts('bn').then(() => {
      ready = true;
    });
    await vi.advanceTimersByTimeAsync(BENGALI_WAIT_MS - 1);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(ready).toBe(true);

    const english = captureAddedFaces();
    await registerFonts('en');
    expect(english.every((face) => face.loadCalls === 0)).toBe(true);
  });

  it('does nothing in a browser without the Font Loading API', async () => {
    vi.stubGlobal('FontFace', undefined);
    await expect(registerFonts('bn')).resolves.toBeUndefined();
  });
});
