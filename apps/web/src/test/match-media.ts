/** A `window.matchMedia` answer for jsdom, which has none: `matches(query)` decides each media query. */
export function fakeMatchMedia(matches: (query: string) => boolean) {
  return (query: string): MediaQueryList =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
