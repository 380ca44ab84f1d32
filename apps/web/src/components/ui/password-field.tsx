import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './form-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle; it never leaves the form except in the request body. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const label = visible ? t('form.hidePassword') : t('form.showPassword');
  return (
    <TextField
      autoComplete="current-password"
      spellCheck={false}
      autoCapitalize="off"
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="icon-button field__toggle"
          aria-pressed={visible}
          aria-label={label}
          title={label}
          onClick={() => setVisible((value) => !value)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
            {visible ? null : <path d="M4 20 20 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  );
}
