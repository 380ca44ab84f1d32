import type { Contract, ContractEvent, ContractOverview, ContractType } from '@portal/shared/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { useMoneyFormat } from '@/lib/money-format';
import { type ContractChange, useContractChange } from '../api/act-on-contract';
import { useContracts } from '../api/get-contracts';
import { periodOf } from '../lib/contracts';
import { formatCount } from '../lib/format';
import { ContractOffer } from './contract-offer';
import { TierTable } from './tier-table';
import { When } from './when';

/** What the agent is about to do, waiting for the confirm dialog. */
type Pending = { action: 'accept' | 'reject' | 'terminate' | 'withdraw' | 'end'; contract: Contract };

const STATE_TONES: Record<Contract['state'], string> = {
  offered: 'warning',
  active: 'success',
  rejected: 'muted',
  terminated: 'muted',
};

/**
 * A contract page (dividend, daily wages, hourly salary or real-time salary): the agent's own contract and any offer
 * waiting for its answer, its past contracts, the contracts it gave its direct downline, the offer form when it may
 * offer, and the settings that apply to every statement.
 */
export function ContractPage({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const result = useContracts(type);
  const change = useContractChange(type);
  const toast = useToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const typeName = t(`agent.contracts.types.${type}`);

  function confirm() {
    if (!pending) return;
    const { action, contract } = pending;
    const body: ContractChange = {
      action: action === 'withdraw' || action === 'end' ? 'terminate' : action,
      contractId: contract.id,
    };
    change.mutate(body, {
      onSuccess: () => toast.show(t(`agent.contracts.done.${action}`, { account: contract.holder }), 'success'),
      onSettled: () => setPending(null),
    });
  }

  return (
    <div className="wallet-page contract-page" data-testid={`contract-page-${type}`}>
      {result.isPending ? (
        <section className="wallet-card">
          <SkeletonLines lines={6} />
        </section>
      ) : result.isError ? (
        <section className="wallet-card">
          <ErrorState message={result.error.message || t('common.loadFailed')} onRetry={() => void result.refetch()} />
        </section>
      ) : (
        <>
          <FormAlert>{change.error?.message}</FormAlert>
          <OwnContracts overview={result.data} typeName={typeName} onAct={setPending} />
          <DownlineContracts overview={result.data} onAct={setPending} />
          {result.data.canOffer ? (
            <section className="wallet-card" aria-labelledby={`offer-${type}-title`}>
              <div className="wallet-card__head">
                <h3 className="wallet-card__title" id={`offer-${type}-title`}>
                  {t('agent.contracts.offerTitle')}
                </h3>
              </div>
              <ContractOffer type={type} own={result.data.own.find((c) => c.state === 'active')!} />
            </section>
          ) : null}
          <SettingsNote overview={result.data} />
        </>
      )}
      <AlertDialog
        open={pending !== null}
        title={pending ? t(`agent.contracts.confirm.${pending.action}.title`) : undefined}
        message={
          pending
            ? t(`agent.contracts.confirm.${pending.action}.message`, {
                account: pending.contract.holder,
                type: typeName,
              })
            : ''
        }
        confirmLabel={pending ? t(`agent.contracts.confirm.${pending.action}.button`) : undefined}
        cancelLabel={t('common.cancel')}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        busy={change.isPending}
        testId="contract-confirm"
      />
    </div>
  );
}

interface SectionProps {
  overview: ContractOverview;
  onAct: (pending: Pending) => void;
}

/** The agent's active contract, an offer waiting for its answer, and its ended contracts with their events. */
function OwnContracts({ overview, typeName, onAct }: SectionProps & { typeName: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const active = overview.own.find((c) => c.state === 'active');
  const offer = overview.own.find((c) => c.state === 'offered');
  const ended = overview.own.filter((c) => c.state !== 'active' && c.state !== 'offered');
  const from = (contract: Contract) => contract.offerer ?? t('agent.contracts.platform');

  return (
    <section className="wallet-card" aria-labelledby={`own-${overview.type}-title`} data-testid="own-contracts">
      <div className="wallet-card__head">
        <h3 className="wallet-card__title" id={`own-${overview.type}-title`}>
          {t('agent.contracts.myContract', { type: typeName })}
        </h3>
      </div>
      {offer ? (
        <article className="contract-card contract-card--offer" data-testid="contract-offered">
          <h4 className="contract-card__title">{t('agent.contracts.offerWaiting', { from: from(offer) })}</h4>
          <p className="muted contract-card__meta">
            {t('agent.contracts.offeredAt')}: <When text={formatDateTime(offer.offeredAt, language)} />
            {periodOf(offer.terms) ? ` · ${t(`agent.contracts.periods.${periodOf(offer.terms)}`)}` : null}
          </p>
          <TierTable terms={offer.terms} caption={t('agent.contracts.offerWaiting', { from: from(offer) })} />
          <p className="contract-card__warning">
            {active ? t('agent.contracts.acceptReplaces') : t('agent.contracts.acceptFirst')}
          </p>
          <div className="wallet-form__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => onAct({ action: 'reject', contract: offer })}
            >
              {t('agent.contracts.reject')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => onAct({ action: 'accept', contract: offer })}
            >
              {t('agent.contracts.accept')}
            </button>
          </div>
        </article>
      ) : null}
      {active ? (
        <article className="contract-card" data-testid="contract-active">
          <h4 className="contract-card__title">
            <span className="status-pill status-pill--success">{t('agent.contracts.states.active')}</span>{' '}
            {t('agent.contracts.from', { from: from(active) })}
          </h4>
          <p className="muted contract-card__meta">
            {t('agent.contracts.since')}: <When text={formatDateTime(active.acceptedAt, language)} />
            {periodOf(active.terms) ? ` · ${t(`agent.contracts.periods.${periodOf(active.terms)}`)}` : null}
          </p>
          <TierTable terms={active.terms} caption={t('agent.contracts.myContract', { type: typeName })} />
          <div className="wallet-form__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => onAct({ action: 'terminate', contract: active })}
            >
              {t('agent.contracts.terminate')}
            </button>
          </div>
        </article>
      ) : offer ? null : (
        <EmptyState message={t('agent.contracts.none', { type: typeName })} />
      )}
      {ended.length > 0 ? (
        <details className="contract-history">
          <summary>{t('agent.contracts.history', { count: ended.length, shown: formatCount(ended.length) })}</summary>
          <ol className="contract-history__list">
            {ended.map((contract) => (
              <li key={contract.id} className="contract-history__item">
                <p className="contract-history__head">
                  <span className={`status-pill status-pill--${STATE_TONES[contract.state]}`}>
                    {t(`agent.contracts.states.${contract.state}`)}
                  </span>{' '}
                  {t('agent.contracts.from', { from: from(contract) })}
                  {contract.endReason ? ` · ${t(`agent.contracts.reasons.${contract.endReason}`)}` : null}
                </p>
                <TierTable terms={contract.terms} caption={t('agent.contracts.from', { from: from(contract) })} />
                <Events events={contract.events} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}

/** Every change of a contract's state: who, when, to what, and why. */
function Events({ events }: { events: ContractEvent[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ol className="contract-events" aria-label={t('agent.contracts.events')}>
      {events.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: events are a fixed list, oldest first
        <li key={index} className="contract-events__item">
          <span className="team-table__unbroken muted">{formatDateTime(event.at, language)}</span>{' '}
          <span>
            {t(`agent.contracts.eventBy.${event.state}`, { by: event.by ?? t('agent.contracts.platform') })}
            {event.reason && event.reason !== 'rejected' ? ` (${t(`agent.contracts.reasons.${event.reason}`)})` : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The contracts the agent gave its direct downline that are offered or active: withdraw an offer, end a contract. */
function DownlineContracts({ overview, onAct }: SectionProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section
      className="wallet-card"
      aria-labelledby={`downline-${overview.type}-title`}
      data-testid="downline-contracts"
    >
      <div className="wallet-card__head">
        <h3 className="wallet-card__title" id={`downline-${overview.type}-title`}>
          {t('agent.contracts.downlineTitle')}
        </h3>
      </div>
      {overview.downline.length === 0 ? (
        <EmptyState message={t('agent.contracts.downlineNone')} />
      ) : (
        <ul className="contract-list">
          {overview.downline.map((contract) => (
            <li key={contract.id} className="contract-card" data-holder={contract.holder}>
              <h4 className="contract-card__title">
                <strong>{contract.holder}</strong>{' '}
                <span className={`status-pill status-pill--${STATE_TONES[contract.state]}`}>
                  {t(`agent.contracts.states.${contract.state}`)}
                </span>
              </h4>
              <p className="muted contract-card__meta">
                {contract.state === 'active' ? (
                  <>
                    {t('agent.contracts.since')}: <When text={formatDateTime(contract.acceptedAt, language)} />
                  </>
                ) : (
                  <>
                    {t('agent.contracts.offeredAt')}: <When text={formatDateTime(contract.offeredAt, language)} />
                  </>
                )}
              </p>
              <TierTable terms={contract.terms} caption={contract.holder} />
              <div className="wallet-form__actions">
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => onAct({ action: contract.state === 'offered' ? 'withdraw' : 'end', contract })}
                >
                  {contract.state === 'offered'
                    ? t('agent.contracts.withdraw')
                    : t('agent.contracts.endDownline', { account: contract.holder })}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The settings every statement of the type uses. */
function SettingsNote({ overview }: { overview: ContractOverview }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const { settings } = overview;
  return (
    <aside className="wallet-note contract-settings" data-testid="contract-settings">
      <h4 className="contract-settings__title">{t('agent.contracts.settingsTitle')}</h4>
      <ul>
        <li>{t('agent.contracts.settings.minPayout', { amount: money(settings.minPayout) })}</li>
        <li>
          {t('agent.contracts.settings.minActiveMembers', {
            count: settings.minActiveMembers,
            shown: formatCount(settings.minActiveMembers),
          })}
        </li>
        {overview.type === 'dividend' ? (
          <li>
            {t('agent.contracts.settings.fees', {
              platform: settings.platformFeeRate,
              deposit: settings.depositFeeRate,
              withdrawal: settings.withdrawalFeeRate,
            })}
          </li>
        ) : null}
      </ul>
    </aside>
  );
}
