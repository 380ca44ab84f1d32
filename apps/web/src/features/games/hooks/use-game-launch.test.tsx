import type { LaunchValue } from '@portal/shared/games';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionHintCookie, setSessionHint } from '@/test/auth-fixtures';
import { renderWithProviders } from '@/test/render';
import { callsTo, gameCard, recordFetch } from '../test/games-fixtures';
import { useGameLaunch } from './use-game-launch';

const LAUNCH = '/wps/game/launchGame';
const GAME_URL = 'https://studio.example/play?game=SV388-1&token=abc&lang=bn';

/** A real member's launcher behind one button, with the launch it is waiting for. */
function Player() {
  const launcher = useGameLaunch({ memberType: 0, sessionPending: false });
  const game = gameCard({ nodeId: 'SV388-1', vassalage: 'SV388', gameName: 'Cockfight' });
  return (
    <>
      <button type="button" onClick={() => launcher.play(game, 'real')}>
        play
      </button>
      <output data-testid="pending">{launcher.pending?.nodeId ?? ''}</output>
    </>
  );
}

/** Renders the player with a launch answer that waits until `answer()` is called. */
function renderPlayer(value: Partial<LaunchValue>) {
  setSessionHint();
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const calls = recordFetch({
    [LAUNCH]: async () => {
      await answered;
      return { url: GAME_URL, mode: 'real', nodeId: 'SV388-1', gameName: 'Cockfight', ...value };
    },
  });
  const view = renderWithProviders(<Player />, { path: '/live' });
  return { ...view, calls, answer };
}

/** Presses play and lets the launch answer once it is seen pending. */
async function launch(view: ReturnType<typeof renderPlayer>) {
  fireEvent.click(screen.getByRole('button', { name: 'play' }));
  await waitFor(() => expect(screen.getByTestId('pending').textContent).toBe('SV388-1'));
  view.answer();
  await waitFor(() => expect(screen.getByTestId('pending').textContent).toBe(''));
  expect(callsTo(view.calls, 'GET', LAUNCH)).toHaveLength(1);
}

/** Watches this tab's navigation away from the portal. */
function watchAssign() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
  return assign;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearSessionHintCookie();
});

describe('useGameLaunch: where a launched game opens', () => {
  it("opens a 'window' vendor's game in a new browsing context cut from the portal, and stays on the page", async () => {
    const opened = { opener: window as unknown } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(opened);
    const assign = watchAssign();
    const view = renderPlayer({ target: 'window' });
    await launch(view);
    await waitFor(() => expect(open).toHaveBeenCalledWith(GAME_URL, '_blank'));
    expect(opened.opener).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(view.router.state.location.pathname).toBe('/live');
  });

  it('takes over this tab with the game when the new window is blocked', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = watchAssign();
    const view = renderPlayer({ target: 'window' });
    await launch(view);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GAME_URL));
    expect(open).toHaveBeenCalledTimes(1);
    expect(view.router.state.location.pathname).toBe('/live');
  });

  it("opens a 'frame' vendor's game on the portal's game page", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = watchAssign();
    const view = renderPlayer({ target: 'frame' });
    await launch(view);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/game'));
    const params = new URLSearchParams(view.router.state.location.search);
    expect(params.get('url')).toBe(GAME_URL);
    expect(params.get('name')).toBe('Cockfight');
    expect(open).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('never opens an address the game page would refuse: the game page says it is invalid instead', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = watchAssign();
    const view = renderPlayer({ target: 'window', url: 'javascript:alert(1)' });
    await launch(view);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/game'));
    expect(new URLSearchParams(view.router.state.location.search).get('url')).toBe('javascript:alert(1)');
    expect(open).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });
});
