import { SYSTEM_STATUS } from '@portal/shared/constants';
import { type ReactNode, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/api/get-permission';
import { ErrorState } from '@/components/ui/error-state';
import { useStatus } from '@/features/system/api/get-status';
import { BootShell } from './layouts/boot-shell';
import { lazyPage } from './lazy-page';
import { StatusScreenBoundary } from './route-error';

// Rare screens, so their code loads only when the status asks for them (the start-up JavaScript stays smaller).
// A chunk that fails or takes over 120 s gives the retry screen of the boundary around it, not a blank page.
const StatusScreen = lazyPage(
  () => import('./status-screen'),
  (m) => m.StatusScreen,
);

/**
 * Start-up switch on the system status: 0 renders the app, 1 the maintenance screen, 2 the
 * region-block screen, anything else nothing. Brand settings load in parallel so the screens
 * can offer customer service.
 */
export function StatusGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const status = useStatus();
  const permission = usePermission();
  // The app mounts from a deferred render: React builds the whole first screen in short slices that leave
  // the main thread free, instead of one long task the moment the status arrives.
  const data = useDeferredValue(status.data);

  if (status.isPending || (status.isSuccess && data === undefined)) {
    return (
      <BootShell>
        <span className="visually-hidden">{t('common.loading')}</span>
      </BootShell>
    );
  }
  if (status.isError) {
    return (
      <main className="status-screen">
        <ErrorState message={t('status.startFailed')} onRetry={() => void status.refetch()} testId="status-error" />
      </main>
    );
  }
  if (data === undefined) return null;
  switch (data.status) {
    case SYSTEM_STATUS.NORMAL:
      return <>{children}</>;
    case SYSTEM_STATUS.MAINTENANCE:
    case SYSTEM_STATUS.REGION_RESTRICTED:
      return (
        <StatusScreenBoundary>
          <Suspense fallback={<BootShell />}>
            <StatusScreen status={data} permission={permission.data} />
          </Suspense>
        </StatusScreenBoundary>
      );
    default:
      return null;
  }
}
