// Business constants of spec section 9, shared by server and web.

export const LANGUAGES = ['bn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'bn';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

export const DEFAULT_CURRENCY_SYMBOL = 'P';
export const DEVICE = 'WEB';

/** Feature flags named in spec section 3. */
export const FEATURE_FLAGS = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'DIRECTREG3',
  'MANPLAYREB3',
  'CHNGPASSVERIF3',
  'CHNGPASSMAIL3',
  // The agents' contract pages (issue 29): the consolidated call's divtypereq, dailysalreqtype, contracthoursalreq
  // and realtimesalreqtype.
  'DIVCONTRACT3',
  'DAILYSALCONTRACT3',
  'HOURSALCONTRACT3',
  'REALTIMESALCONTRACT3',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** Announcement types: B banners, PL player notices, PU popup, PR promotion, H home marquee. */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
/** Notice types an operator writes: the players' four, and AG for agents (the agent centre's announcements only). */
export const NOTICE_TYPES = ['PL', 'PU', 'PR', 'H', 'AG'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
export const AGENT_NOTICE_TYPE = 'AG' satisfies NoticeType;
/** The notices players (and visitors) are shown; agent notices never are. */
export type PlayerNoticeType = Exclude<NoticeType, typeof AGENT_NOTICE_TYPE>;

/** Banner group per route (spec section 2, Banners). */
export const BANNER_GROUP_BY_ROUTE: Record<string, string> = {
  '/': 'w_home',
  '/rng': 'w_rng',
  '/live': 'w_live',
  '/fish': 'w_fish',
  '/pvp': 'w_pvp',
  '/sports': 'w_sports',
  '/esports': 'w_esports',
  '/elott': 'w_lott',
  '/cockfight': 'w_cockfight',
  '/promotions': 'w_promotion',
  '/pointMall': 'w_shop',
  '/help': 'w_help',
  '/register': 'w_reg',
  '/login': 'w_login',
  '/forget': 'w_forget',
};
export const BANNER_GROUPS = [...new Set(Object.values(BANNER_GROUP_BY_ROUTE))];

/**
 * A banner whose image address names a group inside a same-origin SVG file (`/banners/w_home-1.svg#art`) is drawn
 * art: the page draws it in place with `<svg><use href>` rather than showing it as an image. Drawn shapes are not
 * an image to the browser's largest-paint measure, so the words over the art are the page's largest paint.
 */
export function isDrawnBannerArt(url: string): boolean {
  return /^\/[\w\-/.]+\.svg#[A-Za-z][\w-]*$/.test(url);
}

export const GAME_TYPES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** The route of each game type's category page. */
export const GAME_TYPE_ROUTE: Record<GameType, string> = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  LOTT: '/lottery',
  ELOTT: '/elott',
  COCKFIGHT: '/cockfight',
};

export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;

export const MEMBER_TYPES = { ACCOUNT_CENTRE: [1, 2, 41, 42], AGENT: [1, 2, 4, 41, 42], TRIAL: 4 } as const;

export const TIMING = {
  bannerAutoplayMs: 5000,
  vendorStripAutoplayMs: 3000,
  jackpotStepMs: 3000,
  jackpotStep: 165.11,
  chunkTimeoutMs: 120_000,
  lotteryRefreshFallbackMs: 7000,
  lotteryRefreshCapMs: 30_000,
  captchaRefreshMinMs: 1000,
  smsThrottleMs: 1000,
  smsLockMinutes: 5,
  rememberCookieHours: 24,
} as const;

export const WINDOW_SIZES = { chat: { width: 440, height: 500 }, login: { width: 1300, height: 900 } } as const;

export const LIMITS = {
  slotsPageSize: 15,
  winnerBoard: 50,
  popularLottery: 20,
  vietnameseNumbers: 100,
  recentLottery: 100,
  vendorArrowsAbove: 7,
  navDropdownVendors: 11,
  vendorStripPerView: 10,
  activityCommentMax: 140,
  activityImagesMax: 3,
  uploadMaxBytes: 5 * 1024 * 1024,
  /** An image that fails to load is asked for again this many times before the error image shows (spec §8). */
  imageRetries: 3,
} as const;

export const MIN_BET_OPTIONS = ['', '0.01', '0.05', '0.1', '0.5', '0.75'] as const;
/** Weekday filter order: Monday (2) .. Saturday (7), then Sunday (1). */
export const WEEKDAY_FILTER = [2, 3, 4, 5, 6, 7, 1] as const;

/** Paths that stay reachable without a session when loginedToHomePage is on. */
export const PUBLIC_PATHS_WHEN_LOGIN_REQUIRED = ['/login', '/register', '/register.html', '/helpmc', '/download'];
/** Prefixes of paths that stay public when login is required (a payment gateway's page is not the portal's). */
export const PUBLIC_PATH_PREFIXES_WHEN_LOGIN_REQUIRED = ['/sandbox-pay/'];

/**
 * Routes of the spec that show only an honest 'coming soon' screen today (the web router renders them with its
 * placeholder page). Nothing the brand advertises (banners, notices, HOT badges) may lead to one of them.
 */
export const PLACEHOLDER_ROUTES = [
  '/vip',
  '/pointMall',
  '/promotions',
  '/promoDetail',
  '/seamless',
  '/fbsports',
] as const;
export type PlaceholderRoute = (typeof PLACEHOLDER_ROUTES)[number];

/**
 * Whether a portal address (path, optional search and hash) leads to a screen that works today: a route of the
 * spec's table that is not a placeholder. Route matching is case-insensitive, as the web router's is.
 */
export function leadsToRealPage(address: string): boolean {
  const path = (address.split(/[?#]/)[0] ?? '').replace(/(.)\/+$/, '$1').toLowerCase();
  const lower = (routes: readonly string[]) => routes.map((route) => route.toLowerCase());
  return lower(SPA_ROUTES).includes(path) && !lower(PLACEHOLDER_ROUTES).includes(path);
}

/** Every route of the spec's route table (section 2); the server answers them with the web app. */
export const SPA_ROUTES = [
  '/',
  '/index',
  '/index.html',
  '/home',
  '/login',
  '/register',
  '/register.html',
  '/forget',
  '/changePassword',
  '/noticePage',
  '/vip',
  '/pointMall',
  '/live',
  '/sports',
  '/esports',
  '/elott',
  '/cockfight',
  '/rng',
  '/pvp',
  '/fish',
  '/lottery',
  '/vnlottery',
  '/promotions',
  '/promoDetail',
  '/seamless',
  '/fbsports',
  '/help',
  '/helpmc',
  '/down',
  '/download',
  '/join',
  '/game',
  // The portal's own games, opened in the /game page's iframe, and the dice's verifier.
  '/house/slot',
  '/house/dice',
  '/house/baccarat',
  '/house/verify',
  '/agentHome',
  // The sandbox payment gateway's page (test money only; the server mounts its API only when the sandbox is on).
  '/sandbox-pay/:providerRef',
] as const;

/** The lottery families the lottery calls are asked for (spec section 4, category shaping). */
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];
