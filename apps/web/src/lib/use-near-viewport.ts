import { useCallback, useEffect, useState } from 'react';

export interface NearViewportOptions {
  /** How far outside the viewport still counts as near (CSS margin, as IntersectionObserver's rootMargin). */
  margin?: string;
  /** Share of the element that must be within that area. */
  threshold?: number;
  /** Start as near (an element known to be on the first screen). */
  initial?: boolean;
}

/**
 * True once the element has come within `margin` of the viewport, and true from then on: for work that only
 * matters where the player can see it (loading an image, a carousel measuring its slides). Without
 * IntersectionObserver it is true at once. Attach the returned ref to the element.
 */
export function useNearViewport<T extends Element>({
  margin = '0px',
  threshold = 0,
  initial = false,
}: NearViewportOptions = {}): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [near, setNear] = useState(initial);

  useEffect(() => {
    if (near || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { threshold, rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, node, margin, threshold]);

  const ref = useCallback((element: T | null) => setNode(element), []);
  return [ref, near];
}
