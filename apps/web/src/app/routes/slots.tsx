import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePermission } from '@/api/get-permission';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { usePageTitle } from '@/lib/use-page-title';
import { GameLobby, gameTypeForPath } from './game-lobby';
import '@/features/games/i18n/register';

/** The latest winners come in their own chunk, after the page: nothing of them in the page's own code. */
const WinnersCarousel = lazy(() => import('@/features/games/components/winners-carousel'));
/** The RNG page's jackpot counter: the house slot's real pool, also in a chunk of its own. */
const JackpotCounter = lazy(() => import('@/features/games/components/jackpot-counter'));

/** /rng, /fish and /pvp: banners, then the game lists of that type (who is signed in decides the rest). */
export function SlotsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: permission } = usePermission();
  const gameType = gameTypeForPath(pathname) ?? 'RNG';
  const title = t(`gameTypes.${gameType}`);
  usePageTitle(title, permission?.settings.brandName);

  return (
    <div className="page">
      <BannerCarousel />
      <h1 className="page-title">{title}</h1>
      <Suspense fallback={null}>
        {gameType === 'RNG' && <JackpotCounter />}
        <WinnersCarousel />
      </Suspense>
      <GameLobby gameType={gameType} />
    </div>
  );
}
