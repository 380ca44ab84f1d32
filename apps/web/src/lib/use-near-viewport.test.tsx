import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const [ref, near] = useNearViewport<HTMLDivElement>({ margin: '50%' });
  return <div ref={ref} data-testid="probe" data-near={String(near)} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useNearViewport', () => {
  it('turns true when the element comes within the margin, and stops watching then', () => {
    const observers: Array<{
      callback: IntersectionObserverCallback;
      options?: IntersectionObserverInit;
      disconnected: boolean;
    }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: (typeof observers)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.entry = { callback, options, disconnected: false };
          observers.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    const view = render(<Probe />);
    const probe = view.getByTestId('probe');
    expect(probe.dataset.near).toBe('false');
    expect(observers[0]?.options?.rootMargin).toBe('50%');

    const report = (isIntersecting: boolean) =>
      act(() =>
        observers[0]?.callback(
          [{ isIntersecting, target: probe } as unknown as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
    report(false);
    expect(probe.dataset.near).toBe('false');
    report(true);
    expect(probe.dataset.near).toBe('true');
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const view = render(<Probe />);
    expect(view.getByTestId('probe').dataset.near).toBe('true');
  });
});
