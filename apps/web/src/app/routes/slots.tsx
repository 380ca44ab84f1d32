import type { GameType } from '@portal/shared/constants';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { useMemberInfo } from '@/features/auth/api/get-member-info';
import { SlotsLobby } from '@/features/games/components/slots-lobby';
import { usePermission } from '@/features/system/api/get-permission';
import { hasSessionHint } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import '@/features/games/i18n/register';

/** The latest winners come in their own chunk, after the page: nothing of them in the page's own code. */
const WinnersCarousel = lazy(() => import('@/features/games/components/winners-carousel'));
/** The RNG page's jackpot counter: the house slot's real pool, also in a chunk of its own. */
const JackpotCounter = lazy(() => import('@/features/games/components/jackpot-counter'));

/** Spec section 2: the slot, fishing and card-game (PVP) pages list games; the other categories list vendors. */
const GAME_TYPE_BY_PATH: Record<string, GameType> = { '/rng': 'RNG', '/fish': 'FISH', '/pvp': 'PVP' };

export function slotGameTypeForPath(pathname: string): GameType {
  return GAME_TYPE_BY_PATH[pathname.toLowerCase().replace(/\/+$/, '')] ?? 'RNG';
}

/** /rng, /fish and /pvp: banners, then the game lists of that type (who is signed in decides the rest). */
export function SlotsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: permission } = usePermission();
  const member = useMemberInfo();
  const gameType = slotGameTypeForPath(pathname);
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
      {/* A key per type: moving from /rng to /fish starts with fresh lists and filters. */}
      <SlotsLobby
        key={gameType}
        gameType={gameType}
        memberType={member.data ? member.data.type : null}
        sessionPending={hasSessionHint() && member.isPending}
      />
    </div>
  );
}
