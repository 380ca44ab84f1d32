import { readStorage, writeStorage } from '@/lib/storage';

/** Spec section 3: the lottery favourites live in local storage under LOTTFAV, one list per username. */
export const LOTTERY_FAVOURITES_KEY = 'LOTTFAV';

type FavouriteBook = Record<string, string[]>;

function readBook(): FavouriteBook {
  const raw = readStorage('local', LOTTERY_FAVOURITES_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const book: FavouriteBook = {};
    for (const [user, ids] of Object.entries(parsed)) {
      if (Array.isArray(ids)) book[user] = ids.filter((id): id is string => typeof id === 'string');
    }
    return book;
  } catch {
    // A value some other code wrote is not ours to trust: it counts as no favourites.
    return {};
  }
}

/** The saved games of a user (a visitor's under the empty name). */
export function readFavourites(username: string): string[] {
  return readBook()[username] ?? [];
}

/** Adds the game when it is missing, removes it when present, and returns the user's new list. */
export function toggleFavourite(username: string, gameId: string): string[] {
  const book = readBook();
  const current = book[username] ?? [];
  const next = current.includes(gameId) ? current.filter((id) => id !== gameId) : [...current, gameId];
  book[username] = next;
  writeStorage('local', LOTTERY_FAVOURITES_KEY, JSON.stringify(book));
  return next;
}

/** The name the favourites are kept under: the signed-in username, else the account name, else a visitor's. */
export function favouritesOwner(): string {
  return readStorage('local', 'username') ?? readStorage('local', 'account') ?? '';
}
