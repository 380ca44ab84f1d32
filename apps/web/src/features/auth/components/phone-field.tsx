import { MOBILE_INPUT_MAX_LENGTH, mobileInputCharacters } from '@portal/shared/phone-input';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/ui/form-field';

export interface PhoneFieldProps {
  value: string;
  onChange: (value: string) => void;
  dialingCode: string;
  dialingCodes: string[];
  onDialingCodeChange: (code: string) => void;
  error?: string | null;
  label?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A mobile number with its country dialing code in the same box, typed any way a player writes it
 * (`01743529090`, `1743529090`, `+880 1743-529090`); the form checks it with `mobileError`.
 */
export function PhoneField({
  value,
  onChange,
  dialingCode,
  dialingCodes,
  onDialingCodeChange,
  error,
  label,
  required = true,
  inputRef,
}: PhoneFieldProps) {
  const { t } = useTranslation();
  const codes = dialingCodes.length > 0 ? dialingCodes : [dialingCode];
  return (
    <TextField
      label={label ?? t('auth.mobile')}
      value={value}
      onChange={(text) => onChange(mobileInputCharacters(text))}
      error={error}
      required={required}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={MOBILE_INPUT_MAX_LENGTH}
      inputRef={inputRef}
      leading={
        <SelectField
          inline
          label={t('auth.countryCode')}
          value={dialingCode}
          options={codes.map((code) => ({ value: code, label: `+${code.replace(/^\+/, '')}` }))}
          onChange={onDialingCodeChange}
          disabled={codes.length < 2}
        />
      }
    />
  );
}
