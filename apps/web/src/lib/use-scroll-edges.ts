import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export interface ScrollEdges {
  /** Content is hidden before the start (left, in a left-to-right page). */
  before: boolean;
  /** Content is hidden past the end. */
  after: boolean;
}

const NONE: ScrollEdges = { before: false, after: false };

/**
 * Whether a sideways scroller hides content at either end, kept up to date as it scrolls, resizes or its content
 * changes, and a way to page it. Drives the cues of a strip that scrolls instead of cutting items off.
 */
export function useScrollEdges<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  edges: ScrollEdges;
  page: (direction: 1 | -1) => void;
} {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<ScrollEdges>(NONE);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      // A pixel of slack: zoomed pages report fractional widths.
      const next = { before: element.scrollLeft > 1, after: hidden - element.scrollLeft > 1 };
      setEdges((current) => (current.before === next.before && current.after === next.after ? current : next));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    for (const child of element.children) observer?.observe(child);
    const mutations = new MutationObserver(() => {
      for (const child of element.children) observer?.observe(child);
      measure();
    });
    mutations.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
      mutations.disconnect();
    };
  }, []);

  const page = useCallback((direction: 1 | -1) => {
    const element = ref.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * 0.7, behavior: 'smooth' });
  }, []);

  return { ref, edges, page };
}
