import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadLanguage } from '@/i18n';
import { fakeMatchMedia } from './match-media';

initI18n('bn');
// Tests switch languages synchronously; every language is loaded up front here.
await loadLanguage('en');

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target } as unknown as IntersectionObserverEntry], this as never);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

// Assigned directly (not vi.stubGlobal) so tests that call vi.unstubAllGlobals keep them.
Object.assign(window, { ResizeObserver: ResizeObserverStub, IntersectionObserver: IntersectionObserverStub });
if (typeof window.matchMedia !== 'function') {
  Object.assign(window, { matchMedia: fakeMatchMedia(() => false) });
}

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
