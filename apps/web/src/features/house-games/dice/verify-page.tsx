import { formatMoney, fromMinor, parsePositiveAmount } from '@portal/shared/money';
import {
  type DiceDirection,
  diceChanceBp,
  diceMultiplierE4,
  diceWins,
  isValidClientSeed,
  isValidDiceTarget,
  isValidNonce,
  isValidServerSeed,
  settleDice,
} from '@portal/shared/provably-fair';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHouseLaunch } from '@/features/house-games/shared/house-api';
import { usePageTitle } from '@/lib/use-page-title';
import { useHouseLanguage } from '../shared/use-house-language';
import { DirectionToggle } from './components/direction-toggle';
import { FairnessExplainer } from './components/fairness-explainer';
import { useRollVerification } from './hooks/use-roll-verification';
import { formatChance, formatMultiplier, formatRoll, parseRoll } from './lib/dice-format';
import './i18n/register';
import '@/styles/house-dice.css';

function parseNonce(text: string): number | null {
  if (!/^\d{1,16}$/.test(text.trim())) return null;
  const nonce = Number(text.trim());
  return isValidNonce(nonce) ? nonce : null;
}

function normaliseSeed(text: string): string {
  return text.trim().toLowerCase();
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field when it holds something invalid. */
  error: string | null;
  hint?: string;
  mono?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal';
  testId: string;
}

function Field({ id, label, value, onChange, error, hint, mono = false, inputMode = 'text', testId }: FieldProps) {
  const note = error ?? hint;
  return (
    <div className="hdice-field">
      <label className="hdice-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`hdice-input${mono ? ' hdice-mono' : ' tabular'}`}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        data-testid={testId}
      />
      {note ? (
        <p className={error ? 'hdice-field__error' : 'hdice-field__hint'} id={`${id}-note`}>
          {note}
        </p>
      ) : null}
    </div>
  );
}

function ResultRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="hdice-verify__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/**
 * /house/verify?serverSeed=…&clientSeed=…&nonce=…: recomputes a dice roll in the browser with the shared code,
 * with no server call: the server seed's commitment, the roll and, given a bet, what it paid.
 */
export function HouseVerifyPage() {
  const { t } = useTranslation();
  const { language } = useHouseLaunch();
  useHouseLanguage(language);
  usePageTitle(t('houseDice.verify.title'));
  const id = useId();
  const [params] = useSearchParams();
  const [serverSeedText, setServerSeedText] = useState(() => params.get('serverSeed') ?? '');
  const [clientSeedText, setClientSeedText] = useState(() => params.get('clientSeed') ?? '');
  const [nonceText, setNonceText] = useState(() => params.get('nonce') ?? '0');
  const [hashText, setHashText] = useState(() => params.get('hash') ?? '');
  const [direction, setDirection] = useState<DiceDirection>(() =>
    params.get('direction') === 'over' ? 'over' : 'under',
  );
  const [targetText, setTargetText] = useState(() => params.get('target') ?? '');
  const [stakeText, setStakeText] = useState(() => params.get('stake') ?? '');

  const serverSeed = normaliseSeed(serverSeedText);
  const serverSeedValid = isValidServerSeed(serverSeed);
  const clientSeed = clientSeedText.trim();
  const clientSeedValid = isValidClientSeed(clientSeed);
  const nonce = parseNonce(nonceText);
  const expectedHash = normaliseSeed(hashText);
  const expectedHashValid = expectedHash === '' || isValidServerSeed(expectedHash);
  const parsedTarget = targetText.trim() === '' ? null : parseRoll(targetText);
  const target = parsedTarget !== null && isValidDiceTarget(direction, parsedTarget) ? parsedTarget : null;
  const stakeMinor = stakeText.trim() === '' ? null : parsePositiveAmount(stakeText.trim());

  const verification = useRollVerification(
    serverSeedValid ? serverSeed : null,
    clientSeedValid ? clientSeed : null,
    nonce,
  );
  const { commitment, roll } = verification;
  const settlement =
    roll !== null && target !== null && stakeMinor !== null
      ? settleDice({ direction, target, roll, stakeMinor })
      : null;
  const won = roll !== null && target !== null ? diceWins(direction, target, roll) : null;
  const multiplierE4 = target !== null ? diceMultiplierE4(diceChanceBp(direction, target)) : null;
  const plain = (minor: bigint) => formatMoney(fromMinor(minor), '');

  return (
    <div className="hdice hdice--verify">
      <header className="hdice-bar">
        <h1 className="hdice-bar__title">
          <svg className="hdice-bar__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Z" fill="currentColor" />
            <path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="#1b1f2a" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <span>{t('houseDice.verify.title')}</span>
        </h1>
      </header>
      <div className="hdice__layout">
        <div className="hdice__play">
          <form className="hdice-panel hdice-verify__form" onSubmit={(event) => event.preventDefault()} noValidate>
            <p className="hdice-verify__lead muted">{t('houseDice.verify.lead')}</p>
            <Field
              id={`${id}-server`}
              label={t('houseDice.verify.serverSeed')}
              value={serverSeedText}
              onChange={setServerSeedText}
              error={serverSeedText.trim() && !serverSeedValid ? t('houseDice.verify.serverSeedInvalid') : null}
              mono
              testId="verify-server-seed"
            />
            <Field
              id={`${id}-client`}
              label={t('houseDice.verify.clientSeed')}
              value={clientSeedText}
              onChange={setClientSeedText}
              error={clientSeedText.trim() && !clientSeedValid ? t('houseDice.fair.clientSeedInvalid') : null}
              mono
              testId="verify-client-seed"
            />
            <Field
              id={`${id}-nonce`}
              label={t('houseDice.verify.nonce')}
              value={nonceText}
              onChange={setNonceText}
              error={nonce === null ? t('houseDice.verify.nonceInvalid') : null}
              inputMode="numeric"
              testId="verify-nonce"
            />
            <Field
              id={`${id}-hash`}
              label={t('houseDice.verify.expectedHash')}
              value={hashText}
              onChange={setHashText}
              error={expectedHashValid ? null : t('houseDice.verify.serverSeedInvalid')}
              hint={t('houseDice.verify.expectedHashHint')}
              mono
              testId="verify-hash"
            />
            <fieldset className="hdice-verify__bet">
              <legend className="hdice-field__label">{t('houseDice.verify.bet')}</legend>
              <fieldset className="hdice-toggle">
                <legend className="visually-hidden">{t('houseDice.controls.direction')}</legend>
                <DirectionToggle value={direction} onChange={setDirection} testIdPrefix="verify-direction" />
              </fieldset>
              <div className="hdice-verify__pair">
                <Field
                  id={`${id}-target`}
                  label={t('houseDice.verify.target')}
                  value={targetText}
                  onChange={setTargetText}
                  error={
                    targetText.trim() && target === null
                      ? t('houseDice.verify.targetInvalid', {
                          range: direction === 'under' ? '1.00–98.00' : '1.99–98.99',
                        })
                      : null
                  }
                  inputMode="decimal"
                  testId="verify-target"
                />
                <Field
                  id={`${id}-stake`}
                  label={t('houseDice.verify.stake')}
                  value={stakeText}
                  onChange={setStakeText}
                  error={stakeText.trim() && stakeMinor === null ? t('houseDice.controls.stakeInvalid') : null}
                  inputMode="decimal"
                  testId="verify-stake"
                />
              </div>
            </fieldset>
          </form>
        </div>

        <div className="hdice__side">
          <section className="hdice-panel hdice-verify__result" aria-labelledby={`${id}-result`}>
            <h2 className="hdice-panel__title" id={`${id}-result`}>
              {t('houseDice.verify.result')}
            </h2>
            {verification.failed ? (
              <p className="hdice-field__error" role="alert">
                {t('houseDice.verify.cryptoFailed')}
              </p>
            ) : null}
            <p className="hdice-verify__roll tabular" data-testid="verify-roll" aria-live="polite">
              {roll === null ? '--.--' : formatRoll(roll)}
            </p>
            {!serverSeedValid || !clientSeedValid || nonce === null ? (
              <p className="muted center">{t('houseDice.verify.fillIn')}</p>
            ) : null}
            <dl className="hdice-fair__list">
              <ResultRow label={t('houseDice.verify.commitment')} testId="verify-commitment">
                <span className="hdice-mono">{commitment ?? '—'}</span>
                {commitment && expectedHash && expectedHashValid ? (
                  commitment === expectedHash ? (
                    <span className="hdice-check hdice-check--ok" data-testid="verify-hash-match">
                      <span aria-hidden="true">✓</span> {t('houseDice.verify.hashMatches')}
                    </span>
                  ) : (
                    <span className="hdice-check hdice-check--bad" data-testid="verify-hash-match">
                      <span aria-hidden="true">✕</span> {t('houseDice.verify.hashDiffers')}
                    </span>
                  )
                ) : null}
              </ResultRow>
              {verification.message ? (
                <ResultRow label={t('houseDice.verify.message')}>
                  <span className="hdice-mono">{verification.message}</span>
                </ResultRow>
              ) : null}
              {verification.digest ? (
                <ResultRow label={t('houseDice.verify.digest')}>
                  <span className="hdice-mono">{verification.digest}</span>
                </ResultRow>
              ) : null}
              {roll !== null ? (
                <ResultRow label={t('houseDice.verify.rollValue')}>
                  <span className="tabular">
                    {roll} → {formatRoll(roll)}
                  </span>
                </ResultRow>
              ) : null}
              {target !== null && multiplierE4 !== null ? (
                <ResultRow label={t('houseDice.verify.betLine')}>
                  <span className="tabular">
                    {t(`houseDice.controls.targetValue.${direction}`, { target: formatRoll(target) })} ·{' '}
                    {formatChance(diceChanceBp(direction, target))}% · ×{formatMultiplier(multiplierE4)}
                  </span>
                </ResultRow>
              ) : null}
              {won !== null ? (
                <ResultRow label={t('houseDice.verify.outcome')} testId="verify-outcome">
                  <span className={`hdice-check ${won ? 'hdice-check--ok' : 'hdice-check--bad'}`}>
                    <span aria-hidden="true">{won ? '★' : '✕'}</span>{' '}
                    {won ? t('houseDice.verify.won') : t('houseDice.verify.lost')}
                  </span>
                  {settlement ? (
                    <span className="hdice-verify__payout tabular" data-testid="verify-payout">
                      {t('houseDice.verify.payout', {
                        stake: plain(stakeMinor ?? 0n),
                        payout: plain(settlement.payoutMinor),
                      })}
                    </span>
                  ) : null}
                </ResultRow>
              ) : null}
            </dl>
          </section>
          <section className="hdice-panel" aria-labelledby={`${id}-how`}>
            <h2 className="hdice-panel__title" id={`${id}-how`}>
              {t('houseDice.fair.how')}
            </h2>
            <FairnessExplainer />
          </section>
        </div>
      </div>
    </div>
  );
}
