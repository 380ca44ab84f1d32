import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n, useLanguage } from '.';

function LanguageProbe() {
  return <output data-testid="language">{useLanguage()}</output>;
}

afterEach(async () => {
  await act(() => changeLanguage('bn'));
});

describe('useLanguage', () => {
  it('gives the active language and follows a change of language', async () => {
    initI18n('bn');
    render(<LanguageProbe />);
    expect(screen.getByTestId('language').textContent).toBe('bn');
    await act(() => changeLanguage('en'));
    expect(screen.getByTestId('language').textContent).toBe('en');
    await act(() => changeLanguage('bn'));
    expect(screen.getByTestId('language').textContent).toBe('bn');
  });

  it('stops listening once its component is gone', () => {
    initI18n('bn');
    const on = vi.spyOn(i18n, 'on');
    const off = vi.spyOn(i18n, 'off');
    const { unmount } = render(<LanguageProbe />);
    const listener = on.mock.calls.find(([event]) => event === 'languageChanged')?.[1];
    expect(listener).toBeTypeOf('function');
    expect(off).not.toHaveBeenCalledWith('languageChanged', listener);
    unmount();
    expect(off).toHaveBeenCalledWith('languageChanged', listener);
    on.mockRestore();
    off.mockRestore();
  });
});
