import { useMemberInfo } from '@/api/get-member-info';
import { hasSessionHint } from '@/lib/session';
import { useHotGames } from '../api/get-hot-games';
import { useFavourites } from '../hooks/use-favourites';
import { useGameLaunch } from '../hooks/use-game-launch';
import { GameGrid } from './game-grid';
import { HOME_HOT_GAMES, HomeHotGamesPlaceholder, HotGamesHead } from './home-hot-games-placeholder';
import { NeedRealAccountDialog } from './need-real-account-dialog';
import '../i18n/register';
import '@/styles/games.css';

/**
 * The home page's hot slots: the operator's hot games of the slots category, as the slots page's tiles (play, try,
 * save), with a link to all of them. Nothing at all when there are none, or when they cannot be had: the home page
 * has enough else to show.
 */
export function HomeHotGames() {
  const member = useMemberInfo();
  const memberType = member.data ? member.data.type : null;
  const sessionPending = hasSessionHint() && member.isPending;
  const hot = useHotGames('RNG', undefined);
  const favourites = useFavourites(memberType !== null);
  const launcher = useGameLaunch({ memberType, sessionPending });
  const games = hot.data?.slice(0, HOME_HOT_GAMES) ?? [];
  if (hot.isPending) return <HomeHotGamesPlaceholder />;
  if (games.length === 0) return null;

  return (
    <section className="section home-hot" aria-labelledby="home-hot-games" data-testid="home-hot-games">
      <HotGamesHead />
      <GameGrid
        games={games}
        refreshing={false}
        signedIn={memberType !== null}
        favourites={favourites}
        launcher={launcher}
        sessionPending={sessionPending}
      />
      <NeedRealAccountDialog launcher={launcher} testId="need-real-account" />
    </section>
  );
}

export default HomeHotGames;
