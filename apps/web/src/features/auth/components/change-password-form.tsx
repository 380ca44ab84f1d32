import { ruleMessage } from '@portal/shared/validation';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, focusFirstInvalid, TextField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { useChangePassword } from '../api/change-password';
import { useRegisterSettings } from '../api/get-register-settings';
import { catalogueText, type FieldErrors, failureText, fieldOfError, ruleError } from '../lib/form-errors';

export interface ChangePasswordFormProps {
  /** The signed-in account, shown read-only. */
  username: string;
  /** The password was just sent at login: the old-password field is hidden and no oldPassword is sent. */
  knownPassword?: boolean;
  /** The server demands the change (expired password, first login). */
  forced?: boolean;
  onDone: () => void;
}

const FIELD_BY_CODE: Record<string, string> = {
  OLD_PASSWORD_WRONG: 'oldPassword',
  SAME_PASSWORD: 'newPassword',
  CONFIRMATION_MISMATCH: 'confirmNewPassword',
};

export function ChangePasswordForm({
  username,
  knownPassword = false,
  forced = false,
  onDone,
}: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const settings = useRegisterSettings();
  const formRef = useRef<HTMLFormElement>(null);
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();

  if (settings.isPending) return <SkeletonLines lines={5} />;
  if (settings.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void settings.refetch()} />;
  const rule = settings.data.fields.password;
  const showOld = !knownPassword;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors = {};
    if (showOld && !oldPassword) found.oldPassword = t('form.required');
    const problem = ruleError(rule, password, language, true);
    if (problem) found.newPassword = problem;
    if (!confirmation) found.confirmNewPassword = t('form.required');
    else if (confirmation !== password) found.confirmNewPassword = catalogueText('CONFIRMATION_MISMATCH', language);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    change.mutate(
      { ...(showOld ? { oldPassword } : {}), newPassword: password, confirmNewPassword: confirmation },
      {
        onSuccess: onDone,
        onError: (error) => {
          const message = failureText(error, t('common.unexpected'));
          const field = fieldOfError(error, FIELD_BY_CODE);
          if (field && (field !== 'oldPassword' || showOld) && field in FIELD_LABEL_KEYS) {
            setErrors({ [field]: message });
            focusFirstInvalid(formRef.current);
          } else {
            setFormError(message);
          }
        },
      },
    );
  }

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={submit} data-testid="change-password-form">
      <div className="auth-form__intro">
        {forced ? <h3 className="auth-form__heading">{t('auth.change.expiredTitle')}</h3> : null}
        <p className="auth-form__note">{t('auth.change.securityNote')}</p>
      </div>
      <TextField label={t('auth.username')} value={username} onChange={() => {}} readOnly autoComplete="username" />
      {showOld ? (
        <PasswordField
          label={t(FIELD_LABEL_KEYS.oldPassword)}
          value={oldPassword}
          onChange={setOldPassword}
          error={errors.oldPassword}
          required
          autoComplete="current-password"
        />
      ) : null}
      <PasswordField
        label={t(FIELD_LABEL_KEYS.newPassword)}
        value={password}
        onChange={setPassword}
        error={errors.newPassword}
        hint={ruleMessage(rule, language)}
        required
        autoComplete="new-password"
        maxLength={rule.maxLength}
      />
      <PasswordField
        label={t(FIELD_LABEL_KEYS.confirmNewPassword)}
        value={confirmation}
        onChange={setConfirmation}
        error={errors.confirmNewPassword}
        required
        autoComplete="new-password"
        maxLength={rule.maxLength}
      />
      <FormAlert>{formError}</FormAlert>
      <button type="submit" className="button button--primary button--wide" disabled={change.isPending}>
        {change.isPending ? t('common.loading') : t('auth.change.submit')}
      </button>
    </form>
  );
}

const FIELD_LABEL_KEYS = {
  oldPassword: 'auth.oldPassword',
  newPassword: 'auth.newPassword',
  confirmNewPassword: 'auth.confirmNewPassword',
} as const;
