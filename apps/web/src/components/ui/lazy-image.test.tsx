import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ERROR_IMAGE, LazyImage } from './lazy-image';

afterEach(() => {
  vi.useRealTimers();
});

describe('LazyImage', () => {
  it('asks for a failed image again three times, then shows the error image with a translated note in its text', async () => {
    vi.useFakeTimers();
    renderWithProviders(<LazyImage src="/vendors/pg.svg" alt="PG Soft" width={160} height={60} />);
    const image = () => screen.getByRole('img');
    // jsdom has no IntersectionObserver, so the image loads at once.
    expect(image().getAttribute('src')).toBe('/vendors/pg.svg');

    fireEvent.error(image());
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(image().getAttribute('src')).toBe('/vendors/pg.svg?retry=1');
    fireEvent.error(image());
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(image().getAttribute('src')).toBe('/vendors/pg.svg?retry=2');
    fireEvent.error(image());
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(image().getAttribute('src')).toBe('/vendors/pg.svg?retry=3');
    fireEvent.error(image());

    expect(image().getAttribute('src')).toBe(ERROR_IMAGE);
    expect(image().getAttribute('alt')).toBe('PG Soft (ছবি লোড করা যায়নি)');
    expect(image().className).toBe('lazy-image is-failed');
    // The reserved box stays the same, so nothing around it moves.
    expect(image().getAttribute('width')).toBe('160');
    expect(image().style.aspectRatio).toBe('160 / 60');
  });

  it('starts a fresh set of attempts when the address changes', async () => {
    vi.useFakeTimers();
    const { container, rerender } = renderWithProviders(<LazyImage src="/a.svg" alt="" width={10} height={10} />);
    const img = () => container.querySelector('img') as HTMLImageElement;
    for (const wait of [300, 600, 900, 0]) {
      fireEvent.error(img());
      await act(() => vi.advanceTimersByTimeAsync(wait));
    }
    expect(img().getAttribute('src')).toBe(ERROR_IMAGE);
    rerender(<LazyImage src="/b.svg" alt="" width={10} height={10} />);
    expect(img().getAttribute('src')).toBe('/b.svg');
  });
});
