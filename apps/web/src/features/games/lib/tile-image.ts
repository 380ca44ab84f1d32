import type { Language } from '@portal/shared/constants';

/** The portal's own drawn tiles (`/game-icons/<nodeId>.svg`, on this site or an image host of the operator's). */
const DRAWN_TILE = /^\/game-icons\/[A-Za-z0-9_.:-]{1,64}\.svg$/;

/**
 * The address of a game's picture in the page's language: a drawn tile carries the game's name, so it is asked for
 * in the language the caption below it is in. A vendor's own picture is left as it is.
 */
export function tileImageUrl(imageUrl: string, language: Language): string {
  const relative = imageUrl.startsWith('/') && !imageUrl.startsWith('//');
  if (!relative && !/^https?:\/\//i.test(imageUrl)) return imageUrl;
  let url: URL;
  try {
    url = new URL(imageUrl, 'https://portal.invalid');
  } catch {
    return imageUrl;
  }
  if (!DRAWN_TILE.test(url.pathname) || url.search || url.hash) return imageUrl;
  url.searchParams.set('language', language);
  return relative ? `${url.pathname}${url.search}` : url.href;
}
