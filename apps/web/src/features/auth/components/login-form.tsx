import type { LoginPortal, LoginRequest, LoginSession, SecondFactorChallenge } from '@portal/shared/auth';
import type { FeatureFlag } from '@portal/shared/constants';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CaptchaImage } from '@/components/ui/captcha-image';
import { ErrorState } from '@/components/ui/error-state';
import { CheckboxField, FormAlert, focusFirstInvalid, TextField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { SendCodeButton } from '@/components/ui/send-code-button';
import { SkeletonLines } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useLanguage } from '@/i18n';
import { usePortalModals } from '@/lib/portal-modals';
import { useCaptcha } from '../api/get-captcha';
import { useRegisterSettings } from '../api/get-register-settings';
import { useLogin } from '../api/login';
import { useLoginFreeplay } from '../api/login-freeplay';
import { useSendNoLoginSms } from '../api/send-no-login-sms';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useMobileNumber } from '../hooks/use-mobile-number';
import { catalogueText, demandsCaptcha, type FieldErrors, failureText, fieldOfError } from '../lib/form-errors';
import { forgetRememberedAccount, readRememberedAccount, rememberAccount } from '../lib/remember-account';
import { PhoneField } from './phone-field';
import { SecondFactorStep } from './second-factor-step';
import { SocialSignIn } from './social-sign-in';

type LoginTab = 'username' | 'sms';

/** Where a refusal with one of these codes is shown. */
const FIELD_BY_CODE: Record<string, string> = {
  CAPTCHA_REQUIRED: 'captcha',
  CAPTCHA_INVALID: 'captcha',
  VERIFICATION_CODE_MISSING: 'verificationCode',
  VERIFICATION_CODE_INVALID: 'verificationCode',
  VERIFICATION_CODE_EXPIRED: 'verificationCode',
  PHONE_INVALID: 'mobileNum',
  PHONE_MISSING: 'mobileNum',
};

export interface LoginFormProps {
  /** 'modal': the login popup; 'page': /login and the agent pages. Links open modals or pages accordingly. */
  variant?: 'modal' | 'page';
  /** The agent pages log in through portal 'agent': no remember option, no free play, no registration. */
  portal?: LoginPortal;
  /** The brand's feature switches (permission settings). */
  flags: Partial<Record<FeatureFlag, boolean>>;
  /** Carried over from the header's compact form. */
  initialUsername?: string;
  initialPassword?: string;
  /** Submit at once with the carried-over name and password (the header's compact form). */
  autoSubmit?: boolean;
  initialChallenge?: SecondFactorChallenge;
  initialCaptcha?: boolean;
  initialMessage?: string;
}

export function LoginForm({
  variant = 'modal',
  portal = 'member',
  flags,
  initialUsername,
  initialPassword,
  autoSubmit = false,
  initialChallenge,
  initialCaptcha = false,
  initialMessage,
}: LoginFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const modals = usePortalModals();
  const completeLogin = useCompleteLogin();
  const formRef = useRef<HTMLFormElement>(null);
  const firstInputRef = useRef<HTMLInputElement>(null);
  const isAgent = portal === 'agent';
  const smsLogin = flags.MOBILEVERCODELOGIN3 === true;
  const remembered = isAgent ? null : readRememberedAccount();

  const [tab, setTab] = useState<LoginTab>('username');
  const [username, setUsername] = useState(initialUsername ?? remembered ?? '');
  const [password, setPassword] = useState(initialPassword ?? '');
  const [remember, setRemember] = useState(remembered !== null);
  const [mobile, setMobile] = useState('');
  const [dialingCode, setDialingCode] = useState<string | null>(null);
  const [smsCode, setSmsCode] = useState('');
  const [captcha, setCaptcha] = useState('');
  // Once the server has asked for the captcha it stays for the rest of this form's life.
  const [captchaShown, setCaptchaShown] = useState(initialCaptcha);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(initialMessage ?? null);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(initialChallenge ?? null);

  const settings = useRegisterSettings(smsLogin);
  const phone = useMobileNumber(tab === 'sms');
  const captchaImage = useCaptcha(captchaShown);
  const login = useLogin();

  // Once, on opening: the name and password typed into the header's compact form are sent straight away.
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (!autoSubmit || autoSubmitted.current) return;
    autoSubmitted.current = true;
    formRef.current?.requestSubmit();
  }, [autoSubmit]);
  const freeplay = useLoginFreeplay();
  const sendSms = useSendNoLoginSms();

  const dialingCodes = settings.data?.countryDialingCodes ?? [];
  const currentDialingCode = dialingCode ?? settings.data?.defaultCountryDialingCode ?? '';

  // In the popup the first field takes the focus; on a page that would scroll and open the phone's keyboard.
  useEffect(() => {
    if (variant === 'modal') firstInputRef.current?.focus();
  }, [variant]);

  function changeTab(next: string) {
    setTab(next as LoginTab);
    setErrors({});
    setFormError(null);
  }

  function finish(session: LoginSession) {
    if (!isAgent && tab === 'username') {
      if (remember) rememberAccount(session.account || username.trim());
      else forgetRememberedAccount();
    }
    void completeLogin(session, portal);
  }

  // The fields of the SMS tab show only once the phone module is here, so it is here whenever they are checked.
  function mobileProblem(): string | null {
    if (!phone.mobileNumber) return catalogueText('PHONE_MISSING', language);
    return phone.mobileNumber.mobileError(mobile, currentDialingCode, language);
  }

  function mobileToSend(): string {
    return phone.mobileNumber?.mobileToSend(mobile, currentDialingCode) ?? mobile.trim();
  }

  async function sendLoginCode(): Promise<number | null> {
    const problem = mobileProblem();
    setErrors((current) => ({ ...current, mobileNum: problem ?? undefined }));
    if (problem) return null;
    const answer = await sendSms.mutateAsync({
      mobileNum: mobileToSend(),
      countryDialingCode: currentDialingCode,
      purpose: 'login',
    });
    return answer.expiredMinutes;
  }

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    if (tab === 'username') {
      if (!username.trim()) found.username = t('form.required');
      if (!password) found.password = t('form.required');
    } else {
      found.mobileNum = mobileProblem() ?? undefined;
      if (!smsCode.trim()) found.verificationCode = catalogueText('VERIFICATION_CODE_MISSING', language);
    }
    if (captchaShown && !captcha.trim()) found.captcha = catalogueText('CAPTCHA_REQUIRED', language);
    return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as FieldErrors;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const request: LoginRequest =
      tab === 'username'
        ? { type: 'username', username: username.trim(), password, portal }
        : {
            type: 'sms',
            username: mobileToSend(),
            verificationCode: smsCode.trim(),
            countryDialingCode: currentDialingCode,
            portal,
          };
    if (captchaShown) request.captcha = captcha.trim();
    login.mutate(request, {
      onSuccess: (answer) => {
        if (answer.status === 'SECOND_FACTOR') setChallenge(answer);
        else finish(answer);
      },
      onError: (error) => {
        const message = failureText(error, catalogueText('LOGIN_FAILED', language));
        if (demandsCaptcha(error)) {
          // A picture answers one attempt: show a fresh one, and an empty field for it.
          if (captchaShown) void captchaImage.refetch();
          setCaptchaShown(true);
          setCaptcha('');
        }
        const field = fieldOfError(error, FIELD_BY_CODE);
        if (field) {
          setErrors({ [field]: message });
          focusFirstInvalid(formRef.current);
        } else {
          setFormError(message);
        }
      },
    });
  }

  function playForFree() {
    setFormError(null);
    freeplay.mutate(undefined, {
      onSuccess: (session) => void completeLogin(session, 'member'),
      onError: (error) => setFormError(failureText(error, t('common.unexpected'))),
    });
  }

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onDone={finish}
        onBack={(message) => {
          setChallenge(null);
          setFormError(message ?? null);
        }}
      />
    );
  }

  const usernameFields = (
    <div className="stack">
      <TextField
        label={t('auth.username')}
        value={username}
        onChange={setUsername}
        error={errors.username}
        required
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        inputRef={firstInputRef}
      />
      <PasswordField
        label={t('auth.password')}
        value={password}
        onChange={setPassword}
        error={errors.password}
        required
      />
    </div>
  );

  const smsFields = phone.failed ? (
    <ErrorState message={t('common.loadFailed')} onRetry={phone.retry} />
  ) : settings.isPending || !phone.mobileNumber ? (
    <SkeletonLines lines={4} />
  ) : (
    <div className="stack">
      <PhoneField
        value={mobile}
        onChange={setMobile}
        dialingCode={currentDialingCode}
        dialingCodes={dialingCodes}
        onDialingCodeChange={setDialingCode}
        error={errors.mobileNum}
      />
      <TextField
        label={t('auth.smsCode')}
        value={smsCode}
        onChange={setSmsCode}
        error={errors.verificationCode}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        trailing={<SendCodeButton onSend={sendLoginCode} />}
      />
    </div>
  );

  const forgotLink =
    variant === 'page' ? (
      <Link className="link-button" to="/forget">
        {t('auth.forgot')}
      </Link>
    ) : (
      <button type="button" className="link-button" onClick={() => modals.open({ name: 'forget' })}>
        {t('auth.forgot')}
      </button>
    );

  const registerLink =
    isAgent || flags.DIRECTREG3 !== true ? null : variant === 'page' ? (
      <Link className="link-button" to="/register">
        {t('auth.toRegister')}
      </Link>
    ) : (
      <button type="button" className="link-button" onClick={() => modals.open({ name: 'register' })}>
        {t('auth.toRegister')}
      </button>
    );

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={submit} data-testid="login-form">
      {smsLogin ? (
        <Tabs
          label={t('auth.loginMethod')}
          items={[
            { key: 'username', label: t('auth.byUsername') },
            { key: 'sms', label: t('auth.bySms') },
          ]}
          value={tab}
          onChange={changeTab}
        >
          {tab === 'username' ? usernameFields : smsFields}
        </Tabs>
      ) : (
        usernameFields
      )}
      {captchaShown ? (
        <TextField
          label={t('auth.captcha')}
          value={captcha}
          onChange={setCaptcha}
          error={errors.captcha}
          required
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={10}
          trailing={
            <CaptchaImage
              image={captchaImage.data}
              loading={captchaImage.isFetching}
              onRefresh={() => void captchaImage.refetch()}
            />
          }
        />
      ) : null}
      <div className="auth-form__row">
        {isAgent || tab !== 'username' ? (
          <span />
        ) : (
          <CheckboxField checked={remember} onChange={setRemember}>
            {t('auth.remember')}
          </CheckboxField>
        )}
        {forgotLink}
      </div>
      <FormAlert>{formError}</FormAlert>
      <button type="submit" className="button button--primary button--wide" disabled={login.isPending}>
        {login.isPending ? t('common.loading') : t('auth.submit')}
      </button>
      {!isAgent && flags.FREEPLAY3 === true ? (
        <button
          type="button"
          className="button button--ghost button--wide"
          onClick={playForFree}
          disabled={freeplay.isPending}
        >
          {t('auth.freeplay')}
        </button>
      ) : null}
      {isAgent ? null : <SocialSignIn />}
      {registerLink ? (
        <p className="auth-form__switch">
          {t('auth.noAccount')} {registerLink}
        </p>
      ) : null}
    </form>
  );
}
