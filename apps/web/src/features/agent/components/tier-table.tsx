import type { ContractTerms } from '@portal/shared/contracts';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';
import { TIER_FIELDS, type TierField } from '../lib/contracts';
import { formatCount } from '../lib/format';

/** A tier's value as shown: money, a count, or a percent rate. */
export function useTierValue() {
  const money = useMoneyFormat();
  return (field: TierField, value: string | number | undefined) => {
    if (value === undefined || value === '') return '—';
    if (field.kind === 'amount') return money(String(value));
    if (field.kind === 'count') return formatCount(Number(value));
    return `${value}\u00a0%`;
  };
}

/** A contract's tier table, read only: a row per tier, a column per field of its type. */
export function TierTable({ terms, caption }: { terms: ContractTerms; caption: string }) {
  const { t } = useTranslation();
  const value = useTierValue();
  const fields = TIER_FIELDS[terms.type];
  const tiers = terms.tiers as unknown as Record<string, string | number>[];
  return (
    <div className="record-table-wrap">
      <table
        className={`record-table tier-table${fields.length <= 3 ? ' tier-table--compact' : ''}`}
        data-testid="tier-table"
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agent.contracts.tier')}</th>
            {fields.map((field) => (
              <th key={field.key} scope="col" className="is-numeric">
                {t(`agent.contracts.fields.${field.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a tier is its place in the table
            <tr key={index}>
              <td data-label={t('agent.contracts.tier')}>{formatCount(index + 1)}</td>
              {fields.map((field) => (
                <td
                  key={field.key}
                  className="is-numeric tabular"
                  data-label={t(`agent.contracts.fields.${field.key}`)}
                >
                  {value(field, tier[field.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
