import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCarousel } from './use-carousel';

function Strip({ ready }: { ready: boolean }) {
  const [ref, api] = useCarousel({ loop: false }, [], ready);
  return (
    <div ref={ref} data-testid="viewport" data-api={api ? 'yes' : 'no'}>
      <div>
        <span>slide 1</span>
        <span>slide 2</span>
      </div>
    </div>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useCarousel', () => {
  it('creates the carousel, which reads the layout of its slides, only once it is ready', () => {
    const layoutReads = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get');
    const view = render(<Strip ready={false} />);
    expect(view.getByTestId('viewport').dataset.api).toBe('no');
    expect(layoutReads).not.toHaveBeenCalled();

    view.rerender(<Strip ready />);
    expect(view.getByTestId('viewport').dataset.api).toBe('yes');
    expect(layoutReads).toHaveBeenCalled();
  });
});
