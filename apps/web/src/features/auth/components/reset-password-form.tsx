import { ruleMessage } from '@portal/shared/validation';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, focusFirstInvalid } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { usePortalModals } from '@/lib/portal-modals';
import { useRegisterSettings } from '../api/get-register-settings';
import { useResetPasswordByToken } from '../api/reset-password-by-token';
import { catalogueText, type FieldErrors, failureText, fieldOfError, ruleError } from '../lib/form-errors';

export interface ResetPasswordFormProps {
  /** The token of the e-mailed link (/forget?resetToken=...). */
  token: string;
  /** Leave the link behind and ask for a new one. */
  onRequestNewLink: () => void;
}

/** "Set a new password" from the e-mailed link; afterwards the member logs in with it. */
export function ResetPasswordForm({ token, onRequestNewLink }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const modals = usePortalModals();
  const settings = useRegisterSettings();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const reset = useResetPasswordByToken();

  if (settings.isPending) return <SkeletonLines lines={4} />;
  if (settings.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void settings.refetch()} />;
  const rule = settings.data.fields.password;

  if (reset.isSuccess) {
    return (
      <div className="auth-form auth-form__done" data-testid="reset-done">
        <p role="status">{t('auth.reset.done')}</p>
        <button
          type="button"
          className="button button--primary button--wide"
          onClick={() => modals.open({ name: 'login' })}
        >
          {t('auth.submit')}
        </button>
      </div>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors = {};
    const problem = ruleError(rule, password, language, true);
    if (problem) found.newPassword = problem;
    else if (confirmation !== password) found.confirmNewPassword = catalogueText('CONFIRMATION_MISMATCH', language);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate(
      { token, newPassword: password, confirmNewPassword: confirmation },
      {
        onError: (error) => {
          const message = failureText(error, t('common.unexpected'));
          const field = fieldOfError(error, {
            CONFIRMATION_MISMATCH: 'confirmNewPassword',
            SAME_PASSWORD: 'newPassword',
          });
          if (field === 'newPassword' || field === 'confirmNewPassword') {
            setErrors({ [field]: message });
            return;
          }
          setLinkInvalid(error instanceof ApiError && error.code === 'RESET_LINK_INVALID');
          setFormError(message);
        },
      },
    );
  }

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={submit} data-testid="reset-form">
      <p className="muted">{t('auth.reset.intro')}</p>
      <PasswordField
        label={t('auth.newPassword')}
        value={password}
        onChange={setPassword}
        error={errors.newPassword}
        hint={ruleMessage(rule, language)}
        required
        autoComplete="new-password"
        maxLength={rule.maxLength}
      />
      <PasswordField
        label={t('auth.confirmNewPassword')}
        value={confirmation}
        onChange={setConfirmation}
        error={errors.confirmNewPassword}
        required
        autoComplete="new-password"
        maxLength={rule.maxLength}
      />
      <FormAlert>{formError}</FormAlert>
      {linkInvalid ? (
        <button type="button" className="button button--ghost button--wide" onClick={onRequestNewLink}>
          {t('auth.reset.newLink')}
        </button>
      ) : null}
      <button type="submit" className="button button--primary button--wide" disabled={reset.isPending}>
        {reset.isPending ? t('common.loading') : t('auth.reset.submit')}
      </button>
    </form>
  );
}
