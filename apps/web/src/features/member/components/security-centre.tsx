import type { MemberInfo, SecurityInfo, TotpSetup } from '@portal/shared/auth';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useLanguage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { isAgentType, isTrialType } from '@/lib/session';
import { useDisableTotp } from '../api/disable-totp';
import { useEnableTotp } from '../api/enable-totp';
import { useSecurity } from '../api/get-security';
import { useSetTotpAlways } from '../api/set-totp-always';
import { useSetupTotp } from '../api/setup-totp';
import { MobileVerification } from './mobile-verification';
import { PaymentPassword } from './payment-password';
import '@/styles/account.css';

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className="account-card" aria-labelledby={id}>
      <h3 className="account-card__title" id={id}>
        {title}
      </h3>
      {children}
    </section>
  );
}

function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="details">
      {rows.map(([term, value]) => (
        <div className="details__row" key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface SecurityCentreProps {
  member: MemberInfo;
  /** The member's avatar address, when known. */
  icon?: string | null;
  onChangePassword: () => void;
  /** Opened from a money page that needs the payment password: its form is open and in view. */
  focusPaymentPassword?: boolean;
  onPaymentPasswordSet?: () => void;
}

/** "My account" of the member centre: who the member is, how they sign in, and where from lately. */
export function SecurityCentre({
  member,
  icon,
  onChangePassword,
  focusPaymentPassword = false,
  onPaymentPasswordSet,
}: SecurityCentreProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const security = useSecurity();
  const notSet = <span className="muted">{t('member.notSet')}</span>;
  const typeKey = isTrialType(member.type) ? 'trial' : isAgentType(member.type) ? 'agent' : 'player';

  return (
    <div className="security-centre" data-testid="security-centre">
      <Card title={t('member.accountTitle')} id="security-account">
        <div className="account-card__identity">
          <Avatar src={icon} name={member.account} />
          <div>
            <p className="account-card__name">{member.nickname || member.account}</p>
            <p className="muted">
              {t(`member.types.${typeKey}`)}
              {member.clubLabel.labelName ? ` · ${member.clubLabel.labelName}` : ''}
            </p>
          </div>
        </div>
        <Details
          rows={[
            [t('auth.username'), member.account],
            [t('member.inviteCode'), member.inviteCode || '—'],
            [t('member.upline'), member.upline ?? notSet],
            [t('member.createdAt'), formatDateTime(member.createdAt, language)],
            [t('member.lastLogin'), formatDateTime(member.lastLoginAt, language)],
          ]}
        />
      </Card>

      <Card title={t('member.signInTitle')} id="security-sign-in">
        {security.isPending ? (
          <SkeletonLines lines={2} />
        ) : security.isError ? (
          <ErrorState message={t('common.loadFailed')} onRetry={() => void security.refetch()} />
        ) : (
          <>
            <Details
              rows={[
                [
                  t('auth.mobile'),
                  security.data.maskedMobile ? (
                    <>
                      {security.data.maskedMobile}{' '}
                      <span className="muted">
                        ({security.data.mobileVerified ? t('member.mobile.verified') : t('member.mobile.notVerified')})
                      </span>
                    </>
                  ) : (
                    notSet
                  ),
                ],
                [t('auth.fields.email'), security.data.maskedEmail ?? notSet],
              ]}
            />
            {security.data.maskedMobile && !security.data.mobileVerified ? <MobileVerification /> : null}
          </>
        )}
        <button type="button" className="button button--ghost" onClick={onChangePassword}>
          {t('member.changePassword')}
        </button>
      </Card>

      <Card title={t('member.paymentPassword.title')} id="security-payment-password">
        {security.isPending ? (
          <SkeletonLines lines={2} />
        ) : security.isError ? null : (
          <PaymentPassword
            hasPaymentPassword={security.data.hasPaymentPassword}
            startOpen={focusPaymentPassword}
            onDone={onPaymentPasswordSet}
          />
        )}
      </Card>

      <Card title={t('member.totp.title')} id="security-totp">
        {security.isPending ? (
          <SkeletonLines lines={3} />
        ) : security.isError ? null : (
          <Authenticator security={security.data} />
        )}
      </Card>

      <Card title={t('member.recentLogins')} id="security-logins">
        {security.isPending ? (
          <SkeletonLines lines={3} />
        ) : security.isError ? null : security.data.recentLogins.length === 0 ? (
          <p className="muted">{t('common.noData')}</p>
        ) : (
          <ul className="login-list">
            {security.data.recentLogins.map((entry) => (
              <li key={`${entry.at}-${entry.ip}`} className="login-list__item">
                <span className="tabular">{entry.ip}</span>
                <span className="muted">{formatDateTime(entry.at, language)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** The authenticator app: set up with a QR code and a first code, ask-every-login switch, turn off with a code. */
function Authenticator({ security }: { security: SecurityInfo }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alwaysError, setAlwaysError] = useState<string | null>(null);
  const start = useSetupTotp();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const always = useSetTotpAlways();

  function reset() {
    setSetup(null);
    setTurningOff(false);
    setCode('');
    setError(null);
  }

  function begin() {
    setError(null);
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: (failure) => setError(errorText(failure, t('common.unexpected'))),
    });
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(t('form.required'));
      return;
    }
    setError(null);
    const action = turningOff ? disable : enable;
    action.mutate(value, {
      onSuccess: reset,
      onError: (failure) => setError(errorText(failure, t('common.unexpected'))),
    });
  }

  const codeForm = (submitLabel: string, busy: boolean) => (
    <form className="totp-form" noValidate onSubmit={confirm}>
      <TextField
        label={t('member.totp.code')}
        value={code}
        onChange={(value) => setCode(value.replace(/\D/g, ''))}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
      />
      <div className="totp-form__actions">
        <button type="button" className="button button--ghost" onClick={reset}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('common.loading') : submitLabel}
        </button>
      </div>
    </form>
  );

  if (setup) {
    return (
      <div className="totp-setup" data-testid="totp-setup">
        <ol className="totp-setup__steps">
          <li>{t('member.totp.step1')}</li>
          <li>{t('member.totp.step2')}</li>
        </ol>
        <img className="totp-setup__qr" src={setup.qrCode} alt={t('member.totp.qrAlt')} width={180} height={180} />
        <p className="totp-setup__secret">
          <span className="muted">{t('member.totp.secret')}</span> <code className="tabular">{setup.secret}</code>
        </p>
        <p>{t('member.totp.step3')}</p>
        {codeForm(t('member.totp.enable'), enable.isPending)}
      </div>
    );
  }

  if (!security.totpEnabled) {
    return (
      <div className="stack">
        <p className="muted">{t('member.totp.off')}</p>
        <FormAlert>{error}</FormAlert>
        <button type="button" className="button button--primary" onClick={begin} disabled={start.isPending}>
          {start.isPending ? t('common.loading') : t('member.totp.setUp')}
        </button>
      </div>
    );
  }

  return (
    <div className="stack">
      <p className="status-line">
        <span className="status-dot" aria-hidden="true" />
        {t('member.totp.on')}
      </p>
      <Switch
        checked={security.totpAlways}
        label={t('member.totp.always')}
        description={t('member.totp.alwaysHint')}
        disabled={always.isPending}
        onChange={(enabled) => {
          setAlwaysError(null);
          always.mutate(enabled, { onError: (failure) => setAlwaysError(errorText(failure, t('common.unexpected'))) });
        }}
      />
      <FormAlert>{alwaysError}</FormAlert>
      {turningOff ? (
        codeForm(t('member.totp.disable'), disable.isPending)
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setTurningOff(true)}>
          {t('member.totp.disable')}
        </button>
      )}
    </div>
  );
}
