import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/ui/password-field';

export interface PaymentPasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
}

/** The 6-digit payment password that guards withdrawals, transfers and bound accounts. */
export function PaymentPasswordField({ value, onChange, error, label }: PaymentPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={label ?? t('wallet.paymentPassword.label')}
      value={value}
      onChange={(next) => onChange(next.replace(/\D/g, '').slice(0, 6))}
      error={error}
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      required
    />
  );
}
