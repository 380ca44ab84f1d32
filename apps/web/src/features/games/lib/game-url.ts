/** Control characters and backslashes: browsers read '/\host' (and '/<tab>/host') as the address of another site. */
function hasUnsafeCharacters(raw: string): boolean {
  for (const character of raw) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || character === '\\') return true;
  }
  return false;
}

/** Plain http is framed only from this machine's loopback, where the demo studio runs without a certificate. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * The address the /game page may put in its iframe, or null. Only a path on this site ('/…', not the
 * protocol-relative '//…'), an absolute https address or an http address on loopback is accepted: a javascript:,
 * data: or other http: address, or one carrying credentials, could run code or phish inside the portal's page.
 */
export function safeGameUrl(raw: string | null | undefined, origin: string = window.location.origin): string | null {
  if (!raw || hasUnsafeCharacters(raw)) return null;
  try {
    if (raw.startsWith('/')) {
      if (raw.startsWith('//')) return null;
      const url = new URL(raw, origin);
      return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
    }
    if (!/^https?:\/\//i.test(raw)) return null;
    const url = new URL(raw);
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
    if (!secure || !url.hostname || url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}
