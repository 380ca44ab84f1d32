import type { MemberInfo } from '@portal/shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '@/api/get-member-info';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useMemberIcon } from '@/features/auth/api/get-member-icon';
import { useSecurity } from '@/features/member/api/get-security';
import { SecurityCentre } from '@/features/member/components/security-centre';
import { walletKeys } from '@/features/wallet/api/wallet-keys';
import { useBrandSymbol } from '@/lib/money-format';
import { usePortalModals } from '@/lib/portal-modals';
import { isAgentType } from '@/lib/session';
import { withTimeout } from '../lazy-page';

/** Where a page sends the member: another entry, optionally with a part of it to open (the payment password). */
interface Destination {
  key: string;
  focus?: 'paymentPassword';
}

interface EntryProps {
  member: MemberInfo;
  /** The brand's currency symbol for every amount. */
  symbol: string;
  focus?: Destination['focus'];
  go: (destination: Destination) => void;
}

/** A page's code loads the first time it is chosen: the money pages stay out of the member centre's own chunk. */
function lazyEntry<M, P>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => withTimeout(load()).then((module) => ({ default: pick(module) })));
}

const WalletOverview = lazyEntry(
  () => import('@/features/wallet/components/wallet-overview'),
  (m) => m.WalletOverview,
);
const DepositPage = lazyEntry(
  () => import('@/features/wallet/components/deposit-page'),
  (m) => m.DepositPage,
);
const WithdrawPage = lazyEntry(
  () => import('@/features/wallet/components/withdraw-page'),
  (m) => m.WithdrawPage,
);
const TransferPage = lazyEntry(
  () => import('@/features/wallet/components/transfer-page'),
  (m) => m.TransferPage,
);
const BetRecords = lazyEntry(
  () => import('@/features/wallet/components/bet-records'),
  (m) => m.BetRecords,
);
const AccountRecords = lazyEntry(
  () => import('@/features/wallet/components/account-records'),
  (m) => m.AccountRecords,
);
const ProfitReport = lazyEntry(
  () => import('@/features/wallet/components/profit-report'),
  (m) => m.ProfitReport,
);

function SecurityCentreEntry({ member, focus }: EntryProps) {
  const { open } = usePortalModals();
  const queryClient = useQueryClient();
  const { data: icon } = useMemberIcon(true);
  return (
    <SecurityCentre
      member={member}
      icon={icon?.icon}
      onChangePassword={() => open({ name: 'changePassword', fromMemberCentre: true })}
      focusPaymentPassword={focus === 'paymentPassword'}
      // The withdrawal page asks whether a payment password exists: it must not answer from before.
      onPaymentPasswordSet={() => void queryClient.invalidateQueries({ queryKey: walletKeys.eligibility })}
    />
  );
}

const toPaymentPassword: Destination = { key: 'securityCenter', focus: 'paymentPassword' };

function TransferEntry({ member, symbol, go }: EntryProps) {
  const security = useSecurity();
  return (
    <TransferPage
      member={member}
      symbol={symbol}
      hasPaymentPassword={security.data?.hasPaymentPassword}
      onSetPaymentPassword={() => go(toPaymentPassword)}
    />
  );
}

interface Entry {
  /** The spec's page key (section 2). */
  key: string;
  Component: ComponentType<EntryProps>;
  /** Whether this member has any use for the page; absent: everyone. */
  available?: (member: MemberInfo) => boolean;
  /** The menu's label key under memberCentre.pages when it depends on the member; absent: the entry's key. */
  label?: (member: MemberInfo) => string;
}

/**
 * The member centre's menu. Spec section 2 lists 14 entries; only those whose screens work are listed, in the
 * spec's order. Later capabilities add theirs: bonusDetails, rewardCenter, referral, missionLeaderboard,
 * messageV2 and manualRebate (the last four with their red counters).
 */
const ENTRIES: Entry[] = [
  { key: 'securityCenter', Component: SecurityCentreEntry },
  {
    key: 'transferFund',
    Component: ({ symbol, go }) => (
      <WalletOverview
        symbol={symbol}
        onDeposit={() => go({ key: 'depositv2' })}
        onWithdraw={() => go({ key: 'withdraw' })}
      />
    ),
  },
  { key: 'depositv2', Component: ({ symbol }) => <DepositPage symbol={symbol} /> },
  {
    key: 'withdraw',
    Component: ({ symbol, go }) => <WithdrawPage symbol={symbol} onSetPaymentPassword={() => go(toPaymentPassword)} />,
  },
  {
    key: 'transferUpline',
    Component: TransferEntry,
    // Members with an upline send to it; agents (1, 2, 41, 42) also send to their downlines.
    available: (member) => member.toUpline || isAgentType(member.type),
    label: (member) =>
      !isAgentType(member.type) ? 'transferUpline' : member.toUpline ? 'transferBoth' : 'transferDownline',
  },
  { key: 'personalHistoryCopy', Component: ({ symbol }) => <BetRecords symbol={symbol} /> },
  { key: 'transactionHistory', Component: ({ symbol }) => <AccountRecords symbol={symbol} /> },
  { key: 'personalProfit', Component: ({ symbol }) => <ProfitReport symbol={symbol} /> },
];
export const DEFAULT_MEMBER_CENTRE_PAGE = 'securityCenter';

/** A page whose code failed to arrive: said inside the page area, the menu stays usable. */
class PageBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The member centre: a left menu (a row of tabs on phones) and the chosen page. */
export function MemberCentreBody() {
  const { t } = useTranslation();
  const { current } = usePortalModals();
  const { data: member } = useMemberInfo();
  const symbol = useBrandSymbol();
  // An entry that depends on the member shows once the member is known, so no tab appears and then goes.
  const entries = ENTRIES.filter((entry) => !entry.available || (member && entry.available(member)));
  const requested = current?.name === 'memberCentre' ? current.page : undefined;
  const [destination, setDestination] = useState<Destination>({ key: requested ?? DEFAULT_MEMBER_CENTRE_PAGE });
  const menuRef = useRef<HTMLUListElement>(null);
  const navRef = useRef<HTMLElement>(null);

  // Opened again for another page while already open (the header's deposit link): follow it.
  useEffect(() => {
    if (requested) setDestination({ key: requested });
  }, [requested]);

  const entry = entries.find((item) => item.key === destination.key) ?? entries[0]!;

  // Phones show the menu as a scrolling row: keep the active tab in view, and show a new page from its top with the
  // menu above it (a page is taller than the screen, so bringing the page itself into view would hide the menu).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes; the elements come from refs
  useEffect(() => {
    const active = menuRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    navRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [entry.key]);

  const chunkError = (
    <ErrorState title={t('chunk.title')} message={t('chunk.failed')} onRetry={() => window.location.reload()} />
  );

  return (
    <div className="member-centre">
      <nav className="member-centre__menu" ref={navRef} aria-label={t('memberCentre.menu')}>
        <ul ref={menuRef}>
          {entries.map((item) => (
            <li key={item.key}>
              <button
                type="button"
                className="member-centre__link"
                aria-current={item.key === entry.key ? 'page' : undefined}
                onClick={() => setDestination({ key: item.key })}
              >
                {t(`memberCentre.pages.${member && item.label ? item.label(member) : item.key}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="member-centre__page" data-page={entry.key}>
        {member ? (
          <PageBoundary key={entry.key} fallback={chunkError}>
            <Suspense fallback={<SkeletonLines lines={6} />}>
              <entry.Component
                member={member}
                symbol={symbol}
                focus={destination.key === entry.key ? destination.focus : undefined}
                go={setDestination}
              />
            </Suspense>
          </PageBoundary>
        ) : (
          <SkeletonLines lines={6} />
        )}
      </div>
    </div>
  );
}
