import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { clearSessionHintCookie, memberInfo, setSessionHint } from '@/test/auth-fixtures';
import { fail, renderWithProviders, stubFetch } from '@/test/render';
import { MainLayout } from './main-layout';

const t = (key: string) => i18n.t(key) as string;

const permission = {
  customerService: [],
  resources: [],
  settings: { flags: {}, socialLinks: { facebook: 'https://facebook.com/x', telegram: null }, licences: [] },
};

afterEach(() => {
  clearSessionHintCookie();
  vi.unstubAllGlobals();
});

describe('MainLayout right bar', () => {
  it('ends with the recent-games button for a signed-in member', async () => {
    setSessionHint();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        stubFetch({
          '/wps/system/permission': permission,
          '/wps/member/info': memberInfo(),
          '/wps/relay/GCS_recentGame': { list: [], totalPages: 0 },
        }),
      ),
    );
    renderWithProviders(<MainLayout />);
    const bar = await screen.findByRole('complementary', { name: t('rightBar.label') }, { timeout: 5000 });
    expect(
      await within(bar).findByRole('button', { name: t('games.recentPanel.open') }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('leaves it out for a visitor', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(stubFetch({ '/wps/system/permission': permission, '/wps/member/info': fail(401, 'NOT_LOGGED_IN') })),
    );
    renderWithProviders(<MainLayout />);
    const bar = await screen.findByRole('complementary', { name: t('rightBar.label') }, { timeout: 5000 });
    expect(within(bar).getByRole('link', { name: t('rightBar.facebook') })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: t('games.recentPanel.open') })).toBeNull();
  });
});
