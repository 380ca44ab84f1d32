import type { LotteryGame } from '../api/lottery-types';

/** Spec section 9: the weekday filter lists Monday to Saturday (2..7), then Sunday (1). */
export const WEEKDAYS = [2, 3, 4, 5, 6, 7, 1] as const;

export type ListType = 'hot' | 'saved' | 'recent';

export interface LobbyFilter {
  /** A menu tag, or null for every tag. */
  tag: string | null;
  /** A list type, or null for the menus. */
  listType: ListType | null;
  /** 1 (Sunday) … 7 (Saturday), or null for every day. */
  weekday: number | null;
  search: string;
}

export const EMPTY_FILTER: LobbyFilter = { tag: null, listType: null, weekday: null, search: '' };

/** Spec section 4: selecting a menu tag clears the list type and the weekday. */
export function selectTag(filter: LobbyFilter, tag: string | null): LobbyFilter {
  return { ...filter, tag, listType: null, weekday: null };
}

/** A list type shows that list across every tag. */
export function selectListType(filter: LobbyFilter, listType: ListType | null): LobbyFilter {
  return { ...filter, listType, tag: null };
}

export function selectWeekday(filter: LobbyFilter, weekday: number | null): LobbyFilter {
  return { ...filter, weekday };
}

/**
 * The games a filter shows: of a tag (when no list type is chosen), drawn on the weekday (a game drawn every day,
 * drawDayOfWeek null, is drawn on every weekday), whose name holds the search, case-insensitively (spec section 5).
 */
export function filterGames(games: readonly LotteryGame[], filter: LobbyFilter): LotteryGame[] {
  const needle = filter.search.trim().toLocaleLowerCase();
  return games.filter(
    (game) =>
      (filter.listType !== null || filter.tag === null || game.gameMenuTag === filter.tag) &&
      (filter.weekday === null || game.drawDayOfWeek === null || game.drawDayOfWeek === filter.weekday) &&
      (needle === '' ||
        [game.remark, game.nameVi ?? '', game.gameId].some((name) => name.toLocaleLowerCase().includes(needle))),
  );
}
