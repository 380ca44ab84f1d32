import '../i18n/register';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepositForm } from './deposit-form';
import { DepositList } from './deposit-list';
import { DepositOrderView } from './deposit-order-view';
import { WalletCard } from './wallet-card';

/** "Increase deposit": a new order (channel, amount), the order being paid, and the recent orders. */
export function DepositPage({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<string | null>(null);
  const topRef = useRef<HTMLDivElement>(null);

  // An order chosen from the list below opens in the card above: bring it into view.
  function view(orderNo: string) {
    setViewing(orderNo);
    topRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }

  return (
    <div className="wallet-page" data-testid="deposit-page" ref={topRef}>
      <WalletCard title={viewing ? t('wallet.deposit.orderTitle') : t('wallet.deposit.title')}>
        {viewing ? (
          <DepositOrderView orderNo={viewing} symbol={symbol} onNew={() => setViewing(null)} />
        ) : (
          <DepositForm symbol={symbol} onCreated={(order) => setViewing(order.orderNo)} />
        )}
      </WalletCard>
      <WalletCard title={t('wallet.deposit.recent')}>
        <DepositList symbol={symbol} onView={view} />
      </WalletCard>
    </div>
  );
}
