import '../i18n/register';
import type { AgentCentrePage } from '@portal/shared/agents';
import { AGENT_CENTRE_PAGES, DEFAULT_AGENT_CENTRE_PAGE } from '@portal/shared/agents';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '@/api/get-member-info';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { usePortalModals } from '@/lib/portal-modals';
import { isAgentType } from '@/lib/session';
import { useContractSwitches } from '../api/get-contract-switches';
import { CONTRACT_PAGE_TYPES, type ContractPageKey, pageSwitchedOn } from '../lib/contracts';
import { AgentNotices } from './agent-notices';
import { ContractPage } from './contract-page';
import { DownlineTransactions } from './downline-transactions';
import { MyIncome } from './my-income';
import { RegisterCentre } from './register-centre';
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

/** One contract page per type, each a component of its own so that React keeps their state apart. */
const contractEntry = (key: ContractPageKey): Entry => ({
  key,
  Component: () => <ContractPage type={CONTRACT_PAGE_TYPES[key]} />,
});

/**
 * The agent centre's menu: of the spec's twelve pages, only those whose screens work are listed, in the order of
 * AGENT_CENTRE_PAGES whatever the order below.
 */
export const AGENT_CENTRE_ENTRIES: Entry[] = (
  [
    { key: 'announcement', Component: AgentNotices },
    { key: 'teamOverview', Component: TeamOverviewPage },
    { key: 'registerCentre', Component: RegisterCentre },
    { key: 'teamManagement', Component: TeamManagement },
    { key: 'teamBetting', Component: TeamBetting },
    { key: 'userProfitLoss', Component: UserProfitLoss },
    { key: 'myIncome', Component: MyIncome },
    { key: 'downlineTransactions', Component: DownlineTransactions },
    contractEntry('dividend'),
    contractEntry('dailyWages'),
    contractEntry('hourlySalary'),
    contractEntry('realTimeSalary'),
  ] satisfies Entry[]
).sort((a, b) => AGENT_CENTRE_PAGES.indexOf(a.key) - AGENT_CENTRE_PAGES.indexOf(b.key));

/** The agent centre (spec section 2): a left menu (a row of tabs on phones, as the member centre's) and the page. */
export function AgentCentre() {
  const { t } = useTranslation();
  const { current } = usePortalModals();
  const { data: member, isPending } = useMemberInfo();
  const requested = current?.name === 'agentCentre' ? current.page : undefined;
  const [page, setPage] = useState<AgentCentrePage>(requested ?? DEFAULT_AGENT_CENTRE_PAGE);
  const menuRef = useRef<HTMLUListElement>(null);
  // A contract page is listed only while its switch (the consolidated call's) is on.
  const { data: switches } = useContractSwitches(Boolean(member && isAgentType(member.type)));
  const entries = AGENT_CENTRE_ENTRIES.filter((item) => pageSwitchedOn(item.key, switches));

  useEffect(() => {
    if (requested) setPage(requested);
  }, [requested]);

  const entry =
    entries.find((item) => item.key === page) ??
    entries.find((item) => item.key === DEFAULT_AGENT_CENTRE_PAGE) ??
    entries[0]!;

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
          {entries.map((item) => (
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
