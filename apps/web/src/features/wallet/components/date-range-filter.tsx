import { type DayRange, presetRange, rangeProblem, today } from '@portal/shared/date-range';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form-field';

/** Record pages look back: the past presets of spec section 9, and a custom range. */
export const RECORD_PRESETS = ['previous7', 'previous30'] as const;
export type RecordPreset = (typeof RECORD_PRESETS)[number];
export type RangeChoice = { preset: RecordPreset | 'custom' } & DayRange;

export function defaultRangeChoice(now: Date = new Date()): RangeChoice {
  return { preset: 'previous7', ...presetRange('previous7', now) };
}

export interface DateRangeFilterProps {
  value: RangeChoice;
  onChange: (value: RangeChoice) => void;
}

/** Preset buttons (previous 7 / 30 days) and a custom from–to, checked like the server (≤ 90 days, in order). */
export function DateRangeFilter({ value, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(value.preset === 'custom');
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const [error, setError] = useState<string | null>(null);

  function choosePreset(preset: RecordPreset) {
    const range = presetRange(preset);
    setCustom(false);
    setError(null);
    setFrom(range.from);
    setTo(range.to);
    onChange({ preset, ...range });
  }

  function applyCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = rangeProblem({ from, to });
    if (problem) {
      setError(t(`wallet.range.problems.${problem}`));
      return;
    }
    setError(null);
    onChange({ preset: 'custom', from, to });
  }

  return (
    <div className="range-filter">
      <fieldset className="segmented range-filter__presets">
        <legend className="visually-hidden">{t('wallet.range.label')}</legend>
        {RECORD_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="segmented__option"
            aria-pressed={!custom && value.preset === preset}
            onClick={() => choosePreset(preset)}
          >
            {t(`wallet.range.${preset}`)}
          </button>
        ))}
        <button type="button" className="segmented__option" aria-pressed={custom} onClick={() => setCustom(true)}>
          {t('wallet.range.custom')}
        </button>
      </fieldset>
      {custom ? (
        <form className="range-filter__custom" noValidate onSubmit={applyCustom}>
          <TextField
            type="date"
            label={t('wallet.range.from')}
            value={from}
            max={today()}
            onChange={setFrom}
            error={error}
            required
          />
          <TextField type="date" label={t('wallet.range.to')} value={to} max={today()} onChange={setTo} required />
          <button type="submit" className="button button--primary">
            {t('wallet.range.apply')}
          </button>
        </form>
      ) : (
        <p className="range-filter__current muted tabular">
          {t('wallet.range.showing', { from: value.from, to: value.to })}
        </p>
      )}
    </div>
  );
}
