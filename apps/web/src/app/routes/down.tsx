import type { Resource } from '@portal/shared/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '@/api/get-permission';
import { LazyImage } from '@/components/ui/lazy-image';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { appRoutePath, resolveHref } from '@/lib/app-links';
import { promptInstall, useInstallAvailable } from '@/lib/install-prompt';
import { usePageTitle } from '@/lib/use-page-title';
import { Logo } from '../layouts/header';

type Platform = 'IOS' | 'ANDROID' | 'IOS_LITE';

/** The addresses of this page: a resource pointing at one of them (the defaults' /down#ios) is no app yet. */
const DOWNLOAD_PAGES = new Set(['/down', '/download']);

/** The resource if it leads somewhere else than this page; the settings' placeholders lead back here. */
function usableResource(resource: Resource | undefined): Resource | undefined {
  const url = resource?.url ? resolveHref(resource.url) : undefined;
  if (!url) return undefined;
  const path = appRoutePath(url);
  return path !== undefined && DOWNLOAD_PAGES.has(path) ? undefined : resource;
}

function ResourceLinks({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  return (
    <div className="download-card__resource">
      {resource.qrCodeUrl ? (
        <figure className="download-card__qr">
          <LazyImage src={resource.qrCodeUrl} alt={t('download.qrAlt')} width={160} height={160} />
          <figcaption>{t('download.scanQr')}</figcaption>
        </figure>
      ) : null}
      <a className="button button--primary button--wide" href={resource.url} target="_blank" rel="noopener noreferrer">
        {t('download.downloadLink')}
      </a>
    </div>
  );
}

function AndroidInstall() {
  const { t } = useTranslation();
  const toast = useToast();
  const available = useInstallAvailable();
  const [busy, setBusy] = useState(false);
  if (!available) return null;
  return (
    <button
      type="button"
      className="button button--secondary button--wide"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const accepted = await promptInstall();
        setBusy(false);
        toast.show(accepted ? t('download.installed') : t('download.installDismissed'), accepted ? 'success' : 'info');
      }}
    >
      {t('download.install')}
    </button>
  );
}

export function DownloadPage() {
  const { t } = useTranslation();
  const { data: permission, isPending } = usePermission();
  usePageTitle(t('download.title'), permission?.settings.brandName);
  const byType = (type: Platform) =>
    usableResource(permission?.resources.find((resource) => resource.resourceType === type));
  const ios = byType('IOS');
  const android = byType('ANDROID');
  const lite = byType('IOS_LITE');

  return (
    <div className="page page--narrow download">
      <div className="download__top">
        <Logo brand={permission?.settings.brandName} />
        <Link to="/" className="button button--ghost button--small">
          {t('common.backHome')}
        </Link>
      </div>
      <h1 className="page-title">{t('download.title')}</h1>
      <p className="muted">{t('download.intro')}</p>
      {isPending ? (
        <SkeletonLines lines={6} />
      ) : (
        <div className="download__grid">
          <section className="download-card" aria-labelledby="dl-ios">
            <h2 id="dl-ios">{t('download.ios')}</h2>
            <p>{t('download.iosText')}</p>
            {ios ? <ResourceLinks resource={ios} /> : <p className="muted">{t('download.iosUnavailable')}</p>}
          </section>
          <section className="download-card" aria-labelledby="dl-android">
            <h2 id="dl-android">{t('download.android')}</h2>
            <p>{t('download.androidText')}</p>
            <AndroidInstall />
            {android ? (
              <ResourceLinks resource={android} />
            ) : (
              <p className="muted">{t('download.androidUnavailable')}</p>
            )}
          </section>
          <section className="download-card" aria-labelledby="dl-lite">
            <h2 id="dl-lite">{t('download.iosLite')}</h2>
            <p>{t('download.iosLiteText')}</p>
            <ol className="download-card__steps">
              <li>{t('download.liteStep1')}</li>
              <li>{t('download.liteStep2')}</li>
              <li>{t('download.liteStep3')}</li>
            </ol>
            {lite ? <ResourceLinks resource={lite} /> : null}
          </section>
        </div>
      )}
    </div>
  );
}
