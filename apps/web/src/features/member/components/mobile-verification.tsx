import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { SendCodeButton } from '@/components/ui/send-code-button';
import { useLanguage } from '@/i18n';
import { sendMobileVerification, useVerifyMobile } from '../api/verify-mobile';

/**
 * A mobile number typed at registration proves nothing until a code sent to it comes back; only then can it sign
 * in by code, reset the password and receive login codes.
 */
export function MobileVerification() {
  const { t } = useTranslation();
  const language = useLanguage();
  const verify = useVerifyMobile();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{4,8}$/.test(code.trim())) {
      setError(t('form.required'));
      return;
    }
    setError(null);
    verify.mutate(code.trim(), {
      onError: (failure) => setError(failure instanceof Error ? failure.message : t('common.unexpected')),
    });
  }

  return (
    <form className="stack" noValidate onSubmit={submit} data-testid="mobile-verification">
      <p className="muted">{t('member.mobile.unverified')}</p>
      <TextField
        label={t('auth.smsCode')}
        value={code}
        onChange={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        trailing={<SendCodeButton onSend={async () => (await sendMobileVerification(language)).expiredMinutes} />}
      />
      <FormAlert>{error}</FormAlert>
      <button type="submit" className="button button--ghost" disabled={verify.isPending}>
        {verify.isPending ? t('common.loading') : t('member.mobile.verify')}
      </button>
    </form>
  );
}
