import type { HousePlayMode } from '@portal/shared/house-games';
import { useTranslation } from 'react-i18next';

export function DieIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true">
      <rect x="3" y="3" width="26" height="26" rx="7" fill="currentColor" />
      <g fill="var(--hdice-pip, #1b1f2a)">
        <circle cx="10.5" cy="10.5" r="2.6" />
        <circle cx="21.5" cy="10.5" r="2.6" />
        <circle cx="16" cy="16" r="2.6" />
        <circle cx="10.5" cy="21.5" r="2.6" />
        <circle cx="21.5" cy="21.5" r="2.6" />
      </g>
    </svg>
  );
}

export interface DiceTopBarProps {
  title: string;
  mode: HousePlayMode | null;
  /** The formatted balance; null while unknown. */
  balance: string | null;
}

/** The game's own bar: name, how it is played (real money, demo money, free play) and the balance. */
export function DiceTopBar({ title, mode, balance }: DiceTopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="hdice-bar">
      <h1 className="hdice-bar__title">
        <DieIcon className="hdice-bar__icon" />
        <span>{title}</span>
      </h1>
      {mode ? (
        <span className={`hdice-mode hdice-mode--${mode}`} data-testid="dice-mode">
          {t(`houseDice.mode.${mode}`)}
        </span>
      ) : null}
      <p className="hdice-bar__balance">
        <span className="hdice-bar__balance-label">{t('houseDice.balance')}</span>
        <span className="hdice-bar__balance-amount tabular" data-testid="dice-balance">
          {balance ?? '—'}
        </span>
      </p>
    </header>
  );
}
