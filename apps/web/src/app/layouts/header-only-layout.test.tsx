import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameTypes } from '@/features/games/test/games-fixtures';
import { i18n } from '@/i18n';
import { DESKTOP_MEDIA_QUERY } from '@/lib/breakpoints';
import { fakeMatchMedia } from '@/test/match-media';
import { createTestQueryClient, stubFetch } from '@/test/render';
import { AppProvider } from '../provider';
import { routes } from '../router';

const t = (key: string) => i18n.t(key) as string;

/** A desktop browser: the header's navigation is rendered only there. */
function desktop() {
  vi.stubGlobal(
    'matchMedia',
    fakeMatchMedia((query) => query === DESKTOP_MEDIA_QUERY),
  );
}

function renderAt(path: string) {
  desktop();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        '/wps/system/permission': { customerService: [], resources: [], settings: { flags: {}, licences: [] } },
        '/wps/relay/GCSGAME_getVassGameType': gameTypes(),
      }),
    ),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('header-only layout', () => {
  it.each(['/seamless', '/lottery'])('keeps the header but hides the navigation on %s', async (path) => {
    renderAt(path);
    // The navigation would render with the header, in the same commit.
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('group', { name: t('header.language') })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: t('nav.mainNav') })).toBeNull();
    expect(screen.queryByRole('navigation', { name: t('nav.tabBar') })).toBeNull();
  });

  it.each(['/vnlottery', '/fbsports'])('shows the navigation on %s', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('navigation', { name: t('nav.mainNav') })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: t('nav.tabBar') })).toBeTruthy();
  });
});
