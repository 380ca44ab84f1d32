import type { LoginSession, SecondFactor, SecondFactorChallenge } from '@portal/shared/auth';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, focusFirstInvalid, TextField } from '@/components/ui/form-field';
import { SendCodeButton } from '@/components/ui/send-code-button';
import { Tabs } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { useSendSecondFactorCode } from '../api/send-second-factor-code';
import { useVerifySecondFactor } from '../api/verify-second-factor';
import { failureText } from '../lib/form-errors';

/** Refusals about the typed code; anything else (a method not set up, too many tries) concerns the form. */
const CODE_ERRORS = new Set([
  'FIELD_INVALID',
  'VERIFICATION_CODE_INVALID',
  'VERIFICATION_CODE_EXPIRED',
  'VERIFICATION_CODE_MISSING',
]);

export interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  onDone: (session: LoginSession) => void;
  /** Back to the login form, with a message when the challenge is over (expired). */
  onBack: (message?: string) => void;
}

/** The second step of a login from a new address (or when the member asked for it every time). */
export function SecondFactorStep({ challenge, onDone, onBack }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [method, setMethod] = useState<SecondFactor>(challenge.methods[0] ?? 'totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const send = useSendSecondFactorCode();
  const verify = useVerifySecondFactor();
  const inputRef = useRef<HTMLInputElement>(null);

  // The step replaces the login form the player just submitted: take the focus it lost with it.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  function changeMethod(next: string) {
    setMethod(next as SecondFactor);
    setCode('');
    setError(null);
    setFormError(null);
  }

  async function sendCode(): Promise<number> {
    if (method !== 'sms' && method !== 'email') return 0;
    const answer = await send.mutateAsync({ challengeId: challenge.challengeId, method });
    return answer.expiredMinutes;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    setFormError(null);
    if (!value) {
      setError(t('form.required'));
      focusFirstInvalid(formRef.current);
      return;
    }
    setError(null);
    verify.mutate(
      { challengeId: challenge.challengeId, method, code: value },
      {
        onSuccess: onDone,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'CHALLENGE_EXPIRED') {
            onBack(failure.message);
            return;
          }
          const message = failureText(failure, t('common.unexpected'));
          if (failure instanceof ApiError && CODE_ERRORS.has(failure.code)) {
            setError(message);
            focusFirstInvalid(formRef.current);
          } else {
            setFormError(message);
          }
        },
      },
    );
  }

  const destination = method === 'sms' ? challenge.maskedMobile : method === 'email' ? challenge.maskedEmail : null;
  const isCode = method !== 'bankName';

  const fields = (
    <div className="stack">
      {destination ? <p className="muted">{t('auth.secondFactor.sendTo', { destination })}</p> : null}
      <TextField
        label={t(`auth.secondFactor.input.${method}`)}
        value={code}
        onChange={setCode}
        error={error}
        required
        inputRef={inputRef}
        autoComplete={isCode ? 'one-time-code' : 'off'}
        inputMode={isCode ? 'numeric' : 'text'}
        maxLength={isCode ? 10 : 100}
        trailing={method === 'sms' || method === 'email' ? <SendCodeButton onSend={sendCode} /> : undefined}
      />
    </div>
  );

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={submit} data-testid="second-factor">
      <div className="auth-form__intro">
        <h3 className="auth-form__heading">{t('auth.secondFactor.title')}</h3>
        <p className="muted">
          {challenge.reason === 'ALWAYS' ? t('auth.secondFactor.reasonAlways') : t('auth.secondFactor.reasonNewIp')}
        </p>
      </div>
      {challenge.methods.length > 1 ? (
        <Tabs
          label={t('auth.secondFactor.methods')}
          items={challenge.methods.map((key) => ({ key, label: t(`auth.secondFactor.method.${key}`) }))}
          value={method}
          onChange={changeMethod}
        >
          {fields}
        </Tabs>
      ) : (
        fields
      )}
      <FormAlert>{formError}</FormAlert>
      <button type="submit" className="button button--primary button--wide" disabled={verify.isPending}>
        {verify.isPending ? t('common.loading') : t('auth.secondFactor.submit')}
      </button>
      <button type="button" className="link-button" onClick={() => onBack()}>
        {t('auth.secondFactor.back')}
      </button>
    </form>
  );
}
