import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferEntry } from '../../vite-plugins/code-after-load';
import { startAfterLoad } from './start-after-load';

const ENTRY = '/assets/index-abc.js';
const PRELOADS = ['/assets/react-1.js', '/assets/i18n-2.js'];

function requested() {
  return {
    scripts: [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) =>
      s.getAttribute('src'),
    ),
    preloads: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
      l.getAttribute('href'),
    ),
  };
}

describe('startAfterLoad', () => {
  let readyState: DocumentReadyState;

  beforeEach(() => {
    vi.useFakeTimers();
    readyState = 'interactive';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      setTimeout(() => callback(performance.now()), 16);
      return 1;
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.head.innerHTML = '';
  });

  it('asks for the code only after the page has loaded and painted, and only once', () => {
    startAfterLoad(ENTRY, PRELOADS, 1500);
    vi.advanceTimersByTime(100);
    expect(requested()).toEqual({ scripts: [], preloads: [] });

    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(20);
    expect(requested()).toEqual({ scripts: [ENTRY], preloads: PRELOADS });

    vi.advanceTimersByTime(2000);
    expect(requested().scripts).toHaveLength(1);
  });

  it('does not wait for a load that already happened', () => {
    readyState = 'complete';
    startAfterLoad(ENTRY, PRELOADS, 1500);
    vi.advanceTimersByTime(20);
    expect(requested().scripts).toEqual([ENTRY]);
  });

  it('asks for the code anyway when the page takes longer than the limit to load', () => {
    startAfterLoad(ENTRY, PRELOADS, 1500);
    vi.advanceTimersByTime(1499);
    expect(requested().scripts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(requested()).toEqual({ scripts: [ENTRY], preloads: PRELOADS });
  });
});

describe('deferEntry (the build step that puts the starter in index.html)', () => {
  const built = `<!doctype html><html><head><script>theme()</script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/i18n-2.js">
  </head><body><div id="root"></div></body></html>`;

  /** The inline starter's code: the last script of the page. */
  const starterOf = (html: string) => html.match(/<script>(\(function[\s\S]*?)<\/script><\/body>/)?.[1] ?? '';

  it('replaces the entry script and its modulepreloads with one inline starter naming them', () => {
    const html = deferEntry(built);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<script>theme()</script>');
    expect(starterOf(html)).toContain(`("/assets/index-abc.js",["/assets/react-1.js","/assets/i18n-2.js"],1500)`);
  });

  it('gives a starter that runs on its own, with no module around it', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    try {
      new Function(starterOf(deferEntry(built)))();
      vi.advanceTimersByTime(1500);
      expect(requested()).toEqual({
        scripts: ['/assets/index-abc.js'],
        preloads: ['/assets/react-1.js', '/assets/i18n-2.js'],
      });
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
      document.head.innerHTML = '';
    }
  });

  it('refuses a page without an entry script rather than ship one that never starts', () => {
    expect(() => deferEntry('<html><body></body></html>')).toThrow(/no module entry script/);
  });
});
