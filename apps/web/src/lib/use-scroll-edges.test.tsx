import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useScrollEdges } from './use-scroll-edges';

function Strip() {
  const { ref, edges } = useScrollEdges<HTMLUListElement>();
  return (
    <>
      <ul ref={ref} data-testid="strip">
        <li>one</li>
      </ul>
      <output data-testid="edges">{`${edges.before}/${edges.after}`}</output>
    </>
  );
}

function size(element: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
}

describe('useScrollEdges', () => {
  it('tells which ends of a sideways scroller hide content as it scrolls', () => {
    render(<Strip />);
    const strip = screen.getByTestId('strip');
    expect(screen.getByTestId('edges').textContent).toBe('false/false');

    size(strip, 1250, 1150);
    fireEvent.scroll(strip);
    expect(screen.getByTestId('edges').textContent).toBe('false/true');

    act(() => {
      strip.scrollLeft = 50;
    });
    fireEvent.scroll(strip);
    expect(screen.getByTestId('edges').textContent).toBe('true/true');

    act(() => {
      strip.scrollLeft = 100;
    });
    fireEvent.scroll(strip);
    expect(screen.getByTestId('edges').textContent).toBe('true/false');
  });
});
