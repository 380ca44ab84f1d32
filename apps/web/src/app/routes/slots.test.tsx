import type { MemberInfo } from '@portal/shared/auth';
import type { GameListValue } from '@portal/shared/games';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  gameCard,
  gameTypes,
  lastQuery,
  type RecordedCall,
  recordFetch,
} from '@/features/games/test/games-fixtures';
import { i18n } from '@/i18n';
import { clearSessionHintCookie, memberInfo, setSessionHint } from '@/test/auth-fixtures';
import { fail, ModalProbe, renderWithProviders, type StubRequest } from '@/test/render';
import { SlotsPage } from './slots';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
const LIST = '/wps/relay/GCSGAME_gameList';
const LAUNCH = '/wps/game/launchGame';
const FAVOURITES = '/wps/relay/MCSFE_getFavoriteGames';
const HOT = '/wps/relay/GCSGAME_hotGamesV2';
const RECENT = '/wps/relay/GCS_recentGame';

/** Three pages of games; each answer follows the page and vendor asked for. */
function gameList({ url }: StubRequest): GameListValue {
  const pageNo = Number(url.searchParams.get('pageNo'));
  const vendor = url.searchParams.get('vassalage') ?? 'PG';
  return {
    games: [1, 2].map((index) =>
      gameCard({ nodeId: `${vendor}-${pageNo}-${index}`, gameName: `Game ${pageNo}-${index}`, vassalage: vendor }),
    ),
    pageNo,
    totalPages: 3,
    total: 33,
  };
}

function renderSlots({
  path = '/rng',
  member = null,
  routes = {},
}: {
  path?: string;
  member?: MemberInfo | null;
  routes?: Record<string, unknown>;
} = {}) {
  if (member) setSessionHint();
  const calls = recordFetch({
    '/wps/relay/GCSGAME_getVassGameType': gameTypes(),
    [HOT]: [],
    [LIST]: gameList,
    '/wps/member/info': member ?? fail(401, 'NOT_LOGGED_IN'),
    [FAVOURITES]: { nodeIds: [] },
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <SlotsPage />
      <ModalProbe />
    </>,
    { path },
  );
  return { ...view, calls };
}

const grid = () => screen.getByRole('list', { name: t('games.grid') });
const pager = () => screen.getByRole('navigation', { name: t('pagination.label') });
const pageButton = (key: string) => within(pager()).getByRole('button', { name: t(`pagination.${key}`) });
const playButton = (name: string) => screen.getByRole('button', { name: t('games.tile.playName', { name }) });
const launches = (calls: RecordedCall[]) => callsTo(calls, 'GET', LAUNCH);

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionHintCookie();
});

describe('Slots page', () => {
  it('shows the tiles of the list call and pages through them', async () => {
    const { calls, router } = renderSlots();
    await screen.findByText('Game 1-1');
    expect(within(grid()).getAllByRole('listitem')).toHaveLength(2);
    expect(lastQuery(calls, LIST)).toEqual({ gameType: 'RNG', pageNo: '1', pageSize: '15', language: 'bn' });
    expect(pager().textContent).toContain(t('pagination.status', { page: 1, total: 3 }));

    fireEvent.click(pageButton('next'));
    await screen.findByText('Game 2-1');
    expect(lastQuery(calls, LIST).pageNo).toBe('2');
    expect(router.state.location.search).toBe('?page=2');

    fireEvent.click(pageButton('last'));
    await screen.findByText('Game 3-1');
    expect(lastQuery(calls, LIST).pageNo).toBe('3');
    expect((pageButton('next') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(pageButton('first'));
    await screen.findByText('Game 1-1');
    expect(router.state.location.search).toBe('');
  });

  it('takes the vendor and the page from the address, and a vendor tab starts on page 1', async () => {
    const { calls, router } = renderSlots({ path: '/rng?vassalage=JILI&page=2' });
    await screen.findByText('Game 2-1');
    expect(lastQuery(calls, LIST)).toMatchObject({ vassalage: 'JILI', pageNo: '2' });
    const vendors = screen.getByRole('tablist', { name: t('games.vendors') });
    expect(within(vendors).getByRole('tab', { name: 'JILI Games' }).getAttribute('aria-selected')).toBe('true');
    // Two vendors: no arrows for the strip.
    expect(screen.queryByRole('button', { name: t('games.scrollForward') })).toBeNull();

    fireEvent.click(within(vendors).getByRole('tab', { name: 'PG Games' }));
    await waitFor(() => expect(lastQuery(calls, LIST)).toMatchObject({ vassalage: 'PG', pageNo: '1' }));
    expect(router.state.location.search).toBe('?vassalage=PG');
    fireEvent.click(within(vendors).getByRole('tab', { name: t('games.allVendors') }));
    await waitFor(() => expect(lastQuery(calls, LIST).vassalage).toBeUndefined());
  });

  it('scrolls the vendor strip with arrows only when there are more than seven vendors', async () => {
    renderSlots({
      routes: {
        '/wps/relay/GCSGAME_getVassGameType': gameTypes(['V1', 'V2', 'V3', 'V4', 'V5', 'V6', 'V7', 'V8']),
      },
    });
    await screen.findByRole('tab', { name: 'V8 Games' });
    expect(screen.getByRole('button', { name: t('games.scrollBack') })).toBeTruthy();
    expect(screen.getByRole('button', { name: t('games.scrollForward') })).toBeTruthy();
  });

  it('filters the paged list and clears the filters and the page when the list type changes', async () => {
    const { calls, router } = renderSlots({
      path: '/rng?page=2',
      routes: { [HOT]: [gameCard({ nodeId: 'h1', gameName: 'Hot Fortune', isHot: 1 })] },
    });
    await screen.findByText('Game 2-1');
    fireEvent.change(screen.getByLabelText(t('games.filters.name')), { target: { value: ' lucky ' } });
    await waitFor(() => expect(lastQuery(calls, LIST)).toMatchObject({ gameName: 'lucky', pageNo: '1' }));
    expect(router.state.location.search).toBe('');
    // The same text again (spaces aside) asks for nothing new.
    const listCalls = callsTo(calls, 'GET', LIST).length;
    fireEvent.change(screen.getByLabelText(t('games.filters.name')), { target: { value: 'lucky' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo(calls, 'GET', LIST)).toHaveLength(listCalls);

    fireEvent.change(screen.getByLabelText(t('games.filters.minBet')), { target: { value: '0.5' } });
    fireEvent.change(screen.getByLabelText(t('games.filters.classify')), { target: { value: 'VP' } });
    await waitFor(() =>
      expect(lastQuery(calls, LIST)).toMatchObject({ gameName: 'lucky', minBet: '0.5', gameClassify: 'VP' }),
    );
    await screen.findByText('Game 1-1');
    fireEvent.click(pageButton('next'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));

    const lists = screen.getByRole('tablist', { name: t('games.lists.label') });
    fireEvent.click(within(lists).getByRole('tab', { name: t('games.lists.hot') }));
    expect(await screen.findByText('Hot Fortune')).toBeTruthy();
    expect(lastQuery(calls, HOT)).toEqual({ gameType: 'RNG', language: 'bn' });
    expect(router.state.location.search).toBe('');
    // The hot list is one page without filters.
    expect(screen.queryByLabelText(t('games.filters.name'))).toBeNull();
    expect(screen.queryByRole('navigation', { name: t('pagination.label') })).toBeNull();

    fireEvent.click(within(lists).getByRole('tab', { name: t('games.lists.all') }));
    await screen.findByText('Game 1-1');
    expect(lastQuery(calls, LIST)).toEqual({ gameType: 'RNG', pageNo: '1', pageSize: '15', language: 'bn' });
    expect((screen.getByLabelText(t('games.filters.name')) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(t('games.filters.minBet')) as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText(t('games.filters.classify')) as HTMLSelectElement).value).toBe('');
  });

  it('offers no classify filter on the fishing page and asks for that type’s hot games', async () => {
    const { calls } = renderSlots({
      path: '/fish',
      // The server answers the type asked for: no fishing game is hot.
      routes: {
        [HOT]: ({ url }: StubRequest) =>
          url.searchParams.get('gameType') === 'RNG'
            ? [gameCard({ nodeId: 'h1', gameName: 'Hot Slot', isHot: 1 })]
            : [],
      },
    });
    await screen.findByText('Game 1-1');
    expect(lastQuery(calls, LIST).gameType).toBe('FISH');
    expect(screen.queryByLabelText(t('games.filters.classify'))).toBeNull();
    expect(screen.getByLabelText(t('games.filters.minBet'))).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'GET', HOT)).toHaveLength(1));
    expect(lastQuery(calls, HOT)).toEqual({ gameType: 'FISH', language: 'bn' });
    expect(screen.queryByRole('tab', { name: t('games.lists.hot') })).toBeNull();
  });

  it('shows visitors no saved or recent tab and no hearts', async () => {
    const { calls } = renderSlots();
    await screen.findByText('Game 1-1');
    expect(screen.getByRole('tab', { name: t('games.lists.all') })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: t('games.lists.fav') })).toBeNull();
    expect(screen.queryByRole('tab', { name: t('games.lists.recent') })).toBeNull();
    expect(screen.queryByRole('tab', { name: t('games.lists.hot') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('games.tile.favourite', { name: 'Game 1-1' }) })).toBeNull();
    expect(callsTo(calls, 'GET', FAVOURITES)).toHaveLength(0);
  });

  it('opens the login popup when a visitor presses Play, without asking for the game', async () => {
    const { calls, router } = renderSlots();
    await screen.findByText('Game 1-1');
    fireEvent.click(playButton('Game 1-1'));
    expect(screen.getByTestId('open-modal').textContent).toBe('login');
    expect(launches(calls)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/rng');
  });

  it('tells a trial account that real money needs a real account', async () => {
    const { calls } = renderSlots({ member: memberInfo({ type: 4 }) });
    await screen.findByRole('tab', { name: t('games.lists.fav') });
    fireEvent.click(playButton('Game 1-1'));
    const dialog = await screen.findByTestId('need-real-account');
    expect(dialog.textContent).toContain(t('in_need_true_account'));
    expect(within(dialog).getByRole('button', { name: t('in_increase_submit') })).toBeTruthy();
    expect(launches(calls)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: t('in_increase_submit') }));
    expect(screen.queryByTestId('need-real-account')).toBeNull();
    expect(screen.getByTestId('open-modal').textContent).toBe('register');
  });

  it('launches the game for a member and opens it on the game page', async () => {
    const { calls, router } = renderSlots({
      member: memberInfo(),
      routes: {
        [LAUNCH]: ({ url }: StubRequest) => ({
          url: `/house/slot/?session=s1&game=${url.searchParams.get('nodeId')}`,
          mode: 'real',
          nodeId: url.searchParams.get('nodeId'),
          gameName: 'Game 1-1',
        }),
      },
    });
    await screen.findByRole('tab', { name: t('games.lists.fav') });
    fireEvent.click(playButton('Game 1-1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(lastQuery(calls, LAUNCH)).toEqual({ nodeId: 'PG-1-1', language: 'bn' });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('url')).toBe('/house/slot/?session=s1&game=PG-1-1');
    expect(params.get('name')).toBe('Game 1-1');
  });

  it('offers free play for games that have it', async () => {
    const { calls, router } = renderSlots({
      routes: {
        [LIST]: {
          games: [gameCard({ nodeId: 'demo1', gameName: 'Demo Reels', hasTrial: true })],
          pageNo: 1,
          totalPages: 1,
          total: 1,
        },
        '/wps/relay/GCS_gameLaunchFB': {
          url: 'https://games.example/demo',
          mode: 'trial',
          nodeId: 'demo1',
          gameName: 'Demo Reels',
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: t('games.tile.tryName', { name: 'Demo Reels' }) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(new URLSearchParams(router.state.location.search).get('url')).toBe('https://games.example/demo');
    expect(launches(calls)).toHaveLength(0);
  });

  it('shows the server’s message when the launch is refused', async () => {
    const { router } = renderSlots({
      member: memberInfo(),
      routes: { [LAUNCH]: fail(409, 'GAME_MAINTENANCE', 'এই গেমটি রক্ষণাবেক্ষণে আছে') },
    });
    await screen.findByRole('tab', { name: t('games.lists.fav') });
    fireEvent.click(playButton('Game 1-1'));
    expect(await screen.findByText('এই গেমটি রক্ষণাবেক্ষণে আছে')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/rng');
  });

  it('sends lottery vendors’ games to the lottery page', async () => {
    const { calls, router } = renderSlots({
      member: memberInfo(),
      routes: {
        [LIST]: {
          games: [gameCard({ nodeId: 'vn1', vassalage: 'TCG_LOTTO_VN', gameName: 'Mien Bac' })],
          pageNo: 1,
          totalPages: 1,
          total: 1,
        },
      },
    });
    await screen.findByRole('tab', { name: t('games.lists.fav') });
    fireEvent.click(playButton('Mien Bac'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lottery'));
    expect(router.state.location.search).toBe('?vendor=TCG_LOTTO_VN&gameCode=vn1');
    expect(launches(calls)).toHaveLength(0);
  });

  it('saves a game with PUT and removes it with DELETE', async () => {
    const saved = new Set<string>();
    const { calls } = renderSlots({
      member: memberInfo(),
      routes: {
        [`GET ${FAVOURITES}`]: () => ({ nodeIds: [...saved] }),
        [`PUT ${FAVOURITES}`]: ({ body }: StubRequest) => {
          const { nodeId } = body as { nodeId: string };
          saved.add(nodeId);
          return { nodeId, favourite: true };
        },
        [`DELETE ${FAVOURITES}`]: ({ body }: StubRequest) => {
          const { nodeId } = body as { nodeId: string };
          saved.delete(nodeId);
          return { nodeId, favourite: false };
        },
      },
    });
    const heart = (await screen.findByRole('button', {
      name: t('games.tile.favourite', { name: 'Game 1-1' }),
    })) as HTMLButtonElement;
    expect(heart.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(heart.disabled).toBe(false));
    expect(callsTo(calls, 'PUT', FAVOURITES).map((call) => call.json)).toEqual([
      { nodeId: 'PG-1-1', vendor: 'PG', gameType: 'RNG' },
    ]);

    fireEvent.click(heart);
    await waitFor(() => expect(callsTo(calls, 'DELETE', FAVOURITES)).toHaveLength(1));
    expect(callsTo(calls, 'DELETE', FAVOURITES)[0]!.json).toEqual({ nodeId: 'PG-1-1', vendor: 'PG', gameType: 'RNG' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(calls.map((call) => call.method).filter((method) => method === 'PUT' || method === 'DELETE')).toEqual([
      'PUT',
      'DELETE',
    ]);
  });

  it('lists the member’s saved games page by page', async () => {
    const { calls } = renderSlots({
      member: memberInfo(),
      routes: {
        '/wps/relay/MCSFE_getFavoriteGamesList': ({ url }: StubRequest) => ({
          content: [
            gameCard({
              nodeId: `fav-${url.searchParams.get('pageNo')}`,
              gameName: `Saved ${url.searchParams.get('pageNo')}`,
            }),
          ],
          totalPages: 2,
        }),
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: t('games.lists.fav') }));
    await screen.findByText('Saved 1');
    expect(lastQuery(calls, '/wps/relay/MCSFE_getFavoriteGamesList')).toEqual({
      gameType: 'RNG',
      pageNo: '1',
      pageSize: '15',
      language: 'bn',
    });
    fireEvent.click(pageButton('next'));
    await screen.findByText('Saved 2');
  });

  it('appends recent games of the page’s type and vendor until the last page', async () => {
    const { calls } = renderSlots({
      path: '/rng?vassalage=JILI',
      member: memberInfo(),
      routes: {
        [RECENT]: ({ url }: StubRequest) => ({
          list: [
            gameCard({
              nodeId: `r-${url.searchParams.get('pageNo')}`,
              gameName: `Recent ${url.searchParams.get('pageNo')}`,
            }),
          ],
          totalPages: 2,
        }),
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: t('games.lists.recent') }));
    await screen.findByText('Recent 1');
    expect(lastQuery(calls, RECENT)).toEqual({
      clientType: '3',
      gameType: 'RNG',
      vassalage: 'JILI',
      pageNo: '1',
      pageSize: '15',
      language: 'bn',
    });
    fireEvent.click(screen.getByRole('button', { name: t('games.loadMore') }));
    await screen.findByText('Recent 2');
    expect(lastQuery(calls, RECENT)).toMatchObject({ gameType: 'RNG', vassalage: 'JILI', pageNo: '2' });
    expect(screen.getByText('Recent 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('games.loadMore') })).toBeNull();
  });

  it('says so when there are no games, and offers a retry when the list fails', async () => {
    let failing = true;
    renderSlots({
      routes: {
        [LIST]: () => (failing ? fail(503, 'UNAVAILABLE', 'down') : { games: [], pageNo: 1, totalPages: 0, total: 0 }),
      },
    });
    const error = await screen.findByTestId('games-error');
    failing = false;
    fireEvent.click(within(error).getByRole('button', { name: t('common.retry') }));
    expect(await screen.findByText(t('common.noData'))).toBeTruthy();
  });
});
