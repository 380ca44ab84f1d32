import {
  type Contract,
  type ContractType,
  STATEMENT_LINE_KEYS,
  type StatementLine,
  type WhatIfResult,
} from '@portal/shared/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n';
import { useMoneyFormat } from '@/lib/money-format';
import { useContractChange, useContractWhatIf } from '../api/act-on-contract';
import {
  checkDrafts,
  draftsOf,
  draftsValid,
  periodOf,
  type TierDraft,
  type TiersCheck,
  termsOf,
} from '../lib/contracts';
import { formatWindow } from '../lib/format';
import { OfferPeriod, OfferTiers } from './offer-tiers';
import { LineValue, useLineText } from './statement-lines';

export interface ContractOfferProps {
  type: ContractType;
  /** The agent's own active contract: its tiers are the cap and the editor's first rows, its period the offer's. */
  own: Contract;
}

/**
 * Offer a direct downline agent a contract: its account, the tier table (checked as the server checks it, beside the
 * agent's own as the cap), a what-if on the last window, then the offer.
 */
export function ContractOffer({ type, own }: ContractOfferProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [account, setAccount] = useState('');
  const [accountError, setAccountError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<TierDraft[]>(() => draftsOf(own.terms));
  const [check, setCheck] = useState<TiersCheck | null>(null);
  const whatIf = useContractWhatIf(type);
  const change = useContractChange(type);
  const period = periodOf(own.terms);

  function edit(next: TierDraft[]) {
    setDrafts(next);
    // Messages follow the typing once shown; a what-if of other tiers no longer applies.
    if (check) setCheck(checkDrafts(type, next));
    whatIf.reset();
  }

  /** The account and the tiers checked; the terms to send, or null with the messages on screen. */
  function ready() {
    const trimmed = account.trim();
    setAccountError(trimmed ? null : t('agent.contracts.problems.account'));
    const checked = checkDrafts(type, drafts);
    setCheck(checked);
    if (!trimmed || !draftsValid(checked)) return null;
    return { account: trimmed, terms: termsOf(type, drafts, period) };
  }

  function tryWhatIf() {
    const input = ready();
    if (input) whatIf.mutate(input);
  }

  function offer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = ready();
    if (!input) return;
    change.mutate(
      { action: 'offer', ...input },
      {
        onSuccess: (contract) => {
          toast.show(t('agent.contracts.offered', { account: contract.holder }), 'success');
          whatIf.reset();
        },
      },
    );
  }

  const error = change.error ?? whatIf.error;

  return (
    <form className="contract-offer" noValidate onSubmit={offer} data-testid="contract-offer">
      <TextField
        label={t('agent.contracts.downlineAccount')}
        hint={t('agent.contracts.downlineAccountHint')}
        value={account}
        onChange={(value) => {
          setAccount(value);
          whatIf.reset();
        }}
        error={accountError}
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        required
      />
      {period ? <OfferPeriod period={period} /> : null}
      <OfferTiers
        type={type}
        drafts={drafts}
        onChange={edit}
        check={check}
        cap={own.terms}
        note={t('agent.contracts.capNote')}
      />
      <FormAlert>{error?.message}</FormAlert>
      <div className="wallet-form__actions contract-offer__actions">
        <button type="button" className="button button--ghost" onClick={tryWhatIf} disabled={whatIf.isPending}>
          {whatIf.isPending ? t('common.loading') : t('agent.contracts.whatIf')}
        </button>
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {t('agent.contracts.offer')}
        </button>
      </div>
      {whatIf.data ? <WhatIfView result={whatIf.data} /> : null}
    </form>
  );
}

/** A row of the comparison: a line key, and the tier for the real-time lines that repeat per tier. */
const rowId = (line: StatementLine) =>
  line.tier !== undefined && line.key.startsWith('realTime') ? `${line.key}:${line.tier}` : line.key;

function comparedRows(current: StatementLine[], proposed: StatementLine[]) {
  const rows = new Map<string, { current?: StatementLine; proposed?: StatementLine }>();
  for (const line of current) rows.set(rowId(line), { ...rows.get(rowId(line)), current: line });
  for (const line of proposed) rows.set(rowId(line), { ...rows.get(rowId(line)), proposed: line });
  const order = (id: string) => {
    const [key, tier] = id.split(':');
    return STATEMENT_LINE_KEYS.indexOf(key as StatementLine['key']) * 100 + Number(tier ?? 0);
  };
  return [...rows.entries()].sort(([a], [b]) => order(a) - order(b));
}

/** The last window recomputed: the downline's current contract beside the proposed one, line by line. */
export function WhatIfView({ result }: { result: WhatIfResult }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoneyFormat();
  const label = useLineText();
  if (!result.window || !result.proposed) {
    return <p className="muted">{t('agent.contracts.whatIfNone')}</p>;
  }
  const rows = comparedRows(result.current ?? [], result.proposed);
  return (
    <section className="what-if" aria-labelledby="what-if-title" data-testid="what-if">
      <h5 className="contract-offer__heading" id="what-if-title">
        {t('agent.contracts.whatIfTitle', { window: formatWindow(result.window, language) })}
      </h5>
      <div className="record-table-wrap">
        <table className="record-table what-if__table">
          <caption className="visually-hidden">{t('agent.contracts.whatIfTitle', { window: '' })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agent.statement.line')}</th>
              <th scope="col" className="is-numeric">
                {t('agent.contracts.current')}
              </th>
              <th scope="col" className="is-numeric">
                {t('agent.contracts.proposed')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([id, pair]) => {
              const line = (pair.proposed ?? pair.current)!;
              return (
                <tr key={id} data-line={id}>
                  <td className="what-if__label">{label(line).label}</td>
                  <td className="is-numeric" data-label={t('agent.contracts.current')}>
                    {pair.current ? <LineValue line={pair.current} /> : '—'}
                  </td>
                  <td className="is-numeric" data-label={t('agent.contracts.proposed')}>
                    {pair.proposed ? <LineValue line={pair.proposed} /> : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="what-if__paid" data-testid="what-if-paid">
              <td className="what-if__label">{t('agent.contracts.paidThen')}</td>
              <td className="is-numeric tabular" data-label={t('agent.contracts.current')}>
                {result.current ? money(result.currentPaid) : t('agent.contracts.noCurrent')}
              </td>
              <td className="is-numeric tabular" data-label={t('agent.contracts.proposed')}>
                {money(result.proposedPaid)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
