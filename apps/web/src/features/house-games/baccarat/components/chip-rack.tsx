import { useTranslation } from 'react-i18next';
import { CHIP_VALUES, type ChipValue, chipMinor, formatStake } from '../lib/baccarat';

interface ChipRackProps {
  selected: ChipValue;
  onSelect: (chip: ChipValue) => void;
  disabled: boolean;
}

export function ChipRack({ selected, onSelect, disabled }: ChipRackProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="bac-chips" aria-label={t('houseBaccarat.chips')}>
      {CHIP_VALUES.map((chip) => (
        <button
          key={chip}
          type="button"
          className={`bac-chip bac-chip--${chip}`}
          aria-pressed={chip === selected}
          aria-label={t('houseBaccarat.chip', { amount: formatStake(chipMinor(chip)) })}
          disabled={disabled}
          onClick={() => onSelect(chip)}
        >
          <span aria-hidden="true">{chip}</span>
        </button>
      ))}
    </fieldset>
  );
}
