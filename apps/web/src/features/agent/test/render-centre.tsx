import type { ContractSwitches } from '@portal/shared/contracts';
import { useEffect } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { usePortalModals } from '@/lib/portal-modals';
import { clearSessionHintCookie, memberInfo, registerSettings, setSessionHint } from '@/test/auth-fixtures';
import { renderWithProviders, type StubRequest, stubFetch } from '@/test/render';
import { AgentCentre } from '../components/agent-centre';
import {
  consolidatedFunds,
  contractOverview,
  incomePage,
  inviteLinks,
  teamOverview,
  transactionsPage,
} from './agent-fixtures';

/** Friday 27 November 2026, 02:30 in Dhaka. */
export const NOW = new Date('2026-11-26T20:30:00Z');

/** Each test of the file runs at NOW (the date only: timers stay real), and leaves no stub or session behind. */
export function atAgentCentreNow() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    clearSessionHintCookie();
  });
}

function Opened() {
  const { current, open } = usePortalModals();
  useEffect(() => {
    if (!current) open({ name: 'agentCentre' });
  }, [current, open]);
  return current ? <AgentCentre /> : null;
}

/**
 * The agent centre opened for a signed-in member (an agent by default) whose contract pages' switches are as given
 * (all off by default), with the overviews it asked for.
 */
export function renderCentre(
  member = memberInfo({ account: 'demoagent', type: 1, isAgent: true }),
  switches: Partial<ContractSwitches> = {},
) {
  setSessionHint();
  const overviews: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        '/wps/member/info': member,
        '/wps/agent/team/overview': ({ url }: StubRequest) => {
          overviews.push(url);
          return teamOverview(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '');
        },
        '/wps/agent/team/members': { list: [], pageNo: 1, pageSize: 20, totalCount: 0, totalPages: 0, path: [] },
        '/wps/agent/team/transactions': transactionsPage([]),
        '/wps/agent/notices': {
          list: [
            {
              id: 3,
              title: 'Cricket season team challenge',
              content: '<p>Ten agents win.</p>',
              publishedAt: NOW.toISOString(),
            },
          ],
        },
        '/wps/agent/links': inviteLinks([]),
        '/wps/system/setting/register': registerSettings(),
        '/wps/agent/income': incomePage([]),
        '/wps/relay/MCS2_processDividendReq': contractOverview({ type: 'dividend' }),
        '/wps/member/info/funds/consolidated': consolidatedFunds(switches),
      }),
    ),
  );
  const view = renderWithProviders(<Opened />);
  return { ...view, overviews };
}
