import { type ReactNode, useId } from 'react';
import '@/styles/account.css';
import '@/styles/wallet.css';

export interface WalletCardProps {
  title: ReactNode;
  children: ReactNode;
  /** Buttons beside the title (refresh, add). */
  actions?: ReactNode;
  testId?: string;
}

/** A titled section of a money page. */
export function WalletCard({ title, children, actions, testId }: WalletCardProps) {
  const id = useId();
  return (
    <section className="wallet-card" aria-labelledby={id} data-testid={testId}>
      <div className="wallet-card__head">
        <h3 className="wallet-card__title" id={id}>
          {title}
        </h3>
        {actions ? <div className="wallet-card__actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
