import type { ReactNode } from 'react';
import { LogoMark } from './logo-mark';

/**
 * The start-up shell: the header bar with the logo mark and a banner-sized placeholder. index.html holds
 * the same markup inside #root, so it paints before any script runs and nothing moves when React takes
 * over. Keep the two in step.
 */
export function BootShell({ children }: { children?: ReactNode }) {
  return (
    <div className="shell shell--main boot-splash" aria-busy="true">
      <header className="header">
        <div className="header__bar container">
          <span className="logo">
            <LogoMark />
            <span className="skeleton skeleton--card boot-splash__brand" />
          </span>
        </div>
        <div className="header__nav">
          <div className="boot-splash__nav" />
        </div>
      </header>
      <main className="shell__main">
        <div className="page" aria-hidden="true">
          <span className="skeleton skeleton--card boot-splash__banner" />
        </div>
        {children}
      </main>
    </div>
  );
}
