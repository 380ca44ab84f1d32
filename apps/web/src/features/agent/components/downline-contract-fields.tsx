import type { Contract, ContractType } from '@portal/shared/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/form-field';
import { draftsOf, periodOf, type TierDraft, type TiersCheck } from '../lib/contracts';
import { OfferPeriod, OfferTiers } from './offer-tiers';

/** The contract chosen to go with a new downline agent: none, or a type and its tiers as typed. */
export interface DownlineContractChoice {
  type: ContractType | '';
  drafts: TierDraft[];
}

export const NO_CONTRACT: DownlineContractChoice = { type: '', drafts: [] };

export interface DownlineContractFieldsProps {
  offerable: { type: ContractType; own: Contract }[];
  value: DownlineContractChoice;
  onChange: (value: DownlineContractChoice) => void;
  check: TiersCheck | null;
}

/**
 * A contract offered with a new downline agent (the rate it works for): one of the kinds the agent holds, its tiers
 * starting from the agent's own, which are the most it may give. The new agent accepts it after signing in.
 */
export function DownlineContractFields({ offerable, value, onChange, check }: DownlineContractFieldsProps) {
  const { t } = useTranslation();
  if (offerable.length === 0) return null;
  const own = offerable.find((entry) => entry.type === value.type)?.own;
  const period = periodOf(own?.terms);
  return (
    <fieldset className="downline-contract" data-testid="downline-contract">
      <legend className="downline-contract__title">{t('agent.register.contract')}</legend>
      <SelectField
        label={t('agent.register.contractType')}
        value={value.type}
        options={[
          { value: '', label: t('agent.register.noContract') },
          ...offerable.map((entry) => ({ value: entry.type, label: t(`agent.contracts.types.${entry.type}`) })),
        ]}
        onChange={(type) => {
          const chosen = offerable.find((entry) => entry.type === type);
          onChange(chosen ? { type: chosen.type, drafts: draftsOf(chosen.own.terms) } : NO_CONTRACT);
        }}
      />
      {period ? <OfferPeriod period={period} /> : null}
      {own && value.type ? (
        <OfferTiers
          type={value.type}
          drafts={value.drafts}
          onChange={(drafts) => onChange({ ...value, drafts })}
          check={check}
          cap={own.terms}
          note={t('agent.register.contractNote')}
        />
      ) : null}
    </fieldset>
  );
}
