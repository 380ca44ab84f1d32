import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SafeHtml } from '@/components/ui/safe-html';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { formatDay } from '@/lib/date-time';
import { useAgentNotices } from '../api/get-agent-notices';

/** The agent centre's announcements: the operator's agent notices, newest first, the newest one open. */
export function AgentNotices() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notices = useAgentNotices();
  return (
    <div className="wallet-page agent-notices" data-testid="agent-notices">
      <section className="wallet-card" aria-labelledby="agent-notices-title">
        <div className="wallet-card__head">
          <h3 className="wallet-card__title" id="agent-notices-title">
            {t('agent.pages.announcement')}
          </h3>
        </div>
        {notices.isPending ? (
          <SkeletonLines lines={6} />
        ) : notices.isError ? (
          <ErrorState message={t('common.loadFailed')} onRetry={() => void notices.refetch()} />
        ) : notices.data.list.length === 0 ? (
          <EmptyState message={t('agent.notices.none')} />
        ) : (
          <ol className="agent-notices__list">
            {notices.data.list.map((notice, index) => (
              <li key={notice.id}>
                <details className="agent-notice" open={index === 0}>
                  <summary className="agent-notice__summary">
                    <span className="agent-notice__title">{notice.title}</span>
                    <time className="agent-notice__date muted" dateTime={notice.publishedAt}>
                      {formatDay(notice.publishedAt, language)}
                    </time>
                  </summary>
                  <SafeHtml html={notice.content} className="agent-notice__body" />
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
