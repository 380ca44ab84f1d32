import type { TeamPeriod } from '@portal/shared/agents';
import { type DayRange, today } from '@portal/shared/date-range';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form-field';
import { TEAM_PRESETS, TEAM_RANGE_MAX_DAYS, type TeamPreset, teamPresetRange, teamRangeProblem } from '../lib/periods';

export type PeriodChoice = { period: TeamPeriod } & DayRange;

export function defaultPeriodChoice(now: Date = new Date()): PeriodChoice {
  return { period: 'today', ...teamPresetRange('today', now) };
}

export interface PeriodFilterProps {
  value: PeriodChoice;
  onChange: (value: PeriodChoice) => void;
}

/** Today, yesterday, this week, this month (days in Dhaka), or two dates of at most 93 days. */
export function PeriodFilter({ value, onChange }: PeriodFilterProps) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(value.period === 'custom');
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const [error, setError] = useState<string | null>(null);

  function choosePreset(preset: TeamPreset) {
    const range = teamPresetRange(preset);
    setCustom(false);
    setError(null);
    setFrom(range.from);
    setTo(range.to);
    onChange({ period: preset, ...range });
  }

  function applyCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = teamRangeProblem({ from, to });
    if (problem) {
      setError(t(`agent.period.problems.${problem}`, { days: TEAM_RANGE_MAX_DAYS }));
      return;
    }
    setError(null);
    onChange({ period: 'custom', from, to });
  }

  return (
    <div className="range-filter team-period">
      <fieldset className="segmented team-period__presets">
        <legend className="visually-hidden">{t('agent.period.label')}</legend>
        {TEAM_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="segmented__option"
            aria-pressed={!custom && value.period === preset}
            onClick={() => choosePreset(preset)}
          >
            {t(`agent.period.${preset}`)}
          </button>
        ))}
        <button type="button" className="segmented__option" aria-pressed={custom} onClick={() => setCustom(true)}>
          {t('agent.period.custom')}
        </button>
      </fieldset>
      {custom ? (
        <form className="team-period__custom" noValidate onSubmit={applyCustom}>
          <TextField
            type="date"
            label={t('agent.period.from')}
            value={from}
            max={today()}
            onChange={setFrom}
            error={error}
            required
          />
          <TextField type="date" label={t('agent.period.to')} value={to} max={today()} onChange={setTo} required />
          <button type="submit" className="button button--primary">
            {t('agent.period.apply')}
          </button>
        </form>
      ) : null}
    </div>
  );
}

export interface PeriodCardHeadProps extends PeriodFilterProps {
  /** The id of the card's title, which the card names itself by (`aria-labelledby`). */
  titleId: string;
  title: string;
}

/** A team page's card head: its title and the period filter under it. */
export function PeriodCardHead({ titleId, title, value, onChange }: PeriodCardHeadProps) {
  return (
    <>
      <div className="wallet-card__head">
        <h3 className="wallet-card__title" id={titleId}>
          {title}
        </h3>
      </div>
      <PeriodFilter value={value} onChange={onChange} />
    </>
  );
}
