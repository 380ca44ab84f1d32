import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LeftNoticeBar } from '@/features/announcements/components/left-notice-bar';
import { useMemberInfo } from '@/features/auth/api/get-member-info';
import { NewsPopup } from '@/features/announcements/components/news-popup';
import { RightBar } from '@/features/system/components/right-bar';
import { WhenIdle } from '@/lib/when-idle';
import { BottomTabBar } from './bottom-tab-bar';
import { Footer } from './footer';
import { Header } from './header';
import { PageFallback } from './page-fallback';

/** The member's recent games (spec section 2): a side button and its panel, in their own chunk. */
const RecentGamesPanel = lazy(() => import('@/features/games/components/recent-games-panel'));

/** Only a signed-in member's page asks for the panel's code. */
function RecentGamesSlot() {
  return useMemberInfo().data ? (
    <Suspense>
      <RecentGamesPanel />
    </Suspense>
  ) : null;
}

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t('common.skipToContent')}
    </a>
  );
}

/** Header, navigation, footer and side bars: the shell of most screens. */
export function MainLayout() {
  return (
    <div className="shell shell--main">
      <SkipLink />
      <Header showNav />
      <LeftNoticeBar />
      <main id="main" className="shell__main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <WhenIdle>
        <Footer />
      </WhenIdle>
      <RightBar>
        <RecentGamesSlot />
      </RightBar>
      <BottomTabBar />
      <WhenIdle>
        <NewsPopup />
      </WhenIdle>
    </div>
  );
}
