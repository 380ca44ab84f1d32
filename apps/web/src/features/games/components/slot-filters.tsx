import { MIN_BET_OPTIONS } from '@portal/shared/constants';
import { GAME_CLASSIFIES, type GameClassify } from '@portal/shared/games';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/ui/form-field';

/**
 * Bingo (BG) is offered only where a TY language is supported (spec section 3); this portal speaks Bengali and
 * English, so it never is.
 */
export const SLOT_CLASSIFIES = GAME_CLASSIFIES.filter((classify) => classify !== 'BG');

export interface SlotFilterValues {
  classify: GameClassify | '';
  minBet: (typeof MIN_BET_OPTIONS)[number];
}

export interface SlotFiltersProps {
  values: SlotFilterValues;
  /** The name box's text as typed; the list reloads once the typing stops. */
  nameText: string;
  /** The classify filter is for the slots (RNG) page only. */
  showClassify: boolean;
  onChange: (values: SlotFilterValues) => void;
  onNameTextChange: (text: string) => void;
}

/** Name search, classify and minimum bet for the paged game list. */
export function SlotFilters({ values, nameText, showClassify, onChange, onNameTextChange }: SlotFiltersProps) {
  const { t } = useTranslation();
  return (
    <search className="slot-filters" aria-label={t('games.filters.label')}>
      <TextField
        label={t('games.filters.name')}
        type="search"
        value={nameText}
        onChange={onNameTextChange}
        placeholder={t('games.filters.namePlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={50}
      />
      {showClassify ? (
        <SelectField
          label={t('games.filters.classify')}
          value={values.classify}
          options={[
            { value: '', label: t('games.filters.classifyAll') },
            ...SLOT_CLASSIFIES.map((classify) => ({
              value: classify,
              label: t(`games.filters.classifies.${classify}`),
            })),
          ]}
          onChange={(classify) => onChange({ ...values, classify: classify as GameClassify | '' })}
        />
      ) : null}
      <SelectField
        label={t('games.filters.minBet')}
        value={values.minBet}
        options={MIN_BET_OPTIONS.map((option) => ({
          value: option,
          label: option === '' ? t('games.filters.minBetAny') : option,
        }))}
        onChange={(minBet) => onChange({ ...values, minBet: minBet as SlotFilterValues['minBet'] })}
      />
    </search>
  );
}
