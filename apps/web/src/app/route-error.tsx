import { type ReactNode, Suspense } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { ChunkLoadError } from './lazy-page';

function isChunkError(error: unknown): error is ChunkLoadError | Error {
  if (error instanceof ChunkLoadError) return true;
  // Browsers word a failed dynamic import differently; all of them mean "the screen did not arrive".
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i.test(
      error.message,
    )
  );
}

/**
 * Every route and layout sits in one of these, so one broken screen never takes the shell down: the header and
 * footer stay usable around the error, and going to another address tries again.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}

// A rejected lazy import is remembered by React, so a fresh load is the reliable retry.
const retry = () => window.location.reload();

/**
 * The retry of a screen that failed: its code did not arrive (a network error, a stale deployment, the 120 s
 * timeout), or it threw.
 */
function FailedScreenState({ error }: Pick<FallbackProps, 'error'>) {
  const { t } = useTranslation();
  if (!isChunkError(error)) {
    return <ErrorState title={t('common.errorTitle')} message={t('common.unexpected')} onRetry={retry} />;
  }
  const timeout = error instanceof ChunkLoadError && error.reason === 'timeout';
  return (
    <ErrorState title={t('chunk.title')} message={timeout ? t('chunk.timeout') : t('chunk.failed')} onRetry={retry} />
  );
}

const failureTestId = (error: unknown) => (isChunkError(error) ? 'chunk-error' : 'route-error');

/** What a route shows in place of a screen that failed: a screen that did not arrive, or an unexpected error. */
export function RouteError({ error }: Pick<FallbackProps, 'error'>) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow" data-testid={failureTestId(error)}>
      <FailedScreenState error={error} />
      {isChunkError(error) ? null : (
        <p className="center">
          <Link to="/">{t('common.backHome')}</Link>
        </p>
      )}
    </section>
  );
}

/**
 * Above the start-up status screens (maintenance, region block), which sit outside the router: a screen that did
 * not arrive, or failed, offers a fresh load instead of leaving a blank page.
 */
export function StatusScreenBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary FallbackComponent={StatusScreenError}>{children}</ErrorBoundary>;
}

function StatusScreenError({ error }: Pick<FallbackProps, 'error'>) {
  return (
    <main className="status-screen" data-testid={failureTestId(error)}>
      <FailedScreenState error={error} />
    </main>
  );
}

/**
 * A side widget (the footer's vendor strip, the right bar, the recent-games panel) whose code did not arrive, or
 * that failed, is left out: the page around it stays whole, and the next page load tries again.
 */
export function WidgetBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
