import { DEMO_CURRENCY } from '@portal/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BalanceChip } from '@/components/ui/balance-chip';
import { getBalanceQueryOptions } from '@/features/wallet/api/get-balance';
import { useBalanceSocket } from '@/features/wallet/hooks/use-balance-socket';
import { useCurrencySymbol } from '@/lib/money-format';

/**
 * The signed-in header's balance with refresh and hide; a free-play account's is marked as demo money. A real
 * member's balance also arrives by push over the WebSocket while this is on screen (it leaves at sign-out), so each
 * time the header comes back (after a game, which has no header) the balance is read again.
 */
export function HeaderBalance() {
  const { t } = useTranslation();
  const balance = useQuery({ ...getBalanceQueryOptions(), refetchOnMount: 'always' });
  const demo = balance.data?.demo === true;
  // Demo money has no symbol: the demo mark beside it says what it is.
  const symbol = useCurrencySymbol(demo ? DEMO_CURRENCY : balance.data?.currency);
  useBalanceSocket(balance.data?.demo === false);
  return (
    <span className={`header-balance${demo ? ' header-balance--demo' : ''}`} data-testid="header-balance">
      {demo ? <span className="header-balance__demo">{t('balance.demo')}</span> : null}
      <BalanceChip
        amount={balance.data?.sumBalance ?? null}
        symbol={symbol}
        onRefresh={() => void balance.refetch()}
        refreshing={balance.isFetching}
      />
    </span>
  );
}
