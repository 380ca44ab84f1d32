import type { PlaceholderRoute } from '@portal/shared/constants';
import type { ComponentType, ReactNode } from 'react';
import { Outlet, type RouteObject, useRoutes } from 'react-router';
import { PortalModalsProvider } from '@/lib/portal-modals';
import { BareLayout } from './layouts/bare-layout';
import { HeaderOnlyLayout } from './layouts/header-only-layout';
import { MainLayout } from './layouts/main-layout';
import { lazyPage } from './lazy-page';
import { MemberCentreLink } from './member-centre-link';
import { ModalHost } from './modal-host';
import { RouteBoundary } from './route-error';
import { RouteGuard } from './route-guard';
import { ScrollToTop } from './scroll-to-top';

// Every screen is its own chunk, so the start-up bundle holds only the shells.
const HomePage = lazyPage(
  () => import('./routes/home'),
  (m) => m.HomePage,
);
const PlaceholderPage = lazyPage(
  () => import('./routes/placeholder'),
  (m) => m.PlaceholderPage,
);
const GameCategoryPage = lazyPage(
  () => import('./routes/game-category'),
  (m) => m.GameCategoryPage,
);
const SlotsPage = lazyPage(
  () => import('./routes/slots'),
  (m) => m.SlotsPage,
);
const GamePage = lazyPage(
  () => import('./routes/game'),
  (m) => m.GamePage,
);
const NoticePage = lazyPage(
  () => import('./routes/notice-page'),
  (m) => m.NoticePage,
);
const HelpPage = lazyPage(
  () => import('./routes/help'),
  (m) => m.HelpPage,
);
const HelpMcPage = lazyPage(
  () => import('./routes/help'),
  (m) => m.HelpMcPage,
);
const DownloadPage = lazyPage(
  () => import('./routes/down'),
  (m) => m.DownloadPage,
);
const JoinPage = lazyPage(
  () => import('./routes/join'),
  (m) => m.JoinPage,
);
const LoginPage = lazyPage(
  () => import('./routes/login'),
  (m) => m.LoginPage,
);
const RegisterPage = lazyPage(
  () => import('./routes/register'),
  (m) => m.RegisterPage,
);
const ForgetPage = lazyPage(
  () => import('./routes/forget'),
  (m) => m.ForgetPage,
);
const ChangePasswordPage = lazyPage(
  () => import('./routes/change-password'),
  (m) => m.ChangePasswordPage,
);
const AgentHomePage = lazyPage(
  () => import('./routes/agent-home'),
  (m) => m.AgentHomePage,
);
// The sandbox payment provider's page, where a provider channel's payUrl leads in tests and demos.
const SandboxPaymentPage = lazyPage(
  () => import('@/features/wallet/components/sandbox-payment-page'),
  (m) => m.SandboxPaymentPage,
);
// The portal's own games: each page runs alone inside the /game page's iframe.
const HouseSlotPage = lazyPage(
  () => import('@/features/house-games/slot/slot-page'),
  (m) => m.HouseSlotPage,
);
const HouseDicePage = lazyPage(
  () => import('@/features/house-games/dice/dice-page'),
  (m) => m.HouseDicePage,
);
const HouseVerifyPage = lazyPage(
  () => import('@/features/house-games/dice/verify-page'),
  (m) => m.HouseVerifyPage,
);
const HouseBaccaratPage = lazyPage(
  () => import('@/features/house-games/baccarat/baccarat-page'),
  (m) => m.HouseBaccaratPage,
);
const LotteryPage = lazyPage(
  () => import('./routes/lottery'),
  (m) => m.LotteryPage,
);
const VnLotteryPage = lazyPage(
  () => import('./routes/lottery'),
  (m) => m.VnLotteryPage,
);
const NotFoundPage = lazyPage(
  () => import('./routes/not-found'),
  (m) => m.NotFoundPage,
);

/** A leaf route with its own error boundary, so one broken screen never takes the shell down. */
function page(path: string, Component: ComponentType): RouteObject {
  return { path, element: bounded(<Component />) };
}

/** A route of the spec whose screen arrives later (PLACEHOLDER_ROUTES): its 'coming soon' page, marked so. */
function placeholder(path: PlaceholderRoute): RouteObject {
  return { ...page(path, PlaceholderPage), handle: { placeholder: true } };
}

function bounded(element: ReactNode): ReactNode {
  return <RouteBoundary>{element}</RouteBoundary>;
}

function RootShell() {
  return (
    <PortalModalsProvider>
      <RouteGuard>
        <Outlet />
        <ScrollToTop />
        <MemberCentreLink />
        <ModalHost />
      </RouteGuard>
    </PortalModalsProvider>
  );
}

/** The spec's whole route table (section 2). */
export const routes: RouteObject[] = [
  {
    element: bounded(<RootShell />),
    children: [
      {
        element: bounded(<MainLayout />),
        children: [
          { index: true, element: bounded(<HomePage />) },
          page('/index', HomePage),
          page('/index.html', HomePage),
          page('/home', HomePage),
          page('/login', LoginPage),
          page('/register', RegisterPage),
          page('/register.html', RegisterPage),
          page('/forget', ForgetPage),
          page('/changePassword', ChangePasswordPage),
          page('/noticePage', NoticePage),
          placeholder('/vip'),
          placeholder('/pointMall'),
          page('/live', GameCategoryPage),
          page('/sports', GameCategoryPage),
          page('/esports', GameCategoryPage),
          page('/elott', GameCategoryPage),
          page('/cockfight', GameCategoryPage),
          page('/rng', SlotsPage),
          page('/pvp', SlotsPage),
          page('/fish', SlotsPage),
          placeholder('/promotions'),
          placeholder('/promoDetail'),
          page('/help', HelpPage),
          page('/download', DownloadPage),
          page('/join', JoinPage),
          page('/agentHome', AgentHomePage),
          page('*', NotFoundPage),
        ],
      },
      {
        element: bounded(<HeaderOnlyLayout />),
        children: [
          page('/lottery', LotteryPage),
          page('/vnlottery', VnLotteryPage),
          placeholder('/seamless'),
          placeholder('/fbsports'),
        ],
      },
      {
        element: bounded(<BareLayout />),
        children: [
          page('/helpmc', HelpMcPage),
          page('/down', DownloadPage),
          // A launched game takes the whole screen: its own bar with the name and a close button.
          page('/game', GamePage),
          page('/house/slot', HouseSlotPage),
          page('/house/dice', HouseDicePage),
          page('/house/verify', HouseVerifyPage),
          page('/house/baccarat', HouseBaccaratPage),
          page('/sandbox-pay/:providerRef', SandboxPaymentPage),
        ],
      },
    ],
  },
];

const HOME_PATHS = ['/', '/index', '/index.html', '/home'];
const GAME_CATEGORY_PATHS = ['/live', '/sports', '/esports', '/elott', '/cockfight'];
const SLOTS_PATHS = ['/rng', '/pvp', '/fish'];

/**
 * Loads the code of the screen at this address at start-up, in parallel with the language, so the first render
 * holds the screen itself rather than its skeleton. Resolves either way: a failure is left to the route, which
 * loads again and shows its retry screen.
 */
export function preloadRouteCode(pathname: string): Promise<void> {
  const path = pathname.replace(/\/+$/, '') || '/';
  const page = HOME_PATHS.includes(path)
    ? HomePage
    : GAME_CATEGORY_PATHS.includes(path)
      ? GameCategoryPage
      : SLOTS_PATHS.includes(path)
        ? SlotsPage
        : undefined;
  return page ? page.preload().catch(() => {}) : Promise.resolve();
}

/** The screen of the current address, in its layout (inside a BrowserRouter, or a MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
