import { isDecimalAmount, toMinor } from '@portal/shared/money';
import type { WithdrawalEligibility } from '@portal/shared/wallet';
import { useTranslation } from 'react-i18next';
import { Money } from './money';

/** Share of the required turnover done, 0–100; 100 when nothing is required. */
export function turnoverPercent(required: string, done: string): number {
  if (!isDecimalAmount(required) || !isDecimalAmount(done)) return 0;
  const need = toMinor(required);
  if (need <= 0n) return 100;
  const have = toMinor(done);
  if (have <= 0n) return 0;
  const percent = (have * 100n) / need;
  return percent >= 100n ? 100 : Number(percent);
}

/** Wagering the member's deposits and bonuses require before a withdrawal, as a bar with the figures. */
export function TurnoverProgress({ eligibility, symbol }: { eligibility: WithdrawalEligibility; symbol: string }) {
  const { t } = useTranslation();
  const percent = turnoverPercent(eligibility.turnoverRequired, eligibility.turnoverDone);
  const remaining = isDecimalAmount(eligibility.turnoverRemaining) ? toMinor(eligibility.turnoverRemaining) : 0n;
  return (
    <div className="turnover" data-testid="turnover">
      <div className="turnover__labels">
        <span>{t('wallet.withdraw.turnover')}</span>
        <span className="tabular">
          <Money amount={eligibility.turnoverDone} symbol={symbol} /> /{' '}
          <Money amount={eligibility.turnoverRequired} symbol={symbol} />
        </span>
      </div>
      <div
        className="turnover__bar"
        role="progressbar"
        aria-label={t('wallet.withdraw.turnover')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span className={`turnover__fill${percent >= 100 ? ' is-done' : ''}`} style={{ width: `${percent}%` }} />
      </div>
      {remaining > 0n ? (
        <p className="turnover__note">
          {t('wallet.withdraw.turnoverRemaining')} <Money amount={eligibility.turnoverRemaining} symbol={symbol} />
        </p>
      ) : (
        <p className="turnover__note muted">{t('wallet.withdraw.turnoverDone')}</p>
      )}
    </div>
  );
}
