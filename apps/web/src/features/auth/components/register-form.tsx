import type { RegisterField, RegisterRequest, RegistrationType } from '@portal/shared/auth';
import { mobileInvalidMessage } from '@portal/shared/phone';
import { ageOn } from '@portal/shared/validation';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { CaptchaImage } from '@/components/ui/captcha-image';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { CheckboxField, FormAlert, focusFirstInvalid, TextField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { SendCodeButton } from '@/components/ui/send-code-button';
import { SkeletonLines } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useLanguage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { usePortalModals } from '@/lib/portal-modals';
import { getAffiliateQueryOptions } from '../api/check-affiliate';
import { useCaptcha } from '../api/get-captcha';
import { useRegisterSettings } from '../api/get-register-settings';
import { useRegister } from '../api/register';
import { useSendRegisterSms } from '../api/send-register-sms';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { catalogueText, type FieldErrors, failureText, fieldOfError, ruleError } from '../lib/form-errors';
import { mobileError, mobileToSend } from '../lib/mobile-number';
import { planRegisterFields, type RegisterPlan } from '../lib/register-plan';
import { PhoneField } from './phone-field';

const FIELD_BY_CODE: Record<string, string> = {
  USERNAME_TAKEN: 'username',
  MOBILE_TAKEN: 'mobileNum',
  PHONE_INVALID: 'mobileNum',
  PHONE_MISSING: 'mobileNum',
  CAPTCHA_REQUIRED: 'captcha',
  CAPTCHA_INVALID: 'captcha',
  VERIFICATION_CODE_MISSING: 'verificationCode',
  VERIFICATION_CODE_INVALID: 'verificationCode',
  VERIFICATION_CODE_EXPIRED: 'verificationCode',
  UNDER_AGE: 'birthday',
  CONFIRMATION_MISMATCH: 'confirmPassword',
  TERMS_NOT_ACCEPTED: 'terms',
};

const PASSWORD_FIELDS = new Set<RegisterField>(['password', 'confirmPassword', 'paymentPassword']);

/**
 * The user agreement (/help) and the terms (/help#terms, the help modal). In the popup the help modal opens
 * over the form; from the page a new tab keeps what was typed.
 */
function HelpLink({ hash, newTab, children }: { hash?: string; newTab: boolean; children?: ReactNode }) {
  const to = hash ? `/help#${hash}` : '/help';
  return newTab ? (
    <a href={to} target="_blank" rel="noopener">
      {children}
    </a>
  ) : (
    <Link to={to}>{children}</Link>
  );
}

export interface RegisterFormProps {
  /** 'modal' in the header's register popup, 'page' on /register: links open modals or pages accordingly. */
  variant?: 'modal' | 'page';
}

type Values = Partial<Record<RegisterField, string>>;

export function RegisterForm({ variant = 'modal' }: RegisterFormProps) {
  const { t } = useTranslation();
  const settings = useRegisterSettings();
  if (settings.isPending) return <SkeletonLines lines={8} />;
  if (settings.isError) {
    return <ErrorState message={t('common.loadFailed')} onRetry={() => void settings.refetch()} />;
  }
  if (settings.data.types.length === 0) return <EmptyState message={t('auth.register.closed')} />;
  return <RegisterFormBody variant={variant} settings={settings.data} />;
}

function RegisterFormBody({
  variant,
  settings,
}: {
  variant: 'modal' | 'page';
  settings: NonNullable<ReturnType<typeof useRegisterSettings>['data']>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const modals = usePortalModals();
  const queryClient = useQueryClient();
  const completeLogin = useCompleteLogin();
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get('referralCode')?.trim() || undefined;
  // An agent's invitation link: <site>/register?affiliateCode=<code> (spec section 5: fill affiliateCode from the
  // address); the code names the link, so the registration records which one it came through.
  const invitationCode = searchParams.get('affiliateCode')?.trim() || referralCode;
  const formRef = useRef<HTMLFormElement>(null);

  const [type, setType] = useState<RegistrationType>(
    settings.types.includes(settings.defaultType) ? settings.defaultType : (settings.types[0] ?? 'register'),
  );
  const [values, setValues] = useState<Values>({ affiliateCode: invitationCode ?? '' });
  const [dialingCode, setDialingCode] = useState(settings.defaultCountryDialingCode);
  const [acceptTerms, setAcceptTerms] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [invitationError, setInvitationError] = useState(false);
  const [checking, setChecking] = useState(false);

  const plan: RegisterPlan = planRegisterFields(settings, type);
  const captchaImage = useCaptcha(plan.shown.includes('captcha'));
  const registerCall = useRegister();
  const sendSms = useSendRegisterSms();

  function setValue(field: RegisterField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function changeType(next: string) {
    setType(next as RegistrationType);
    setErrors({});
    setFormError(null);
    // A new picture for the other form (spec: switching reloads the captcha).
    setValue('captcha', '');
    if (settings.captchaEnabled) void captchaImage.refetch();
  }

  /** The phone library decides on the number; an empty required field says the same as a bad one. */
  function mobileProblem(required: boolean): string | null {
    return mobileError(values.mobileNum ?? '', dialingCode, language, required ? mobileInvalidMessage(language) : null);
  }

  async function sendCode(): Promise<number | null> {
    const problem = mobileProblem(true);
    setErrors((current) => ({ ...current, mobileNum: problem ?? undefined }));
    if (problem) return null;
    const answer = await sendSms.mutateAsync({
      mobileNo: mobileToSend(values.mobileNum ?? '', dialingCode),
      countryDialingCode: dialingCode,
    });
    return answer.expiredMinutes;
  }

  function fieldValue(field: RegisterField): string {
    const raw = values[field] ?? '';
    return PASSWORD_FIELDS.has(field) ? raw : raw.trim();
  }

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    for (const field of plan.shown) {
      const value = fieldValue(field);
      const message =
        field === 'mobileNum'
          ? mobileProblem(plan.required.has(field))
          : ruleError(settings.fields[field], value, language, plan.required.has(field));
      if (message) {
        found[field] = message;
        continue;
      }
      if (field === 'confirmPassword' && value !== fieldValue('password')) {
        found[field] = catalogueText('CONFIRMATION_MISMATCH', language);
      }
      if (field === 'birthday' && value) {
        const age = ageOn(value, new Date());
        if (age === null || age < settings.minimumAge) {
          found[field] = catalogueText('UNDER_AGE', language, { age: String(settings.minimumAge) });
        }
      }
    }
    return found;
  }

  function showFailure(error: unknown) {
    if (error instanceof ApiError && error.code === 'INVITATION_CODE_ERROR') {
      setInvitationError(true);
      return;
    }
    const message = failureText(error, t('common.unexpected'));
    const field = fieldOfError(error, FIELD_BY_CODE);
    if (field && (field === 'terms' || plan.shown.includes(field as RegisterField))) {
      setErrors({ [field]: message });
      focusFirstInvalid(formRef.current);
    } else {
      setFormError(message);
    }
    if (plan.shown.includes('captcha')) {
      setValue('captcha', '');
      void captchaImage.refetch();
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!acceptTerms) {
      setErrors({ terms: catalogueText('TERMS_NOT_ACCEPTED', language) });
      return;
    }
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }

    const affiliateCode = plan.shown.includes('affiliateCode') ? fieldValue('affiliateCode') : (invitationCode ?? '');
    if (affiliateCode) {
      setChecking(true);
      try {
        await queryClient.fetchQuery(getAffiliateQueryOptions(affiliateCode, window.location.host, language));
      } catch (error) {
        setChecking(false);
        showFailure(error);
        return;
      }
      setChecking(false);
    }

    const request: RegisterRequest = {
      acceptTerms: true,
      login: true,
      domain: window.location.host,
      registerUrl: window.location.href,
      registerMethod: 'WEB',
    };
    for (const field of plan.shown) {
      const value = field === 'mobileNum' ? mobileToSend(fieldValue(field), dialingCode) : fieldValue(field);
      if (value) request[field] = value;
    }
    if (affiliateCode) request.affiliateCode = affiliateCode;
    if (referralCode) request.referralCode = referralCode;
    if (plan.shown.includes('mobileNum')) request.countryDialingCode = dialingCode;

    registerCall.mutate(
      { type, request },
      { onSuccess: (session) => void completeLogin(session, 'member'), onError: showFailure },
    );
  }

  function renderField(field: RegisterField): ReactNode {
    const rule = settings.fields[field];
    const common = {
      label: t(`auth.fields.${field}`),
      value: values[field] ?? '',
      onChange: (value: string) => setValue(field, value),
      error: errors[field],
      required: plan.required.has(field),
      maxLength: rule.maxLength > 0 ? rule.maxLength : undefined,
    };
    if (field === 'mobileNum') {
      return (
        <PhoneField
          key={field}
          value={values.mobileNum ?? ''}
          onChange={(value) => setValue('mobileNum', value)}
          dialingCode={dialingCode}
          dialingCodes={settings.countryDialingCodes}
          onDialingCodeChange={setDialingCode}
          error={errors.mobileNum}
          required={plan.required.has('mobileNum')}
        />
      );
    }
    if (PASSWORD_FIELDS.has(field)) {
      return <PasswordField key={field} {...common} autoComplete="new-password" />;
    }
    if (field === 'verificationCode') {
      return (
        <TextField
          key={field}
          {...common}
          inputMode="numeric"
          autoComplete="one-time-code"
          trailing={<SendCodeButton onSend={sendCode} />}
        />
      );
    }
    if (field === 'captcha') {
      return (
        <TextField
          key={field}
          {...common}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          trailing={
            <CaptchaImage
              image={captchaImage.data}
              loading={captchaImage.isFetching}
              onRefresh={() => void captchaImage.refetch()}
            />
          }
        />
      );
    }
    if (field === 'birthday') {
      const iso = rule.patternId === 'DATE_YMD';
      return <TextField key={field} {...common} type={iso ? 'date' : 'text'} autoComplete="bday" />;
    }
    return (
      <TextField
        key={field}
        {...common}
        type={field === 'email' ? 'email' : 'text'}
        inputMode={rule.patternId === 'DIGITS' ? 'numeric' : undefined}
        autoComplete={
          field === 'username' ? 'username' : field === 'email' ? 'email' : field === 'payeeName' ? 'name' : 'off'
        }
        autoCapitalize={field === 'payeeName' ? undefined : 'off'}
        spellCheck={false}
      />
    );
  }

  const fields = <div className="stack">{plan.shown.map(renderField)}</div>;

  return (
    <>
      <form
        ref={formRef}
        className="auth-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        data-testid="register-form"
      >
        {settings.types.length > 1 ? (
          <Tabs
            label={t('auth.register.typeLabel')}
            items={settings.types.map((key) => ({ key, label: t(`auth.register.types.${key}`) }))}
            value={type}
            onChange={changeType}
          >
            {fields}
          </Tabs>
        ) : (
          fields
        )}
        <CheckboxField checked={acceptTerms} onChange={setAcceptTerms} error={errors.terms}>
          <Trans
            i18nKey="auth.register.acceptTerms"
            values={{ age: settings.minimumAge }}
            components={{
              terms: <HelpLink hash="terms" newTab={variant === 'page'} />,
              protocol: <HelpLink newTab={variant === 'page'} />,
            }}
          />
        </CheckboxField>
        <FormAlert>{formError}</FormAlert>
        <button
          type="submit"
          className="button button--primary button--wide"
          disabled={registerCall.isPending || checking}
        >
          {registerCall.isPending || checking ? t('common.loading') : t('auth.register.submit')}
        </button>
        <div className="auth-form__links">
          <p className="auth-form__switch">
            {t('auth.register.haveAccount')}{' '}
            <button type="button" className="link-button" onClick={() => modals.open({ name: 'login' })}>
              {t('auth.register.toLogin')}
            </button>
          </p>
          {variant === 'page' ? (
            <Link className="link-button" to="/forget">
              {t('auth.forgot')}
            </Link>
          ) : (
            <button type="button" className="link-button" onClick={() => modals.open({ name: 'forget' })}>
              {t('auth.forgot')}
            </button>
          )}
        </div>
      </form>
      <AlertDialog
        open={invitationError}
        message={t('invitation_code_error')}
        confirmLabel={t('in_increase_submit')}
        onConfirm={() => setInvitationError(false)}
        testId="invitation-error"
      />
    </>
  );
}
