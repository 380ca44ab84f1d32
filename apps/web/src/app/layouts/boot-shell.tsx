import type { ReactNode } from 'react';

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
            <svg className="logo__mark" viewBox="0 0 40 40" aria-hidden="true">
              <defs>
                <linearGradient id="boot-logo-g" x1="0" y1="0" x2="1" y2="1">
                  <stop offset="0" stopColor="#f7cf6b" />
                  <stop offset="1" stopColor="#e09a12" />
                </linearGradient>
              </defs>
              <rect width="40" height="40" rx="10" fill="url(#boot-logo-g)" />
              <path
                d="M12 29V11h9a6 6 0 0 1 0 12h-5"
                fill="none"
                stroke="#1b1f2a"
                strokeWidth="4"
                strokeLinecap="round"
              />
              <circle cx="29" cy="29" r="3" fill="#1fb5a8" />
            </svg>
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
