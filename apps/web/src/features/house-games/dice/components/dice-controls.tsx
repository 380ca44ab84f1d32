import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import {
  DICE_OUTCOMES,
  type DiceDirection,
  diceChanceBp,
  diceMultiplierE4,
  diceTargetRange,
} from '@portal/shared/provably-fair';
import { type ChangeEvent, type CSSProperties, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChance, formatMultiplier, formatRoll } from '../lib/dice-format';
import { DirectionToggle } from './direction-toggle';

export interface DiceControlsProps {
  stake: string;
  onStakeChange: (stake: string) => void;
  /** Why the stake cannot be played, already in words; null when it can. */
  stakeError: string | null;
  direction: DiceDirection;
  onDirectionChange: (direction: DiceDirection) => void;
  target: number;
  onTargetChange: (target: number) => void;
  /** The balance the page knows, in minor units, to cap the ×2 button; null when unknown. */
  balanceMinor: bigint | null;
  formatAmount: (amount: string) => string;
  disabled: boolean;
}

/** A target inside the 1%–98% chance band of its direction. */
export function clampTarget(direction: DiceDirection, target: number): number {
  const { min, max } = diceTargetRange(direction);
  return Math.min(max, Math.max(min, Math.round(target)));
}

/** The same chance the other way round: under 49.50 is as likely as over 50.49. */
export function flipTarget(target: number): number {
  return DICE_OUTCOMES - 1 - target;
}

/** What a win pays back in total at this stake and multiplier, rounded down as the server does. */
export function payoutOf(stakeMinor: bigint, multiplierE4: number): bigint {
  return (stakeMinor * BigInt(multiplierE4)) / 10_000n;
}

/** Stake (with ½ and ×2), direction, target slider, and what the bet would pay. */
export function DiceControls({
  stake,
  onStakeChange,
  stakeError,
  direction,
  onDirectionChange,
  target,
  onTargetChange,
  balanceMinor,
  formatAmount,
  disabled,
}: DiceControlsProps) {
  const { t } = useTranslation();
  const id = useId();
  const stakeMinor = parsePositiveAmount(stake.trim());
  const chanceBp = diceChanceBp(direction, target);
  const multiplierE4 = diceMultiplierE4(chanceBp);
  const payout = stakeMinor === null ? null : fromMinor(payoutOf(stakeMinor, multiplierE4));
  const { min, max } = diceTargetRange(direction);

  const halve = () => {
    const half = (stakeMinor ?? 0n) / 2n;
    onStakeChange(fromMinor(half > 0n ? half : 1n));
  };
  const double = () => {
    let doubled = stakeMinor === null ? 1n : stakeMinor * 2n;
    if (balanceMinor !== null && balanceMinor > 0n && doubled > balanceMinor) doubled = balanceMinor;
    onStakeChange(fromMinor(doubled));
  };
  // The slider spans the whole 0.00–99.99 track so that it lines up with the result bar above; values outside the
  // 1%–98% chance band stop at its edge.
  const slide = (event: ChangeEvent<HTMLInputElement>) =>
    onTargetChange(clampTarget(direction, Number(event.target.value)));

  return (
    <div className="hdice-controls">
      <div className="hdice-field">
        <label className="hdice-field__label" htmlFor={`${id}-stake`}>
          {t('houseDice.controls.stake')}
        </label>
        <div className={`hdice-stake${stakeError ? ' hdice-stake--invalid' : ''}`}>
          <input
            id={`${id}-stake`}
            className="hdice-stake__input tabular"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={stake}
            onChange={(event) => onStakeChange(event.target.value)}
            onBlur={() => {
              if (stakeMinor !== null) onStakeChange(fromMinor(stakeMinor));
            }}
            aria-invalid={stakeError ? true : undefined}
            aria-describedby={stakeError ? `${id}-stake-error` : undefined}
            disabled={disabled}
            data-testid="dice-stake"
          />
          <button
            type="button"
            className="hdice-stake__quick"
            onClick={halve}
            disabled={disabled}
            aria-label={t('houseDice.controls.halve')}
          >
            ½
          </button>
          <button
            type="button"
            className="hdice-stake__quick"
            onClick={double}
            disabled={disabled}
            aria-label={t('houseDice.controls.double')}
          >
            ×2
          </button>
        </div>
        {stakeError ? (
          <p className="hdice-field__error" id={`${id}-stake-error`}>
            {stakeError}
          </p>
        ) : null}
      </div>

      <fieldset className="hdice-field">
        <legend className="hdice-field__label">{t('houseDice.controls.direction')}</legend>
        <div className="hdice-toggle">
          <DirectionToggle
            value={direction}
            onChange={onDirectionChange}
            disabled={disabled}
            testIdPrefix="dice-direction"
          />
        </div>
      </fieldset>

      <div className="hdice-field">
        <div className="hdice-field__row">
          <label className="hdice-field__label" htmlFor={`${id}-target`}>
            {t(`houseDice.controls.target.${direction}`)}
          </label>
          <output className="hdice-field__value tabular" htmlFor={`${id}-target`}>
            {formatRoll(target)}
          </output>
        </div>
        <input
          id={`${id}-target`}
          className={`hdice-slider hdice-slider--${direction}`}
          type="range"
          min={0}
          max={DICE_OUTCOMES - 1}
          step={1}
          value={target}
          onChange={slide}
          aria-valuetext={t(`houseDice.controls.targetValue.${direction}`, { target: formatRoll(target) })}
          disabled={disabled}
          style={{ '--hdice-target': `${(target / 100).toFixed(2)}%` } as CSSProperties}
          data-testid="dice-target"
        />
        <p className="hdice-field__hint">
          {t('houseDice.controls.targetRange', { min: formatRoll(min), max: formatRoll(max) })}
        </p>
      </div>

      <dl className="hdice-stats">
        <div className="hdice-stats__item">
          <dt>{t('houseDice.controls.chance')}</dt>
          <dd className="tabular" data-testid="dice-chance">
            {formatChance(chanceBp)}%
          </dd>
        </div>
        <div className="hdice-stats__item">
          <dt>{t('houseDice.controls.multiplier')}</dt>
          <dd className="tabular" data-testid="dice-multiplier">
            ×{formatMultiplier(multiplierE4)}
          </dd>
        </div>
        <div className="hdice-stats__item hdice-stats__item--payout">
          <dt>{t('houseDice.controls.payout')}</dt>
          <dd className="tabular" data-testid="dice-payout">
            {payout === null ? '—' : formatAmount(payout)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
