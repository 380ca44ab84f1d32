import { act, render } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, documentTitle, i18n } from '@/i18n';
import { usePageTitle } from './use-page-title';

function TitledPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  usePageTitle(t(titleKey), 'Lucky Portal');
  return null;
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('bn'));
});

describe('usePageTitle', () => {
  it("shows the screen's title in the active language, and the generic one once the screen is gone", async () => {
    const { unmount } = render(<TitledPage titleKey="pages.login" />);
    expect(document.title).toBe(`${i18n.t('pages.login')} | Lucky Portal`);
    await act(() => changeLanguage('en'));
    expect(document.title).toBe('Log in | Lucky Portal');
    unmount();
    expect(document.title).toBe(documentTitle());
    expect(document.title).toBe('Games, sports and lottery');
  });

  it('comes back after a change of language even where the title reads the same in both', async () => {
    function GamePage() {
      usePageTitle('Lucky Gold');
      return null;
    }
    render(<GamePage />);
    expect(document.title).toBe('Lucky Gold');
    await act(() => changeLanguage('en'));
    expect(document.title).toBe('Lucky Gold');
  });
});
