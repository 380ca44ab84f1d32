import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { LeftNoticeBar } from '@/features/announcements/components/left-notice-bar';
import { NewsPopup } from '@/features/announcements/components/news-popup';
import { WhenIdle } from '@/lib/when-idle';
import { lazyPage } from '../lazy-page';
import { WidgetBoundary } from '../route-error';
import { BottomTabBar } from './bottom-tab-bar';
import { Footer } from './footer';
import { Header } from './header';
import { PageFallback } from './page-fallback';

/**
 * The side bar (live chat, social links, the member's recent games) is fixed beside the page and not needed for
 * its first paint: it comes in its own chunk once the page is in, like the footer. A bar or panel whose chunk
 * fails is left out, and the page stays.
 */
const RightBar = lazyPage(
  () => import('@/features/system/components/right-bar'),
  (m) => m.RightBar,
);
/** The member's recent games (spec section 2): a button at the end of the right bar and its panel. */
const RecentGamesPanel = lazyPage(
  () => import('@/features/games/components/recent-games-panel'),
  (m) => m.RecentGamesPanel,
);

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
  // Decided here, where the member's info is already watched: the bar's chunk then asks nothing for visitors.
  const member = useMemberInfo();
  return (
    <div className="shell shell--main">
      <SkipLink />
      <Header showNav />
      <WhenIdle>
        <LeftNoticeBar />
      </WhenIdle>
      <main id="main" className="shell__main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <WhenIdle>
        <Footer />
      </WhenIdle>
      <WhenIdle>
        <WidgetBoundary>
          <RightBar>
            {member.data ? (
              <WidgetBoundary>
                <RecentGamesPanel />
              </WidgetBoundary>
            ) : null}
          </RightBar>
        </WidgetBoundary>
      </WhenIdle>
      <BottomTabBar />
      <WhenIdle>
        <NewsPopup />
      </WhenIdle>
    </div>
  );
}
