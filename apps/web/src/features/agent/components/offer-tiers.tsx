import type { ContractTerms, ContractType, DividendPeriod } from '@portal/shared/contracts';
import { useTranslation } from 'react-i18next';
import type { TierDraft, TiersCheck } from '../lib/contracts';
import { TierEditor } from './tier-editor';
import { TierTable } from './tier-table';

export interface OfferTiersProps {
  type: ContractType;
  drafts: TierDraft[];
  onChange: (drafts: TierDraft[]) => void;
  check: TiersCheck | null;
  /** The agent's own tiers: the most it may give, shown beside the editor. */
  cap: ContractTerms;
  note: string;
}

/** The tiers an agent offers, edited beside its own as the cap (the offer form and the register centre's). */
export function OfferTiers({ type, drafts, onChange, check, cap, note }: OfferTiersProps) {
  const { t } = useTranslation();
  return (
    <div className="contract-offer__tables">
      <div>
        <h5 className="contract-offer__heading">{t('agent.contracts.proposedTiers')}</h5>
        <TierEditor type={type} value={drafts} onChange={onChange} check={check} />
      </div>
      <div className="contract-offer__cap">
        <h5 className="contract-offer__heading">{t('agent.contracts.capTiers')}</h5>
        <TierTable terms={cap} caption={t('agent.contracts.capTiers')} />
        <p className="muted wallet-note">{note}</p>
      </div>
    </div>
  );
}

/** A dividend offer runs on the offerer's own period: said, not chosen. */
export function OfferPeriod({ period }: { period: DividendPeriod }) {
  const { t } = useTranslation();
  return (
    <p className="contract-offer__period">
      <span className="muted">{t('agent.contracts.period')}: </span>
      <strong>{t(`agent.contracts.periods.${period}`)}</strong>{' '}
      <span className="muted">{t('agent.contracts.periodFixed')}</span>
    </p>
  );
}
