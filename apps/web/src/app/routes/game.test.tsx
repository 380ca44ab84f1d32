import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderWithProviders, stubFetch } from '@/test/render';
import { GamePage } from './game';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
const href = (url: string, name = 'Lucky Gold') =>
  `/game?url=${encodeURIComponent(url)}&name=${encodeURIComponent(name)}`;

beforeEach(() => vi.stubGlobal('fetch', vi.fn(stubFetch({}))));
afterEach(() => vi.unstubAllGlobals());

describe('Game page', () => {
  it('plays a game of this site in a sandboxed full-height iframe', () => {
    renderWithProviders(<GamePage />, { path: href('/house/slot/?session=s1') });
    expect(screen.getByRole('heading', { name: 'Lucky Gold' })).toBeTruthy();
    const frame = screen.getByTitle(t('gamePage.frameTitle', { name: 'Lucky Gold' })) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/house/slot/?session=s1');
    expect(frame.getAttribute('allow')).toBe('fullscreen');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
  });

  it('plays a vendor game from an https address', () => {
    renderWithProviders(<GamePage />, { path: href('https://games.vendor.example/play?t=1') });
    const frame = screen.getByTitle(t('gamePage.frameTitle', { name: 'Lucky Gold' }));
    expect(frame.getAttribute('src')).toBe('https://games.vendor.example/play?t=1');
  });

  it.each(['javascript:alert(1)', '//evil.example/x', 'http://games.vendor.example/', ''])(
    'refuses to frame %j',
    (url) => {
      renderWithProviders(<GamePage />, { path: href(url) });
      expect(screen.getByTestId('game-url-invalid').textContent).toContain(t('gamePage.invalidTitle'));
      expect(document.querySelector('iframe')).toBeNull();
    },
  );

  it('closes back to where the game was opened from, or home when opened directly', async () => {
    const { router } = renderWithProviders(<GamePage />, { path: href('/house/slot/') });
    fireEvent.click(screen.getByRole('button', { name: t('gamePage.close') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    await router.navigate('/rng?page=2');
    await router.navigate(href('/house/slot/'));
    fireEvent.click(screen.getByRole('button', { name: t('gamePage.close') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'));
    expect(router.state.location.search).toBe('?page=2');
  });
});
