import { GAME_TYPE_ROUTE, type GameType } from '@portal/shared/constants';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { useMemberInfo } from '@/features/auth/api/get-member-info';
import { SlotsLobby } from '@/features/games/components/slots-lobby';
import { usePermission } from '@/features/system/api/get-permission';
import { hasSessionHint } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import '@/features/games/i18n/register';

export function gameTypeForPath(pathname: string): GameType | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return (Object.entries(GAME_TYPE_ROUTE) as [GameType, string][]).find(([, route]) => route === path)?.[0];
}

/**
 * Category pages (/live, /sports, /esports, /elott, /cockfight): banners, then the category's games by vendor with
 * the same tabs, lists and launch rules as the slots page. A live casino vendor lists its tables; a sports, esports,
 * lottery or cockfight vendor has one lobby game, so its tab holds that one game.
 */
export function GameCategoryPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: permission } = usePermission();
  const member = useMemberInfo();
  const gameType = gameTypeForPath(pathname) ?? 'LIVE';
  const title = t(`gameTypes.${gameType}`);
  usePageTitle(title, permission?.settings.brandName);

  return (
    <div className="page">
      <BannerCarousel />
      <h1 className="page-title">{title}</h1>
      <SlotsLobby
        key={gameType}
        gameType={gameType}
        memberType={member.data ? member.data.type : null}
        sessionPending={hasSessionHint() && member.isPending}
      />
    </div>
  );
}
