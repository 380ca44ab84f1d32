import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BottomTabBar } from './bottom-tab-bar';
import { Header } from './header';
import { SkipLink } from './main-layout';
import { PageFallback } from './page-fallback';

/** Routes whose game needs the whole page keep the header but drop the navigation. */
const NAV_HIDDEN_ON = ['/seamless', '/lottery'];

export function HeaderOnlyLayout() {
  const { pathname } = useLocation();
  const showNav = !NAV_HIDDEN_ON.includes(pathname.toLowerCase().replace(/\/+$/, ''));
  return (
    <div className={`shell shell--header-only${showNav ? '' : ' shell--no-nav'}`}>
      <SkipLink />
      <Header showNav={showNav} />
      <main id="main" className="shell__main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {showNav ? <BottomTabBar /> : null}
    </div>
  );
}
