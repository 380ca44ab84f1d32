/** `href` resolved against the current page, or undefined when it is not an address at all. */
export function resolveHref(href: string): URL | undefined {
  try {
    return new URL(href, window.location.href);
  } catch {
    // URL.canParse is missing from older phones' browsers.
    return undefined;
  }
}

/** The route `url` opens in this same app (no trailing slash, lower case), or undefined when it leads elsewhere. */
export function appRoutePath(url: URL): string | undefined {
  if (url.origin !== window.location.origin) return undefined;
  return url.pathname.replace(/\/+$/, '').toLowerCase();
}
