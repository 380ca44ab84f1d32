import type { DiceRollValue } from '@portal/shared/house-games';
import { toMinor } from '@portal/shared/money';
import type { DiceDirection } from '@portal/shared/provably-fair';
import { useTranslation } from 'react-i18next';
import { useRollingNumber } from '../hooks/use-rolling-number';
import { formatRoll } from '../lib/dice-format';

export interface DiceStageProps {
  /** The last roll played; null before the first. */
  last: DiceRollValue | null;
  /** The bet being set up, drawn as the winning and losing zones. */
  direction: DiceDirection;
  target: number;
  rolling: boolean;
  formatAmount: (amount: string) => string;
}

/** Where a roll is 0–9999 on a 0–100 track. */
function percent(value: number): string {
  return `${(value / 100).toFixed(2)}%`;
}

/**
 * The big result number (spinning to each new roll), the 0–100 track with the winning zone of the bet being set up,
 * the target and where the last roll landed, and the outcome, announced politely once the number has landed.
 */
export function DiceStage({ last, direction, target, rolling, formatAmount }: DiceStageProps) {
  const { t } = useTranslation();
  const { shown, settled } = useRollingNumber(last?.roll ?? null, last?.roundId ?? null);
  const won = last ? toMinor(last.win) > 0n : false;
  // A roll in flight hides the previous outcome; a new one shows once its number has landed.
  const outcome = last && settled && !rolling ? (won ? 'win' : 'lose') : null;
  const winStart = direction === 'under' ? 0 : target + 1;
  const winEnd = direction === 'under' ? target : 10_000;

  return (
    <section
      className={`hdice-stage${outcome ? ` hdice-stage--${outcome}` : ''}${rolling ? ' hdice-stage--rolling' : ''}`}
      aria-label={t('houseDice.stage.label')}
      data-testid="dice-result"
    >
      <p className="hdice-stage__number tabular" key={outcome ? last?.roundId : 'rolling'}>
        {shown === null ? '--.--' : formatRoll(shown)}
      </p>
      <div className="hdice-track" aria-hidden="true">
        <div className="hdice-track__rail">
          <span
            className="hdice-track__win"
            style={{ left: percent(winStart), width: percent(Math.max(0, winEnd - winStart)) }}
          />
          <span className="hdice-track__target" style={{ left: percent(target) }} />
          {last ? (
            <span
              className={`hdice-track__marker${outcome ? ` is-${outcome}` : ''}`}
              style={{ left: percent(last.roll) }}
            >
              <span className="hdice-track__chip tabular">{formatRoll(last.roll)}</span>
            </span>
          ) : null}
        </div>
        <div className="hdice-track__scale tabular">
          <span>0</span>
          <span>25</span>
          <span>50</span>
          <span>75</span>
          <span>100</span>
        </div>
      </div>
      <p className="hdice-stage__outcome" aria-live="polite">
        {last && outcome ? (
          <span className={`hdice-outcome hdice-outcome--${outcome}`}>
            <span aria-hidden="true">{won ? '★' : '✕'}</span>{' '}
            {won
              ? t('houseDice.stage.win', { roll: formatRoll(last.roll), amount: formatAmount(last.win) })
              : t('houseDice.stage.lose', { roll: formatRoll(last.roll) })}
          </span>
        ) : (
          <span className="hdice-outcome">
            {rolling || last ? t('houseDice.stage.rolling') : t('houseDice.stage.ready')}
          </span>
        )}
      </p>
    </section>
  );
}
