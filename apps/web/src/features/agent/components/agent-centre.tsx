import '../i18n/register';
import type { AgentCentrePage } from '@portal/shared/agents';
import { DEFAULT_AGENT_CENTRE_PAGE } from '@portal/shared/agents';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '@/api/get-member-info';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { usePortalModals } from '@/lib/portal-modals';
import { isAgentType } from '@/lib/session';
import { DownlineTransactions } from './downline-transactions';
import { TeamBetting } from './team-betting';
import { TeamManagement } from './team-management';
import { TeamOverviewPage } from './team-overview';
import { UserProfitLoss } from './user-profit-loss';
import '@/styles/account.css';
import '@/styles/wallet.css';
import '@/styles/agent.css';

interface Entry {
  key: AgentCentrePage;
  Component: ComponentType;
}

/**
 * The agent centre's menu: of the spec's twelve pages (AGENT_CENTRE_PAGES, in its order), only those whose screens
 * work are listed. The announcement, register centre, reports and contract pages join as they arrive.
 */
export const AGENT_CENTRE_ENTRIES: Entry[] = [
  { key: 'teamOverview', Component: TeamOverviewPage },
  { key: 'teamManagement', Component: TeamManagement },
  { key: 'teamBetting', Component: TeamBetting },
  { key: 'userProfitLoss', Component: UserProfitLoss },
  { key: 'downlineTransactions', Component: DownlineTransactions },
];

/** The agent centre (spec section 2): a left menu (a row of tabs on phones, as the member centre's) and the page. */
export function AgentCentre() {
  const { t } = useTranslation();
  const { current } = usePortalModals();
  const { data: member, isPending } = useMemberInfo();
  const requested = current?.name === 'agentCentre' ? current.page : undefined;
  const [page, setPage] = useState<AgentCentrePage>(requested ?? DEFAULT_AGENT_CENTRE_PAGE);
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (requested) setPage(requested);
  }, [requested]);

  const entry = AGENT_CENTRE_ENTRIES.find((item) => item.key === page) ?? AGENT_CENTRE_ENTRIES[0]!;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes; the element comes from a ref
  useEffect(() => {
    menuRef.current
      ?.querySelector<HTMLElement>('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [entry.key]);

  if (isPending) return <SkeletonLines lines={6} />;
  if (!member || !isAgentType(member.type)) return <EmptyState message={t('agent.agentsOnly')} />;

  return (
    <div className="member-centre agent-centre" data-testid="agent-centre">
      <nav className="member-centre__menu" aria-label={t('agent.menu')}>
        <ul ref={menuRef}>
          {AGENT_CENTRE_ENTRIES.map((item) => (
            <li key={item.key}>
              <button
                type="button"
                className="member-centre__link"
                aria-current={item.key === entry.key ? 'page' : undefined}
                onClick={() => setPage(item.key)}
              >
                {t(`agent.pages.${item.key}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="member-centre__page" data-page={entry.key}>
        <entry.Component />
      </div>
    </div>
  );
}
