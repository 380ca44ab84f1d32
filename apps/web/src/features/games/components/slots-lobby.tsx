import type { GameType } from '@portal/shared/constants';
import type { GameCard, GameListQuery, SlotListType } from '@portal/shared/games';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Tabs } from '@/components/ui/tabs';
import { useLanguage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { SLOTS_PAGE_SIZE } from '../api/games-keys';
import { useFavouriteList } from '../api/get-favourite-list';
import { useGameList } from '../api/get-game-list';
import { useGameTypes } from '../api/get-game-types';
import { useHotGames } from '../api/get-hot-games';
import { useRecentGames } from '../api/get-recent-games';
import { useFavourites } from '../hooks/use-favourites';
import { useGameLaunch } from '../hooks/use-game-launch';
import { GameGrid, GameGridPlaceholder } from './game-grid';
import { SlotFilters, type SlotFilterValues } from './slot-filters';
import { ALL_VENDORS, VendorTabs } from './vendor-tabs';
import '../i18n/register';
import '@/styles/games.css';
import { NeedRealAccountDialog } from './need-real-account-dialog';

const EMPTY_FILTERS: SlotFilterValues = { classify: '', minBet: '' };
/** The name search reloads once typing has paused this long (and only when the text really changed). */
export const NAME_SEARCH_DELAY_MS = 300;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** What the grid shows, whichever list is open. */
interface ListView {
  games: GameCard[] | undefined;
  isError: boolean;
  error: unknown;
  retry: () => void;
  /** A newer answer is on its way while the current one stays on screen. */
  refreshing: boolean;
  paging?: { pageNo: number; totalPages: number; current: boolean };
  more?: { load: () => void; loading: boolean };
}

export interface SlotsLobbyProps {
  gameType: GameType;
  /** The signed-in member's type, null for a visitor. */
  memberType: number | null;
  /** The member's info is still on its way. */
  sessionPending: boolean;
}

/**
 * The slots, fishing and card-game lists (spec sections 2 and 4): vendor tabs (the `vassalage` search
 * parameter), list tabs (all, hot, saved, recent), the paged list's filters, the game grid and its pages (the
 * `page` search parameter), and the launch rules.
 */
export function SlotsLobby({ gameType, memberType, sessionPending }: SlotsLobbyProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const gridRef = useRef<HTMLDivElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const signedIn = memberType !== null;
  const showClassify = gameType === 'RNG';

  const types = useGameTypes();
  const vendors = types.data?.find((item) => item.gameType === gameType)?.vendors ?? [];
  const requestedVendor = searchParams.get('vassalage') ?? ALL_VENDORS;
  // A vendor this game type does not have (an old link) shows every vendor's games once the vendors are known.
  const vendor =
    types.data && !vendors.some((item) => item.vassalage === requestedVendor) ? ALL_VENDORS : requestedVendor;
  const page = readPage(searchParams.get('page'));

  const [chosenList, setChosenList] = useState<SlotListType>('');
  const [filters, setFilters] = useState<SlotFilterValues>(EMPTY_FILTERS);
  const [nameText, setNameText] = useState('');
  const [appliedName, setAppliedName] = useState('');

  const hot = useHotGames(gameType, vendor || undefined);
  const hasHot = (hot.data?.length ?? 0) > 0;

  // Saved and recent games are for members; a hot list with nothing in it has no tab.
  const listType: SlotListType =
    (chosenList === 'fav' || chosenList === 'recent') && !signedIn
      ? ''
      : chosenList === 'hot' && hot.isSuccess && !hasHot
        ? ''
        : chosenList;

  const setPage = useCallback(
    (next: number, replace = false) => {
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next <= 1) params.delete('page');
          else params.set('page', String(next));
          return params;
        },
        { replace },
      );
    },
    [setSearchParams],
  );
  // The timers below outlive renders; they use the latest setter.
  const setPageRef = useRef(setPage);
  setPageRef.current = setPage;

  function selectVendor(next: string) {
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (next) params.set('vassalage', next);
      else params.delete('vassalage');
      params.delete('page');
      return params;
    });
  }

  /** Spec section 4: another list starts on its first page with no filters. */
  function changeListType(next: SlotListType) {
    if (next === listType) return;
    setChosenList(next);
    setFilters(EMPTY_FILTERS);
    setNameText('');
    setAppliedName('');
    setPage(1, true);
  }

  function changeFilters(next: SlotFilterValues) {
    if (next.classify === filters.classify && next.minBet === filters.minBet) return;
    setFilters(next);
    setPage(1, true);
  }

  // The name search applies once typing pauses, and only when the trimmed text differs from the one applied.
  useEffect(() => {
    const name = nameText.trim();
    if (name === appliedName) return;
    const timer = window.setTimeout(() => {
      setAppliedName(name);
      setPageRef.current(1, true);
    }, NAME_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [nameText, appliedName]);

  const listQuery: GameListQuery = {
    gameType,
    vassalage: vendor || undefined,
    gameClassify: (showClassify && filters.classify) || undefined,
    gameName: appliedName || undefined,
    minBet: filters.minBet || undefined,
    pageNo: page,
    pageSize: SLOTS_PAGE_SIZE,
    language,
  };
  const list = useGameList(listQuery, listType === '');
  const favouriteList = useFavouriteList(gameType, page, listType === 'fav');
  const recent = useRecentGames(gameType, vendor || undefined, listType === 'recent');
  const favourites = useFavourites(signedIn);
  const launcher = useGameLaunch({ memberType, sessionPending });

  let view: ListView;
  if (listType === 'hot') {
    view = {
      games: hot.data,
      isError: hot.isError,
      error: hot.error,
      retry: () => void hot.refetch(),
      refreshing: hot.isFetching,
    };
  } else if (listType === 'fav') {
    view = {
      games: favouriteList.data?.content,
      isError: favouriteList.isError,
      error: favouriteList.error,
      retry: () => void favouriteList.refetch(),
      refreshing: favouriteList.isFetching,
      paging: favouriteList.data && {
        pageNo: page,
        totalPages: favouriteList.data.totalPages,
        current: !favouriteList.isPlaceholderData,
      },
    };
  } else if (listType === 'recent') {
    view = {
      games: recent.data?.pages.flatMap((answer) => answer.list),
      isError: recent.isError,
      error: recent.error,
      retry: () => void recent.refetch(),
      refreshing: recent.isFetching,
      more: recent.hasNextPage
        ? { load: () => void recent.fetchNextPage(), loading: recent.isFetchingNextPage }
        : undefined,
    };
  } else {
    view = {
      games: list.data?.games,
      isError: list.isError,
      error: list.error,
      retry: () => void list.refetch(),
      refreshing: list.isFetching,
      paging: list.data && { pageNo: page, totalPages: list.data.totalPages, current: !list.isPlaceholderData },
    };
  }

  // A page beyond the last (an old link, or fewer games since) moves to the last page.
  const lastPage = view.paging?.current ? view.paging.totalPages : undefined;
  useEffect(() => {
    if (lastPage !== undefined && lastPage > 0 && page > lastPage) setPageRef.current(lastPage, true);
  }, [page, lastPage]);

  // A session that ended meanwhile: the member lists send the visitor to the login page (spec section 6).
  const loggedOut = view.error instanceof ApiError && view.error.status === 401;
  useEffect(() => {
    if (loggedOut) navigate('/login');
  }, [loggedOut, navigate]);

  function goToPage(next: number) {
    setPage(next);
    gridRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }

  const filtered = listType === '' && (appliedName !== '' || filters.classify !== '' || filters.minBet !== '');
  function clearFilters() {
    setFilters(EMPTY_FILTERS);
    setNameText('');
    setAppliedName('');
    setPage(1, true);
  }

  const listItems = [
    { key: '', label: t('games.lists.all') },
    ...(hasHot ? [{ key: 'hot', label: t('games.lists.hot') }] : []),
    ...(signedIn
      ? [
          { key: 'fav', label: t('games.lists.fav') },
          { key: 'recent', label: t('games.lists.recent') },
        ]
      : []),
  ];

  let body: ReactNode;
  if (view.games === undefined && view.isError) {
    body = <ErrorState message={t('common.loadFailed')} onRetry={view.retry} testId="games-error" />;
  } else if (view.games === undefined) {
    body = <GameGridPlaceholder count={SLOTS_PAGE_SIZE} />;
  } else if (view.games.length === 0) {
    body = (
      <EmptyState
        action={
          filtered ? (
            <button type="button" className="button button--ghost" onClick={clearFilters}>
              {t('games.filters.clear')}
            </button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <GameGrid
        games={view.games}
        refreshing={view.refreshing}
        signedIn={signedIn}
        favourites={favourites}
        launcher={launcher}
        sessionPending={sessionPending}
      />
    );
  }

  return (
    <div className="slots">
      <VendorTabs vendors={vendors} value={vendor} onChange={selectVendor}>
        <Tabs
          className="slots__lists"
          label={t('games.lists.label')}
          items={listItems}
          value={listType}
          onChange={(key) => changeListType(key as SlotListType)}
        >
          <div className="slots__content" ref={gridRef}>
            {listType === '' ? (
              <SlotFilters
                values={filters}
                nameText={nameText}
                showClassify={showClassify}
                onChange={changeFilters}
                onNameTextChange={setNameText}
              />
            ) : null}
            {body}
            {view.paging && view.games && view.games.length > 0 ? (
              <Pagination
                pageNo={page}
                totalPages={view.paging.totalPages}
                onChange={goToPage}
                disabled={!view.paging.current}
              />
            ) : null}
            {view.more ? (
              <button
                type="button"
                className="button button--ghost slots__more"
                onClick={view.more.load}
                disabled={view.more.loading}
                aria-busy={view.more.loading || undefined}
              >
                {view.more.loading ? t('common.loading') : t('games.loadMore')}
              </button>
            ) : null}
          </div>
        </Tabs>
      </VendorTabs>
      <NeedRealAccountDialog launcher={launcher} testId="need-real-account" />
    </div>
  );
}
