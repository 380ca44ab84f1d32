import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { Pagination } from './pagination';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

function setup(pageNo: number, totalPages: number, disabled = false) {
  const onChange = vi.fn();
  render(<Pagination pageNo={pageNo} totalPages={totalPages} onChange={onChange} disabled={disabled} />);
  const nav = screen.queryByRole('navigation', { name: t('pagination.label') });
  const button = (key: string) =>
    within(nav!).getByRole('button', { name: t(`pagination.${key}`) }) as HTMLButtonElement;
  return { onChange, nav, button };
}

describe('Pagination', () => {
  it('shows where the player is and moves first, previous, next and last', () => {
    const { onChange, nav, button } = setup(3, 5);
    expect(nav!.textContent).toContain(t('pagination.status', { page: 3, total: 5 }));
    for (const key of ['first', 'previous', 'next', 'last']) expect(button(key).disabled).toBe(false);
    fireEvent.click(button('first'));
    fireEvent.click(button('previous'));
    fireEvent.click(button('next'));
    fireEvent.click(button('last'));
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([1, 2, 4, 5]);
  });

  it('disables first and previous on the first page, next and last on the last', () => {
    const first = setup(1, 4);
    expect(first.button('first').disabled).toBe(true);
    expect(first.button('previous').disabled).toBe(true);
    expect(first.button('next').disabled).toBe(false);
    fireEvent.click(first.button('previous'));
    expect(first.onChange).not.toHaveBeenCalled();
  });

  it('never goes past the last page', () => {
    const { button, nav, onChange } = setup(9, 4);
    // An old link to page 9 of 4 counts as the last page: next is off, previous leads to page 3.
    expect(nav!.textContent).toContain(t('pagination.status', { page: 4, total: 4 }));
    expect(button('next').disabled).toBe(true);
    expect(button('last').disabled).toBe(true);
    fireEvent.click(button('previous'));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('turns every button off while a page loads', () => {
    const { button } = setup(2, 3, true);
    for (const key of ['first', 'previous', 'next', 'last']) expect(button(key).disabled).toBe(true);
  });

  it('renders nothing when everything fits on one page', () => {
    const { nav } = setup(1, 1);
    expect(nav).toBeNull();
  });

  it('names its buttons in English too', async () => {
    await i18n.changeLanguage('en');
    try {
      setup(1, 2);
      expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
      expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('bn');
    }
  });
});
