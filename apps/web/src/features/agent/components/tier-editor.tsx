import { type ContractType, MAX_TIERS } from '@portal/shared/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form-field';
import { emptyDraft, TIER_FIELDS, type TierDraft, type TiersCheck } from '../lib/contracts';
import { formatCount } from '../lib/format';

export interface TierEditorProps {
  type: ContractType;
  value: TierDraft[];
  onChange: (value: TierDraft[]) => void;
  /** The rows checked; shown once the agent has tried to send them. */
  check: TiersCheck | null;
}

/**
 * The tiers of an offer: one group of fields per tier, added up to MAX_TIERS and removed down to one. Each field's
 * message says what it needs; a tier that does not rise above the one before, or pays less, says so under its title.
 */
export function TierEditor({ type, value, onChange, check }: TierEditorProps) {
  const { t } = useTranslation();
  const fields = TIER_FIELDS[type];

  const set = (row: number, key: string, text: string) =>
    onChange(value.map((draft, index) => (index === row ? { ...draft, [key]: text } : draft)));

  return (
    <div className="tier-editor" data-testid="tier-editor">
      {value.map((draft, row) => {
        const tableProblem = check?.table?.index === row ? check.table.problem : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a tier is its place in the table
          <fieldset key={row} className="tier-editor__row" aria-invalid={tableProblem ? true : undefined}>
            <legend className="tier-editor__title">
              {t('agent.contracts.tierNo', { tier: formatCount(row + 1) })}
            </legend>
            {tableProblem ? (
              <p className="field__message" role="alert">
                {t(`agent.contracts.problems.${tableProblem === 'rate' ? 'rateFalls' : 'notRising'}`)}
              </p>
            ) : null}
            <div className="tier-editor__fields">
              {fields.map((field) => {
                const problem = check?.fields[`${row}.${field.key}`];
                return (
                  <TextField
                    key={field.key}
                    label={t(`agent.contracts.fields.${field.key}`)}
                    value={draft[field.key] ?? ''}
                    onChange={(text) => set(row, field.key, text)}
                    inputMode={field.kind === 'count' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    maxLength={field.kind === 'rate' ? 6 : 16}
                    error={problem ? t(`agent.contracts.problems.${problem}`) : null}
                    trailing={field.kind === 'rate' ? <span className="tier-editor__unit">%</span> : undefined}
                  />
                );
              })}
            </div>
            {value.length > 1 ? (
              <button
                type="button"
                className="link-button tier-editor__remove"
                onClick={() => onChange(value.filter((_, index) => index !== row))}
              >
                {t('agent.contracts.removeTier', { tier: formatCount(row + 1) })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {value.length < MAX_TIERS ? (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => onChange([...value, emptyDraft(type)])}
        >
          {t('agent.contracts.addTier')}
        </button>
      ) : (
        <p className="muted wallet-note">{t('agent.contracts.maxTiers', { count: MAX_TIERS })}</p>
      )}
    </div>
  );
}
