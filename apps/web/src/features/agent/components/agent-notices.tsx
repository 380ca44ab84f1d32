import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SafeHtml } from '@/components/ui/safe-html';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { formatDay } from '@/lib/date-time';
import { useAgentNotices } from '../api/get-agent-notices';
import { AgentCard } from './agent-card';

/** The agent centre's announcements: the operator's agent notices, newest first, the newest one open. */
export function AgentNotices() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notices = useAgentNotices();
  return (
    <div className="wallet-page agent-notices" data-testid="agent-notices">
      <AgentCard id="agent-notices-title" title={t('agent.pages.announcement')}>
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
      </AgentCard>
    </div>
  );
}
