import type { Announcements } from '@portal/shared/api';
import { BANNER_GROUP_BY_ROUTE } from '@portal/shared/constants';

/** '/index.html', '/register.html' and friends share the banner group of their canonical route. */
export function bannerGroupForPath(pathname: string): string | undefined {
  const path = pathname.replace(/\.html$/, '').replace(/\/+$/, '') || '/';
  const canonical = ['/index', '/home'].includes(path) ? '/' : path;
  return BANNER_GROUP_BY_ROUTE[canonical];
}

/**
 * Starts the download of the first banner of this address as soon as the announcements arrive, ahead of
 * the page's other images: it is the largest thing on the first screen.
 */
export function preloadFirstBanner(announcements: Announcements, pathname: string): void {
  const group = bannerGroupForPath(pathname);
  const first = announcements.banners.find((banner) => banner.groupName === group);
  if (!first?.url) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = first.url;
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}
