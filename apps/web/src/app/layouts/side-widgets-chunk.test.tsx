import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { i18n } from '@/i18n';
import { PortalModalsProvider } from '@/lib/portal-modals';
import { clearSessionHintCookie, memberInfo, setSessionHint } from '@/test/auth-fixtures';
import { createTestQueryClient, stubFetch } from '@/test/render';
import { ChunkLoadError } from '../lazy-page';
import { MainLayout } from './main-layout';

const t = (key: string) => i18n.t(key) as string;

// The footer's vendor strip and the recent-games panel fail to arrive, as on a flaky connection or after a
// deployment. (The right bar itself sits in the same boundary as the strip.)
vi.mock('@/features/games/components/vendor-logo-strip', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/vendor-logo-strip.js');
});
vi.mock('@/features/games/components/recent-games-panel', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/recent-games-panel.js');
});

/** An error's message and its causes' (the test runner wraps a failed mocked import in an error of its own). */
function messages(error: unknown): string {
  return error instanceof Error ? `${error.message} ${messages(error.cause)}` : '';
}

afterEach(() => {
  clearSessionHintCookie();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('side widgets whose chunk fails', () => {
  it('are left out while the page, header and footer stay', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    setSessionHint();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        stubFetch({
          '/wps/system/permission': {
            customerService: [],
            resources: [],
            settings: { flags: {}, socialLinks: { facebook: 'https://facebook.com/x', telegram: null }, licences: [] },
          },
          '/wps/member/info': memberInfo(),
        }),
      ),
    );
    const router = createMemoryRouter(
      [{ element: <MainLayout />, children: [{ path: '*', element: <p>the page</p> }] }],
      { initialEntries: ['/'] },
    );
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <PortalModalsProvider>
          <RouterProvider router={router} />
        </PortalModalsProvider>
      </AppProvider>,
    );

    expect(await screen.findByText('the page')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: t('footer.help') })).toBeTruthy();
    // Both chunks were asked for, failed, and were left out.
    await waitFor(() => {
      const failed = reported.mock.calls
        .flat()
        .filter((arg) => arg instanceof ChunkLoadError)
        .map(messages);
      expect(failed.some((message) => message.includes('vendor-logo-strip'))).toBe(true);
      expect(failed.some((message) => message.includes('recent-games-panel'))).toBe(true);
    });
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByTestId('chunk-error')).toBeNull();
    expect(screen.queryByRole('list', { name: t('footer.vendors') })).toBeNull();
    // The right bar keeps its links without the panel's button.
    const bar = screen.getByRole('complementary', { name: t('rightBar.label') });
    expect(within(bar).getByRole('link', { name: t('rightBar.facebook') })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: t('games.recentPanel.open') })).toBeNull();
  });
});
