import type { PrizeMode } from '@portal/shared/constants';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '@/api/get-member-info';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { usePortalModals } from '@/lib/portal-modals';
import { isOfKind, type LotteryKind, useGameMenus } from '../api/get-game-menus';
import { usePopularGames } from '../api/get-popular-games';
import { useRecentLottery } from '../api/get-recent-lottery';
import type { LotteryGame, TimedGames } from '../api/lottery-types';
import { favouritesOwner, readFavourites, toggleFavourite } from '../lib/favourites';
import {
  EMPTY_FILTER,
  filterGames,
  type ListType,
  type LobbyFilter,
  selectListType,
  selectTag,
  selectWeekday,
  WEEKDAYS,
} from '../lib/lobby-filter';
import { useNow } from './draw-clock';
import { GameCard } from './game-card';
import { WinnerBoard } from './winner-board';

const LIST_TYPES: ListType[] = ['hot', 'saved', 'recent'];

interface ShownList extends TimedGames {
  loading: boolean;
  error: boolean;
  retry: () => void;
}

function shownList(query: UseQueryResult<TimedGames>, games?: LotteryGame[]): ShownList {
  const retry = () => void query.refetch();
  if (!query.data)
    return { games: [], receivedAt: 0, roundTripMs: 0, loading: query.isPending, error: query.isError, retry };
  const { receivedAt, roundTripMs } = query.data;
  return { games: games ?? query.data.games, receivedAt, roundTripMs, loading: false, error: false, retry };
}

export interface LotteryLobbyProps {
  kind: LotteryKind;
  prizeMode: PrizeMode;
  /** The address of a game's page. */
  gameHref: (gameId: string) => string;
}

/** The lottery lobby: menu tags, lists (hot, saved, recent), weekday filter, name search and the game cards. */
export function LotteryLobby({ kind, prizeMode, gameHref }: LotteryLobbyProps) {
  const { t } = useTranslation();
  const modals = usePortalModals();
  const member = useMemberInfo();
  const signedIn = Boolean(member.data);
  const [filter, setFilter] = useState<LobbyFilter>(EMPTY_FILTER);
  const owner = favouritesOwner();
  const [saved, setSaved] = useState(() => readFavourites(owner));
  const now = useNow();

  const menus = useGameMenus(prizeMode, kind);
  const popular = usePopularGames(prizeMode, filter.listType === 'hot');
  const recent = useRecentLottery(prizeMode, filter.listType === 'recent' && signedIn);

  // The list shown, with the timing of the answer it came from (the countdowns start from it); null asks to sign in.
  const source = listSource();

  function listSource(): ShownList | null {
    const ours = (query: UseQueryResult<TimedGames>) => query.data?.games.filter((game) => isOfKind(game, kind));
    if (filter.listType === 'hot') return shownList(popular, ours(popular));
    if (filter.listType === 'recent') return signedIn ? shownList(recent, ours(recent)) : null;
    if (filter.listType === 'saved') {
      return shownList(
        menus,
        menus.data?.games.filter((game) => saved.includes(game.gameId)),
      );
    }
    return shownList(menus);
  }

  const tags = menus.data?.menus.map((menu) => menu.tag) ?? [];
  const shown = source ? filterGames(source.games, filter) : [];

  function toggleSaved(gameId: string) {
    setSaved(toggleFavourite(owner, gameId));
  }

  return (
    <section className="lottery-lobby" aria-labelledby="lottery-title">
      <h1 id="lottery-title" className="lottery-lobby__title">
        {t(kind === 'vn' ? 'lottery.vnTitle' : 'lottery.title')}
      </h1>

      <fieldset className="lottery-chips lottery-set">
        <legend className="visually-hidden">{t('lottery.lobby.tagsLabel')}</legend>
        <button
          type="button"
          className="lottery-chip"
          aria-pressed={filter.tag === null && filter.listType === null}
          onClick={() => setFilter(selectTag(filter, null))}
        >
          {t('lottery.lobby.allTags')}
        </button>
        {tags.map((tag) => (
          <button
            key={tag}
            type="button"
            className="lottery-chip"
            aria-pressed={filter.tag === tag}
            onClick={() => setFilter(selectTag(filter, tag))}
          >
            {t(`lottery.tags.${tag}`, { defaultValue: tag })}
          </button>
        ))}
        <span className="lottery-chips__gap" aria-hidden="true" />
        {LIST_TYPES.map((listType) => (
          <button
            key={listType}
            type="button"
            className="lottery-chip lottery-chip--list"
            aria-pressed={filter.listType === listType}
            onClick={() => setFilter(selectListType(filter, filter.listType === listType ? null : listType))}
          >
            {t(`lottery.lists.${listType}`)}
          </button>
        ))}
      </fieldset>

      <div className="lottery-lobby__filters">
        <fieldset className="lottery-weekdays lottery-set">
          <legend className="visually-hidden">{t('lottery.lobby.weekdaysLabel')}</legend>
          <button
            type="button"
            className="lottery-weekday"
            aria-pressed={filter.weekday === null}
            onClick={() => setFilter(selectWeekday(filter, null))}
          >
            {t('lottery.lobby.anyDay')}
          </button>
          {WEEKDAYS.map((day) => (
            <button
              key={day}
              type="button"
              className="lottery-weekday"
              aria-pressed={filter.weekday === day}
              onClick={() => setFilter(selectWeekday(filter, day))}
            >
              {t(`lottery.weekdays.${day}`)}
            </button>
          ))}
        </fieldset>
        <label className="lottery-search">
          <span className="visually-hidden">{t('lottery.lobby.searchLabel')}</span>
          <input
            type="search"
            className="lottery-search__input"
            placeholder={t('lottery.lobby.searchPlaceholder')}
            value={filter.search}
            onChange={(event) => setFilter({ ...filter, search: event.target.value })}
          />
        </label>
      </div>

      {source === null ? (
        <EmptyState
          message={t('lottery.lobby.recentSignIn')}
          action={
            <button type="button" className="button button--primary" onClick={() => modals.open({ name: 'login' })}>
              {t('lottery.lobby.signIn')}
            </button>
          }
        />
      ) : source.error ? (
        <ErrorState message={t('lottery.loadFailed')} onRetry={source.retry} />
      ) : source.loading ? (
        <ul className="lottery-grid" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className="lottery-card">
              <Skeleton aspectRatio="128 / 88" />
              <Skeleton height={16} />
            </li>
          ))}
        </ul>
      ) : shown.length === 0 ? (
        <EmptyState
          message={
            filter.listType === 'saved' && saved.length === 0
              ? t('lottery.lobby.savedEmpty')
              : t('lottery.lobby.noGames')
          }
        />
      ) : (
        <ul className="lottery-grid">
          {shown.map((game) => (
            <GameCard
              key={game.gameId}
              game={game}
              timing={source}
              now={now}
              saved={saved.includes(game.gameId)}
              onToggleSaved={toggleSaved}
              href={gameHref(game.gameId)}
            />
          ))}
        </ul>
      )}
      <WinnerBoard gameIds={new Set(menus.data?.games.map((game) => game.gameId) ?? [])} />
    </section>
  );
}
