import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageFallback } from './page-fallback';

/** No header: help inside the member centre and the app download page. */
export function BareLayout() {
  return (
    <div className="shell shell--bare">
      <main id="main" className="shell__main">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
