/** The desktop layout's breakpoint; it must match the `min-width: 960px` media queries of the styles. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 960px)';
