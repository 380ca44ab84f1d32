import type { DiceDirection } from '@portal/shared/provably-fair';
import { useTranslation } from 'react-i18next';

const DIRECTIONS: DiceDirection[] = ['under', 'over'];

/** Roll under or over: two pressed-state buttons (the dice table and the verifier). */
export function DirectionToggle({
  value,
  onChange,
  disabled = false,
  testIdPrefix,
}: {
  value: DiceDirection;
  onChange: (next: DiceDirection) => void;
  disabled?: boolean;
  /** Each button's test id is `${testIdPrefix}-under` or `-over`. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return DIRECTIONS.map((direction) => (
    <button
      key={direction}
      type="button"
      className="hdice-toggle__option"
      aria-pressed={value === direction}
      onClick={() => onChange(direction)}
      disabled={disabled}
      data-testid={`${testIdPrefix}-${direction}`}
    >
      <span aria-hidden="true">{direction === 'under' ? '▼' : '▲'}</span> {t(`houseDice.controls.${direction}`)}
    </button>
  ));
}
