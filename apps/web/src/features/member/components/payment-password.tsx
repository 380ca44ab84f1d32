import { errorMessage } from '@portal/shared/error-catalogue';
import { PAYMENT_PASSWORD_PATTERN } from '@portal/shared/wallet';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { useToast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { useSetPaymentPassword } from '../api/set-payment-password';

type Field = 'loginPassword' | 'newPaymentPassword' | 'confirmPaymentPassword';
const EMPTY: Record<Field, string> = { loginPassword: '', newPaymentPassword: '', confirmPaymentPassword: '' };

export interface PaymentPasswordProps {
  hasPaymentPassword: boolean;
  /** Opened from a money page that needs it: the form is open at once. */
  startOpen?: boolean;
  onDone?: () => void;
}

/** The 6-digit payment password that guards withdrawals, transfers and bound accounts: set it, or change it. */
export function PaymentPassword({ hasPaymentPassword, startOpen = false, onDone }: PaymentPasswordProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const save = useSetPaymentPassword();
  const [open, setOpen] = useState(startOpen);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!startOpen) return;
    setOpen(true);
    formRef.current?.scrollIntoView?.({ block: 'nearest' });
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [startOpen]);

  const set = (field: Field, digitsOnly: boolean) => (value: string) => {
    setValues((current) => ({ ...current, [field]: digitsOnly ? value.replace(/\D/g, '').slice(0, 6) : value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function close() {
    setOpen(false);
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const next: Partial<Record<Field, string>> = {};
    if (!values.loginPassword) next.loginPassword = t('form.required');
    if (!PAYMENT_PASSWORD_PATTERN.test(values.newPaymentPassword)) {
      next.newPaymentPassword = t('member.paymentPassword.invalid');
    }
    if (!next.newPaymentPassword && values.confirmPaymentPassword !== values.newPaymentPassword) {
      next.confirmPaymentPassword = errorMessage('CONFIRMATION_MISMATCH', language);
    }
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    save.mutate(values, {
      onSuccess: () => {
        toast.show(t('member.paymentPassword.saved'), 'success');
        close();
        onDone?.();
      },
      onError: (error) => {
        const message = error instanceof ApiError && error.message ? error.message : t('common.unexpected');
        const field = error instanceof ApiError ? (error.value as { field?: unknown } | undefined)?.field : undefined;
        if (typeof field === 'string' && field in EMPTY) setErrors({ [field]: message });
        else if (error instanceof ApiError && error.code === 'OLD_PASSWORD_WRONG')
          setErrors({ loginPassword: message });
        else setFormError(message);
        setValues((current) => ({ ...current, loginPassword: '' }));
      },
    });
  }

  return (
    <div className="stack" data-testid="payment-password">
      <p className="status-line">
        {hasPaymentPassword ? <span className="status-dot" aria-hidden="true" /> : null}
        {hasPaymentPassword ? t('member.paymentPassword.on') : t('member.paymentPassword.off')}
      </p>
      <p className="muted">{t('member.paymentPassword.about')}</p>
      {open ? (
        <form ref={formRef} className="totp-form" noValidate onSubmit={submit}>
          <PasswordField
            label={t('member.paymentPassword.loginPassword')}
            value={values.loginPassword}
            onChange={set('loginPassword', false)}
            error={errors.loginPassword}
            required
          />
          <PasswordField
            label={t('member.paymentPassword.new')}
            value={values.newPaymentPassword}
            onChange={set('newPaymentPassword', true)}
            error={errors.newPaymentPassword}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            required
          />
          <PasswordField
            label={t('member.paymentPassword.confirm')}
            value={values.confirmPaymentPassword}
            onChange={set('confirmPaymentPassword', true)}
            error={errors.confirmPaymentPassword}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            required
          />
          <FormAlert>{formError}</FormAlert>
          <div className="totp-form__actions">
            <button type="button" className="button button--ghost" onClick={close}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {save.isPending ? t('common.loading') : t('member.paymentPassword.save')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
          {hasPaymentPassword ? t('member.paymentPassword.change') : t('member.paymentPassword.set')}
        </button>
      )}
    </div>
  );
}
