import type { DiceRotateValue, DiceSeedValue } from '@portal/shared/house-games';
import { isValidClientSeed } from '@portal/shared/provably-fair';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyHref } from '../lib/dice-format';
import { FairnessExplainer } from './fairness-explainer';

export interface FairnessPanelProps {
  seed: DiceSeedValue | undefined;
  seedFailed: boolean;
  onReloadSeed: () => void;
  clientSeed: string;
  onClientSeedChange: (clientSeed: string) => void;
  onRotate: () => void;
  rotating: boolean;
  /** No rotation now: a round in flight, a lost answer to settle first, or the session ended. */
  locked: boolean;
  /** The pair finished by the last rotation. */
  revealed: DiceRotateValue['revealed'] | null;
  language: string;
}

/** 16 random hex characters: a client seed nobody chose in advance. */
export function randomClientSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The seeds of the pair in play: the server seed's commitment (shown before any bet), the client seed the next pair
 * will use (editable), the next nonce, and "Change seeds", which reveals the finished pair for the verifier.
 */
export function FairnessPanel({
  seed,
  seedFailed,
  onReloadSeed,
  clientSeed,
  onClientSeedChange,
  onRotate,
  rotating,
  locked,
  revealed,
  language,
}: FairnessPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const clientSeedValid = isValidClientSeed(clientSeed);

  return (
    <section className="hdice-panel hdice-fair" aria-labelledby={`${id}-title`}>
      <h2 className="hdice-panel__title" id={`${id}-title`}>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="hdice-panel__icon">
          <path
            d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('houseDice.fair.title')}
      </h2>

      {seed ? (
        <dl className="hdice-fair__list">
          <div>
            <dt>{t('houseDice.fair.commitment')}</dt>
            <dd className="hdice-mono" data-testid="dice-commitment">
              {seed.serverSeedHash}
            </dd>
          </div>
          <div>
            <dt>{t('houseDice.fair.currentClientSeed')}</dt>
            <dd className="hdice-mono" data-testid="dice-client-seed">
              {seed.clientSeed}
            </dd>
          </div>
          <div>
            <dt>{t('houseDice.fair.nonce')}</dt>
            <dd className="tabular" data-testid="dice-nonce">
              {seed.nonce}
            </dd>
          </div>
        </dl>
      ) : seedFailed ? (
        <div className="hdice-fair__error" role="alert">
          <p>{t('houseDice.fair.seedFailed')}</p>
          <button type="button" className="button button--ghost button--small" onClick={onReloadSeed}>
            {t('houseDice.errors.retry')}
          </button>
        </div>
      ) : (
        <p className="hdice-fair__loading muted">{t('houseDice.fair.loading')}</p>
      )}

      <div className="hdice-field">
        <label className="hdice-field__label" htmlFor={`${id}-client-seed`}>
          {t('houseDice.fair.nextClientSeed')}
        </label>
        <div className="hdice-seed-input">
          <input
            id={`${id}-client-seed`}
            className="hdice-mono"
            type="text"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={64}
            value={clientSeed}
            onChange={(event) => onClientSeedChange(event.target.value)}
            aria-invalid={clientSeedValid ? undefined : true}
            aria-describedby={`${id}-client-seed-hint`}
            data-testid="dice-client-seed-input"
          />
          <button
            type="button"
            className="icon-button icon-button--outlined"
            onClick={() => onClientSeedChange(randomClientSeed())}
            aria-label={t('houseDice.fair.randomClientSeed')}
            title={t('houseDice.fair.randomClientSeed')}
          >
            <span aria-hidden="true">⟳</span>
          </button>
        </div>
        <p className={clientSeedValid ? 'hdice-field__hint' : 'hdice-field__error'} id={`${id}-client-seed-hint`}>
          {clientSeedValid ? t('houseDice.fair.clientSeedHint') : t('houseDice.fair.clientSeedInvalid')}
        </p>
      </div>

      <button
        type="button"
        className="button button--secondary button--wide"
        onClick={onRotate}
        disabled={locked || rotating || !seed || !clientSeedValid}
        aria-busy={rotating || undefined}
        data-testid="dice-rotate"
      >
        {rotating ? t('houseDice.fair.rotating') : t('houseDice.fair.rotate')}
      </button>

      {revealed ? (
        <div className="hdice-reveal" data-testid="dice-revealed" aria-live="polite">
          <h3 className="hdice-reveal__title">{t('houseDice.fair.revealedTitle', { rolls: revealed.rolls })}</h3>
          <dl className="hdice-fair__list">
            <div>
              <dt>{t('houseDice.fair.serverSeed')}</dt>
              <dd className="hdice-mono" data-testid="dice-revealed-seed">
                {revealed.serverSeed}
              </dd>
            </div>
            <div>
              <dt>{t('houseDice.fair.commitment')}</dt>
              <dd className="hdice-mono">{revealed.serverSeedHash}</dd>
            </div>
            <div>
              <dt>{t('houseDice.fair.currentClientSeed')}</dt>
              <dd className="hdice-mono">{revealed.clientSeed}</dd>
            </div>
          </dl>
          <a
            className="button button--ghost button--small"
            href={verifyHref({
              serverSeed: revealed.serverSeed,
              clientSeed: revealed.clientSeed,
              // The pair's last roll; the verifier takes any other nonce from 0 to rolls − 1.
              nonce: Math.max(0, revealed.rolls - 1),
              language,
              serverSeedHash: revealed.serverSeedHash,
            })}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="dice-verify-link"
          >
            {t('houseDice.fair.verify')}
            <span className="visually-hidden"> {t('houseDice.newTab')}</span>
          </a>
        </div>
      ) : null}

      <details className="hdice-fair__how">
        <summary>{t('houseDice.fair.how')}</summary>
        <FairnessExplainer />
      </details>
    </section>
  );
}
