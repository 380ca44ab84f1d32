import type { LoginSession, SecondFactorChallenge } from '@portal/shared/auth';
import type { FeatureFlag } from '@portal/shared/constants';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, focusFirstInvalid, TextField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { SendCodeButton } from '@/components/ui/send-code-button';
import { SkeletonLines } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useLanguage } from '@/i18n';
import { useRegisterSettings } from '../api/get-register-settings';
import { useLogin } from '../api/login';
import { useResetPasswordByEmail } from '../api/reset-password-by-email';
import { useResetPasswordByMobile } from '../api/reset-password-by-mobile';
import { useSendNoLoginSms } from '../api/send-no-login-sms';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { catalogueText, type FieldErrors, failureText, fieldOfError, ruleError } from '../lib/form-errors';
import { mobileError, mobileToSend } from '../lib/mobile-number';
import { PhoneField } from './phone-field';
import { SecondFactorStep } from './second-factor-step';

export type ResetMethod = 'email' | 'mobile';

/**
 * Spec section 2: a tab switch only when both SMS (CHNGPASSVERIF3) and mail (CHNGPASSMAIL3) verification are
 * on; otherwise mobile when SMS verification is on, else e-mail.
 */
export function resetMethods(flags: Partial<Record<FeatureFlag, boolean>>): ResetMethod[] {
  const sms = flags.CHNGPASSVERIF3 === true;
  const mail = flags.CHNGPASSMAIL3 === true;
  if (sms && mail) return ['mobile', 'email'];
  return sms ? ['mobile'] : ['email'];
}

export interface ForgotPasswordFormProps {
  flags: Partial<Record<FeatureFlag, boolean>>;
  /** After the e-mail is sent (and its notice read): close the popup, or leave the page. */
  onMailSent: () => void;
  /** Under the form: the customer-service link. */
  footer?: ReactNode;
}

export function ForgotPasswordForm({ flags, onMailSent, footer }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const methods = resetMethods(flags);
  const [method, setMethod] = useState<ResetMethod>(methods[0] ?? 'email');
  const body = method === 'email' ? <EmailReset onSent={onMailSent} /> : <MobileReset />;
  return (
    <div className="stack">
      {methods.length > 1 ? (
        <Tabs
          label={t('auth.forget.methodLabel')}
          items={methods.map((key) => ({ key, label: t(`auth.forget.methods.${key}`) }))}
          value={method}
          onChange={(key) => setMethod(key as ResetMethod)}
        >
          {body}
        </Tabs>
      ) : (
        body
      )}
      {footer ? <div className="auth-form__footer">{footer}</div> : null}
    </div>
  );
}

function EmailReset({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const reset = useResetPasswordByEmail();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors = {};
    if (!username.trim()) found.username = t('form.required');
    if (!email.trim()) found.email = t('form.required');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate(
      { username: username.trim(), email: email.trim() },
      {
        onSuccess: () => setSent(true),
        onError: (error) => {
          const field = fieldOfError(error);
          const message = failureText(error, t('common.unexpected'));
          if (field === 'username' || field === 'email') setErrors({ [field]: message });
          else setFormError(message);
        },
      },
    );
  }

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={submit} data-testid="forget-email">
      <p className="muted">{t('auth.forget.emailIntro')}</p>
      <TextField
        label={t('auth.username')}
        value={username}
        onChange={setUsername}
        error={errors.username}
        required
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
      />
      <TextField
        label={t('auth.fields.email')}
        value={email}
        onChange={setEmail}
        error={errors.email}
        required
        type="email"
        autoComplete="email"
      />
      <FormAlert>{formError}</FormAlert>
      <button type="submit" className="button button--primary button--wide" disabled={reset.isPending}>
        {reset.isPending ? t('common.loading') : t('auth.forget.sendMail')}
      </button>
      <AlertDialog
        open={sent}
        tone="success"
        message={t('in_been_out')}
        confirmLabel={t('in_increase_submit')}
        onConfirm={() => {
          setSent(false);
          onSent();
        }}
        testId="mail-sent"
      />
    </form>
  );
}

function MobileReset() {
  const { t } = useTranslation();
  const settings = useRegisterSettings();
  if (settings.isPending) return <SkeletonLines lines={5} />;
  if (settings.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void settings.refetch()} />;
  return <MobileResetForm settings={settings.data} />;
}

function MobileResetForm({ settings }: { settings: NonNullable<ReturnType<typeof useRegisterSettings>['data']> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const completeLogin = useCompleteLogin();
  const formRef = useRef<HTMLFormElement>(null);
  const [mobile, setMobile] = useState('');
  const [dialingCode, setDialingCode] = useState(settings.defaultCountryDialingCode);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const sendSms = useSendNoLoginSms();
  const reset = useResetPasswordByMobile();
  const login = useLogin();

  function mobileProblem(): string | null {
    return mobileError(mobile, dialingCode, language);
  }

  async function sendCode(): Promise<number | null> {
    const problem = mobileProblem();
    setErrors((current) => ({ ...current, mobileNum: problem ?? undefined }));
    if (problem) return null;
    const answer = await sendSms.mutateAsync({
      mobileNum: mobileToSend(mobile, dialingCode),
      countryDialingCode: dialingCode,
      purpose: 'forget',
    });
    return answer.expiredMinutes;
  }

  function finish(session: LoginSession) {
    void completeLogin(session, 'member');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors = {};
    const badMobile = mobileProblem();
    if (badMobile) found.mobileNum = badMobile;
    if (!code.trim()) found.verificationCode = catalogueText('VERIFICATION_CODE_MISSING', language);
    const passwordProblem = ruleError(settings.fields.password, password, language, true);
    if (passwordProblem) found.newPassword = passwordProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate(
      {
        mobileNum: mobileToSend(mobile, dialingCode),
        countryDialingCode: dialingCode,
        verificationCode: code.trim(),
        newPassword: password,
      },
      {
        // Signed straight in with the new password (spec section 4).
        onSuccess: ({ account }) =>
          login.mutate(
            { type: 'username', username: account, password, portal: 'member' },
            {
              onSuccess: (answer) => (answer.status === 'SECOND_FACTOR' ? setChallenge(answer) : finish(answer)),
              onError: (error) => setFormError(failureText(error, catalogueText('LOGIN_FAILED', language))),
            },
          ),
        onError: (error) => {
          const message = failureText(error, t('common.unexpected'));
          const field = fieldOfError(error, {
            VERIFICATION_CODE_MISSING: 'verificationCode',
            VERIFICATION_CODE_INVALID: 'verificationCode',
            VERIFICATION_CODE_EXPIRED: 'verificationCode',
            PHONE_INVALID: 'mobileNum',
            PHONE_MISSING: 'mobileNum',
            SAME_PASSWORD: 'newPassword',
          });
          if (field && ['mobileNum', 'verificationCode', 'newPassword'].includes(field)) {
            setErrors({ [field]: message });
            focusFirstInvalid(formRef.current);
          } else {
            setFormError(message);
          }
        },
      },
    );
  }

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onDone={finish}
        onBack={(message) => {
          setChallenge(null);
          setFormError(message ?? t('auth.forget.loginNow'));
        }}
      />
    );
  }

  const busy = reset.isPending || login.isPending;
  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={submit} data-testid="forget-mobile">
      <PhoneField
        value={mobile}
        onChange={setMobile}
        dialingCode={dialingCode}
        dialingCodes={settings.countryDialingCodes}
        onDialingCodeChange={setDialingCode}
        error={errors.mobileNum}
      />
      <TextField
        label={t('auth.smsCode')}
        value={code}
        onChange={setCode}
        error={errors.verificationCode}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        trailing={<SendCodeButton onSend={sendCode} />}
      />
      <PasswordField
        label={t('auth.newPassword')}
        value={password}
        onChange={setPassword}
        error={errors.newPassword}
        required
        autoComplete="new-password"
        maxLength={settings.fields.password.maxLength}
      />
      <FormAlert>{formError}</FormAlert>
      <button type="submit" className="button button--primary button--wide" disabled={busy}>
        {busy ? t('common.loading') : t('auth.forget.submit')}
      </button>
    </form>
  );
}
