import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Every navigation to a new address starts at the top of the page, or at the element its #hash names. Going back
 * or forward leaves the position to the browser, which restores where the player was.
 */
export function ScrollToTop() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation has a new key, and each one scrolls
  useLayoutEffect(() => {
    if (navigationType === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);
  return null;
}
