import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePermission } from '@/api/get-permission';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { usePageTitle } from '@/lib/use-page-title';
import { GameLobby, gameTypeForPath } from './game-lobby';
import '@/features/games/i18n/register';

/**
 * Category pages (/live, /sports, /esports, /elott, /cockfight): banners, then the category's games by vendor with
 * the same tabs, lists and launch rules as the slots page. A live casino vendor lists its tables; a sports, esports,
 * lottery or cockfight vendor has one lobby game, so its tab holds that one game.
 */
export function GameCategoryPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: permission } = usePermission();
  const gameType = gameTypeForPath(pathname) ?? 'LIVE';
  const title = t(`gameTypes.${gameType}`);
  usePageTitle(title, permission?.settings.brandName);

  return (
    <div className="page">
      <BannerCarousel />
      <h1 className="page-title">{title}</h1>
      <GameLobby gameType={gameType} />
    </div>
  );
}
