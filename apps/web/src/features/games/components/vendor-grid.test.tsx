import type { GameListValue } from '@portal/shared/games';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { clearSessionHintCookie, memberInfo, setSessionHint } from '@/test/auth-fixtures';
import { fail, ModalProbe, renderWithProviders, type StubRequest } from '@/test/render';
import { callsTo, gameCard, lastQuery, recordFetch, vendorCard } from '../test/games-fixtures';
import { VendorGrid } from './vendor-grid';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
const LIST = '/wps/relay/GCSGAME_gameList';
const LAUNCH = '/wps/game/launchGame';

const TYPES = [
  { gameType: 'RNG', isHot: 0, vendors: [vendorCard('PG')] },
  { gameType: 'LIVE', isHot: 0, vendors: [vendorCard('EVO', 'LIVE', { displayName: 'Evolution' })] },
  {
    gameType: 'SPORTS',
    isHot: 0,
    vendors: [
      vendorCard('SBO', 'SPORTS', {
        displayName: 'SBOBET',
        isGame: 'GAME',
        lobbyNodeId: 'SBO-LOBBY',
        margin: '5.00',
      }),
    ],
  },
];

/** Two pages of the asked vendor's games. */
function gameList({ url }: StubRequest): GameListValue {
  const pageNo = Number(url.searchParams.get('pageNo'));
  const vendor = url.searchParams.get('vassalage') ?? '';
  return {
    games: [1, 2].map((index) =>
      gameCard({ nodeId: `${vendor}-${pageNo}-${index}`, gameName: `Table ${pageNo}-${index}`, vassalage: vendor }),
    ),
    pageNo,
    totalPages: 2,
    total: 4,
  };
}

function renderGrid(member: ReturnType<typeof memberInfo> | null = null) {
  if (member) setSessionHint();
  const calls = recordFetch({
    '/wps/relay/GCSGAME_getVassGameType': TYPES,
    [LIST]: gameList,
    '/wps/member/info': member ?? fail(401, 'NOT_LOGGED_IN'),
    '/wps/relay/MCSFE_getFavoriteGames': { nodeIds: [] },
    [LAUNCH]: ({ url }: StubRequest) => ({
      url: `https://games.example/play?game=${url.searchParams.get('nodeId')}`,
      mode: 'real',
      nodeId: url.searchParams.get('nodeId'),
      gameName: 'SBOBET',
    }),
  });
  const view = renderWithProviders(
    <>
      <VendorGrid />
      <ModalProbe />
    </>,
  );
  return { ...view, calls };
}

const card = (name: string) => screen.findByRole('link', { name: new RegExp(name) });

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionHintCookie();
});

describe('vendor cards', () => {
  it('lead a slot vendor to the slots page with its tab, as a plain link', async () => {
    renderGrid();
    expect((await card('PG Games')).getAttribute('href')).toBe('/rng?vassalage=PG');
  });

  it("open a VASSALAGE vendor's games in a popup, page by page, and ask a visitor to sign in to play", async () => {
    const { calls } = renderGrid();
    const link = await card('Evolution');
    expect(link.getAttribute('href')).toBe('/live?vassalage=EVO');
    fireEvent.click(link);

    const dialog = await screen.findByRole('dialog', { name: 'Evolution' });
    await within(dialog).findByText('Table 1-1');
    expect(lastQuery(calls, LIST)).toMatchObject({ gameType: 'LIVE', vassalage: 'EVO', pageNo: '1', pageSize: '15' });

    fireEvent.click(within(dialog).getByRole('button', { name: t('pagination.next') }));
    await within(dialog).findByText('Table 2-1');

    fireEvent.click(within(dialog).getByRole('button', { name: t('games.tile.playName', { name: 'Table 2-1' }) }));
    await waitFor(() => expect(screen.getByTestId('open-modal').textContent).toBe('login'));
    expect(callsTo(calls, 'GET', LAUNCH)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: t('common.close') }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Evolution' })).toBeNull());
  });

  it('state a book’s margin where its vendor states one, and nothing where it does not', async () => {
    renderGrid();
    expect(within(await card('SBOBET')).getByText(t('games.tile.margin', { value: '5.00' }))).toBeTruthy();
    expect(within(await card('Evolution')).queryByText(/%/)).toBeNull();
  });

  it('launch the one game of a GAME card for a member and open it on the game page', async () => {
    const { calls, router } = renderGrid(memberInfo());
    fireEvent.click(await card('SBOBET'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(lastQuery(calls, LAUNCH)).toMatchObject({ nodeId: 'SBO-LOBBY' });
    expect(new URLSearchParams(router.state.location.search).get('url')).toBe(
      'https://games.example/play?game=SBO-LOBBY',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
